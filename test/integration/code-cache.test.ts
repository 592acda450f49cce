// The executable compiles the CLI bundle with the V8 code cache the build made (src/cli/launcher.ts). A cache
// V8 refuses costs nothing but speed, so nothing else would notice a build that stopped producing a usable one.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, tempDir } from './_setup.js';
import { CLI_V8_FLAGS } from '../../scripts/cli-v8-flags.mjs';

beforeAll(() => ensureBuilt());

describe('the CLI code cache', () => {
  it.each(['cli-main', 'cli-scan'])(
    '%s.cache is accepted by this Node for the bundle it was made for, compiled as the launcher compiles it',
    (name) => {
      const bundle = join(ROOT, 'dist', `${name}.cjs`);
      const cache = join(ROOT, 'dist', `${name}.cache`);
      expect(existsSync(cache)).toBe(true);
      // A plain child with the flags the launcher compiles this bundle under (the scanner under the CLI's V8 flags,
      // the main bundle under none): V8 refuses a cache made under other flags, and the test runner's workers may have
      // some. The file's first line is the digest header (launcher.ts); V8 gets the bytes after it. The build makes the
      // bundle ASCII, and the launcher reads it as latin1.
      const flags = name === 'cli-scan' ? CLI_V8_FLAGS : [];
      const probe = `for (const flag of ${JSON.stringify(flags)}) require('node:v8').setFlagsFromString(flag);
const { readFileSync } = require('node:fs'); const Module = require('node:module'); const { Script } = require('node:vm');
const file = readFileSync(${JSON.stringify(cache)}); const cachedData = file.subarray(file.indexOf(10) + 1);
const script = new Script(Module.wrap(readFileSync(${JSON.stringify(bundle)}, 'latin1')), { filename: ${JSON.stringify(bundle)}, cachedData });
process.stdout.write(String(script.cachedDataRejected));`;
      const result = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
      expect(result.stdout).toBe('false');
      expect(/[^\x00-\x7f]/.test(readFileSync(bundle, 'utf8'))).toBe(false);
    },
  );

  it('an empty log loads the main bundle only; a log with a byte loads the scanner too, each with its build cache', () => {
    const dir = tempDir('code-cache-scripts');
    const empty = join(dir, 'empty.log');
    writeFileSync(empty, '');
    const tiny = join(dir, 'tiny.log');
    writeFileSync(tiny, 'src/a.ts(1,2): error TS1005: x\n');
    const env = { ...process.env, FAULTLINE_DEBUG_CODE_CACHE: '1' };
    const locate = (log: string) =>
      spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.cjs'), 'locate', log, '--json', '--cwd', dir, '--root', dir], {
        encoding: 'utf8',
        env,
      });
    const used = (stderr: string) => [...stderr.matchAll(/code cache: build \(.*[\\/](cli-\w+)\.cache\)/g)].map((match) => match[1]);
    expect(used(locate(empty).stderr)).toEqual(['cli-main']);
    const found = locate(tiny);
    expect(used(found.stderr)).toEqual(['cli-main', 'cli-scan']);
    expect(JSON.parse(found.stdout).unresolved).toHaveLength(1);
  });

  it('is used for a large log too, whose scan sets V8 heap flags before the scanner runs (src/cli/heap.ts)', () => {
    const dir = tempDir('code-cache-large');
    const large = join(dir, 'large.log');
    // Past heap.ts's 4 MB bound, with one location at the end.
    writeFileSync(large, `${'a line of ordinary build chatter\n'.repeat(160_000)}src/a.ts(1,2): error TS1005: x\n`);
    const env = { ...process.env, FAULTLINE_DEBUG_CODE_CACHE: '1', FAULTLINE_CACHE_DIR: join(dir, 'cache') };
    const found = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.cjs'), 'locate', large, '--json', '--cwd', dir, '--root', dir], {
      encoding: 'utf8',
      env,
    });
    expect(found.stderr).toMatch(/code cache: build \(.*[\\/]cli-scan\.cache\)/);
    expect(found.stderr).not.toMatch(/refused/);
    expect(JSON.parse(found.stdout).unresolved).toHaveLength(1);
  });

  it('is not used when its header names another bundle than the one the build wrote into the launcher', () => {
    const dir = tempDir('code-cache-built');
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    for (const file of ['cli.cjs', 'cli-main.cjs', 'cli-scan.cjs']) copyFileSync(join(ROOT, 'dist', file), join(dist, file));
    const real = readFileSync(join(ROOT, 'dist', 'cli-main.cache'));
    const header = real.subarray(0, real.indexOf(10) + 1).toString('latin1');
    const otherBundle = header.replace(/^FLCC1 [0-9a-f]{64}/, `FLCC1 ${'0'.repeat(64)}`);
    writeFileSync(join(dist, 'cli-main.cache'), Buffer.concat([Buffer.from(otherBundle, 'latin1'), real.subarray(header.length)]));
    const env = { ...process.env, FAULTLINE_DEBUG_CODE_CACHE: '1', FAULTLINE_CACHE_DIR: join(dir, 'cache') };
    const refused = spawnSync(process.execPath, [join(dist, 'cli.cjs'), '--version'], { encoding: 'utf8', env });
    expect(refused.stderr).toMatch(/the build's cache was not used: it was made from another bundle/);
    copyFileSync(join(ROOT, 'dist', 'cli-main.cache'), join(dist, 'cli-main.cache'));
    const accepted = spawnSync(process.execPath, [join(dist, 'cli.cjs'), '--version'], { encoding: 'utf8', env });
    expect(accepted.stderr).toContain('code cache: build');
    expect(accepted.stdout).toBe(refused.stdout);
  });

  it('runs the same without it (FAULTLINE_NO_CODE_CACHE=1)', () => {
    const log = join(ROOT, 'examples', 'ts-app', 'tsc.log');
    const args = [join(ROOT, 'dist', 'cli.cjs'), 'locate', log, '--json', '--cwd', join(ROOT, 'examples', 'ts-app')];
    const cached = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const uncached = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, FAULTLINE_NO_CODE_CACHE: '1' } });
    expect(cached.status).toBe(1);
    expect(JSON.parse(cached.stdout).locations.length).toBeGreaterThan(0);
    expect(uncached.stdout).toBe(cached.stdout);
    expect(uncached.status).toBe(cached.status);
  });
});

// A package built under another Node version: V8 refuses the build's cache. Provoked for real with a cache file
// V8's checksum refuses, beside a copy of the real bundle and launcher.
describe.skipIf(process.platform === 'win32')("the per-user code cache, when V8 refuses the build's", () => {
  it('is written private at the first run, used by the next, and ignored once others may write it', () => {
    const dir = tempDir('code-cache');
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    for (const file of ['cli.cjs', 'cli-main.cjs', 'cli-scan.cjs']) copyFileSync(join(ROOT, 'dist', file), join(dist, file));
    writeFileSync(join(dist, 'cli-main.cache'), 'not a V8 code cache');
    const empty = join(dir, 'empty.log');
    writeFileSync(empty, '');
    const env = { ...process.env, FAULTLINE_DEBUG_CODE_CACHE: '1', FAULTLINE_CACHE_DIR: join(dir, 'cache') };
    const run = () => spawnSync(process.execPath, [join(dist, 'cli.cjs'), 'locate', empty, '--json'], { encoding: 'utf8', env });

    const first = run();
    expect(first.status).toBe(0);
    expect(first.stderr).toMatch(/code cache: none \(the build's cache was not used: it has no digest header; writing .*\.cache at exit\)/);
    const cacheDir = join(dir, 'cache', 'code-cache');
    const [file] = readdirSync(cacheDir);
    expect(file).toMatch(new RegExp(`^cli-[0-9a-f]{16}-${process.version.replace(/\./g, '\\.')}-${process.arch}\\.cache$`));
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(cacheDir, file!)).mode & 0o777).toBe(0o600);

    const second = run();
    expect(second.stderr).toContain(`code cache: user (${join(cacheDir, file!)})`);
    expect(second.stdout).toBe(first.stdout);

    chmodSync(join(cacheDir, file!), 0o620);
    const third = run();
    expect(third.stderr).toMatch(/code cache: none/);
    expect(third.stdout).toBe(first.stdout);
  });

  it("is written for the scanner's bundle too, under its own digest, once a log has a byte to scan", () => {
    const dir = tempDir('code-cache-scanner');
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    for (const file of ['cli.cjs', 'cli-main.cjs', 'cli-scan.cjs']) copyFileSync(join(ROOT, 'dist', file), join(dist, file));
    // No build cache for either bundle (a package built under another Node version).
    const log = join(dir, 'tiny.log');
    writeFileSync(log, 'src/a.ts(1,2): error TS1005: x\n');
    const env = { ...process.env, FAULTLINE_DEBUG_CODE_CACHE: '1', FAULTLINE_CACHE_DIR: join(dir, 'cache') };
    const run = () =>
      spawnSync(process.execPath, [join(dist, 'cli.cjs'), 'locate', log, '--json', '--cwd', dir], { encoding: 'utf8', env });

    const first = run();
    expect(first.stderr.match(/code cache: none \(the build made no cache; writing .*\.cache at exit\)/g)).toHaveLength(2);
    const cacheDir = join(dir, 'cache', 'code-cache');
    const files = readdirSync(cacheDir).sort();
    expect(files).toHaveLength(2);
    const second = run();
    for (const file of files) expect(second.stderr).toContain(`code cache: user (${join(cacheDir, file)})`);
    expect(JSON.parse(second.stdout).unresolved).toHaveLength(1);
    expect(second.stdout).toBe(first.stdout);
  });
});

// Issue 22 item 4: V8 checks a code cache against the source's length only, so a cache made from another
// bundle of the same length runs that bundle's code. The launcher records, in each cache file it or the build
// writes, the sha256 of the bundle it was made from and of the cache bytes, and checks both before V8 sees
// the file; a cache directory inside the workspace, or given relatively, is never used for it. Provoked for
// real: a same-length bundle whose help text differs compiles the planted cache.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Script } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, tempDir } from './_setup.js';

beforeAll(() => ensureBuilt());

const REAL = 'page or search the saved output of a run';
const EVIL = 'PAGE OR SEARCH THE SAVED OUTPUT OF A RUN';
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

// A copy of the package whose build cache V8 refuses, so the per-user cache is the one that counts.
function packageCopy(): { dir: string; dist: string } {
  const dir = tempDir('code-cache-digest');
  const dist = join(dir, 'dist');
  mkdirSync(dist);
  for (const file of ['cli.cjs', 'cli-main.cjs', 'cli-scan.cjs']) copyFileSync(join(ROOT, 'dist', file), join(dist, file));
  writeFileSync(join(dist, 'cli-main.cache'), 'not a V8 code cache');
  return { dir, dist };
}

// The cache V8 makes for a bundle of the same length as the real one, after `--help` compiled its functions.
async function evilCache(dist: string): Promise<{ cache: Buffer; source: string }> {
  const source = readFileSync(join(dist, 'cli-main.cjs'), 'utf8').replace(REAL, EVIL);
  const filename = join(dist, 'cli-main.cjs');
  const script = new Script(Module.wrap(source), { filename });
  const bundle = { exports: {} as { runCli(argv: string[], io: unknown): Promise<number> } };
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    bundle.exports,
    bundle.exports,
    createRequire(filename),
    bundle,
    filename,
    dist,
  );
  const quiet = () => undefined;
  await bundle.exports.runCli(['--help'], {
    stdout: quiet,
    stderr: quiet,
    stdoutBytes: quiet,
    stderrBytes: quiet,
    stdin: Readable.from([]),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    env: {},
    cwd: dist,
  });
  return { cache: script.createCachedData(), source };
}

function run(dist: string, env: NodeJS.ProcessEnv, cwd: string) {
  // A plain child (no test-runner flags, which V8 would also compare).
  return spawnSync(process.execPath, [join(dist, 'cli.cjs'), '--help'], {
    encoding: 'utf8',
    cwd,
    env: { PATH: process.env.PATH, HOME: env.HOME ?? tempDir('code-cache-home'), FAULTLINE_DEBUG_CODE_CACHE: '1', ...env },
  });
}

describe.skipIf(process.platform === 'win32')('the code cache digest', () => {
  it('a planted cache made from another same-length bundle never reaches V8, with or without a header naming that bundle', async () => {
    const { dir, dist } = packageCopy();
    const env = { FAULTLINE_CACHE_DIR: join(dir, 'user-cache') };
    // Run from elsewhere: a cache directory below the current one would be refused (last tests).
    const cwd = tempDir('code-cache-cwd');
    const first = run(dist, env, cwd);
    expect(first.stdout).toContain(REAL);
    const cacheDir = join(dir, 'user-cache', 'code-cache');
    const [name] = readdirSync(cacheDir);
    const planted = join(cacheDir, name!);
    expect(readFileSync(planted).subarray(0, 6).toString()).toBe('FLCC1 ');
    const { cache, source } = await evilCache(dist);
    expect(source.length).toBe(readFileSync(join(dist, 'cli-main.cjs'), 'utf8').length);

    writeFileSync(planted, cache, { mode: 0o600 });
    const bare = run(dist, env, cwd);
    expect(bare.stdout).toContain(REAL);
    expect(bare.stdout).not.toContain(EVIL);
    expect(bare.stderr).toMatch(/no digest header/);

    writeFileSync(planted, Buffer.concat([Buffer.from(`FLCC1 ${sha256(source)} ${sha256(cache)}\n`), cache]), { mode: 0o600 });
    const other = run(dist, env, cwd);
    expect(other.stdout).not.toContain(EVIL);
    expect(other.stderr).toMatch(/made from another bundle/);
  }, 60_000);

  it('a cache whose bytes changed after their digest was recorded is not used, and is rewritten', () => {
    const { dir, dist } = packageCopy();
    const env = { FAULTLINE_CACHE_DIR: join(dir, 'user-cache') };
    // Run from elsewhere: a cache directory below the current one would be refused (last tests).
    const cwd = tempDir('code-cache-cwd');
    run(dist, env, cwd);
    const cacheDir = join(dir, 'user-cache', 'code-cache');
    const path = join(cacheDir, readdirSync(cacheDir)[0]!);
    const file = readFileSync(path);
    file[file.length - 1] = file[file.length - 1]! ^ 0xff;
    writeFileSync(path, file);
    expect(run(dist, env, cwd).stderr).toMatch(/do not match their recorded digest/);
    expect(run(dist, env, cwd).stderr).toMatch(/code cache: user/);
  }, 60_000);

  it('a cache directory inside the workspace (a git checkout or the current directory) holds no code cache', () => {
    const { dir, dist } = packageCopy();
    const workspace = join(dir, 'checkout');
    mkdirSync(join(workspace, '.git'), { recursive: true });
    mkdirSync(join(workspace, 'sub'));
    const result = run(dist, { FAULTLINE_CACHE_DIR: join(workspace, '.ci-cache') }, join(workspace, 'sub'));
    expect(result.stdout).toContain(REAL);
    expect(result.stderr).toMatch(/inside the workspace .*checkout, so it holds no code cache/);
    expect(existsSync(join(workspace, '.ci-cache', 'code-cache'))).toBe(false);
  }, 60_000);

  it('a relative XDG_CACHE_HOME is ignored (XDG spec); a relative FAULTLINE_CACHE_DIR is one clear error', () => {
    const { dir, dist } = packageCopy();
    const home = join(dir, 'home');
    mkdirSync(home);
    run(dist, { HOME: home, XDG_CACHE_HOME: 'rel-cache' }, dir);
    expect(existsSync(join(dir, 'rel-cache'))).toBe(false);
    expect(existsSync(join(home, '.cache', 'faultline', 'code-cache'))).toBe(true);
    const empty = join(dir, 'empty.log');
    writeFileSync(empty, 'x\n');
    const bad = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.cjs'), 'run', '--', 'true'], {
      encoding: 'utf8',
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: home, FAULTLINE_CACHE_DIR: 'rel' },
    });
    // run's own errors exit 125, so that 2 stays the command's (issue 24).
    expect(bad.status).toBe(125);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/FAULTLINE_CACHE_DIR must be an absolute path/);
    expect(existsSync(join(dir, 'rel'))).toBe(false);
  }, 60_000);
});

// The executable compiles the CLI bundle with the V8 code cache the build made (src/cli/launcher.ts). A cache
// V8 refuses costs nothing but speed, so nothing else would notice a build that stopped producing a usable one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './_setup.js';

beforeAll(() => ensureBuilt());

describe('the CLI code cache', () => {
  it('is accepted by this Node for the bundle it was made for, compiled as the launcher compiles it', () => {
    const bundle = join(ROOT, 'dist', 'cli-main.cjs');
    const cache = join(ROOT, 'dist', 'cli-main.cache');
    expect(existsSync(cache)).toBe(true);
    // A plain child: V8 refuses a cache made under other flags, and the test runner's workers may have some.
    const probe = `const { readFileSync } = require('node:fs'); const Module = require('node:module'); const { Script } = require('node:vm');
const script = new Script(Module.wrap(readFileSync(${JSON.stringify(bundle)}, 'utf8')), { filename: ${JSON.stringify(bundle)}, cachedData: readFileSync(${JSON.stringify(cache)}) });
process.stdout.write(String(script.cachedDataRejected));`;
    const result = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
    expect(result.stdout).toBe('false');
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

// Issue 22 item 6: the agent surface under generated input, seeded like fuzz.test.ts (FAULTLINE_FUZZ_CASES,
// FAULTLINE_FUZZ_SEED; `npm run fuzz` runs many more). Each property is the decision the code must make:
// - background ids: only the exact issued shape is accepted, and what is accepted names files inside the
//   state folder; a mutated id never reads a state planted outside it;
// - PATH trust: no kept entry is relative, inside the workspace or below the current directory;
// - directories: a resolved cache or config folder is always absolute; a relative FAULTLINE_*_DIR is an error;
// - code cache: a cache file is accepted only as it was written, for the bundle it was made from.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, test } from 'vitest';
import { newArtifactId, output } from '../../src/capture/index.js';
import { backgroundDir, backgroundPaths, checkBackgroundId } from '../../src/capture/background-state.js';
import { checkedCache, sha256, withHeader } from '../../src/cli/code-cache-header.js';
import { isFaultlineError } from '../../src/core/index.js';
import { pathOutsideWorkspace, userDir } from '../../src/resolve/index.js';
import { tempDir } from '../integration/_setup.js';
import { random } from './fuzz-cases.js';

const CASES = Number(process.env.FAULTLINE_FUZZ_CASES ?? 250);
const SEED = Number(process.env.FAULTLINE_FUZZ_SEED ?? 22);
const ID_SHAPE = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

const PIECES = [
  '../',
  '..',
  '/',
  '\\',
  '\u0000',
  '%2e%2e%2f',
  '.json',
  ' ',
  '\n',
  'é',
  '\u202e',
  '~',
  '$HOME',
  '*',
  'x',
  '0',
  'f',
  'Z',
  'T',
  '-',
];

/** A valid id, then 0–3 edits: a piece inserted, a character replaced or removed. */
function mutatedId(next: () => number): string {
  let id = newArtifactId(new Date(Math.floor(next() * 4e12)));
  for (let edits = Math.floor(next() * 4); edits > 0; edits--) {
    const at = Math.floor(next() * (id.length + 1));
    const kind = next();
    if (kind < 0.4) id = id.slice(0, at) + pick(next, PIECES) + id.slice(at);
    else if (kind < 0.7) id = id.slice(0, at) + pick(next, PIECES).slice(0, 1) + id.slice(at + 1);
    else id = id.slice(0, at) + id.slice(at + 1);
  }
  return id;
}

describe(`fuzz: the agent surface, ${CASES} cases each (seed ${SEED})`, () => {
  test('background ids: accepted exactly when they have the issued shape; accepted ones stay in the state folder', async () => {
    const dir = tempDir('fuzz-ids');
    const cacheDir = join(dir, 'cache');
    const state = backgroundDir({ cacheDir });
    // A state planted beside the folder, which a path-shaped id would reach.
    mkdirSync(join(cacheDir, 'x'), { recursive: true });
    writeFileSync(join(cacheDir, 'x', 'p.json'), JSON.stringify({ id: 'x', status: 'running', artifactPath: '/etc/hostname' }));
    const next = random(SEED);
    for (let index = 0; index < CASES; index++) {
      const id = mutatedId(next);
      const valid = ID_SHAPE.test(id);
      let accepted = true;
      try {
        checkBackgroundId(id);
      } catch (error) {
        accepted = false;
        expect(isFaultlineError(error, 'E_USAGE'), JSON.stringify(id)).toBe(true);
        expect((error as Error).message.includes('\n'), JSON.stringify(id)).toBe(false);
      }
      expect(accepted, JSON.stringify(id)).toBe(valid);
      if (!accepted) continue;
      for (const path of Object.values(backgroundPaths(id, { cacheDir }))) {
        expect(relative(state, path).includes(sep) || relative(state, path).startsWith('..'), path).toBe(false);
      }
    }
    for (const id of ['../x/p', `../x/p`, 'x/../../x/p']) await expect(output(id, { cacheDir })).rejects.toMatchObject({ code: 'E_USAGE' });
  });

  test('PATH: no kept entry is relative, inside the workspace, below the current directory, or a link into them', () => {
    const base = tempDir('fuzz-path');
    const root = join(base, 'work');
    const cwd = join(base, 'here');
    const outside = join(base, 'tools');
    for (const dir of [join(root, 'node_modules', '.bin'), join(cwd, 'bin'), join(outside, 'bin')]) mkdirSync(dir, { recursive: true });
    symlinkSync(join(root, 'node_modules', '.bin'), join(base, 'link-in'));
    symlinkSync(join(outside, 'bin'), join(base, 'link-out'));
    const entries = [
      join(root, 'node_modules', '.bin'),
      root,
      `${root}/`,
      `${root}/./x`,
      `${root}/../work/y`,
      join(cwd, 'bin'),
      cwd,
      join(outside, 'bin'),
      join(base, 'link-in'),
      join(base, 'link-out'),
      '',
      '.',
      'bin',
      './bin',
      '../x',
      '/usr/bin',
      '/bin',
      `${root}-sibling`,
    ];
    const inside = (entry: string) =>
      ['', '.', 'bin', './bin', '../x'].includes(entry) ||
      entry.startsWith(root + '/') ||
      entry === root ||
      entry.startsWith(cwd) ||
      entry === join(base, 'link-in') ||
      entry.startsWith(`${root}/`);
    const next = random(SEED + 1);
    for (let index = 0; index < CASES; index++) {
      const chosen = Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(next, entries));
      const { path, skipped } = pathOutsideWorkspace({ pathValue: chosen.join(':'), roots: [root], cwd, home: join(base, 'home') });
      const kept = path === '' ? [] : path.split(':');
      expect(kept.length + skipped.length).toBe(chosen.length);
      for (const entry of kept) expect(inside(entry), `${entry} kept from ${chosen.join(':')}`).toBe(false);
      for (const entry of skipped) expect(inside(entry), `${entry} skipped from ${chosen.join(':')}`).toBe(true);
    }
  });

  test('directories: always absolute; a relative FAULTLINE_*_DIR is E_CACHE_DIR / E_CONFIG; a relative XDG_* is ignored', () => {
    const values = ['', '.', 'rel', './x', '../x', '/abs', '/abs/../y', '~', '~/x', 'C:\\x', ' /lead', '/trail/'];
    const next = random(SEED + 2);
    for (let index = 0; index < CASES; index++) {
      const kind = next() < 0.5 ? 'cache' : 'config';
      const own = kind === 'cache' ? 'FAULTLINE_CACHE_DIR' : 'FAULTLINE_CONFIG_DIR';
      const xdg = kind === 'cache' ? 'XDG_CACHE_HOME' : 'XDG_CONFIG_HOME';
      const env: NodeJS.ProcessEnv = { HOME: '/home/fuzz' };
      if (next() < 0.5) env[own] = pick(next, values);
      if (next() < 0.7) env[xdg] = pick(next, values);
      try {
        const dir = userDir(kind, env);
        expect(dir.startsWith('/'), JSON.stringify(env)).toBe(true);
        if (env[xdg] && !env[xdg]!.startsWith('/') && !env[own]) expect(dir).toBe(`/home/fuzz/.${kind}/faultline`);
      } catch (error) {
        expect(isFaultlineError(error, kind === 'cache' ? 'E_CACHE_DIR' : 'E_CONFIG'), JSON.stringify(env)).toBe(true);
        expect(env[own] && !env[own]!.startsWith('/')).toBeTruthy();
      }
    }
  });

  test('code cache: a file is accepted only byte for byte as written, and only for its own bundle', () => {
    const next = random(SEED + 3);
    const bundle = sha256('the bundle');
    const cache = Buffer.from(Array.from({ length: 512 }, () => Math.floor(next() * 256)));
    const file = withHeader(cache, bundle);
    expect(checkedCache(file, bundle)).toEqual(cache);
    expect(typeof checkedCache(file, sha256('another bundle'))).toBe('string');
    for (let index = 0; index < CASES; index++) {
      const mutated = Buffer.from(file);
      const at = Math.floor(next() * mutated.length);
      mutated[at] = (mutated[at]! + 1 + Math.floor(next() * 255)) & 0xff;
      const cut = next() < 0.2 ? mutated.subarray(0, Math.floor(next() * mutated.length)) : mutated;
      expect(typeof checkedCache(cut, bundle), `byte ${at}`).toBe('string');
    }
  });
});

// Issue 21: the collection cap is the user's choice (`maxLocations`, `--max-locations N`). What a log costs past
// the cap is counting only: the kept locations, and the file-system work of resolving them, follow the cap and
// not the log (work counted here, time measured in bench/peer.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LOCATIONS } from '../../src/core/index.js';
import { runCli } from '../../src/cli/run-cli.js';
import { locate } from '../../src/locate/index.js';
import { createNodeResolverFs, type ResolverFs } from '../../src/resolve/index.js';
import { captureIo } from '../cli/_io.js';

const workspace = mkdtempSync(join(tmpdir(), 'fl-max-locations-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));
// Each line names its own file, so every location is distinct and resolution has a new path to look up.
const log = (count: number, folder = 'src'): string =>
  Array.from({ length: count }, (_, index) => `${folder}/f${index}.c:${index + 1}:3: error: bad\n`).join('');
// Files that exist, for `run` (its JSON lists resolved locations only).
mkdirSync(join(workspace, 'lib'));
for (let index = 0; index < 3; index++) writeFileSync(join(workspace, 'lib', `f${index}.c`), 'int x;\n'.repeat(5));

async function located(count: number, maxLocations?: number, text = log(count)) {
  const inner = createNodeResolverFs();
  let stats = 0;
  const fs: ResolverFs = { ...inner, stat: (path) => (stats++, inner.stat(path)) };
  const outcome = await locate(
    { text },
    {
      cwd: workspace,
      roots: [workspace],
      project: false,
      isIgnored: async () => new Set(),
      fs,
      ...(maxLocations !== undefined ? { maxLocations } : {}),
    },
  );
  return { outcome, stats };
}

describe('maxLocations', () => {
  it('keeps the first N and counts the rest', async () => {
    const { outcome } = await located(300, 100);
    expect(outcome.stats.recognised).toBe(100);
    expect(outcome.stats.overflow).toBe(200);
    expect(outcome.unresolved.map((location) => location.line)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
  });

  it('raised above the default, collects what the default leaves out', async () => {
    const count = DEFAULT_MAX_LOCATIONS + 10;
    // One file on every line: what is counted here is the cap, not the resolution of 50 000 paths.
    const text = 'src/one.c:1:3: error: bad\n'.repeat(count);
    const capped = await located(count, undefined, text);
    expect([capped.outcome.stats.recognised, capped.outcome.stats.overflow]).toEqual([DEFAULT_MAX_LOCATIONS, 10]);
    const raised = await located(count, count, text);
    expect([raised.outcome.stats.recognised, raised.outcome.stats.overflow]).toEqual([count, 0]);
  }, 60_000);

  it('holds and resolves as much for a log 4× longer: the work past the cap is a count', async () => {
    const small = await located(500, 50);
    const large = await located(2000, 50);
    expect(large.outcome.stats.recognised).toBe(small.outcome.stats.recognised);
    expect(large.outcome.stats.overflow).toBe(1950);
    expect(large.stats).toBe(small.stats);
  });

  it('refuses a count that is not a whole number from 1', async () => {
    await expect(locate({ text: log(1) }, { cwd: workspace, maxLocations: 0 })).rejects.toMatchObject({ code: 'E_USAGE' });
    await expect(locate({ text: log(1) }, { cwd: workspace, maxLocations: 2.5 })).rejects.toMatchObject({ code: 'E_USAGE' });
  });
});

// Issue 20: a prose or permissive candidate is a guess until the workspace confirms it. Guesses are bounded on their own,
// so they never crowd out a strict location, and the overflow counts only strict locations past the cap.
describe('maxLocations and weak candidates', () => {
  mkdirSync(join(workspace, 'conf'));
  writeFileSync(join(workspace, 'conf', 'app.ini'), 'x = 1\n'.repeat(3000));
  // Each line names a file no workspace holds, so none can be confirmed.
  const unconfirmable = (count: number) =>
    Array.from({ length: count }, (_, index) => `error: bad value on line ${index + 1} of conf/missing${index}.ini\n`).join('');
  const strict = (count: number) => log(count, 'lib');

  async function locatedOnDisk(text: string, maxLocations: number, injectFs: boolean) {
    return locate(
      { text },
      {
        cwd: workspace,
        roots: [workspace],
        project: false,
        isIgnored: async () => new Set(),
        maxLocations,
        // An injected file system gets no workspace test: the weak bound alone keeps the strict location in.
        ...(injectFs ? { fs: createNodeResolverFs() } : {}),
      },
    );
  }

  it.each([false, true])('finds a strict location after 3000 unconfirmable prose lines (own fs injected: %s)', async (injectFs) => {
    const outcome = await locatedOnDisk(`${unconfirmable(3000)}${strict(1)}`, 5, injectFs);
    expect(outcome.locations.map((location) => `${location.file}:${location.line}`)).toEqual(['lib/f0.c:1']);
    expect(outcome.stats.overflow).toBe(0);
  });

  it('finds it after 3000 prose lines the workspace confirms, keeping at most as many of those as the cap', async () => {
    const confirmable = Array.from({ length: 3000 }, (_, index) => `warning: odd value on line ${index + 1} of conf/app.ini\n`).join('');
    const outcome = await locatedOnDisk(`${confirmable}${strict(1)}`, 5, false);
    const found = outcome.locations.map((location) => `${location.file}:${location.line}`);
    expect(found).toContain('lib/f0.c:1');
    const prose = found.filter((place) => place.startsWith('conf/app.ini:')).length;
    expect(prose).toBeGreaterThan(0);
    expect(prose).toBeLessThanOrEqual(5);
    expect(outcome.stats.overflow).toBe(0);
  });

  it('counts in the overflow only strict locations past the cap, never guesses', async () => {
    const text = `${unconfirmable(2000)}${log(3, 'src')}${unconfirmable(2000)}${log(4, 'lib')}`;
    const outcome = await locatedOnDisk(text, 5, false);
    // 7 strict locations under a cap of 5: the 2 last are counted, as the note says ("2 more locations not collected").
    expect(outcome.stats.overflow).toBe(2);
    expect(outcome.unresolved.map((location) => `${location.file}:${location.line}`)).toEqual(['src/f0.c:1', 'src/f1.c:2', 'src/f2.c:3']);
    expect(outcome.locations.map((location) => `${location.file}:${location.line}`)).toEqual(['lib/f0.c:1', 'lib/f1.c:2']);
  });
});

describe('--max-locations', () => {
  async function cli(args: string[], stdin: string) {
    const io = captureIo({ cwd: workspace, stdin, env: { PATH: process.env.PATH ?? '' } });
    const code = await runCli(args, io);
    return { code, out: io.out.join(''), err: io.err.join('') };
  }

  it('caps locate and says how many more there were', async () => {
    const result = await cli(['locate', '-', '--json', '--max-locations', '2', '--root', workspace], log(5));
    expect((JSON.parse(result.out) as { unresolved: unknown[] }).unresolved).toHaveLength(2);
    expect(result.err).toContain('faultline: 3 more locations not collected (limit reached; --max-locations N raises it)\n');
  });

  it('caps run the same way', async () => {
    const result = await cli(['run', '--json', '--max-locations', '1', '--', 'printf', log(3, 'lib')], '');
    expect((JSON.parse(result.out) as { locations: Array<{ file: string }> }).locations.map((location) => location.file)).toEqual([
      'lib/f0.c',
    ]);
    expect(result.err).toContain('faultline: 2 more locations not collected');
  });

  it.each(['0', '-3', 'ten', '1.5'])('refuses %s as a usage error', async (value) => {
    const result = await cli(['locate', '-', `--max-locations=${value}`], log(1));
    expect(result.code).toBe(2);
    expect(result.err).toContain('--max-locations must be a whole number from 1');
  });
});

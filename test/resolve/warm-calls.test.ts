// Warm calls (issue 21): a call that repeats the last one replays its file-system questions instead of its work, and
// a workspace that changed between two calls changes an answer, so the call resolves afresh.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocateResult, RawLocation } from '../../src/core/types.js';
import { resolveLocations, type ResolverFs } from '../../src/resolve/index.js';
import { inputsKey, keep, QuestionLog, replay } from '../../src/resolve/replay.js';
import { git, makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

// The same log read again: equal raw locations, fresh objects (as a scan makes them).
const log = (): RawLocation[] => [
  raw('src/app.rs', { line: 3, logLine: 1 }),
  raw('lib.rs', { line: 7, logLine: 2, hints: { basenameOnly: true } }),
];
const places = (result: LocateResult): string[] => [
  ...result.locations.map((location) => `${location.file}:${location.line}`),
  ...result.unresolved.map((entry) => `unresolved ${entry.file}`),
  ...result.dropped.map((entry) => `${entry.reason} ${entry.file}`),
];

describe('a warm call sees the workspace as it is now', () => {
  it('a file created, then ignored, then removed between calls', async () => {
    const root = await makeWorkspace();
    git(root, 'init', '-q');
    const resolve = async (): Promise<string[]> => places(await resolveLocations(log(), { cwd: root, roots: [root] }));
    // Three calls: the second keeps its result, the third is a replay.
    for (let call = 0; call < 3; call++) expect(await resolve()).toEqual(['unresolved src/app.rs', 'unresolved lib.rs']);
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'src/app.rs'), 'fn main() {}\n'.repeat(5));
    expect(await resolve()).toEqual(['src/app.rs:3', 'unresolved lib.rs']);
    expect(await resolve()).toEqual(['src/app.rs:3', 'unresolved lib.rs']);
    // A bare name found by the workspace listing.
    await mkdir(path.join(root, 'deep/er'), { recursive: true });
    await writeFile(path.join(root, 'deep/er/lib.rs'), '\n'.repeat(9));
    for (let call = 0; call < 3; call++) expect(await resolve()).toEqual(['src/app.rs:3', 'deep/er/lib.rs:7']);
    await writeFile(path.join(root, '.gitignore'), 'src/\n');
    for (let call = 0; call < 3; call++) expect(await resolve()).toEqual(['deep/er/lib.rs:7', 'ignored src/app.rs']);
    await rm(path.join(root, '.gitignore'));
    await rm(path.join(root, 'src/app.rs'));
    expect(await resolve()).toEqual(['deep/er/lib.rs:7', 'unresolved src/app.rs']);
  });

  it("a package descriptor copied into a folder between calls (the folder's listing is asked again)", async () => {
    const root = await makeWorkspace({ 'main.lua': '\n'.repeat(5), 'libs/HC/class.lua': '\n'.repeat(9) });
    const copied = (): RawLocation[] => [raw('libs/HC/class.lua', { line: 7, logLine: 1 }), raw('main.lua', { line: 3, logLine: 2 })];
    const options = { cwd: root, roots: [root], isIgnored: async (): Promise<Set<string>> => new Set() };
    const resolve = async (): Promise<string[]> => places(await resolveLocations(copied(), options));
    for (let call = 0; call < 3; call++) expect(await resolve()).toEqual(['libs/HC/class.lua:7', 'main.lua:3']);
    await writeFile(path.join(root, 'libs/HC/hc-0.1-1.rockspec'), '');
    expect(await resolve()).toEqual(['main.lua:3', 'vendored libs/HC/class.lua']);
  });

  it('hands each caller a result of its own', async () => {
    const root = await makeWorkspace({ 'src/app.rs': 'fn main() {}\n'.repeat(5) });
    const options = { cwd: root, roots: [root], isIgnored: async (): Promise<Set<string>> => new Set() };
    const first = await resolveLocations(log(), options);
    for (let call = 0; call < 3; call++) {
      const result = await resolveLocations(log(), options);
      expect(result).toEqual(first);
      result.locations[0]!.line = 99;
      result.unresolved.length = 0;
    }
  });
});

describe('replay', () => {
  // A file system whose answers a test sets.
  function fakeFs(kinds: Map<string, 'file' | 'directory'>): ResolverFs {
    return {
      stat: async (file) => kinds.get(file),
      realpath: async (file) => (kinds.has(file) ? file : undefined),
      findFilesByName: async () => [...kinds.keys()].filter((file) => kinds.get(file) === 'file'),
    };
  }
  const result = (file: string): LocateResult => ({
    locations: [],
    unresolved: [{ file, line: 1, column: null, format: 't', logLine: 1, reason: 'not-found' }],
    dropped: [],
  });

  async function resolveOnce(fs: ResolverFs, call: { key: string; fs: ResolverFs; isIgnored: undefined }): Promise<void> {
    const asked = new QuestionLog(fs, async () => new Set());
    await asked.fs.stat('/w/a.rs');
    await asked.fs.findFilesByName('/w', ['a.rs']);
    await keep(call, asked, result('a.rs'));
  }

  it('gives the last result back only for the same inputs whose questions get the same answers', async () => {
    const kinds = new Map<string, 'file' | 'directory'>([['/w', 'directory']]);
    const fs = fakeFs(kinds);
    const call = { key: inputsKey(log(), '/w', ['/w'])!, fs, isIgnored: undefined };
    await resolveOnce(fs, call);
    // Kept only once the same call came twice.
    expect(await replay(call, fs, async () => new Set())).toBeUndefined();
    await resolveOnce(fs, call);
    const again = await replay(call, fs, async () => new Set());
    expect(again).toEqual(result('a.rs'));
    expect(await replay({ ...call, key: inputsKey(log(), '/w', ['/w', '/v'])! }, fs, async () => new Set())).toBeUndefined();
    expect(await replay({ ...call, fs: fakeFs(kinds) }, fs, async () => new Set())).toBeUndefined();
    kinds.set('/w/a.rs', 'file');
    expect(await replay(call, fs, async () => new Set())).toBeUndefined();
  });

  it('keys the inputs by their content, and refuses what text cannot stand for', () => {
    expect(inputsKey(log(), '/w', ['/w'])).toBe(inputsKey(log(), '/w', ['/w']));
    expect(inputsKey(log(), '/w', ['/w'])).not.toBe(inputsKey(log(), '/w', ['/w'], ['python3', 'app.py']));
    const moved = log();
    moved[1]!.line = 8;
    expect(inputsKey(moved, '/w', ['/w'])).not.toBe(inputsKey(log(), '/w', ['/w']));
    const related = log();
    related[1]!.relatedTo = related[0];
    expect(inputsKey(related, '/w', ['/w'])).not.toBe(inputsKey(log(), '/w', ['/w']));
    const foreign = log();
    foreign[0]!.relatedTo = raw('elsewhere.rs');
    expect(inputsKey(foreign, '/w', ['/w'])).toBeUndefined();
    const odd = log();
    (odd[0] as unknown as { extra: Map<string, string> }).extra = new Map();
    expect(inputsKey(odd, '/w', ['/w'])).toBeUndefined();
  });
});

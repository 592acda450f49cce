// Rules 1–3: runtime pseudo-paths, vendored/toolchain paths and git-ignored output are dropped.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { git, makeWorkspace, raw, removeWorkspaces, writeFiles } from './_workspace.js';

afterEach(removeWorkspaces);

describe('runtime pseudo-paths', () => {
  it.each(['node:internal/modules/cjs/loader', '<anonymous>', '<frozen importlib._bootstrap>', '[eval]', 'internal/modules/cjs/loader.js'])(
    'drops %s as runtime',
    async (file) => {
      const root = await makeWorkspace();
      const result = await resolveLocations([raw(file, { line: 283 })], { cwd: root, roots: [root] });
      expect(result).toEqual({ locations: [], unresolved: [], dropped: [{ file, line: 283, reason: 'runtime' }] });
    },
  );

  it('drops anything the grammar flagged with hints.runtime', async () => {
    const root = await makeWorkspace();
    const result = await resolveLocations([raw('evalmachine', { hints: { runtime: true } })], { cwd: root, roots: [root] });
    expect(result.dropped[0]?.reason).toBe('runtime');
  });

  it("drops TorchScript's serialized code even when the workspace holds a file of the same path", async () => {
    const file = 'code/__torch__/shop/models/ranker.py';
    const root = await makeWorkspace({ 'shop/models/ranker.py': 'x\n'.repeat(40), 'code/shop/models/ranker.py': 'x\n'.repeat(40) });
    const result = await resolveLocations([raw(file, { line: 14 })], { cwd: root, roots: [root] });
    expect(result).toEqual({ locations: [], unresolved: [], dropped: [{ file, line: 14, reason: 'runtime' }] });
  });

  it('keeps a real Go internal/ package file', async () => {
    const root = await makeWorkspace({ 'internal/calc/calc.go': '' });
    const result = await resolveLocations([raw('internal/calc/calc.go')], { cwd: root, roots: [root] });
    expect(result.locations[0]?.file).toBe('internal/calc/calc.go');
  });
});

describe('vendored and toolchain paths', () => {
  it('drops vendor/ and third_party/ files that exist in the workspace', async () => {
    const root = await makeWorkspace({
      'vendor/golang.org/x/net/http2/frame.go': '',
      'third_party/zlib/inflate.c': '',
      'src/main.go': '',
    });
    const result = await resolveLocations(
      [raw('vendor/golang.org/x/net/http2/frame.go', { line: 301 }), raw('third_party/zlib/inflate.c', { line: 88 }), raw('src/main.go')],
      { cwd: root, roots: [root] },
    );
    expect(result.dropped).toEqual([
      { file: 'vendor/golang.org/x/net/http2/frame.go', line: 301, reason: 'vendored' },
      { file: 'third_party/zlib/inflate.c', line: 88, reason: 'vendored' },
    ]);
    expect(result.locations.map((l) => l.file)).toEqual(['src/main.go']);
  });

  it('counts toolchain paths outside the workspace as vendored, not outside-root', async () => {
    const root = await makeWorkspace({ 'stdio.h': '', 'src/lib.rs': '' });
    const printed = [
      '/usr/include/stdio.h',
      '/rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/core/src/panicking.rs',
      '/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.0/src/lib.rs',
      '/usr/lib/go-1.19/src/testing/testing.go',
      '/home/runner/work/r/r/node_modules/lodash/lodash.js',
      '/usr/local/lib/python3.11/site-packages/_pytest/runner.py',
    ];
    const result = await resolveLocations(
      printed.map((file) => raw(file)),
      { cwd: root, roots: [root] },
    );
    expect(result.locations).toEqual([]);
    expect(result.unresolved).toEqual([]);
    expect(result.dropped.map((d) => d.reason)).toEqual(printed.map(() => 'vendored'));
  });

  it('judges a resolved path relative to its root, so a workspace under venv/ keeps its files', async () => {
    const parent = await makeWorkspace({ 'venv/proj/src/a.py': '' });
    const root = path.join(parent, 'venv/proj');
    const result = await resolveLocations([raw('src/a.py')], { cwd: root, roots: [root] });
    expect(result.locations[0]?.file).toBe('src/a.py');
  });
});

describe('ignored output', () => {
  it('drops untracked ignored output but keeps a tracked file under an ignored name', async () => {
    const root = await makeWorkspace({
      '.gitignore': 'build/\ndist/\n',
      'tools/build/release.ts': 'tracked',
      'src/app.ts': '',
    });
    git(root, 'init', '-q');
    git(root, 'add', '-f', '.gitignore', 'tools/build/release.ts', 'src/app.ts');
    await writeFiles(root, { 'dist/bundle.js': 'generated' });
    const result = await resolveLocations(
      [raw('dist/bundle.js', { line: 5 }), raw('tools/build/release.ts', { line: 9 }), raw('src/app.ts')],
      {
        cwd: root,
        roots: [root],
      },
    );
    expect(result.dropped).toEqual([{ file: 'dist/bundle.js', line: 5, reason: 'ignored' }]);
    expect(result.locations.map((l) => l.file)).toEqual(['tools/build/release.ts', 'src/app.ts']);
  });

  it('falls back to the root .gitignore when the root is not a git repository', async () => {
    const root = await makeWorkspace({ '.gitignore': 'dist/\n', 'dist/bundle.js': '', 'src/app.ts': '' });
    const result = await resolveLocations([raw('dist/bundle.js'), raw('src/app.ts')], { cwd: root, roots: [root] });
    expect(result.dropped.map((d) => [d.file, d.reason])).toEqual([['dist/bundle.js', 'ignored']]);
    expect(result.locations.map((l) => l.file)).toEqual(['src/app.ts']);
  });

  it('asks isIgnored once per root with every resolved file of that root', async () => {
    const a = await makeWorkspace({ 'x.ts': '', 'y.ts': '' });
    const b = await makeWorkspace({ 'z.ts': '' });
    const calls: Array<[string, string[]]> = [];
    const isIgnored = async (root: string, files: string[]): Promise<Set<string>> => {
      calls.push([root, [...files].sort()]);
      return new Set(files.filter((f) => f === 'y.ts'));
    };
    const result = await resolveLocations([raw('x.ts'), raw('y.ts'), raw('x.ts'), raw(path.join(b, 'z.ts'))], {
      cwd: a,
      roots: [a, b],
      isIgnored,
    });
    expect(calls.sort()).toEqual(
      [
        [a, ['x.ts', 'y.ts']],
        [b, ['z.ts']],
      ].sort(),
    );
    expect(result.dropped).toEqual([{ file: 'y.ts', line: 1, reason: 'ignored' }]);
  });
});

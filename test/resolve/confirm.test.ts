// Weak candidates (hints.confirm) of the permissive tier: kept only as workspace files, else without a trace,
// and looked up in bounded, cached batches.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeResolverFs, resolveLocations, type ResolverFs } from '../../src/resolve/index.js';
import { MAX_CONFIRM_LOOKUPS } from '../../src/resolve/resolve-locations.js';
import { git, makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();
const weak = (file: string, line = 1) => raw(file, { line, hints: { confirm: true } });

describe('confirmation of weak candidates', () => {
  it('keeps a weak candidate that is a workspace file, with any extension or none', async () => {
    const root = await makeWorkspace({ Gemfile: '', 'config.ru': '', 'bin/spring': '', 'app/(auth)/layout.tsx': '' });
    const result = await resolveLocations([weak('Gemfile', 3), weak('config.ru'), weak('bin/spring', 2), weak('app/(auth)/layout.tsx')], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual([
      'Gemfile:3',
      'config.ru:1',
      'bin/spring:2',
      'app/(auth)/layout.tsx:1',
    ]);
  });

  it('discards what the workspace does not confirm: not unresolved, not dropped', async () => {
    const root = await makeWorkspace({ 'src/a.ts': '', 'node_modules/p/index.js': '', 'vendor/x.rb': '' });
    const raws = [
      weak('12:30'),
      weak('v1.2.3'),
      weak('localhost:8080'),
      weak('node_modules/p/index.js'),
      weak('/etc/passwd'),
      weak('../outside.txt'),
      weak('gone/b.ts'),
    ];
    const result = await resolveLocations([...raws, raw('src/missing.ts')], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations).toEqual([]);
    expect(result.dropped).toEqual([]);
    // The strict tier's miss is still reported.
    expect(result.unresolved.map((u) => u.file)).toEqual(['src/missing.ts']);
  });

  it("drops a build file's kind in words when a real format names a file of that kind at the line, and only then", async () => {
    const root = await makeWorkspace({ Dockerfile: 'x\n'.repeat(9), 'docker/Dockerfile.dev': 'x\n'.repeat(9) });
    const kind = raw('Dockerfile', { line: 4, hints: { confirm: true, kindName: true } });
    const options = { cwd: root, roots: [root], isIgnored: noIgnores };
    const named = await resolveLocations([kind, raw('docker/Dockerfile.dev', { line: 4 })], options);
    expect(named.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['docker/Dockerfile.dev:4']);
    // Another line, or a literal `Dockerfile` the tool printed (no kindName), stays a place of its own.
    const otherLine = await resolveLocations([kind, raw('docker/Dockerfile.dev', { line: 5 })], options);
    expect(otherLine.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['Dockerfile:4', 'docker/Dockerfile.dev:5']);
    const literal = await resolveLocations([weak('Dockerfile', 4), raw('docker/Dockerfile.dev', { line: 4 })], options);
    expect(literal.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['Dockerfile:4', 'docker/Dockerfile.dev:4']);
  });

  it('discards a weak candidate that only names ignored output', async () => {
    const root = await makeWorkspace({ '.gitignore': 'dist/\n', 'dist/app.js': '', 'src/app.ts': '' });
    git(root, 'init', '-q');
    const result = await resolveLocations([weak('dist/app.js'), weak('src/app.ts')], { cwd: root, roots: [root] });
    expect(result.locations.map((l) => l.file)).toEqual(['src/app.ts']);
    expect(result.dropped).toEqual([]);
  });

  it('discards an ambiguous weak candidate instead of listing its candidates', async () => {
    const root = await makeWorkspace({ 'a/app/x.rb': '', 'b/app/x.rb': '' });
    const result = await resolveLocations([weak('app/x.rb')], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result).toEqual({ locations: [], unresolved: [], dropped: [] });
  });

  it('stats each printed path once and looks up a bounded number of distinct ones, keeping the last', async () => {
    const root = await makeWorkspace({ 'src/late.ts': '' });
    const inner = createNodeResolverFs();
    const statted: string[] = [];
    const fs: ResolverFs = { ...inner, stat: (p) => (statted.push(p), inner.stat(p)) };
    const noise = Array.from({ length: MAX_CONFIRM_LOOKUPS * 2 }, (_, i) => weak(`v${i}.${i}`));
    const repeated = Array.from({ length: 200 }, () => weak('release-1.0'));
    const result = await resolveLocations([...noise, ...repeated, weak('src/late.ts', 9)], {
      cwd: root,
      roots: [root],
      fs,
      isIgnored: noIgnores,
    });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['src/late.ts:9']);
    expect(statted.length).toBe(new Set(statted).size);
    // A handful of candidates per looked-up name, never one per token of the log.
    expect(statted.length).toBeLessThan(4 * MAX_CONFIRM_LOOKUPS);
    expect(statted).not.toContain(path.join(root, 'v0.0'));
  });
});

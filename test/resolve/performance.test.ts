// Rule 7: per-call caching keeps file-system work proportional to distinct paths (speed itself is measured in bench/).
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeResolverFs, resolveLocations, type ResolverFs } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

describe('performance', () => {
  it('stats each candidate once however often it is printed', async () => {
    const root = await makeWorkspace({ 'src/a.ts': '' });
    const inner = createNodeResolverFs();
    const statted: string[] = [];
    const fs: ResolverFs = { ...inner, stat: (p) => (statted.push(p), inner.stat(p)) };
    const raws = Array.from({ length: 50 }, (_, i) => [
      raw('src/a.ts', { line: i + 1 }),
      raw('/ci/x/src/a.ts'),
      raw('src/missing.ts'),
    ]).flat();
    const result = await resolveLocations(raws, { cwd: root, roots: [root], fs, isIgnored: async () => new Set() });
    // The CI path names the same src/a.ts:1 as the first relative mention, so it is deduplicated.
    expect(result.locations).toHaveLength(50);
    expect(statted.length).toBe(new Set(statted).size);
  });

  it('resolves 5 000 locations over 1 000 files with file-system work bounded by the distinct paths', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) files[`src/m${i % 20}/f${i}.ts`] = '';
    const root = await makeWorkspace(files);
    const raws = Array.from({ length: 5000 }, (_, index) => {
      // Lines from 1: line 0 means the file as a whole, which a line of the same file replaces (whole-file.ts).
      const i = index + 1;
      const n = index % 1000;
      // Mix the shapes: relative, CI-absolute, vendored and missing.
      if (index % 4 === 0) return raw(`src/m${n % 20}/f${n}.ts`, { line: i });
      if (index % 4 === 1) return raw(`/home/runner/work/r/r/src/m${n % 20}/f${n}.ts`, { line: i });
      if (index % 4 === 2) return raw(`node_modules/p${n}/index.js`, { line: i });
      return raw(`src/gone${n}.ts`, { line: i });
    });
    const inner = createNodeResolverFs();
    let stats = 0;
    const fs: ResolverFs = { ...inner, stat: (p) => (stats++, inner.stat(p)) };
    const result = await resolveLocations(raws, { cwd: root, roots: [root], fs, isIgnored: async () => new Set() });
    expect(result.locations.length).toBe(2500);
    expect(result.dropped.length).toBe(1250);
    expect(result.unresolved.length).toBe(1250);
    // 2 000 distinct printed files (1 000 relative, 1 000 CI-absolute sharing the same suffixes) plus misses:
    // a resolver that re-stats or walks directories would exceed a small multiple of that.
    expect(stats).toBeLessThan(4 * 2000);
  });
});

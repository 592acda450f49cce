// Bare names whose folder only the log's context says (issue 20): a monorepo runner's prefix (pnpm's folder,
// turbo's package name) and, as the last resort, the one workspace file of that basename — several are reported
// as ambiguous, never guessed. Log lines are written in the runners' documented prefix shapes.
import { afterEach, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();
const TS = 'export const x: number = "a";\n';

async function locateText(root: string, lines: string[]) {
  return locate({ text: `${lines.join('\n')}\n` }, { cwd: root, roots: [root], isIgnored: noIgnores, formats: ['tsc', 'gcc', 'make'] });
}

describe('monorepo runner prefixes', () => {
  it("reads a path behind pnpm -r's folder prefix relative to that package", async () => {
    const root = await makeWorkspace({ 'packages/api/src/index.ts': TS, 'packages/web/src/index.ts': TS });
    const result = await locateText(root, [
      'packages/web build$ tsc',
      "packages/web build: src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.column}`)).toEqual(['packages/web/src/index.ts:1:14']);
  });

  it("picks, of the packages holding the path, the one whose folder turbo's prefix names", async () => {
    const root = await makeWorkspace({ 'apps/api/src/index.ts': TS, 'apps/web/src/index.ts': TS });
    const result = await locateText(root, [
      "@acme/api:build: src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
    expect(result.locations.map((l) => l.file)).toEqual(['apps/api/src/index.ts']);
  });

  it("stays ambiguous when no folder has the package's name", async () => {
    const root = await makeWorkspace({ 'apps/one/src/index.ts': TS, 'apps/two/src/index.ts': TS });
    const result = await locateText(root, [
      "@acme/api:build: src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
    expect(result.locations).toEqual([]);
    expect(result.unresolved).toMatchObject([{ reason: 'ambiguous', candidates: ['apps/one/src/index.ts', 'apps/two/src/index.ts'] }]);
  });
});

describe('unique basename, the last resort', () => {
  it('maps a bare name no named folder holds to the one workspace file of that name', async () => {
    const root = await makeWorkspace({ 'src/engine/parser.c': 'int x;\n', 'README.md': '' });
    const result = await locateText(root, ['parser.c:1:5: error: expected identifier']);
    expect(result.locations.map((l) => l.file)).toEqual(['src/engine/parser.c']);
  });

  it('reports several same-named files as ambiguous with every candidate', async () => {
    const root = await makeWorkspace({ 'a/util.c': '', 'b/util.c': '' });
    const result = await locateText(root, ['util.c:1:5: error: expected identifier']);
    expect(result.locations).toEqual([]);
    expect(result.unresolved).toMatchObject([{ file: 'util.c', reason: 'ambiguous', candidates: ['a/util.c', 'b/util.c'] }]);
  });

  it('prefers the folder the log named over a same-named file elsewhere', async () => {
    const root = await makeWorkspace({ 'lib/util.c': '', 'app/util.c': '' });
    const result = await locateText(root, ["make[1]: Entering directory '" + root + "/lib'", 'util.c:1:5: error: expected identifier']);
    expect(result.locations.map((l) => l.file)).toEqual(['lib/util.c']);
  });

  it('reads a file at the root of the file system as a name whose head was cut off before pasting', async () => {
    const root = await makeWorkspace({ 'src/ui/widget.c': 'int x;\n', 'README.md': '' });
    const result = await locateText(root, ['/widget.c:1:5: error: expected identifier']);
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['src/ui/widget.c:1']);
  });

  it('leaves a cut-off root-level name ambiguous when several workspace files share it', async () => {
    const root = await makeWorkspace({ 'a/widget.c': '', 'b/widget.c': '' });
    const result = await locateText(root, ['/widget.c:1:5: error: expected identifier']);
    expect(result.locations).toEqual([]);
    expect(result.unresolved).toMatchObject([{ reason: 'ambiguous', candidates: ['a/widget.c', 'b/widget.c'] }]);
  });

  it('never confirms a weak candidate of the permissive tier by its basename alone', async () => {
    const root = await makeWorkspace({ 'deep/folder/notes.txt': '' });
    const result = await resolveLocations([raw('notes.txt', { hints: { confirm: true } })], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations).toEqual([]);
    expect(result.unresolved).toEqual([]);
  });
});

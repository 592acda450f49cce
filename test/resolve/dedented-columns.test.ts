// CPython echoes source lines stripped of indentation and counts carets from there (RawLocation.dedentedLine):
// resolve reads the file's line and adds its indentation, or drops a column it cannot place.
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeResolverFs, resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();
const source = 'def div(a, b):\n\treturn a / b\n\nclass C:\n    def f(self):\n        return div(1, 0)\n';
// As Python 3.11 prints them: `~~^~~` under `a / b` counts from `return`, and `div(1, 0)` likewise.
const frames = () => [
  { ...raw('calc.py', { line: 2, column: 8, endColumn: 12 }), dedentedLine: 'return a / b' },
  { ...raw('calc.py', { line: 6, column: 8, endColumn: 16 }), dedentedLine: 'return div(1, 0)' },
];

describe('columns counted from a dedented echo', () => {
  it('gain the indentation of the file line (a tab counts one character, like Python)', async () => {
    const root = await makeWorkspace({ 'calc.py': source });
    const result = await resolveLocations(frames(), { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations.map((l) => [l.line, l.column, l.endColumn])).toEqual([
      [2, 9, 13],
      [6, 16, 24],
    ]);
  });

  it('are dropped when the file line no longer holds the echoed text, or the file system cannot read files', async () => {
    const root = await makeWorkspace({ 'calc.py': source.replace('return a / b', 'return a // b') });
    const edited = await resolveLocations(frames(), { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(edited.locations.map((l) => [l.line, l.column, l.endColumn])).toEqual([
      [2, null, null],
      [6, 16, 24],
    ]);
    const { readText: _unused, ...withoutRead } = createNodeResolverFs();
    const blind = await resolveLocations(frames(), { cwd: root, roots: [root], isIgnored: noIgnores, fs: withoutRead });
    expect(blind.locations.map((l) => [l.column, l.endColumn])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('are dropped on an unresolved location (no file to measure)', async () => {
    const root = await makeWorkspace({});
    const result = await resolveLocations(frames(), { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.unresolved.map((u) => u.column)).toEqual([null, null]);
  });
});

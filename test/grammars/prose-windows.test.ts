// The prose tier on Windows paths as people paste them (issue 20, fresh set 29): a quoted path with blanks before its
// number in parentheses, a bare drive path whose folders hold blanks, and a path whose leading folders were elided.
import { afterEach, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from '../resolve/_workspace.js';

afterEach(removeWorkspaces);

const lines = (count: number) => 'a\n'.repeat(count);

async function placesIn(files: Record<string, string>, log: string): Promise<string[]> {
  const root = await makeWorkspace(files);
  const result = await locate({ text: log }, { cwd: root, roots: [root] });
  return result.locations.map((location) => `${location.file}:${location.line}`);
}

describe('prose on Windows paths', () => {
  it('reads a quoted path, blanks and all, before its number in parentheses', async () => {
    const files = { 'Report Tools/Sales Summary.au3': lines(80), 'lib/calc.au3': lines(80) };
    const runtime = '"C:\\Work\\shop\\Report Tools\\Sales Summary.au3" (42) : ==> Subscript used on non-accessible variable.:\n';
    expect(await placesIn(files, runtime)).toEqual(['Report Tools/Sales Summary.au3:42']);
    const checker = '"C:\\Work\\shop\\lib\\calc.au3"(17,9) : error: $total: undeclared global variable.\n';
    expect(await placesIn(files, checker)).toEqual(['lib/calc.au3:17']);
    // A quoted sentence is no path, whatever number follows it.
    expect(await placesIn(files, '"Sales Summary failed" (42) : retrying\n')).toEqual([]);
  });

  it('joins the words of a bare drive path whose folders hold blanks, up to the word with an extension', async () => {
    const files = { 'setup/Shop Setup.iss': lines(80) };
    const log = 'Error on line 31 in D:\\My Projects\\shop\\setup\\Shop Setup.iss: Column 5: Unknown identifier\n';
    expect(await placesIn(files, log)).toEqual(['setup/Shop Setup.iss:31']);
  });

  it('takes what follows an elided part of a path as the name the workspace places', async () => {
    const files = { 'packaging/shop.nsi': lines(80) };
    expect(await placesIn(files, 'Error on line 12 in C:\\(...)\\shop.nsi: bad command\n')).toEqual(['packaging/shop.nsi:12']);
    expect(await placesIn(files, 'Error on line 12 in D:\\...\\shop.nsi: bad command\n')).toEqual(['packaging/shop.nsi:12']);
  });
});

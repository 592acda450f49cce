// A runtime that names the function a frame ran rather than its file (MATLAB's `Error in tests.Prep (line 26)`,
// Octave's `Gauss_normal at line 10 column 16`): with its own format missing, the prose tier proposes the name for
// resolve to complete to its file (hints.moduleName), and never takes any other word before a line number.
import { describe, expect, it } from 'vitest';
import { scanLog } from '../_scan.js';

function moduleNames(lines: string[]): string[] {
  return scanLog(lines, ['prose'])
    .filter((location) => location.hints?.moduleName === true)
    .map((location) => `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`}`);
}

describe('function names before a line number', () => {
  it("reads `in NAME (line N)`, `in NAME at line N` and an indented frame's `NAME at line N`", () => {
    expect(moduleNames(['Error in tests.Prep (line 26)', '    Error in explore.plotfinalELx (line 334)'])).toEqual([
      'tests.Prep:26',
      'explore.plotfinalELx:334',
    ]);
    expect(moduleNames(['error: called from', '    Gauss_normal at line 10 column 16', '    main at line 27 column 14'])).toEqual([
      'Gauss_normal:10:16',
      'main:27:14',
    ]);
    expect(moduleNames(['warning: raised in cleanup_db at line 40'])).toEqual(['cleanup_db:40']);
  });

  it('takes no word that is not joined to the number as a frame names its function', () => {
    expect(moduleNames(['Syntax error at line 4', 'Error at line 12', 'expected value (line 3)', 'in app.yaml (line 9)'])).toEqual([]);
    expect(moduleNames(['Error in f(x) (line 4)', 'failed in step one at line 8'])).toEqual([]);
  });
});

// Spell checkers: misspell rows and typos' rustc-like report (which rustc must not read as its own).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe('spelling', () => {
  it('reads misspell rows with their 0-based column', () => {
    expect(scan(['README.md:3:8: "teh" is a misspelling of "the"']).map((l) => [l.format, l.file, l.line, l.column, l.severity])).toEqual([
      ['misspell', 'README.md', 3, 9, 'warning'],
    ]);
  });

  it("reads typos' report at its header line and its brief rows, and leaves rustc's own errors to rustc", () => {
    const locations = scan([
      'error: `teh` should be `the`',
      '  --> ./README.md:3:9',
      './docs/a.md:5:11: `seperate` -> `separate`',
      'error[E0425]: cannot find value `x` in this scope',
      ' --> src/main.rs:2:5',
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.column, l.logLine])).toEqual([
      ['typos', './README.md', 3, 9, 1],
      ['typos', './docs/a.md', 5, 11, 3],
      ['rustc', 'src/main.rs', 2, 5, 5],
    ]);
  });
});

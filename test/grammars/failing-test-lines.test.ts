// A test runner's failing-test line read without its own format (issue 20): the generic tier gives a line that names a
// failing test beside its place the error severity (catalog/generic.ts, failedTest); busted 1.x's load error, glued
// to its words with `::`, is read by the lua format (catalog/lua.ts); an editor's `F [L, C]` rows by generic.ts.
import { describe, expect, it } from 'vitest';
import { scanLog } from '../_scan.js';

const rows = (log: string[], formats: string[]) => scanLog(log, formats).map((l) => [l.file, l.line, l.severity, l.hints ?? null]);

describe('a failing-test line in the generic tier', () => {
  it('is an error when a failure word or mark stands before the place or just after it', () => {
    const log = [
      'Calc: Test Failed at /home/u/calc/test/runtests.jl:6',
      'FAIL in (total-sums) (core_test.clj:85)',
      '  ✗ adds two numbers (test/math-test.janet:14)',
      'test/a_spec.janet:3: assertion Failed',
      'test/b_spec.janet:4: checked the value',
    ];
    expect(rows(log, ['generic']).map(([file, line, severity]) => [file, line, severity])).toEqual([
      ['/home/u/calc/test/runtests.jl', 6, 'error'],
      ['core_test.clj', 85, 'error'],
      ['test/math-test.janet', 14, 'error'],
      ['test/a_spec.janet', 3, 'error'],
      ['test/b_spec.janet', 4, null],
    ]);
  });

  it('takes the failure header alone on the line above (minitest), and no failure word inside a name', () => {
    const log = [
      '  2) Failure:',
      'UserTest#test_valid [test/models/user_test.rb:10]:',
      'see test-failed/x_test.janet:3',
      'on_failure.janet:5 ok',
    ];
    expect(rows(log, ['generic']).map(([, line, severity]) => [line, severity])).toEqual([
      [10, 'error'],
      [3, null],
      [5, null],
    ]);
  });

  it('keeps a frame a frame: a failure word on a trace line gives it no severity', () => {
    const log = ['Error: boom', '    at Object.failed (src/a.janet:4:3)', '    at FAIL (src/b.janet:9:1)'];
    expect(scanLog(log, ['generic']).map((l) => [l.line, l.severity, l.frame?.index])).toEqual([
      [4, null, 0],
      [9, null, 1],
    ]);
  });
});

describe('busted 1.x', () => {
  it('reads the chunk name after the words busted glued to it with ::', () => {
    const log = ["An error occurred while loading a test::spec/parser_spec.lua:3: '}' expected near ')'"];
    expect(scanLog(log, ['lua']).map((l) => [l.file, l.line, l.severity, l.message])).toEqual([
      ['spec/parser_spec.lua', 3, 'error', "'}' expected near ')'"],
    ]);
  });
});

describe("an editor's bracketed position after the file", () => {
  it('reads `F [L, C]` and `F [Ln L, Col C]` with the severity word after them', () => {
    const log = ['src/init.janet [150, 15]: unused variable x', 'src/init.janet [Ln 7, Col 2] error: undeclared name', 'x.y [1, 2]z'];
    expect(scanLog(log, ['generic']).map((l) => [l.file, l.line, l.column, l.severity, l.message])).toEqual([
      ['src/init.janet', 150, 15, null, 'unused variable x'],
      ['src/init.janet', 7, 2, 'error', 'undeclared name'],
      ['x.y', 1, 2, null, 'z'],
    ]);
  });

  it('leaves a bracket with no file before it, and a line with a colon place, to the other readings', () => {
    expect(scanLog(['see [150, 15] and .x [1, 2]', 'src/a.janet:4:1: msg [2, 3]'], ['generic']).map((l) => [l.file, l.line])).toEqual([
      ['src/a.janet', 4],
    ]);
  });
});

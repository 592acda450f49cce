// Tcl's error info counts a line inside each block from the block's first line: the file's line of the error is the
// command's file line plus each block's line − 1, up to a procedure's frame (counted from a definition the log omits).
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

function proposed(log: string): string[] {
  const scanner = createScanner({ normaliseLine });
  scanner.write(log);
  return scanner
    .end()
    .locations.filter((location) => location.format === 'prose')
    .map((location) => `${location.file}:${location.line}`);
}

describe('prose tier: lines counted from a block', () => {
  it('adds each block line above a file place', () => {
    const log = [
      'bad value',
      '    while executing',
      '"error "bad value""',
      '    ("if" then script line 2)',
      '    invoked from within',
      '"if {$x} {',
      '  error "bad value"',
      '}"',
      '    ("while" body line 4)',
      '    invoked from within',
      '"while 1 {..."',
      '    (file "jobs/run.tcl" line 10)',
    ].join('\n');
    expect(proposed(`${log}\n`)).toEqual(['jobs/run.tcl:14']);
  });

  it("stops at a procedure's frame: its line counts from where the procedure was defined", () => {
    const log = [
      'no such key',
      '    while executing',
      '"dict get $d k"',
      '    ("foreach" body line 5)',
      '    invoked from within',
      '"foreach x $xs {..."',
      '    (procedure "load" line 3)',
      '    invoked from within',
      '"load"',
      '    (file "jobs/run.tcl" line 20)',
    ].join('\n');
    expect(proposed(`${log}\n`)).toEqual(['jobs/run.tcl:20']);
  });

  it('leaves a file place with no block above it, and a block line of another chain, as printed', () => {
    expect(proposed('oops\n    while executing\n"error oops"\n    (file "jobs/run.tcl" line 7)\n')).toEqual(['jobs/run.tcl:7']);
    const two = [
      '    ("foreach" body line 9)',
      '    (file "a/one.tcl" line 3)',
      'again',
      '    while executing',
      '    (file "a/two.tcl" line 5)',
    ];
    expect(proposed(`${two.join('\n')}\n`)).toEqual(['a/one.tcl:11', 'a/two.tcl:5']);
  });
});

describe('prose tier: block lines of a chain joined onto one line', () => {
  it('adds the block lines between the chain start (or the frame before) and each file place', () => {
    const line =
      'failed: bad value while executing "error bad" ("foreach" body line 3) invoked from within "foreach x $xs {..." ' +
      '(file "jobs/inner.tcl" line 6) invoked from within "source jobs/inner.tcl" (file "jobs/run.tcl" line 4)';
    expect(proposed(`${line}\n`)).toEqual(['jobs/inner.tcl:8', 'jobs/run.tcl:4']);
  });
});

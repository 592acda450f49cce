// Frame runs under an ordered header (prose/trace-run.ts, issue 20's fallback): with the runtime's format missing,
// the prose tier still reads indented frames under `… (most recent call last):` as one trace, innermost last.
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';
import { scanLog } from '../_scan.js';

// The prose tier's frames: place, trace and index (the runtime's own format may read the same lines beside it).
function frames(log: string): string[] {
  return scanLog(log)
    .filter((location) => location.format === 'prose')
    .map((location) => `${location.file}:${location.line} ${location.frame ? `#${location.frame.index}` : 'none'}`);
}

describe('frame runs under an ordered header', () => {
  it('numbers the indented frames under `(most recent call last):` in print order, one trace', () => {
    const log = [
      'Step failed (most recent call last):',
      '  step at line 12 of steps/cart.rb',
      '    add_item()',
      '  helper at line 30 of lib/cart.rb',
      '    raise',
      'CartError: empty',
    ].join('\n');
    expect(frames(log)).toEqual(['steps/cart.rb:12 #0', 'lib/cart.rb:30 #1']);
  });

  it("ranks a run raised while handling the one above as the failure, by CPython's sentence above its header", () => {
    const log = [
      'Traceback (most recent call last):',
      '  check at line 3 of run.tcl',
      'Error: first',
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      '  load at line 8 of conf/app.ini',
      'Error: second',
    ].join('\n');
    const ranks = scanLog(log)
      .filter((location) => location.format === 'prose')
      .map((location) => `${location.file}:${location.line} ${location.frame?.causeRank}`);
    expect(ranks).toEqual(['run.tcl:3 1', 'conf/app.ini:8 0']);
  });

  it("reads frames in Python's own words as one run with no header, at the margin, and ends it at an exception line", () => {
    const log = [
      'File "kiln/main.py", line 12, in <module>',
      'fire()',
      'File "kiln/fire.py", line 4, in fire',
      'heat = total / count',
      'ZeroDivisionError: division by zero',
      'File "kiln/other.py", line 2, in <module>',
    ].join('\n');
    // The runtime's own format left out, as when a copy's damage kept it from reading the lines.
    const runs = scanLog(log, ['prose'])
      .filter((location) => location.format === 'prose')
      .map((location) => `${location.file}:${location.line} ${location.frame?.trace}/${location.frame?.index}`);
    expect(runs).toEqual(['kiln/main.py:12 1/0', 'kiln/fire.py:4 1/1', 'kiln/other.py:2 2/0']);
  });

  it('starts a new trace under a second header and leaves places after the run alone', () => {
    const log = [
      'Traceback (most recent call last):',
      '  check at line 3 of run.tcl',
      'Error: first',
      'Traceback (most recent call last):',
      '  load at line 8 of conf/app.ini',
      'Error: second',
      'then line 4 of db/q.sql failed',
    ].join('\n');
    const scanner = createScanner({ normaliseLine });
    scanner.write(log);
    const traces = scanner
      .end()
      .locations.filter((location) => location.format === 'prose')
      .map((location) => location.frame?.trace);
    expect(traces).toHaveLength(3);
    expect(traces[0]).not.toBe(traces[1]);
    expect(traces[2]).toBeUndefined();
  });

  it('reads no trace for indented places under a header that states no order', () => {
    expect(frames(['Errors found:', '  at line 3 of run.tcl', '  at line 8 of conf/app.ini'].join('\n'))).toEqual([
      'run.tcl:3 none',
      'conf/app.ini:8 none',
    ]);
  });

  it('reads a header a host relays after its own words, and frames a copy moved to the margin', () => {
    const log = [
      'Broken job: [jobs/nightly.tcl] Traceback (most recent call last):',
      '  step at line 12 of steps/cart.rb',
      '    add_item()',
      'step at line 30 of lib/cart.rb',
      '    raise',
      'helper at line 9 of lib/util.rb',
      'CartError: empty',
    ].join('\n');
    // The third place starts with another word than the run's frames: no frame of the run.
    expect(frames(log)).toEqual(['steps/cart.rb:12 #0', 'lib/cart.rb:30 #1', 'lib/util.rb:9 none']);
  });

  it("takes no frame whose file is only the header's", () => {
    const log = ['Broken job: [jobs/nightly.py] Traceback (most recent call last):', '  File "<frozen boot>", line 219, in run'].join('\n');
    expect(frames(log)).toEqual([]);
  });

  it("ranks an ExceptionGroup's first sub-exception as the root, each box's traceback a trace of its own", () => {
    const log = [
      '  + Exception Group Traceback (most recent call last):',
      '  |   File "main.py", line 3, in <module>',
      '  |   File "app/jobs.py", line 17, in run_all',
      '  | ExceptionGroup: jobs failed (2 sub-exceptions)',
      '  +-+---------------- 1 ----------------',
      '    | Traceback (most recent call last):',
      '    |   File "app/jobs.py", line 13, in run_all',
      '    |   File "app/jobs.py", line 2, in parse',
      '    | ValueError: bad',
      '    +---------------- 2 ----------------',
      '    | Traceback (most recent call last):',
      '    |   File "app/jobs.py", line 6, in load',
      '    | OSError: gone',
      '    +------------------------------------',
    ].join('\n');
    const prose = scanLog(log, ['prose']).map((l) => [l.line, l.frame?.trace, l.frame?.index, l.frame?.causeRank]);
    const [group, first, second] = [prose[0]?.[1], prose[2]?.[1], prose[4]?.[1]];
    expect(new Set([group, first, second]).size).toBe(3);
    expect(prose).toEqual([
      [3, group, 0, 1],
      [17, group, 1, 1],
      [13, first, 0, 0],
      [2, first, 1, 0],
      [6, second, 0, 0],
    ]);
  });
});

// A formatter's unified diff in check mode: each hunk is its first changed line of the file as it is, the header's
// path cleaned of timestamps, isort's `:before` and gofmt's `.orig`; copies that lost tabs and blank context lines'
// one space still count; a hunk line with no header above it is not a location.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog } from '../_scan.js';

function scan(lines: string[]): Array<Pick<RawLocation, 'file' | 'line' | 'format'>> {
  return scanLog(lines)
    .filter((location) => location.format === 'formatter-diff')
    .map(({ file, line, format }) => ({ file, line, format }));
}

const at = (file: string, line: number) => ({ file, line, format: 'formatter-diff' });

describe('formatter-diff', () => {
  it('reads every hunk of a file after its leading context lines', () => {
    const locations = scan([
      '--- pkg/util.py\t2026-01-02 10:00:00.000000+00:00',
      '+++ pkg/util.py\t2026-01-02 10:00:01.000000+00:00',
      '@@ -3,4 +3,4 @@',
      ' def a():',
      '     pass',
      '-x=1',
      '+x = 1',
      '@@ -30,2 +30,2 @@',
      '-y=2',
      '+y = 2',
      'would reformat pkg/util.py',
    ]);
    expect(locations).toEqual([at('pkg/util.py', 5), at('pkg/util.py', 30)]);
  });

  it('names the file on disk: git prefixes, isort suffixes, gofmt copies, timestamps copied as spaces', () => {
    expect(scan(['--- a/src/m.go', '+++ b/src/m.go', '@@ -7 +7 @@', '-x', '+y'])).toEqual([at('src/m.go', 7)]);
    expect(
      scan(['--- lib/k.py:before    2016-11-14 16:43:30', '+++ lib/k.py:after     2016-11-14 16:44:32', '@@ -1 +1,2 @@', '+import os']),
    ).toEqual([at('lib/k.py', 1)]);
    expect(
      scan(['diff m/n.go.orig m/n.go', '--- m/n.go.orig', '+++ m/n.go', '@@ -2,2 +2,2 @@', ' package n', '-func f(){}', '+func f() {}']),
    ).toEqual([at('m/n.go', 3)]);
  });

  it('counts a blank context line whose single space a copy trimmed', () => {
    const locations = scan(['--- app/v.py', '+++ app/v.py', '@@ -6,4 +6,4 @@', ' import a', '', ' import b', '-import c', '+import  c']);
    expect(locations).toEqual([at('app/v.py', 9)]);
  });

  it('reads an indented diff (a tool runner’s output) when header and hunks share the indentation', () => {
    const locations = scan(['    --- t/x.py', '    +++ t/x.py', '    @@ -4 +4 @@', '    -a', '    +b']);
    expect(locations).toEqual([at('t/x.py', 4)]);
  });

  it("reads rustfmt's own hunk headers, new and old, after their context lines", () => {
    expect(scan(['Diff in /w/src/lib.rs:4:', ' fn a() {', '-    let x=1;', '+    let x = 1;'])).toEqual([at('/w/src/lib.rs', 5)]);
    expect(scan(['Diff in /w/src/lib.rs at line 9:', '-use b;', '+use a;'])).toEqual([at('/w/src/lib.rs', 9)]);
  });

  it('reads no location from a new file, nor from a hunk line that no header opened', () => {
    expect(scan(['--- /dev/null', '+++ b/new.py', '@@ -0,0 +1 @@', '+print(1)'])).toEqual([]);
    expect(scan(['│   --- orig', '│   +++ var', '│   @@ -3 +3 @@', 'thread panicked', '@@ -3 +3 @@', '-a'])).toEqual([]);
  });
});

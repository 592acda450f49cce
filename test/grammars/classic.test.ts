// Emacs compile-mode's classic forms: which entry claims each sample line, and look-alikes none may claim.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog as scan } from '../_scan.js';

const place = (l: RawLocation) => [l.format, l.file, l.line, l.column, l.endLine, l.endColumn, l.severity];

describe('classic compile-mode forms', () => {
  it.each([
    ['foo.c:12.5: error: x', ['gnu', 'foo.c', 12, 5, null, null, 'error']],
    ['foo.c:12.5-9: warning: x', ['gnu', 'foo.c', 12, 5, 12, 9, 'warning']],
    ['parse.y:12.5-14.2: error: x', ['gnu', 'parse.y', 12, 5, 14, 2, 'error']],
    ['"foo.c", line 12.5: 1506-045 (S) Undeclared identifier x.', ['edg', 'foo.c', 12, 5, null, null, 'error']],
    ['"foo.c", line 12: error: identifier "x" is undefined', ['edg', 'foo.c', 12, null, null, null, 'error']],
    ['foo.f, line 12: syntax error', ['irix', 'foo.f', 12, null, null, null, 'error']],
    ['hello.adb, line 3, char 7: undefined', ['sun-ada', 'hello.adb', 3, 7, null, null, 'error']],
    ['Error on line 3 of t.f: unclassifiable statement', ['absoft', 't.f', 3, null, null, null, 'error']],
    ['Error at line 41, column 10 in file /x/y.pc', ['oracle', '/x/y.pc', 41, 10, null, null, 'error']],
    ['Warning near line 5 file a.f: unused', ['ftnchek', 'a.f', 5, null, null, null, 'warning']],
    ['Error E2209 foo.c 15: Unable to open include file', ['borland', 'foo.c', 15, null, null, null, 'error']],
    ['foo.c(12:5) : error EDC0045: x', ['ibm', 'foo.c', 12, 5, null, null, 'error']],
    ['"foo.c",12  Warning[Pe177]: unused', ['iar', 'foo.c', 12, null, null, null, 'warning']],
    ['cucumber features/x.feature:12 # Scenario: y', ['cucumber', 'features/x.feature', 12, null, null, null, 'error']],
    ["makepp: error: failed at `Makeppfile:7'", ['makepp', 'Makeppfile', 7, null, null, null, 'error']],
    ['unused: frob in calc.c(199)', ['mips', 'calc.c', 199, null, null, null, 'warning']],
    ['****** Error number 140 in line 8 of file errors.c ******', ['aix', 'errors.c', 8, null, null, null, 'error']],
    ['W, file.cc(36,52) blah', ['lcc', 'file.cc', 36, 52, null, null, 'warning']],
    ["..\\src\\lister.c(109): Error! E1009: Expecting ';'", ['watcom', '..\\src\\lister.c', 109, null, null, null, 'error']],
    ["*** ERROR: You forgot a '=back' at line 11 in file lib/Shop.pm", ['podchecker', 'lib/Shop.pm', 11, null, null, null, 'error']],
  ])('%s', (line, expected) => {
    expect(scan([line]).map(place)).toEqual([expected]);
  });

  it("reads RXP's two-line error at the message line", () => {
    const [location] = scan(['Error: Mismatched end tag', 'in unnamed entity at line 3 char 5 of file:///x/doc.xml']);
    expect([location?.format, location?.file, location?.line, location?.column, location?.logLine]).toEqual(['rxp', '/x/doc.xml', 3, 5, 1]);
  });

  it("drops gas's `{standard input}` place: it names no workspace file", () => {
    expect(scan(['{standard input}:33: Error: bad register'])[0]?.hints?.runtime).toBe(true);
  });

  it('leaves versions, times and prose alone', () => {
    const formats = ['gnu', 'edg', 'irix', 'sun-ada', 'absoft', 'oracle', 'ftnchek', 'borland', 'ibm', 'iar', 'mips', 'cucumber', 'makepp'];
    expect(
      scan(
        ['node 20.11.1: ok', 'at 12:30.5: started', 'Error on the line 3 of output', 'Warning 3 things happened', 'v1.2:3.4: no'],
        formats,
      ),
    ).toEqual([]);
  });
});

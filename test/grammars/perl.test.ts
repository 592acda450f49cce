// Hard cases of the Perl family: messages that contain " at ", dotted line numbers, handle suffixes, Carp frames, prove.
import { describe, expect, it } from 'vitest';
import { scanLog as scan, brief } from '../_scan.js';

describe('perl', () => {
  it('reads each diagnostic of a line whose newlines a copy lost, in the order Perl printed them', () => {
    const joined =
      'Global symbol "$total" requires explicit package name at lib/sum.pl line 8. Useless use of a constant (7) in void ' +
      'context at lib/sum.pl line 11. BEGIN not safe after errors--compilation aborted at lib/sum.pl line 30.';
    expect(brief(scan([joined]))).toEqual([
      ['perl', 'lib/sum.pl', 8, null, 'error', 'Global symbol "$total" requires explicit package name'],
      ['perl', 'lib/sum.pl', 11, null, 'warning', 'Useless use of a constant (7) in void context'],
      ['perl', 'lib/sum.pl', 30, null, 'error', 'BEGIN not safe after errors--compilation aborted'],
    ]);
    // A message that itself says `line N.` mid-sentence with no file is one diagnostic.
    expect(brief(scan(['bad input near line 3. Giving up at lib/sum.pl line 9.'], ['perl']))).toEqual([
      ['perl', 'lib/sum.pl', 9, null, 'error', 'bad input near line 3. Giving up'],
    ]);
  });

  it('takes the right-most " at", a handle suffix, a `near` tail, and tells warnings from dies', () => {
    expect(
      brief(
        scan([
          'Use of uninitialized value $n in concatenation (.) or string at app.pl line 6.',
          'look at this at /srv/my app/lib/App.pm line 3, <STDIN> line 2.',
          'syntax error at s.pl line 5, near "= ;"',
        ]),
      ),
    ).toEqual([
      ['perl', 'app.pl', 6, null, 'warning', 'Use of uninitialized value $n in concatenation (.) or string'],
      ['perl', '/srv/my app/lib/App.pm', 3, null, 'error', 'look at this'],
      ['perl', 's.pl', 5, null, 'error', 'syntax error near "= ;"'],
    ]);
  });

  it('reads Carp frames under the message they belong to', () => {
    const locations = scan([
      'cannot open x: No such file at lib/Cfg.pm line 8.',
      '\tCfg::load("x") called at run.pl line 6',
      '\tmain::main() called at run.pl line 7',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.index, l.message])).toEqual([
      ['lib/Cfg.pm', 8, undefined, 'cannot open x: No such file'],
      ['run.pl', 6, 0, 'cannot open x: No such file'],
      ['run.pl', 7, 1, 'cannot open x: No such file'],
    ]);
  });

  it('ignores -e, (eval N) and prose with "line"', () => {
    expect(scan(['boom at -e line 1.', 'died at (eval 12) line 1.', 'see the README.md line 3 for help'], ['perl', 'prove'])).toEqual([]);
  });
});

describe('prove', () => {
  it('reads named and unnamed Test::More failures with their details', () => {
    expect(
      brief(
        scan([
          "#   Failed test 'adds three'",
          '#   at t/basic.t line 8.',
          "#          got: '6'",
          "#     expected: '7'",
          '#   Failed test at t/other.t line 4.',
        ]),
      ),
    ).toEqual([
      ['prove', 't/basic.t', 8, null, 'error', "Failed test 'adds three': got: '6'; expected: '7'"],
      ['prove', 't/other.t', 4, null, 'error', 'Failed test'],
    ]);
  });

  it('does not take a `#   at` line without a Failed test above it', () => {
    expect(scan(['#   at t/basic.t line 8.'], ['prove'])).toEqual([]);
  });

  it("reads the harness's verdict on a test file as the whole file, and only a failing one", () => {
    const verdict = scan([
      't/totals.t .. ',
      'Dubious, test returned 2 (wstat 512, 0x200)',
      'Failed 2/5 subtests',
      't/parse.t .. 1/8 ',
      "#   Failed test 'splits on commas",
      't/load.t (Wstat: 0 Tests: 9 Failed: 0)',
      't/slow.t (Wstat: 65280 (exited 255) Tests: 0 Failed: 0)',
    ]);
    expect(verdict.map((loc) => [loc.file, loc.line, loc.severity, loc.hints?.fileOnly])).toEqual([
      ['t/totals.t', 0, 'error', true],
      ['t/parse.t', 0, 'error', true],
      ['t/slow.t', 0, 'error', true],
    ]);
    // A verdict under no progress row, and a row naming no file, name nothing.
    expect(scan(['Dubious, test returned 1 (wstat 256, 0x100)'], ['prove'])).toEqual([]);
    expect(scan(['Running tests ..', 'Failed 1/2 subtests'], ['prove'])).toEqual([]);
  });
});

describe('perl continuation lines and extensionless files', () => {
  it('reads a location on its own line, a destructor error and a global-destruction tail', () => {
    const locations = scan([
      'value out of range: 11',
      '  at lib/Widget.pm line 20.',
      '\t(in cleanup) release failed at lib/Widget.pm line 14.',
      '\t(in cleanup) release failed at lib/Widget.pm line 14 during global destruction.',
    ]);
    expect(brief(locations)).toEqual([
      ['perl', 'lib/Widget.pm', 20, null, 'error', 'value out of range: 11'],
      ['perl', 'lib/Widget.pm', 14, null, 'error', 'release failed'],
    ]);
    // The global-destruction tail reads as the same report: kept once, with the line it was printed again on.
    expect(locations[1]?.repeatedAt).toEqual([4]);
  });

  it('takes an extensionless file only in a compile error or perldiag sentence', () => {
    expect(
      brief(
        scan(
          [
            'syntax error at automake line 922, near "foo"',
            'Can\'t locate object method "x" via package "Y" at bin/app line 3.',
            'we looked at page line 3.',
          ],
          ['perl'],
        ),
      ),
    ).toEqual([
      ['perl', 'automake', 922, null, 'error', 'syntax error near "foo"'],
      ['perl', 'bin/app', 3, null, 'error', 'Can\'t locate object method "x" via package "Y"'],
    ]);
  });
});

describe('prove, older Test modules', () => {
  it("reads Test.pm's `# Failed test N in f at line L` and `# Test N got: … (f at line L)`, early Test::More's `(f at line L)`", () => {
    expect(
      brief(
        scan(
          [
            '# Failed test 1 in t/foo.t at line 6',
            'not ok 2# Test 2 got: "4" (t/old.t at line 6)',
            '#   Expected: "5"',
            '#     Failed test (t/more.t at line 46)',
            "#          got: '3'",
            "#     expected: '4'",
          ],
          ['prove'],
        ),
      ),
    ).toEqual([
      ['prove', 't/foo.t', 6, null, 'error', 'Failed test 1'],
      ['prove', 't/old.t', 6, null, 'error', 'Test 2 got: "4"; Expected: "5"'],
      ['prove', 't/more.t', 46, null, 'error', "Failed test: got: '3'; expected: '4'"],
    ]);
  });

  it("reads a die quoted in a failed test's `got:` string as the module's place, without a severity of its own", () => {
    const lines = [
      "#   Failed test 'sums'",
      '#   at t/sum.t line 7.',
      "#          got: 'Not a HASH reference at /build/dist/blib/lib/Kit/Sum.pm line 9.",
      "# '",
      "#     expected: '3'",
      "#          got: 'a plain string with no place'",
    ];
    expect(brief(scan(lines))).toEqual([
      ['prove', 't/sum.t', 7, null, 'error', "Failed test 'sums': got: 'Not a HASH reference at /build/dist/blib/lib/Kit/Sum.pm line 9."],
      ['prove', '/build/dist/blib/lib/Kit/Sum.pm', 9, null, null, "got: 'Not a HASH reference"],
    ]);
  });
});

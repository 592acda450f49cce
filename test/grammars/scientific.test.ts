// Scientific family: R parse errors with a location, traceback() srcref frames (basename only), testthat report
// headers (quoted 3.1 and unquoted 3.2 forms, backtrace srcrefs) and Julia traces, tests, JuliaSyntax errors and
// log records (formats.md §3.10, §3.11, §3.15, §3.18).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe('r', () => {
  it('reads the location of a parse error even when the call holds ` : `', () => {
    expect(
      scan([
        'Error in source("R/calc.R") : R/calc.R:3:18: unexpected symbol',
        '2:   total <- a + b',
        '3:   total <- total b',
        '                     ^',
        'Execution halted',
      ]),
    ).toEqual([
      expect.objectContaining({ file: 'R/calc.R', line: 3, column: 18, severity: 'error', message: 'unexpected symbol', format: 'r' }),
    ]);
    expect(scan(['Error in parse(text = "a : b", file = "x.R") : x.R:2:1: unexpected \'}\''])).toMatchObject([
      { file: 'x.R', line: 2, column: 1, message: "unexpected '}'" },
    ]);
  });

  it('reads traceback() srcref frames as one innermost-first trace, basename only, with the error message', () => {
    const locations = scan([
      'Error in ratio(x, by) : division by zero',
      'Calls: source ... eval -> main -> ratio',
      '10: stop("division by zero") at ratio.R#2',
      '9: ratio(x, by) at ratio.R#6',
      '8: FUN(X[[i]], ...)',
      '7: vapply(xs, f, numeric(1)) at ratio.R#6',
      '1: source("run.R")',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.index, l.frame?.innermostLast, l.hints?.basenameOnly, l.message])).toEqual([
      ['ratio.R', 2, 0, false, true, 'division by zero'],
      ['ratio.R', 6, 1, false, true, 'division by zero'],
      ['ratio.R', 6, 2, false, true, 'division by zero'],
    ]);
    expect(new Set(locations.map((l) => l.frame?.trace)).size).toBe(1);
  });

  it('finds nothing in a runtime error without srcrefs, echoed source lines or a deparsed `#` comment', () => {
    expect(
      scan([
        "Error in f(x) : object 'y' not found",
        'Calls: main -> f',
        '2:   y <- x + 1',
        '3: f(1) # see notes.R#4 later',
        'Execution halted',
      ]),
    ).toEqual([]);
  });
});

describe('testthat', () => {
  it('reads 3.1 quoted headers and the warning summary, relative to tests/testthat', () => {
    const locations = scan([
      "── Failure ('test-calc.R:4'): ratio divides ─────────",
      'ratio(6, 3) not equal to 3.',
      "── Error ('test-calc.R:9'): scaling fails ──────",
      'Error in `ratio(x, by)`: division by zero',
      'Backtrace:',
      '    ▆',
      ' 1. ├─testthat::expect_equal(scale_all(c(2, 4), 0), c(1, 2)) at test-calc.R:9:2',
      ' 2. └─global ratio(x, by)',
      "1. warns ('test-calc.R:12') - careful",
    ]);
    expect(locations).toMatchObject([
      {
        file: 'test-calc.R',
        line: 4,
        column: null,
        severity: 'error',
        message: 'ratio divides: ratio(6, 3) not equal to 3.',
        format: 'testthat',
        hints: { directory: 'tests/testthat' },
      },
      { file: 'test-calc.R', line: 9, severity: 'error', message: 'scaling fails: Error in `ratio(x, by)`: division by zero' },
      { file: 'test-calc.R', line: 12, severity: 'warning', message: 'warns: careful' },
    ]);
    expect(locations).toHaveLength(3);
  });

  it('reads the 3.2 unquoted form with a column and a backtrace frame in another file', () => {
    const locations = scan([
      '── Error (test-calc.R:9:3): scaling fails ──',
      'Error in `ratio(x, by)`: division by zero',
      'Backtrace:',
      ' 1. └─calc::ratio(1, 0) at calc/R/ratio.R:2:3',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.severity, l.frame?.index ?? null])).toEqual([
      ['test-calc.R', 9, 3, 'error', null],
      ['calc/R/ratio.R', 2, 3, null, 0],
    ]);
  });

  it('ignores skips and the results summary', () => {
    expect(scan(["── Skip ('test-net.R:3'): downloads ──", 'Reason: offline', '[ FAIL 0 | WARN 0 | SKIP 1 | PASS 4 ]'])).toEqual([]);
  });

  it('reads the pre-1.0 header with the srcref first, once per place, and trims the rule after a blank-padded name', () => {
    const locations = scan([
      '  1. Failure (at test-stamps.r#8): rejects letters ----------',
      '  parse_stamp("x") did not throw an error.',
      '  1. Failure (at test-stamps.r#8): rejects letters ',
      '  2. Error (at test-stamps.R#12): keeps zeros',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.message, l.hints?.directory])).toEqual([
      ['test-stamps.r', 8, 'error', 'rejects letters: parse_stamp("x") did not throw an error.', 'tests/testthat'],
      ['test-stamps.R', 12, 'error', 'keeps zeros', 'tests/testthat'],
    ]);
    expect(scan([`1. Failure (at test-x.R#3): x${' '.repeat(5_000)}-----`])).toMatchObject([{ file: 'test-x.R', line: 3, message: 'x' }]);
  });

  it('reads the header of the releases between, the srcref first after an @ alone, in a report and in the closing list', () => {
    const locations = scan([
      '  1. Failure (@test-sift.R#14): rejects a flag ----------',
      '  class(sift) not equal to "closure"',
      '  testthat results ================================================================',
      '  1. Failure (@test-sift.R#14): rejects a flag ',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.message])).toEqual([
      ['test-sift.R', 14, 'error', 'rejects a flag: class(sift) not equal to "closure"'],
    ]);
  });
});

describe('julia', () => {
  it('reads 1.6+ two-line frames, contracted home paths and marks Base frames as runtime', () => {
    const locations = scan([
      'ERROR: LoadError: UndefVarError: `totl` not defined',
      'Stacktrace:',
      ' [1] normalise(xs::Vector{Float64})',
      '   @ Main.Stats ~/work/app/src/stats.jl:5',
      ' [2] include(mod::Module, _path::String)',
      '   @ Base ./Base.jl:495',
      ' [3] top-level scope',
      '   @ ~/work/app/src/main.jl:6',
      'in expression starting at /home/u/work/app/src/main.jl:6',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.index, l.hints?.runtime ?? false, l.message])).toEqual([
      ['~/work/app/src/stats.jl', 5, 0, false, 'UndefVarError: `totl` not defined'],
      ['./Base.jl', 495, 1, true, 'UndefVarError: `totl` not defined'],
      ['~/work/app/src/main.jl', 6, 2, false, 'UndefVarError: `totl` not defined'],
    ]);
  });

  it('reports nested `in expression starting at` lines innermost first when the only non-Base frame is a module include', () => {
    const locations = scan([
      'ERROR: LoadError: LoadError: syntax: unexpected "end"',
      'Stacktrace:',
      ' [1] include at ./boot.jl:317 [inlined]',
      ' [2] include_relative(::Module, ::String) at ./loading.jl:1038',
      ' [3] include(::String) at /p/Tides/src/Tides.jl:1',
      ' [4] top-level scope at none:0',
      ' [5] eval(::Expr) at .\\client.jl:389',
      'in expression starting at /p/Tides/src/harmonics.jl:23',
      'in expression starting at /p/Tides/src/Tides.jl:5',
    ]);
    expect(locations.filter((l) => l.severity === 'error').map((l) => [l.file, l.line])).toEqual([
      ['/p/Tides/src/harmonics.jl', 23],
      ['/p/Tides/src/Tides.jl', 5],
    ]);
    expect(locations.find((l) => l.file === '.\\client.jl')?.hints?.runtime).toBe(true);
  });

  it('drops every nested trailer below a trace that holds the raising user frame', () => {
    const locations = scan([
      'ERROR: LoadError: LoadError: UndefVarError: rate not defined',
      'Stacktrace:',
      ' [1] price(::Int64) at /p/Shop/src/price.jl:4',
      ' [2] top-level scope at none:0',
      ' [3] include at ./boot.jl:317 [inlined]',
      'in expression starting at /p/Shop/src/table.jl:9',
      'in expression starting at /p/Shop/src/Shop.jl:6',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity])).toEqual([
      ['/p/Shop/src/price.jl', 4, null],
      ['./boot.jl', 317, null],
    ]);
  });

  it('keeps the `Some tests did not pass` trailers only when no test report was read above them', () => {
    const summary = [
      'ERROR: LoadError: Some tests did not pass: 3 passed, 1 failed, 0 errored, 0 broken.',
      'in expression starting at /p/Orbits/test/kepler.jl:3',
      'in expression starting at /p/Orbits/test/runtests.jl:4',
    ];
    expect(scan(summary).map((l) => [l.file, l.line, l.severity])).toEqual([
      ['/p/Orbits/test/kepler.jl', 3, 'error'],
      ['/p/Orbits/test/runtests.jl', 4, 'error'],
    ]);
    const reported = ['kepler: Test Failed at /p/Orbits/test/kepler.jl:5', '  Expression: period(4.0) ≈ 8.0', '', ...summary];
    expect(scan(reported).map((l) => [l.file, l.line])).toEqual([['/p/Orbits/test/kepler.jl', 5]]);
  });

  it('reads pre-1.6 one-line frames and a lone `in expression starting at` after a syntax error', () => {
    expect(scan(['ERROR: LoadError: syntax: incomplete: premature end of input', 'in expression starting at /src/a.jl:3'])).toMatchObject([
      { file: '/src/a.jl', line: 3, severity: 'error', message: 'syntax: incomplete: premature end of input', format: 'julia' },
    ]);
    expect(
      scan(['ERROR: LoadError: DomainError', 'Stacktrace:', ' [1] f(::Int64) at /src/a.jl:3', ' [2] top-level scope at none:0']),
    ).toMatchObject([{ file: '/src/a.jl', line: 3, frame: { index: 0 } }]);
  });

  it('keeps `in expression starting at` below a trace of Base frames only, and drops it below one with user frames', () => {
    const runtimeOnly = scan([
      'ERROR: LoadError: syntax: unexpected ")"',
      'Stacktrace:',
      ' [1] include(::Module, ::String) at ./Base.jl:368',
      ' [2] _start() at ./client.jl:506',
      'in expression starting at /src/a.jl:4',
    ]);
    expect(runtimeOnly.filter((l) => !l.hints?.runtime)).toMatchObject([
      { file: '/src/a.jl', line: 4, severity: 'error', message: 'syntax: unexpected ")"' },
    ]);
    const withUserFrame = scan([
      'ERROR: LoadError: DomainError',
      'Stacktrace:',
      ' [1] f(::Int64) at /src/b.jl:2',
      ' [2] include(::Module, ::String) at ./Base.jl:368',
      'in expression starting at /src/a.jl:4',
    ]);
    expect(withUserFrame.filter((l) => !l.hints?.runtime).map((l) => [l.file, l.line])).toEqual([['/src/b.jl', 2]]);
  });

  it('reads JuliaSyntax `# Error @` with its marker message, Test failures with a testset prefix and log records', () => {
    expect(
      scan([
        'ERROR: LoadError: ParseError:',
        '# Error @ /src/model.jl:3:15',
        '    return m +',
        '#             └ ── premature end of input',
      ]),
    ).toMatchObject([{ file: '/src/model.jl', line: 3, column: 15, severity: 'error', message: 'premature end of input' }]);
    expect(scan(['Calc: Test Failed at /src/test/runtests.jl:6', '  Expression: add(1, 2) == 3', '   Evaluated: 4 == 3'])).toMatchObject([
      { file: '/src/test/runtests.jl', line: 6, severity: 'error', message: 'Test Failed: Expression: add(1, 2) == 3: Evaluated: 4 == 3' },
    ]);
    expect(
      scan(['┌ Warning: legacy input', '│   path = "data.csv"', '└ @ Main ~/src/main.jl:4', '┌ Debug: noise', '└ @ Main ~/src/main.jl:9']),
    ).toMatchObject([{ file: '~/src/main.jl', line: 4, severity: 'warning', message: 'legacy input' }]);
  });

  it('finds nothing in the test summary table or a macro call site without a file', () => {
    expect(scan(['Test Summary: | Pass  Fail  Total', 'Calc          |    1     1      2', '   @ :0', '   @ stdin:4'])).toEqual([]);
  });
});

// BEAM family: Elixir warnings with the location on the next line, ExUnit blocks, erlc, EUnit frames and
// tuples only inside a failure report (formats.md rows 82–84; §3.10, §3.18).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe('elixir', () => {
  it('takes a warning location from the next line (1.14) and from the └─ line (1.15+)', () => {
    expect(
      scan([
        'warning: variable "y" is unused',
        '  lib/warn.ex:3: Warn.f/1',
        '',
        'warning: undefined function foo/0',
        '  │',
        '3 │   foo()',
        '  │   ~',
        '  │',
        '  └─ lib/b.ex:3:3: B.g/0',
      ]),
    ).toMatchObject([
      { file: 'lib/warn.ex', line: 3, column: null, severity: 'warning', message: 'variable "y" is unused', format: 'elixir' },
      { file: 'lib/b.ex', line: 3, column: 3, severity: 'warning', message: 'undefined function foo/0' },
    ]);
  });

  it('marks OTP/Elixir runtime frames but not the project app prefix', () => {
    const locations = scan([
      '** (ArithmeticError) bad argument',
      '    (calc 0.1.0) lib/calc.ex:5: Calc.div/2',
      '    (elixir 1.14.0) lib/enum.ex:1658: Enum.map/2',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.hints?.runtime ?? false, l.message])).toEqual([
      ['lib/calc.ex', 5, false, 'ArithmeticError: bad argument'],
      ['lib/enum.ex', 1658, true, 'ArithmeticError: bad argument'],
    ]);
  });

  it("marks a module's frame at line 1 of its .ex file generated (a macro's code), in a trace and a stack term alike", () => {
    const locations = scan([
      "stack: [{Shop.Router, :call, 2, [file: 'lib/shop/router.ex', line: 1]}, {Shop.Web, :run, 1, [file: 'lib/shop/web.ex', line: 9]}]",
      '** (UndefinedFunctionError) function Shop.Cart.init/1 is undefined',
      '    lib/shop/router.ex:1: Shop.Router.call/2',
      '    lib/shop/web.ex:9: Shop.Web.run/1',
      '    boot.exs:1: (file)',
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.hints?.generated ?? false, l.frame?.index])).toEqual([
      ['otp-stack-term', 'lib/shop/router.ex', 1, true, 0],
      ['otp-stack-term', 'lib/shop/web.ex', 9, false, 1],
      ['elixir', 'lib/shop/router.ex', 1, true, 0],
      ['elixir', 'lib/shop/web.ex', 9, false, 1],
      ['elixir', 'boot.exs', 1, false, 2],
    ]);
    // A compiler's error at line 1 is the place.
    expect(scan(['** (CompileError) lib/shop/router.ex:1: module Shop.Plug is not loaded'])[0]?.hints?.generated).toBeUndefined();
  });

  it('ignores code-frame gutters and a location line without a warning or trace above', () => {
    expect(scan(['  3 |     x +* 1', '    |        ^', 'see also', '  lib/x.ex:3: X.f/0'], ['exunit', 'elixir'])).toEqual([]);
  });
});

describe('exunit', () => {
  it('reads the lone test location and one trace per failure', () => {
    const locations = scan([
      '  1) test adds (CalcTest)',
      '     test/calc_test.exs:4',
      '     Assertion with == failed',
      '     code:  assert 1 == 2',
      '     left:  1',
      '     stacktrace:',
      '       test/calc_test.exs:5: (test)',
    ]);
    expect(locations).toMatchObject([
      {
        file: 'test/calc_test.exs',
        line: 4,
        severity: null,
        message: 'test adds (CalcTest): Assertion with == failed left: 1',
        format: 'exunit',
      },
      { file: 'test/calc_test.exs', line: 5, frame: { index: 0, innermostLast: false } },
    ]);
  });

  it('reads the frames under a `stacktrace:` label whose failure block the paste cut off, and only those', () => {
    const locations = scan([
      '   stacktrace:',
      '       (elixir) lib/keyword.ex:532: Keyword.fetch!/2',
      '       (ledger) lib/ledger/import.ex:7: Ledger.Import.parse_row/2',
      '       test/ledger/import_test.exs:9: (test)',
    ]);
    expect(locations.map((loc) => [loc.format, loc.file, loc.line, loc.frame?.trace, loc.frame?.index, loc.hints?.runtime])).toEqual([
      ['exunit', 'lib/keyword.ex', 532, 1, 0, true],
      ['exunit', 'lib/ledger/import.ex', 7, 1, 1, undefined],
      ['exunit', 'test/ledger/import_test.exs', 9, 1, 2, undefined],
    ]);
    // The same frames under no label and no failure block are not ExUnit's.
    expect(scan(['       (ledger) lib/ledger/import.ex:7: Ledger.Import.parse_row/2'], ['exunit'])).toEqual([]);
  });
});

describe('erlc and eunit', () => {
  it('reads an erlc error without severity word and a warning, not the % code frame', () => {
    expect(
      scan([
        'src/m.erl:4:8: function undefined_fun/0 undefined',
        '%    4| f() -> undefined_fun().',
        '%     |        ^',
        "src/m.erl:7:5: Warning: variable 'Y' is unused",
      ]),
    ).toMatchObject([
      { file: 'src/m.erl', line: 4, column: 8, severity: 'error', message: 'function undefined_fun/0 undefined', format: 'erlc' },
      { file: 'src/m.erl', line: 7, column: 5, severity: 'warning' },
    ]);
  });

  it('reads EUnit frames, drops OTP harness frames, and reads tuples only inside the error term', () => {
    const locations = scan([
      'calc_tests: stack_test...*failed*',
      'in function calc_tests:stack_test/0 (test/calc tests.erl, line 15)',
      'in call from eunit_test:run_testfun/1 (eunit_test.erl, line 71)',
      '**error:{assertEqual,[{module,calc_tests},',
      '              {value,{calc,ratio,2,[{file,"src/calc.erl"},{line,6}]}}]}',
      '  output:<<"">>',
      '',
      '  {value,{calc,ratio,2,[{file,"src/other.erl"},{line,9}]}}',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.hints?.runtime ?? false, l.format])).toEqual([
      ['test/calc tests.erl', 15, false, 'eunit'],
      ['eunit_test.erl', 71, true, 'eunit'],
      ['src/calc.erl', 6, false, 'eunit'],
      // Outside the report a stack entry's location list is still a location (otp-stack-term), not EUnit's.
      ['src/other.erl', 9, false, 'otp-stack-term'],
    ]);
    expect(locations[0]?.message).toMatch(/^calc_tests: stack_test failed: error:\{assertEqual/);
  });

  it("reads the shell's exception report: its indented frames, OTP's bare-named modules as the runtime", () => {
    const locations = scan([
      '1> ** exception error: an error occurred when evaluating an arithmetic expression',
      '     in operator  +/2',
      '        called as a + 1',
      "     in call from tally:'-run/1-fun-0-'/2 (tally.erl, line 5)",
      '     in function  lists:foldl_1/3 (lists.erl, line 1355)',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.hints?.runtime ?? false, l.format, l.message])).toEqual([
      ['tally.erl', 5, false, 'eunit', 'an error occurred when evaluating an arithmetic expression'],
      ['lists.erl', 1355, true, 'eunit', 'an error occurred when evaluating an arithmetic expression'],
    ]);
  });

  it('does not read Erlang tuples outside an EUnit report unless they are a stack entry location list', () => {
    // The prose tier's record fields (prose/fields.ts) still propose the pair, kept only if the workspace has the file.
    expect(scan(['{"init terminating",{undef,[{file,"src/m.erl"},{line,3}]}}'])).toMatchObject([
      { file: 'src/m.erl', line: 3, format: 'prose', hints: { confirm: true } },
    ]);
    expect(scan(['[{m,f,0,[{file,"src/m.erl"},{line,12}]}]'])).toMatchObject([{ file: 'src/m.erl', line: 12, format: 'otp-stack-term' }]);
  });
});

describe('otp-stack-term', () => {
  it('reads the location lists of a stack term printed mid-line, innermost entry first, OTP files as runtime', () => {
    const found = scan([
      '    exception exit: {{badarg,[{pump,start,1,[{file,"src/pump.erl"},{line,40}]},' +
        '{gen_server,init_it,2,[{file,"gen_server.erl"},{line,851}]}]},[{proc_lib,init_p,5,[{file,"proc_lib.erl"},{line,240}]}]}',
    ]);
    expect(found.map((loc) => [loc.file, loc.line, loc.frame?.index, loc.hints?.runtime ?? false])).toEqual([
      ['src/pump.erl', 40, 0, false],
      ['gen_server.erl', 851, 1, true],
      ['proc_lib.erl', 240, 2, true],
    ]);
    expect(found[0]).toMatchObject({ format: 'otp-stack-term', message: 'process terminated: badarg' });
  });

  it("joins a pair a pretty printer broke across lines, and reads Elixir's keyword form", () => {
    const found = scan([
      '     Reason:     {{case_clause,nope},',
      '                  [{valve,handle_info,2,',
      '                          [{file,"src/valve.erl"},',
      '                           {line,77}]}]}',
      '',
      "** (stop) {:EXIT, {:function_clause, [{Meter, :read, 1, [file: 'lib/meter.ex', line: 12]}]}}",
    ]);
    expect(found.map((loc) => [loc.file, loc.line])).toEqual([
      ['src/valve.erl', 77],
      ['lib/meter.ex', 12],
    ]);
    expect(found[0]?.message).toBe('process terminated: case_clause');
  });

  it('reads a file tuple broken after `{file,` when the path is too long for the width, as one trace', () => {
    const found = scan([
      'Uncaught error: {error,function_clause,',
      '                    [{ledger,open,',
      '                         [nope],',
      '                         [{file,',
      '                              "/home/ci/build/acme/ledger/_build/default/lib/ledger/src/ledger.erl"},',
      '                          {line,21}]},',
      '                     {ledger,main,1,',
      '                         [{file,',
      '                              "/home/ci/build/acme/ledger/_build/default/lib/ledger/src/ledger.erl"},',
      '                          {line,9}]}]}',
    ]);
    expect(found.map((loc) => [loc.line, loc.frame?.index, loc.format])).toEqual([
      [21, 0, 'otp-stack-term'],
      [9, 1, 'otp-stack-term'],
    ]);
    expect(found[0]?.frame?.trace).toBe(found[1]?.frame?.trace);
    // A `{file,` that ends a line after a reason atom, or a path line with no `{line,N}` below, is not an entry.
    expect(scan(['{badarg, [{file,', '   "src/a.erl"},', '   {line,3}]}'])).toEqual([]);
    expect(scan(['{m,f,1,', '  [{file,', '    "src/a.erl"},', '   {other,3}]}'])).toEqual([]);
  });

  it('leaves a file tuple that is not a stack entry location list alone', () => {
    // No beam format reads them; the prose tier's record fields propose the pair for the workspace to confirm.
    expect(scan(['{ok,[{file,"notes.erl"}]}', 'Config: {file,"src/a.erl"},{line,3}'])).toMatchObject([
      { file: 'src/a.erl', line: 3, format: 'prose', hints: { confirm: true } },
    ]);
  });
});

describe('erlang-consult', () => {
  it('reads the line of file:consult/1 ErrorInfo after the file, on one line, with a column, or broken after `{error,`', () => {
    const found = scan(
      [
        'Failed to load sys.config: {error,{7,erl_parse,["syntax error before: ","\'.\'"]}}',
        'bad term in conf/node.config: {error,{{12,3},erl_scan,{string,34,"x"}}}',
        'ERROR: Failed to load conf/long/app.config: {error,',
        '                                             {19,',
        '                                              file,',
        '                                              {error,undef,[]}}}',
      ],
      ['erlang-consult'],
    );
    expect(found.map((l) => [l.file, l.line, l.column, l.message])).toEqual([
      ['sys.config', 7, null, 'erl_parse: ["syntax error before: ","\'.\'"]'],
      ['conf/node.config', 12, 3, 'erl_scan: {string,34,"x"}'],
      ['conf/long/app.config', 19, null, 'file: {error,undef,[]}'],
    ]);
  });
  it('ignores an error tuple after a word that is no path, or with no line', () => {
    expect(scan(['reply: {error,{4,erl_parse,x}}', 'Failed to load a.config: {error,enoent}'], ['erlang-consult'])).toEqual([]);
  });
});

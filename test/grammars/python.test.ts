// Hard cases of the Python family: chained tracebacks, pseudo-paths, quoted paths with spaces, SyntaxError
// carets, pytest's three --tb styles and their session gating, mypy's four-number form, and look-alikes.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog, withoutWeakTiers } from '../_scan.js';

const PYTHON_FORMATS = ['python-syntax-error', 'python-traceback', 'pytest-long', 'pytest-short', 'pytest-line', 'mypy'];

const scan = (lines: string[], formats?: string[]) => withoutWeakTiers(scanLog(lines, formats));

const brief = (locations: RawLocation[]) =>
  locations.map((l) => ({ file: l.file, line: l.line, column: l.column, severity: l.severity, message: l.message, format: l.format }));

describe('python-traceback', () => {
  it('ranks a `from` chain root-first, and an exception raised while handling the chain as its failure', () => {
    const locations = scan([
      'Traceback (most recent call last):',
      '  File "/app/db.py", line 3, in connect',
      '    sock.connect(addr)',
      'ConnectionRefusedError: [Errno 111] Connection refused',
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      'Traceback (most recent call last):',
      '  File "/app/repo.py", line 9, in load',
      '    raise RepoError("db down") from e',
      'repo.RepoError: db down',
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      '  File "/app/main.py", line 20, in <module>',
      '    main()',
      '  File "/app/main.py", line 14, in main',
      '    log.write(x)',
      '    ~~~~~~~~~^^^',
      "NameError: name 'log' is not defined",
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.causeRank, l.frame?.index, l.message])).toEqual([
      ['/app/db.py', 3, 1, 0, 'ConnectionRefusedError: [Errno 111] Connection refused'],
      ['/app/repo.py', 9, 2, 0, 'repo.RepoError: db down'],
      ['/app/main.py', 20, 0, 0, "NameError: name 'log' is not defined"],
      ['/app/main.py', 14, 0, 1, "NameError: name 'log' is not defined"],
    ]);
    const traces = new Set(locations.map((l) => l.frame?.trace));
    expect(traces.size).toBe(3);
    expect(locations.every((l) => l.frame?.innermostLast === true && l.severity === null && l.format === 'python-traceback')).toBe(true);
  });

  it("reads frames behind a logger's head (its digits changing line to line) in Python's order, chain lines too", () => {
    const head = (n: number): string => `2026-03-04 10:00:0${n}.${n}21 kiln-2 ERROR `;
    const locations = scan([
      `${head(1)}  File "/app/glaze.py", line 6, in mix`,
      `${head(2)}    load()`,
      `${head(3)}KeyError: 'tint'`,
      head(4),
      `${head(5)}During handling of the above exception, another exception occurred:`,
      head(6),
      `${head(7)}Traceback (most recent call last):`,
      `${head(8)}  File "/app/main.py", line 3, in <module>`,
      `${head(9)}    mix()`,
      `${head(1)}  File "/app/glaze.py", line 9, in mix`,
      `${head(2)}    return DEFAULTS[name]`,
      `${head(3)}NameError: name 'DEFAULTS' is not defined`,
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.trace, l.frame?.index, l.frame?.causeRank, l.message])).toEqual([
      ['/app/glaze.py', 6, 1, 0, 1, "KeyError: 'tint'"],
      ['/app/main.py', 3, 2, 0, 0, "NameError: name 'DEFAULTS' is not defined"],
      ['/app/glaze.py', 9, 2, 1, 0, "NameError: name 'DEFAULTS' is not defined"],
    ]);
    // A head with a bar (a compose service's) is no ExceptionGroup box; a head the line below lacks is no margin.
    const service = scan(['web-1  |   File "/app/a.py", line 2, in f', 'web-1  |     f()', 'web-1  | ValueError: x']);
    expect(service.map((l) => [l.file, l.frame?.causeRank, l.message])).toEqual([['/app/a.py', 0, 'ValueError: x']]);
    expect(scan(['note: see   File "/app/a.py", line 2, in f', 'something else']).filter((l) => l.format === 'python-traceback')).toEqual(
      [],
    );
  });

  it('starts an unrelated traceback (no chain line) as a new root cause', () => {
    const locations = scan([
      'Traceback (most recent call last):',
      '  File "/app/a.py", line 1, in <module>',
      'ValueError: one',
      'some output',
      'Traceback (most recent call last):',
      '  File "/app/b.py", line 2, in <module>',
      'KeyError: two',
    ]);
    expect(locations.map((l) => l.frame?.causeRank)).toEqual([0, 0]);
    expect(locations[0]?.frame?.trace).not.toBe(locations[1]?.frame?.trace);
  });

  it('emits <frozen …>, <string> and stdlib frames (resolve drops them) and marks pseudo-paths as runtime', () => {
    const locations = scan([
      'Traceback (most recent call last):',
      '  File "/app/main.py", line 1, in <module>',
      '    import plugin',
      '  File "<frozen importlib._bootstrap>", line 1176, in _find_and_load',
      '  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads',
      '    return _default_decoder.decode(s)',
      '  File "<string>", line 1, in <module>',
      "ModuleNotFoundError: No module named 'plugin'",
    ]);
    expect(locations.map((l) => [l.file, l.line, l.hints?.runtime ?? false])).toEqual([
      ['/app/main.py', 1, false],
      ['<frozen importlib._bootstrap>', 1176, true],
      ['/usr/lib/python3.11/json/__init__.py', 346, false],
      ['<string>', 1, true],
    ]);
    expect(locations.map((l) => l.frame?.index)).toEqual([0, 1, 2, 3]);
  });

  it('reads a quoted path containing spaces and parentheses', () => {
    const [frame] = scan([
      'Traceback (most recent call last):',
      '  File "/home/me/My Project (copy)/src/app.py", line 42, in run',
      '    1 / 0',
      'ZeroDivisionError: division by zero',
    ]);
    expect(frame).toMatchObject({
      file: '/home/me/My Project (copy)/src/app.py',
      line: 42,
      message: 'ZeroDivisionError: division by zero',
    });
  });

  it('gives frames beyond the look-ahead window the exception message once it is found', () => {
    const frames: string[] = [];
    for (let index = 0; index < 30; index++) frames.push(`  File "/app/deep.py", line ${index + 1}, in f${index}`, `    f${index + 1}()`);
    const locations = scan(['Traceback (most recent call last):', ...frames, 'RecursionError: maximum recursion depth exceeded']);
    expect(locations).toHaveLength(30);
    expect(locations.every((l) => l.message === 'RecursionError: maximum recursion depth exceeded')).toBe(true);
  });

  it("reads a traceback behind a host console's comment marker (Maya's `# `), the innermost frame last", () => {
    const locations = scan([
      '# Traceback (most recent call last):',
      '#   File "/home/ana/maya/scripts/kit/ui.py", line 6, in on_click',
      '#     return core.run(side)',
      '#   File "/home/ana/maya/scripts/kit/core.py", line 11, in run',
      '#     return offsets[axis]',
      "# KeyError: 'x' # ",
    ]);
    expect(locations.map((l) => [l.file, l.line, l.format, l.frame?.index, l.frame?.innermostLast, l.message])).toEqual([
      ['/home/ana/maya/scripts/kit/ui.py', 6, 'python-traceback', 0, true, "KeyError: 'x' #"],
      ['/home/ana/maya/scripts/kit/core.py', 11, 'python-traceback', 1, true, "KeyError: 'x' #"],
    ]);
  });

  it('takes a comment marker as a margin only in a run of marked lines', () => {
    const lone = scan(['def retry():', '# File "/app/old.py", line 3, in retry', '    pass']);
    expect(lone.filter((l) => l.format === 'python-traceback')).toEqual([]);
  });
});

describe('python-syntax-error', () => {
  it('takes the column from the caret, relative to the 4-space re-indented echo', () => {
    const locations = scan([
      '  File "/app/broken.py", line 6',
      '    print(greet("ada")',
      '         ^',
      "SyntaxError: '(' was never closed",
    ]);
    expect(brief(locations)).toEqual([
      {
        file: '/app/broken.py',
        line: 6,
        column: 6,
        severity: 'error',
        message: "SyntaxError: '(' was never closed",
        format: 'python-syntax-error',
      },
    ]);
  });

  it('takes the start of a ^^^^ range and leaves IndentationError without a column', () => {
    const range = scan([
      '  File "/app/s.py", line 2',
      '    LEVELS = {"warn": 2 "error": 3}',
      '                      ^^^^^^^^^',
      'SyntaxError: invalid syntax. Perhaps you forgot a comma?',
    ]);
    expect(range[0]).toMatchObject({ line: 2, column: 19, severity: 'error' });
    const indentation = scan([
      '  File "/app/b.py", line 5',
      '    return result',
      '                 ^',
      'IndentationError: unindent does not match any outer indentation level',
    ]);
    expect(indentation[0]).toMatchObject({ line: 5, column: null, severity: 'error', format: 'python-syntax-error' });
  });

  it('is an error diagnostic after the import frames of a traceback, which stay frames', () => {
    const locations = scan([
      'Traceback (most recent call last):',
      '  File "/app/main.py", line 1, in <module>',
      '    from settings import DEBUG',
      '  File "/app/settings.py", line 2',
      '    x = = 1',
      '        ^',
      'SyntaxError: invalid syntax',
    ]);
    expect(locations.map((l) => [l.file, l.format, l.severity, l.frame !== undefined, l.message])).toEqual([
      ['/app/main.py', 'python-traceback', null, true, 'SyntaxError: invalid syntax'],
      ['/app/settings.py', 'python-syntax-error', 'error', false, 'SyntaxError: invalid syntax'],
    ]);
  });
});

const SESSION = ['============================= test session starts ==============================', 'rootdir: /repo', ''];

describe('pytest', () => {
  it('long: E lines above the raising location are its message; `path:L: ` frames belong to the same failure', () => {
    const locations = scan([
      ...SESSION,
      '=================================== FAILURES ===================================',
      '______________________________ test_average ______________________________',
      '',
      '>       assert average([]) == 0',
      '',
      'tests/test_calc.py:13: ',
      '_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ ',
      '>           raise ZeroDivisionError("parts must be non-zero")',
      'E           ZeroDivisionError: parts must be non-zero',
      '',
      'src/calc.py:7: ZeroDivisionError',
      '=========================== short test summary info ============================',
      'FAILED tests/test_calc.py::test_average - ZeroDivisionError: parts must...',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.message, l.format, l.frame?.index])).toEqual([
      ['tests/test_calc.py', 13, null, '', 'pytest-long', 0],
      ['src/calc.py', 7, 'error', 'ZeroDivisionError: parts must be non-zero', 'pytest-long', 1],
    ]);
    expect(locations[0]?.frame?.trace).toBe(locations[1]?.frame?.trace);
    expect(locations[1]?.frame?.innermostLast).toBe(true);
  });

  it('long: a chained exception inside one failure ranks its second section 1', () => {
    const locations = scan([
      ...SESSION,
      '=================================== FAILURES ===================================',
      '______________________________ test_load ______________________________',
      'E       ValueError: bad',
      '',
      'src/conf.py:3: ValueError',
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      'E       conf.ConfigError: invalid',
      '',
      'src/conf.py:5: ConfigError',
      '______________________________ test_next ______________________________',
      'E       assert 1 == 2',
      '',
      'tests/test_b.py:4: AssertionError',
    ]);
    expect(locations.map((l) => [l.line, l.frame?.causeRank, l.message])).toEqual([
      [3, 0, 'ValueError: bad'],
      [5, 1, 'conf.ConfigError: invalid'],
      [4, 0, 'assert 1 == 2'],
    ]);
  });

  it('long: a section raised while handling the one above is the failure (a pytest.raises whose check failed)', () => {
    const locations = scan([
      ...SESSION,
      '=================================== FAILURES ===================================',
      '______________________________ test_thin ______________________________',
      'E       glaze.GlazeError: too thick',
      '',
      'src/glaze.py:7: GlazeError',
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      '>       with pytest.raises(GlazeError, match="thin"):',
      'E       AssertionError: Regex pattern did not match.',
      '',
      'tests/test_glaze.py:12: AssertionError',
      '______________________________ test_next ______________________________',
      'E       assert 1 == 2',
      '',
      'tests/test_b.py:4: AssertionError',
    ]);
    expect(locations.map((l) => [l.line, l.frame?.causeRank])).toEqual([
      [7, 1],
      [12, 0],
      [4, 0],
    ]);
  });

  it('short: `path:L: in func` frames; the one followed by E lines is the raising one', () => {
    const locations = scan([
      ...SESSION,
      '=================================== FAILURES ===================================',
      '______________________________ test_average_empty ______________________________',
      'tests/test_calc.py:13: in test_average_empty',
      '    assert average([]) == 0',
      '           ^^^^^^^^^^^',
      'src/calc.py:7: in ratio',
      '    raise ZeroDivisionError("parts must be non-zero")',
      'E   ZeroDivisionError: parts must be non-zero',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.message, l.format, l.frame?.index])).toEqual([
      ['tests/test_calc.py', 13, null, '', 'pytest-short', 0],
      ['src/calc.py', 7, 'error', 'ZeroDivisionError: parts must be non-zero', 'pytest-short', 1],
    ]);
  });

  it('line: absolute one-liners are error diagnostics; FAILED summary lines emit nothing', () => {
    const locations = scan([
      ...SESSION,
      '=================================== FAILURES ===================================',
      'E   assert 3 == 4',
      '     +  where 3 = add(1, 2)',
      '/repo/tests/test_calc.py:9: assert 3 == 4',
      '=========================== short test summary info ============================',
      'FAILED tests/test_calc.py::test_eq - assert 3 == 4',
      'FAILED tests/test_calc.py::test_x[a.py:1] - see lib.py:12',
    ]);
    expect(brief(locations)).toEqual([
      { file: '/repo/tests/test_calc.py', line: 9, column: null, severity: 'error', message: 'assert 3 == 4', format: 'pytest-line' },
    ]);
  });

  it("outside a pytest session, and in captured output, `x.py:L: …` lines are not pytest's", () => {
    expect(scan(['tests/test_calc.py:9: AssertionError'], PYTHON_FORMATS)).toEqual([]);
    const captured = scan(
      [
        ...SESSION,
        '=================================== FAILURES ===================================',
        '______________________________ test_x ______________________________',
        '--------------------------- Captured stdout call ---------------------------',
        'tool.py:3: something the program printed',
      ],
      PYTHON_FORMATS,
    );
    expect(captured).toEqual([]);
  });

  it('reads a collection SyntaxError that pytest re-prints behind its `E   ` markers (real pytest 9.0.3 output)', () => {
    const locations = scan([
      ...SESSION,
      '==================================== ERRORS ====================================',
      '______________________ ERROR collecting tests/test_bad.py ______________________',
      '/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/_pytest/python.py:507: in importtestmodule',
      '    mod = import_path(',
      '<frozen importlib._bootstrap>:1204: in _gcd_import',
      '    ???',
      '/root/.pyenv/versions/3.11.7/lib/python3.11/ast.py:50: in parse',
      '    return compile(source, filename, mode, flags,',
      'E     File "/tmp/pyt/proj/tests/test_bad.py", line 3',
      'E       def f(',
      'E            ^',
      "E   SyntaxError: '(' was never closed",
      '=========================== short test summary info ============================',
      'ERROR tests/test_bad.py',
    ]);
    expect(locations[1]?.message).toBe("SyntaxError: '(' was never closed");
    expect(locations.map((l) => [l.file, l.line, l.column, l.severity, l.format])).toEqual([
      ['/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/_pytest/python.py', 507, null, null, 'pytest-short'],
      ['/root/.pyenv/versions/3.11.7/lib/python3.11/ast.py', 50, null, 'error', 'pytest-short'],
      ['/tmp/pyt/proj/tests/test_bad.py', 3, 6, 'error', 'python-syntax-error'],
    ]);
  });

  it('leaves mypy-shaped lines inside a session to mypy', () => {
    const locations = scan([
      ...SESSION,
      '=================================== FAILURES ===================================',
      'src/m.py:4: error: Bad  [misc]',
    ]);
    expect(locations.map((l) => [l.format, l.code])).toEqual([['mypy', 'misc']]);
  });
});

describe('mypy', () => {
  it('reads the four-number form (end column recorded as printed), the code, and notes', () => {
    const locations = scan([
      'src/pkg/m.py:4:12:4:19: error: Incompatible return value type (got "int", expected "str")  [return-value]',
      'src/pkg/m.py:9: note: "List" is invariant -- see https://mypy.readthedocs.io/en/stable/common_issues.html#variance',
      'Found 1 error in 1 file (checked 2 source files)',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.endLine, l.endColumn, l.severity, l.code, l.message])).toEqual([
      ['src/pkg/m.py', 4, 12, 4, 19, 'error', 'return-value', 'Incompatible return value type (got "int", expected "str")'],
      [
        'src/pkg/m.py',
        9,
        null,
        null,
        null,
        'note',
        null,
        '"List" is invariant -- see https://mypy.readthedocs.io/en/stable/common_issues.html#variance',
      ],
    ]);
  });

  it('joins a --pretty message wrapped above its marker, and glues nothing on without one', () => {
    const pretty = scan([
      'src/m.py:10: error: Incompatible return value type (got "int", expected',
      '"str")  [return-value]',
      '        return result',
      '               ^~~~~~',
    ]);
    expect(pretty.map((l) => [l.column, l.endColumn, l.code, l.message])).toEqual([
      [12, 17, 'return-value', 'Incompatible return value type (got "int", expected "str")'],
    ]);
    // A plain run followed by another tool's line: no marker confirms a wrap, so the message stays as printed.
    const plain = scan(['src/m.py:10: error: Incompatible return value type', 'make: *** [Makefile:3: check] Error 1'], ['mypy']);
    expect(plain.map((l) => [l.column, l.endColumn, l.message])).toEqual([[null, null, 'Incompatible return value type']]);
  });
});

describe('django-traceback (the 1.x debug page)', () => {
  it('reads each `File "F" in fn` header with the line numbered below it, outermost first, with the exception', () => {
    const locations = scan([
      'Traceback:',
      '',
      'File "/srv/venv/lib/python2.7/site-packages/django/core/handlers/base.py" in get_response',
      '  132.                     response = wrapped_callback(request, *callback_args, **callback_kwargs)',
      '',
      'File "/srv/shop/orders/views.py" in receipt',
      '  23.     total = order.total / order.items',
      '',
      'Exception Type: ZeroDivisionError at /orders/7/receipt/',
      'Exception Value: integer division or modulo by zero',
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.message, l.frame?.index, l.frame?.innermostLast])).toEqual([
      [
        'django-traceback',
        '/srv/venv/lib/python2.7/site-packages/django/core/handlers/base.py',
        132,
        'ZeroDivisionError: integer division or modulo by zero',
        0,
        true,
      ],
      ['django-traceback', '/srv/shop/orders/views.py', 23, 'ZeroDivisionError: integer division or modulo by zero', 1, true],
    ]);
    expect(locations[0]?.frame?.trace).toBe(locations[1]?.frame?.trace);
  });

  it('leaves a header without its numbered line, and prose quoting one', () => {
    expect(scan(['File "/srv/shop/orders/views.py" in receipt', 'Exception Value: boom'])).toEqual([]);
    expect(scan(['I looked at File "/srv/shop/orders/views.py" in receipt', '  23. total = 1'])).toEqual([]);
  });
});

describe('look-alikes', () => {
  it('clock times and host:port in a Python log produce nothing', () => {
    const lines = [
      ...SESSION,
      '=================================== FAILURES ===================================',
      '12:30:45 connecting to example.org:443',
      'example.org:443: connection refused',
      '12:30:45: retrying',
      'Traceback (most recent call last):',
      'requests.exceptions.ConnectionError: example.org:443',
    ];
    expect(scan(lines, PYTHON_FORMATS)).toEqual([]);
    expect(scan(lines)).toEqual([]);
  });
});

// Python linters: pyright, pylint, ruff, flake8/pycodestyle, pyflakes, CPython warnings (formats.md §2 rows 44–48,
// §3.10 multi-line pyright/ruff, §3.16 pylint 0-based columns, §3.18 look-alikes).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe('pylint 1.x', () => {
  it('reads the module header whatever the length of its asterisk rule (a pasted report may have changed it)', () => {
    const rows = (rule: string) =>
      scan([`${rule} Module shop.cart`, "E: 15, 8: Method 'total' has no 'sum' member (no-member)"]).map(
        (location) => `${location.format} ${location.file}:${location.line}:${location.column ?? ''} ${location.severity ?? ''}`,
      );
    expect(rows('*************')).toEqual(['pylint-1 shop/cart.py:15:9 error']);
    expect(rows('*******************')).toEqual(['pylint-1 shop/cart.py:15:9 error']);
    expect(rows('*****')).toEqual(['pylint-1 shop/cart.py:15:9 error']);
  });

  it('takes no row without a module header above it', () => {
    expect(scan(["E: 15, 8: Method 'total' has no 'sum' member (no-member)"]).filter((l) => l.format === 'pylint-1')).toEqual([]);
  });
});

describe('pylint', () => {
  it('converts the 0-based column and keeps the message id as the code', () => {
    const [location, ...rest] = scan([
      '************* Module shop.cart',
      'src/shop/cart.py:3:0: C0116: Missing function or method docstring (missing-function-docstring)',
    ]);
    expect(rest).toEqual([]);
    expect(location).toMatchObject({
      file: 'src/shop/cart.py',
      line: 3,
      column: 1,
      severity: 'note',
      code: 'C0116',
      format: 'pylint',
      columnUnit: 'byte',
    });
  });

  it('maps E/F to error and W to warning; a message with parentheses keeps them', () => {
    const locations = scan([
      "src/b.py:3:66: E0001: Parsing failed: 'closing parenthesis (<unknown>, line 3)' (syntax-error)",
      'src/a.py:2:0: W0611: Unused import os (unused-import)',
    ]);
    expect(locations.map((l) => [l.severity, l.code, l.column])).toEqual([
      ['error', 'E0001', 67],
      ['warning', 'W0611', 1],
    ]);
    expect(locations[0]?.message).toBe("Parsing failed: 'closing parenthesis (<unknown>, line 3)' (syntax-error)");
  });

  it('reads the parseable format (no column) with the same message as the text format', () => {
    const [location] = scan(["src/a.py:13: [E0602(undefined-variable), describe] Undefined variable 'lable'"]);
    expect(location).toMatchObject({
      line: 13,
      column: null,
      code: 'E0602',
      message: "Undefined variable 'lable' (undefined-variable)",
      format: 'pylint',
    });
  });
});

describe('pyright', () => {
  it('takes the rule from the last continuation line, which pyright indents with no-break spaces', () => {
    const locations = scan([
      '/abs/pyproj/m.py',
      '  /abs/pyproj/m.py:2:12 - error: Type "float" is not assignable to return type "str"',
      '  \u00a0 \u00a0 "float" is not assignable to "str" (reportReturnType)',
      '  /abs/pyproj/m.py:6:5 - warning: Variable "unused" is not accessed (reportUnusedVariable)',
      '  /abs/pyproj/m.py:9:1 - information: Import cycle',
      '1 error, 1 warning, 1 information',
    ]);
    expect(locations.map((l) => [l.line, l.column, l.severity, l.code, l.format])).toEqual([
      [2, 12, 'error', 'reportReturnType', 'pyright'],
      [6, 5, 'warning', 'reportUnusedVariable', 'pyright'],
      [9, 1, 'note', null, 'pyright'],
    ]);
    expect(locations[0]?.message).toBe('Type "float" is not assignable to return type "str"');
    expect(locations[0]?.columnUnit).toBe('utf-16');
  });

  it('keeps a path with spaces whole', () => {
    const [location] = scan(['  /home/u/My Project/m.py:2:12 - error: Expected 1 positional argument (reportCallIssue)']);
    expect(location).toMatchObject({ file: '/home/u/My Project/m.py', line: 2, column: 12, code: 'reportCallIssue' });
  });
});

describe('ruff', () => {
  it('full output: the header above the arrow gives code and message, whatever the arrow indent', () => {
    const locations = scan([
      'E711 Comparison to `None` should be `cond is None`',
      '  --> src/shop/cart.py:11:17',
      '   |',
      '11 |     if items == None:',
      '   |                 ^^^^',
      'invalid-syntax: Cannot use `match` statement on Python 3.9 (syntax was added in Python 3.10)',
      ' --> src/shop/report.py:2:5',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.code, l.format])).toEqual([
      ['src/shop/cart.py', 11, 17, 'E711', 'ruff'],
      ['src/shop/report.py', 2, 5, 'invalid-syntax', 'ruff'],
    ]);
  });

  it('concise rows are ruff when marked ([*], backticks, rule names) and flake8 otherwise', () => {
    const locations = scan([
      'src/a.py:1:8: F401 [*] `os` imported but unused',
      'src/a.py:2:5: unused-import: [*] `sys` imported but unused',
      "src/a.py:1:1: F401 'os' imported but unused",
    ]);
    expect(locations.map((l) => [l.format, l.code])).toEqual([
      ['ruff', 'F401'],
      ['ruff', 'unused-import'],
      ['flake8', 'F401'],
    ]);
  });

  it('format --check (0.17+): a one-word id above the arrow; a severity word there is no ruff id', () => {
    const [location, ...rest] = scan(['unformatted: File would be reformatted', ' --> app/models.py:3:1', '  |']);
    expect(rest).toEqual([]);
    expect(location).toMatchObject({ format: 'ruff', file: 'app/models.py', line: 3, column: 1, code: 'unformatted' });
    expect(location?.message).toBe('File would be reformatted');
    const other = scan(['warning: unused value', ' --> app/models.py:3:1'], ['ruff']);
    expect(other).toEqual([]);
  });

  it('leaves Rust arrows to rustc', () => {
    const [location] = scan(['error[E0308]: mismatched types', ' --> src/lib.rs:4:21']);
    expect(location?.format).toBe('rustc');
  });
});

describe('flake8, pyflakes, python-warnings', () => {
  it('flake8: W codes are warnings, others errors', () => {
    const locations = scan(['src/a.py:6:45: W291 trailing whitespace', "src/a.py:9:12: F821 undefined name 'lable'"]);
    expect(locations.map((l) => [l.severity, l.code, l.format])).toEqual([
      ['warning', 'W291', 'flake8'],
      ['error', 'F821', 'flake8'],
    ]);
  });

  it('pyflakes: a code-less row; the echoed source and caret of a syntax error are no locations', () => {
    const locations = scan([
      "src/b.py:3:66: closing parenthesis ']' does not match opening parenthesis '('",
      '        return [line.split(",") for line in handle if line.strip(]',
      '                                                                 ^',
    ]);
    expect(locations).toMatchObject([{ file: 'src/b.py', line: 3, column: 66, code: null, format: 'pyflakes', columnUnit: 'byte' }]);
  });

  it('python-warnings: category as code, no column; the source line after it is not a location', () => {
    const locations = scan([
      '/app/pkg/a.py:12: DeprecationWarning: old() is deprecated',
      '  old()',
      '/app/x.py:3: pkg.errors.MyWarning: custom',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.severity, l.code, l.format])).toEqual([
      ['/app/pkg/a.py', 12, null, 'warning', 'DeprecationWarning', 'python-warnings'],
      ['/app/x.py', 3, null, 'warning', 'pkg.errors.MyWarning', 'python-warnings'],
    ]);
  });

  it('leaves mypy rows (with columns too) to mypy', () => {
    const locations = scan(['src/m.py:4: error: Incompatible return value type  [return-value]', 'm.py:4:12:4:19: error: Bad  [misc]']);
    expect(locations.map((l) => l.format)).toEqual(['mypy', 'mypy']);
  });

  it('look-alikes: summaries, timestamps and URLs produce nothing', () => {
    expect(
      scan(
        [
          'Found 6 errors.',
          '[*] 2 fixable with the `--fix` option.',
          '4 errors, 1 warning, 0 informations',
          'Your code has been rated at 3.33/10',
          '12:30:45 lint finished',
          'see https://docs.python.org:443/3/x.py',
        ],
        ['pyright', 'pylint', 'ruff', 'flake8', 'python-warnings', 'pyflakes'],
      ),
    ).toEqual([]);
  });
});

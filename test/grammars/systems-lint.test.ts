// Rust and Go linters: clippy (rustc's diagnostics plus the lint link) and golangci-lint (formats.md §2 rows
// 51, 56; §3.10 multi-line; §3.18 look-alikes such as go build lines that end in parentheses).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

const CLIPPY = [
  'warning: unneeded `return` statement',
  ' --> src/lib.rs:6:5',
  '  |',
  '6 |     return sum;',
  '  |     ^^^^^^^^^^',
  '  |',
  '  = help: for further information visit https://rust-lang.github.io/rust-clippy/rust-1.95.0/index.html#needless_return',
  '  = note: `#[warn(clippy::needless_return)]` on by default',
  '',
  'warning: unused variable: `unused`',
  '  --> src/lib.rs:10:9',
  '   |',
  '   = note: `#[warn(unused_variables)]` on by default',
];

describe('clippy', () => {
  it("turns the rustc location of a clippy diagnostic into clippy's, with the lint as code; plain rustc lints stay", () => {
    const locations = scan(CLIPPY);
    expect(locations.map((l) => [l.file, l.line, l.column, l.severity, l.code, l.format, l.logLine])).toEqual([
      ['src/lib.rs', 6, 5, 'warning', 'clippy::needless_return', 'clippy', 2],
      ['src/lib.rs', 10, 9, 'warning', null, 'rustc', 11],
    ]);
  });

  it('with --tool clippy alone, emits the diagnostic itself at the arrow line', () => {
    const locations = scan(CLIPPY, ['clippy']);
    expect(locations).toMatchObject([
      {
        file: 'src/lib.rs',
        line: 6,
        column: 5,
        severity: 'warning',
        code: 'clippy::needless_return',
        message: 'unneeded `return` statement',
        logLine: 2,
      },
    ]);
  });

  it('a lint link outside a diagnostic claims nothing', () => {
    expect(
      scan(['see:', '  = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#ptr_arg']),
    ).toEqual([]);
  });
});

describe('golangci-lint', () => {
  it('reads the linter in the trailing parentheses, with or without a column; the frame is no location', () => {
    const locations = scan([
      'internal/store/file.go:15:15: Error return value of `f.Close` is not checked (errcheck)',
      '\tdefer f.Close()',
      '\t             ^',
      'cmd/server/main.go:10: the line is 112 characters long (lll)',
      'cmd/server/main.go:11:2: G104: Errors unhandled (gosec)',
      'cmd/server/main.go:9:10: undefined: cfg (typecheck)',
      '2 issues:',
      '* errcheck: 1',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.code, l.format])).toEqual([
      ['internal/store/file.go', 15, 15, 'errcheck', 'golangci-lint'],
      ['cmd/server/main.go', 10, null, 'lll', 'golangci-lint'],
      ['cmd/server/main.go', 11, 2, 'gosec', 'golangci-lint'],
      ['cmd/server/main.go', 9, 10, 'typecheck', 'golangci-lint'],
    ]);
  });

  it("reads golangci-lint-action's `Error: ` echo", () => {
    const [location] = scan(['Error: files/identification.go:114:20: Error return value of `os.RemoveAll` is not checked (errcheck)']);
    expect(location).toMatchObject({
      file: 'files/identification.go',
      line: 114,
      column: 20,
      code: 'errcheck',
      severity: 'error',
      format: 'golangci-lint',
    });
  });

  it('leaves go build/vet messages that end in prose parentheses to go-build', () => {
    const locations = scan([
      './main.go:8:14: invalid operation: x + y (mismatched types int and string)',
      'cmd/app/main.go:7:31: cannot use n (variable of type int) as string value in argument to f',
      'pkg/a.go:3:2: undefined: x (type)',
    ]);
    expect(locations.map((l) => l.format)).toEqual(['go-build', 'go-build', 'go-build']);
  });
});

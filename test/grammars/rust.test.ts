// Rust family: rustc human/short diagnostics and panics with backtraces (formats.md §2 rows 49–52, §3.10/15/18).
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

function scan(lines: string[], formats = ['rust-panic', 'rustc']) {
  const scanner = createScanner({ normaliseLine, formats });
  scanner.write(`${lines.join('\n')}\n`);
  return scanner.end().locations;
}

describe('rustc', () => {
  it('takes the location from the arrow and severity, code and message from the header above the gutter', () => {
    const [location, ...rest] = scan([
      'error[E0308]: mismatched types',
      ' --> src/lib.rs:4:21',
      '  |',
      '4 |     let x: u32 = "a";',
      '  |                  ^^^ expected `u32`, found `&str`',
    ]);
    expect(rest).toEqual([]);
    expect(location).toMatchObject({
      file: 'src/lib.rs',
      line: 4,
      column: 21,
      severity: 'error',
      code: 'E0308',
      message: 'mismatched types',
      format: 'rustc',
      columnUnit: 'char',
      logLine: 2,
    });
  });

  it('finds the arrow whatever its indent (the gutter grows with the line numbers)', () => {
    const locations = scan([
      'warning: unused variable: `width`',
      '    --> crates/core/src/lib.rs:1204:9',
      '     |',
      '1204 |     let width = 80;',
      '     |         ^^^^^ help: if this is intentional, prefix it with an underscore: `_width`',
      '     |',
      '     = note: `#[warn(unused_variables)]` on by default',
    ]);
    expect(locations).toMatchObject([{ file: 'crates/core/src/lib.rs', line: 1204, column: 9, severity: 'warning', code: null }]);
  });

  it('emits /rustc/ secondary arrows as notes (resolve drops them as toolchain paths)', () => {
    const locations = scan([
      'error[E0277]: cannot add `usize` to `u32`',
      ' --> demo/src/parse.rs:3:24',
      '  |',
      '3 |     a + b',
      '  |       ^ no implementation for `u32 + usize`',
      '  |',
      '  = help: the trait `Add<usize>` is not implemented for `u32`',
      'help: the following other types implement trait `Add<Rhs>`',
      ' --> /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/ops/arith.rs:99:8',
      '  |',
      '  = note: `u32` implements `Add`',
      ' ::: /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/ops/arith.rs:114:0',
      '  |',
      '  = note: in this macro invocation',
    ]);
    expect(locations.map((l) => [l.file.slice(0, 7), l.line, l.severity])).toEqual([
      ['demo/sr', 3, 'error'],
      ['/rustc/', 99, 'note'],
      ['/rustc/', 114, 'note'],
    ]);
  });

  it('claims no arrow without a rustc header above it, nor ty/ruff arrows into Python files', () => {
    expect(scan(['some text', ' --> src/lib.rs:4:21'])).toEqual([]);
    expect(scan(['error[unresolved-import]: Cannot resolve imported module `foo`', ' --> main.py:1:8', '  |'])).toEqual([]);
  });

  it('reads cargo --message-format=short, keeping the help tail in the message', () => {
    expect(
      scan([
        'src/lib.rs:2:9: warning: unused variable: `w`: help: prefix it with an underscore: `_w`',
        'src/lib.rs:4:20: error[E0308]: mismatched types',
      ]),
    ).toMatchObject([
      {
        file: 'src/lib.rs',
        line: 2,
        column: 9,
        severity: 'warning',
        message: 'unused variable: `w`: help: prefix it with an underscore: `_w`',
      },
      { file: 'src/lib.rs', line: 4, column: 20, severity: 'error', code: 'E0308', message: 'mismatched types' },
    ]);
  });

  it('turns Rust paths and C++ scopes into nothing (§3.18)', () => {
    const formats = ['rust-panic', 'rustc', 'gcc', 'generic'];
    expect(
      scan(
        [
          '   3: ledger::tests::price_out_of_range::{{closure}}',
          'error: cannot find function `util::width` in module `crate::parse`',
          '   = note: required by `core::ops::function::FnOnce::call_once`',
          'std::vector<int>::push_back(int const&)',
          'test tests::average_of_three ... ok',
          'note: std::collections::HashMap<K, V>::insert:12',
        ],
        formats,
      ),
    ).toEqual([]);
  });
});

describe('rust-panic', () => {
  it("reads a build script's panic indented under cargo's stderr, local to the package only when cargo built it from that folder", () => {
    const failed = (what: string) => `error: failed to run custom build command for \`${what}\``;
    const stderr = (site: string) => ['', 'Caused by:', '  --- stderr', `  thread 'main' panicked at 'no header', ${site}:33:10`];
    const [local] = scan([
      failed('cras-sys v0.1.0 (/home/u/proj/third_party/cras-sys)'),
      ...stderr('/home/u/proj/third_party/cras-sys/build.rs'),
    ]);
    expect(local).toMatchObject({ file: '/home/u/proj/third_party/cras-sys/build.rs', line: 33, severity: 'error', message: 'no header' });
    expect(local?.hints?.localPackage).toBe(true);
    const [registry] = scan([failed('openssl-sys v0.9.1'), ...stderr('/home/u/.cargo/registry/src/x/openssl-sys-0.9.1/build.rs')]);
    expect(registry?.hints?.localPackage).toBeUndefined();
    const [elsewhere] = scan([failed('a v0.1.0 (/home/u/proj/a)'), ...stderr('/home/u/proj/third_party/b/build.rs')]);
    expect(elsewhere?.hints?.localPackage).toBeUndefined();
  });

  it('reads the new panic form (thread id, trailing colon, message below) as an error', () => {
    expect(
      scan([
        "thread 'tests::average_mismatch' (14159) panicked at src/lib.rs:21:9:",
        'assertion `left == right` failed: average of 2 and 4',
        '  left: 3',
        ' right: 4',
        'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
      ]),
    ).toMatchObject([
      {
        file: 'src/lib.rs',
        line: 21,
        column: 9,
        severity: 'error',
        message: 'assertion `left == right` failed: average of 2 and 4\n  left: 3\n right: 4',
      },
    ]);
  });

  it("reads the old form `panicked at 'msg', path:L:C`, also when the message spans lines", () => {
    expect(
      scan([
        "thread 'main' panicked at 'called `Option::unwrap()` on a `None` value', src/main.rs:10:21",
        "thread 'it' panicked at 'assertion failed: `(left == right)`",
        '  left: `1`,',
        " right: `2`', tests/it.rs:5:5",
      ]),
    ).toMatchObject([
      { file: 'src/main.rs', line: 10, column: 21, severity: 'error', message: 'called `Option::unwrap()` on a `None` value', logLine: 1 },
      {
        file: 'tests/it.rs',
        line: 5,
        column: 5,
        severity: 'error',
        message: 'assertion failed: `(left == right)`\n  left: `1`,\n right: `2`',
        logLine: 4,
      },
    ]);
  });

  it('emits every backtrace frame, /rustc/ ones included, as one innermost-first trace per panic', () => {
    const locations = scan([
      "thread 'tests::x' (5576) panicked at src/lib.rs:7:5:",
      'index out of bounds: the len is 2 but the index is 5',
      'stack backtrace:',
      '   0: __rustc::rust_begin_unwind',
      '             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/std/src/panicking.rs:689:5',
      '   1: ledger::nth_price',
      '             at ./src/lib.rs:7:5',
      '   2: ledger::tests::x',
      '             at ./src/lib.rs:26:20',
      "thread 'tests::y' (5577) panicked at src/lib.rs:21:9:",
      'boom',
      'stack backtrace:',
      '   0: ledger::tests::y',
      '             at ./src/lib.rs:21:9',
    ]);
    const frames = locations.filter((l) => l.frame);
    expect(frames.map((l) => [l.file, l.line, l.frame?.index, l.frame?.innermostLast, l.message])).toEqual([
      [
        '/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/std/src/panicking.rs',
        689,
        0,
        false,
        'index out of bounds: the len is 2 but the index is 5',
      ],
      ['./src/lib.rs', 7, 1, false, 'index out of bounds: the len is 2 but the index is 5'],
      ['./src/lib.rs', 26, 2, false, 'index out of bounds: the len is 2 but the index is 5'],
      ['./src/lib.rs', 21, 0, false, 'boom'],
    ]);
    expect(new Set(frames.slice(0, 3).map((l) => l.frame?.trace)).size).toBe(1);
    expect(frames[3]?.frame?.trace).not.toBe(frames[0]?.frame?.trace);
    expect(locations.filter((l) => !l.frame).map((l) => [l.line, l.severity])).toEqual([
      [7, 'error'],
      [21, 'error'],
    ]);
  });
});

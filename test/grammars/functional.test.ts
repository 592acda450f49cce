// Functional family: OCaml (0-based exclusive `characters`), GHC spans and indented messages, Nim (formats.md rows 85, 86, 89; §3.10, §3.16).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe('ghc', () => {
  it('reads a multi-line span and its code from the header, the message from the indented lines', () => {
    expect(
      scan(
        ['src/Calc.hs:(18,1)-(20,25): error: [GHC-62161] [-Wincomplete-patterns]', '    Pattern match(es) are non-exhaustive', '   |'],
        ['ghc'],
      ),
    ).toMatchObject([
      {
        file: 'src/Calc.hs',
        line: 18,
        column: 1,
        endLine: 20,
        endColumn: 25,
        severity: 'error',
        code: 'GHC-62161',
        message: 'Pattern match(es) are non-exhaustive',
        format: 'ghc',
      },
    ]);
  });
});

describe('ocaml', () => {
  it('converts 0-based exclusive characters to 1-based inclusive columns and reads the Error line below', () => {
    expect(
      scan([
        'File "src/a.ml", line 5, characters 16-21:',
        '5 | let bad = add 1 "two"',
        '                    ^^^^^',
        'Error: This expression has type string but an expression was expected of type',
        '         int',
      ]),
    ).toMatchObject([
      {
        file: 'src/a.ml',
        line: 5,
        column: 17,
        endLine: 5,
        endColumn: 21,
        severity: 'error',
        message: 'This expression has type string but an expression was expected of type int',
        format: 'ocaml',
        columnUnit: 'byte',
      },
    ]);
  });

  it('reads a lines range with a named warning, and is not a Python frame', () => {
    expect(
      scan(['File "src/b.ml", lines 2-3, characters 2-15:', 'Warning 8 [partial-match]: this pattern-matching is not exhaustive.']),
    ).toMatchObject([
      { file: 'src/b.ml', line: 2, column: 3, endLine: 3, endColumn: 15, severity: 'warning', code: 'partial-match', format: 'ocaml' },
    ]);
    expect(scan(['  File "app.py", line 3, in main']).every((l) => l.format !== 'ocaml')).toBe(true);
  });

  it('reads backtrace frames innermost first and marks the stdlib frame as runtime', () => {
    const locations = scan(
      [
        'Fatal error: exception Not_found',
        'Raised at Stdlib__List.assoc in file "list.ml", line 191, characters 10-25',
        'Called from Lookup in file "src/lookup.ml", line 6, characters 25-34',
      ],
      ['ocaml'],
    );
    expect(locations.map((l) => [l.file, l.line, l.column, l.frame?.index, l.hints?.runtime ?? false, l.message])).toEqual([
      ['list.ml', 191, 11, 0, true, 'exception Not_found'],
      ['src/lookup.ml', 6, 26, 1, false, 'exception Not_found'],
    ]);
  });
});

describe('ghc more', () => {
  it('reads a one-line span and skips the [N of M] Compiling look-alike', () => {
    expect(
      scan(
        ['[1 of 2] Compiling Calc ( src/Calc.hs, dist/Calc.o )', 'src/Calc.hs:15:9-20: error: [GHC-83865]', "    • Couldn't match"],
        ['ghc'],
      ),
    ).toMatchObject([
      { file: 'src/Calc.hs', line: 15, column: 9, endLine: 15, endColumn: 20, code: 'GHC-83865', message: "Couldn't match" },
    ]);
  });
});

describe('ocaml wrapped frames', () => {
  it('joins a backtrace frame broken after its file with the `line N, characters A-B` line below', () => {
    const locations = scan(
      [
        'Raised at Tally__Error.raise in file "lib/error.ml",',
        '  line 6, characters 2-38',
        'Called from Tally__Rules.load in file "lib/rules.ml",',
        '  line 9',
        'Called from Main.run in file "bin/main.ml", line 4, characters 2-20',
      ],
      ['ocaml'],
    );
    expect(locations.map((l) => [l.file, l.line, l.column, l.endColumn, l.frame?.index, l.frame?.trace])).toEqual([
      ['lib/error.ml', 6, 3, 38, 0, 1],
      ['lib/rules.ml', 9, null, null, 1, 1],
      ['bin/main.ml', 4, 3, 20, 2, 1],
    ]);
    // A frame whose next line is no position stays unread.
    expect(scan(['Raised at M.f in file "lib/a.ml",', 'Fatal error: exception Not_found'], ['ocaml'])).toEqual([]);
  });
});

describe('nim', () => {
  it('reads an error in a NimScript configuration or a nimble file', () => {
    expect(
      scan(
        ["config.nims(1, 2) Error: 'arc' or 'refc' expected, but 'compact' found", 'app.nimble(3, 1) Error: undeclared identifier: x'],
        ['nim'],
      ).map((l) => [l.file, l.line, l.column, l.severity]),
    ).toEqual([
      ['config.nims', 1, 2, 'error'],
      ['app.nimble', 3, 1, 'error'],
    ]);
  });

  it('reads `path(L, C) Error:` and a traceback innermost last with the stdlib frame runtime', () => {
    const locations = scan(
      [
        '/home/u/proj/bad.nim(2, 12) Error: type mismatch',
        '/home/u/proj/crash.nim(6) run',
        '/usr/lib/nim/lib/system/fatal.nim(54) sysFatal',
        'Error: unhandled exception: boom [ValueError]',
      ],
      ['nim'],
    );
    expect(locations.map((l) => [l.file, l.line, l.column, l.severity, l.frame?.innermostLast ?? null, l.hints?.runtime ?? false])).toEqual(
      [
        ['/home/u/proj/bad.nim', 2, 12, 'error', null, false],
        ['/home/u/proj/crash.nim', 6, null, null, true, false],
        ['/usr/lib/nim/lib/system/fatal.nim', 54, null, null, true, true],
      ],
    );
  });
});

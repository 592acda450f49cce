// Mobile and systems: Swift diagnostics with notes, XCTest failures, Dart's terse package:test frames and VM
// frames, Zig errors with `referenced by:` notes (formats.md §3.6, §3.10, §3.15).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe('swift and xctest', () => {
  it('reads an error and its note, not the echoed source or the caret', () => {
    expect(
      scan([
        "Sources/App/main.swift:12:5: error: cannot find 'foo' in scope",
        '        foo()',
        '        ^~~',
        "Sources/App/main.swift:3:6: note: did you mean 'food'?",
      ]),
    ).toEqual([
      expect.objectContaining({
        file: 'Sources/App/main.swift',
        line: 12,
        column: 5,
        severity: 'error',
        message: "cannot find 'foo' in scope",
        format: 'swift',
      }),
      expect.objectContaining({
        file: 'Sources/App/main.swift',
        line: 3,
        column: 6,
        severity: 'note',
        message: "did you mean 'food'?",
        format: 'swift',
      }),
    ]);
  });

  it('reads an XCTest assertion failure with its test name', () => {
    const [failure] = scan([
      '/home/u/app/Sources/AppTests/AppTests.swift:14: error: -[AppTests.AppTests testAdd] : XCTAssertEqual failed: ("3") is not equal to ("4")',
    ]);
    expect(failure).toMatchObject({
      file: '/home/u/app/Sources/AppTests/AppTests.swift',
      line: 14,
      column: null,
      severity: 'error',
      format: 'xctest',
    });
    expect(failure?.message).toContain('XCTAssertEqual failed');
  });

  it('reads a trap named by #fileID as its file name, looked up near a folder named like the module', () => {
    const [fatal, precondition, full] = scan([
      'Fatal error: Unexpectedly found nil while unwrapping an Optional value: file Shapes/Ring.swift, line 14',
      'Shapes/Ring.swift:18: Precondition failed: no such side',
      'Assertion failed: empty: file /home/u/app/Sources/Shapes/Ring.swift, line 3',
    ]);
    expect(fatal).toMatchObject({ file: 'Ring.swift', line: 14, hints: { basenameOnly: true, packageName: 'Shapes' } });
    expect(fatal?.message).toBe('Fatal error: Unexpectedly found nil while unwrapping an Optional value');
    expect(precondition).toMatchObject({ file: 'Ring.swift', line: 18, message: 'Precondition failed: no such side' });
    // A full path (Swift before 5.3, or `#filePath`) is a path like any other.
    expect(full).toMatchObject({ file: '/home/u/app/Sources/Shapes/Ring.swift', line: 3, message: 'Assertion failed: empty' });
    expect(full?.hints?.basenameOnly).toBeUndefined();
  });
});

describe('dart-stack', () => {
  it('reads terse package:test frames, maps package:app/ to lib/ and marks SDK/test-harness frames as runtime', () => {
    const locations = scan([
      'package:app/foo.dart 12:5  main.<fn>',
      'package:test_api/src/backend/declarer.dart 215:19  Declarer.test.<fn>',
      'dart:async/zone.dart 1391:47  _rootRun',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.format, l.frame?.index, l.hints?.runtime ?? false])).toEqual([
      ['lib/foo.dart', 12, 5, 'dart-stack', 0, false],
      ['lib/src/backend/declarer.dart', 215, 19, 'dart-stack', 1, true],
      ['dart:async/zone.dart', 1391, 47, 'dart-stack', 2, true],
    ]);
    expect(new Set(locations.map((l) => l.frame?.trace)).size).toBe(1);
  });
});

describe('dart test reporter', () => {
  it('reads a failing test line naming its suite (or a suite that did not load) as the whole test file', () => {
    const locations = scan([
      '00:02 +1: test/parser_test.dart: parses an empty list',
      '00:02 +1 -1: test/parser_test.dart: parses a nested list [E]   ',
      '105:44 +16 ~9 -2: loading test\\io\\sink_test.dart [E]',
      '00:03 +1 -2: adds two numbers [E]',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.message, l.hints?.fileOnly])).toEqual([
      ['test/parser_test.dart', 0, 'error', 'parses a nested list', true],
      ['test\\io\\sink_test.dart', 0, 'error', 'loading test\\io\\sink_test.dart', true],
    ]);
  });
});

describe('zig', () => {
  it('reads the error, skips the caret, and reads `referenced by:` entries as notes', () => {
    const locations = scan([
      "src/main.zig:10:17: error: expected type 'u32', found 'i64'",
      '    const x: u32 = y;',
      '                ^',
      'referenced by:',
      '    main: src/main.zig:20:5',
      '    callMain: /usr/lib/zig/std/start.zig:585:22',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.severity, l.format])).toEqual([
      ['src/main.zig', 10, 17, 'error', 'zig'],
      ['src/main.zig', 20, 5, 'note', 'zig'],
      ['/usr/lib/zig/std/start.zig', 585, 22, 'note', 'zig'],
    ]);
    expect(locations[1]?.message).toContain('main');
  });
});

describe('look-alikes', () => {
  it('finds nothing in Flutter/Xcode progress lines or a C++ scope', () => {
    expect(
      scan([
        "Running Gradle task 'assembleDebug'...   12.5s",
        'Build complete! (3.21s)',
        '00:02 +3 -1: Some tests failed.',
        'std::vector<int>::push_back',
        'Total (x86) 12,5 items',
      ]),
    ).toEqual([]);
  });
});

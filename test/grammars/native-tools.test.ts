// Native tools (formats.md rows 7, 9–16): ld, CMake, sanitizers, Valgrind, GoogleTest, Unity, Check, cmocka, gfortran, ifort,
// GNAT, Bazel.
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe('ld', () => {
  it('reads both halves of a multiple definition on one line and the function context above a reference', () => {
    expect(
      scan([
        "/usr/bin/ld: obj/b.o:/ci/src/b.c:3: multiple definition of `counter'; obj/a.o:/ci/src/a.c:1: first defined here",
        "/usr/bin/ld: obj/main.o: in function `main':",
        "/ci/src/main.c:7: undefined reference to `foo'",
      ]).map((l) => [l.file, l.line, l.severity, l.message, l.format]),
    ).toEqual([
      ['/ci/src/b.c', 3, 'error', "multiple definition of `counter'", 'ld'],
      ['/ci/src/a.c', 1, 'note', 'first defined here', 'ld'],
      ['/ci/src/main.c', 7, 'error', "undefined reference to `foo' (in function 'main')", 'ld'],
    ]);
  });
  it('reads a line that keeps the section and offset after the source line, and its function above', () => {
    expect(
      scan([
        "ld: obj/pages.o: in function `map_low':",
        "/ci/src/pages.c:17:(.boot.text+0x4c): undefined reference to `guard_fail'",
        "ld: /ci/src/pages.c:25:(.text+0xd1): more undefined references to `guard_fail' follow",
      ]).map((l) => [l.file, l.line, l.severity, l.message, l.format]),
    ).toEqual([
      ['/ci/src/pages.c', 17, 'error', "undefined reference to `guard_fail' (in function 'map_low')", 'ld'],
      ['/ci/src/pages.c', 25, 'error', "more undefined references to `guard_fail' follow (in function 'map_low')", 'ld'],
    ]);
  });
  it('emits nothing for references without debug info (no line)', () => {
    expect(scan(["main.c:(.text+0x9): undefined reference to `foo'"])).toEqual([]);
  });
});

describe('cmake', () => {
  it('reads the header, its first message paragraph and the call-stack frames', () => {
    const locations = scan([
      'CMake Error at cmake/deps.cmake:14 (find_package):',
      '  Could not find NoSuchWidgets',
      '  (requested version 2.1).',
      '',
      '  More hints.',
      'Call Stack (most recent call first):',
      '  CMakeLists.txt:9 (include)',
      '  CMakeLists.txt:3 (add_deps)',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.message, l.frame?.index])).toEqual([
      ['cmake/deps.cmake', 14, 'error', 'Could not find NoSuchWidgets (requested version 2.1).', undefined],
      ['CMakeLists.txt', 9, null, 'Could not find NoSuchWidgets (requested version 2.1).', 1],
      ['CMakeLists.txt', 3, null, 'Could not find NoSuchWidgets (requested version 2.1).', 2],
    ]);
  });
  it("keeps a script's own further-indented lines in the message, up to the blank line", () => {
    const locations = scan(
      ['CMake Error at scripts/run.cmake:7 (message):', '    Step failed: make all', '      see step.log', '', '  Hint.'],
      ['cmake'],
    );
    expect(locations.map((l) => [l.file, l.line, l.message])).toEqual([['scripts/run.cmake', 7, 'Step failed: make all see step.log']]);
  });
  it('ignores an indented `file:L (word)` line that follows no call stack', () => {
    expect(scan(['  CMakeLists.txt:9 (include)'], ['cmake'])).toEqual([]);
  });
});

describe('asan / ubsan', () => {
  it('ranks the access stack first, marks toolchain frames runtime and opens a stack at #1 when #0 had no source', () => {
    const locations = scan([
      '==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020 at pc 0x1 bp 0x2 sp 0x3',
      'READ of size 4 at 0x6020 thread T0',
      '    #0 0x55 in get /ci/src/list.c:12:9',
      '    #1 0x56 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16',
      '',
      'freed by thread T0 here:',
      '    #0 0x7f in __interceptor_free (/ci/app+0xa4)',
      '    #1 0x57 in drop /ci/src/list.c:30:3',
      'SUMMARY: AddressSanitizer: heap-use-after-free /ci/src/list.c:12:9 in get',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.severity, l.frame?.causeRank, l.hints?.runtime])).toEqual([
      ['/ci/src/list.c', 12, 9, null, 0, undefined],
      ['csu/../sysdeps/nptl/libc_start_call_main.h', 58, 16, null, 0, true],
      ['/ci/src/list.c', 30, 3, null, 1, undefined],
      ['/ci/src/list.c', 12, 9, 'error', undefined, undefined],
    ]);
    expect(locations[2]?.frame?.index).toBe(1);
    expect(locations[3]?.message).toBe('heap-use-after-free (READ of size 4) in get');
  });
  it('reads C++ frames whose function name holds spaces', () => {
    expect(scan(['    #0 0x1 in Parser::feed(char const*, unsigned long) /ci/src/parser.cc:40:7'])[0]).toMatchObject({
      file: '/ci/src/parser.cc',
      line: 40,
      column: 7,
      format: 'asan',
    });
  });
  it('claims `runtime error:` lines before gcc and leaves the pointer note alone', () => {
    expect(
      scan([
        "src/calc.c:5:11: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'",
        '0x7ffd: note: pointer points here',
      ]).map((l) => [l.format, l.severity, l.column]),
    ).toEqual([['ubsan', 'error', 11]]);
  });
});

describe('tsan', () => {
  it('reads frames without an address, ranks previous-access stacks as context and a SUMMARY kind with a space', () => {
    const locations = scan([
      '    #3 worker_loop src/pool.c:40:5 (app+0x4db48d)',
      '',
      '  Previous write of size 8 at 0x7b4400000010 by main thread:',
      '    #0 pool_reset src/pool.c:12:3 (app+0x1200)',
      '    #1 main src/main.c:9:14 (app+',
      '',
      'SUMMARY: ThreadSanitizer: data race src/pool.c:41 in worker_loop',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.format, l.frame?.causeRank])).toEqual([
      ['src/pool.c', 40, null, 'asan', 0],
      ['src/pool.c', 12, null, 'asan', 1],
      ['src/main.c', 9, null, 'asan', 1],
      ['src/pool.c', 41, 'error', 'asan', undefined],
    ]);
    expect(locations[3]?.message).toBe('data race in worker_loop');
  });
});

describe('unity / libcheck', () => {
  it('reports failed tests and claims the passed and ignored lines of the same shape', () => {
    const locations = scan([
      'test/test_queue.c:30:test_empty:PASS',
      'test/test_queue.c:12:test_push:FAIL: Expected 2 Was 1',
      'test/test_queue.c:44:test_later:IGNORE',
      'tests/check_queue.c:9:P:Core:test_peek:0: Passed',
      "tests/check_queue.c:21:F:Core:test_pop:0: Assertion 'n == 2' failed",
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.format, l.message])).toEqual([
      ['test/test_queue.c', 12, 'error', 'unity', 'test_push: Expected 2 Was 1'],
      ['tests/check_queue.c', 21, 'error', 'libcheck', "test_pop: Assertion 'n == 2' failed"],
    ]);
  });
});

describe('cmocka', () => {
  it("places a failed parameter check at the test's expectation and a leak at its allocation", () => {
    const locations = scan([
      '[ RUN      ] test_notify',
      '[  ERROR   ] --- "a" != "b"',
      'tests/mocks.c:5: error: Check of parameter name, function notify failed',
      'tests/test_x.c:17: note: Expected parameter declared here',
      '[   LINE   ] --- tests/mocks.c:5: error: Failure!',
      '[  ERROR   ] --- Blocks allocated...',
      'tests/test_x.c:30: note: block 0x55d0 allocated here',
      'ERROR: test_frees leaked 1 block(s)',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity])).toEqual([
      ['tests/test_x.c', 17, 'error'],
      ['tests/mocks.c', 5, 'note'],
      ['tests/mocks.c', 5, 'note'],
      ['tests/test_x.c', 30, 'error'],
    ]);
    expect(locations[2]?.message).toBe('test_notify: "a" != "b"');
    expect(locations[3]?.message).toBe('test_frees leaked 1 block(s)');
  });
});

describe('valgrind', () => {
  it('emits basename frames, ranks the alloc stack as context and drops valgrind replacement frames as runtime', () => {
    const locations = scan([
      '==7== Invalid free() / delete / delete[] / realloc()',
      '==7==    at 0x48: free (vg_replace_malloc.c:884)',
      '==7==    by 0x10: main (main.c:9)',
      "==7==  Address 0x4a is 0 bytes inside a block of size 16 free'd",
      '==7==    at 0x48: free (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)',
      '==7==    by 0x11: cleanup (src/util.c:4)',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.index, l.frame?.causeRank, l.hints])).toEqual([
      ['vg_replace_malloc.c', 884, 0, 0, { runtime: true }],
      ['main.c', 9, 1, 0, { basenameOnly: true }],
      ['src/util.c', 4, 1, 1, undefined],
    ]);
    expect(locations[0]?.message).toBe('Invalid free() / delete / delete[] / realloc()');
  });
});

describe('googletest', () => {
  it('joins the assertion explanation and prefixes the test name', () => {
    expect(
      scan([
        '[ RUN      ] Parse.Fields',
        'tests/parse_test.cc:15: Failure',
        'Expected equality of these values:',
        '  f()',
        '    Which is: 3',
        '  2',
        '[  FAILED  ] Parse.Fields (0 ms)',
      ])[0],
    ).toMatchObject({
      file: 'tests/parse_test.cc',
      line: 15,
      severity: 'error',
      message: 'Parse.Fields: Expected equality of these values:\n  f()\n    Which is: 3\n  2',
      format: 'googletest',
    });
  });
});

describe('gfortran / ifort / gnat', () => {
  it('takes gfortran severity and message from the line 4 below the lone location', () => {
    expect(
      scan([
        'src/solve.f90:4:22:',
        '',
        '    4 |   x = (1.0 + 2.0 * 3.0',
        '      |                      1',
        'Error: Expected a right parenthesis in expression at (1)',
      ]),
    ).toMatchObject([
      {
        file: 'src/solve.f90',
        line: 4,
        column: 22,
        severity: 'error',
        format: 'gfortran',
        message: 'Expected a right parenthesis in expression at (1)',
      },
    ]);
  });
  it('gives a lone gfortran location without a following diagnostic to nobody of this family', () => {
    expect(scan(['src/solve.f90:4:22:', 'something else'], ['gfortran'])).toEqual([]);
  });
  it('reads the ifort column from the dashes-and-caret line', () => {
    expect(scan(['src/solve.f90(4): error #6404: This name does not have a type.   [Z]', '  y = x * z', '----------^'])[0]).toMatchObject({
      line: 4,
      column: 11,
      code: '#6404',
      severity: 'error',
      message: 'This name does not have a type. [Z]',
      format: 'ifort',
    });
  });
  it('parses zero-padded GNAT columns and style messages', () => {
    expect(
      scan(['main.adb:6:04: error: "Cnt" is undefined', 'src/x.ads:3:01: (style) bad casing of "Foo"']).map((l) => [
        l.file,
        l.column,
        l.severity,
        l.hints?.basenameOnly ?? false,
      ]),
    ).toEqual([
      ['main.adb', 4, 'error', true],
      ['src/x.ads', 1, 'warning', false],
    ]);
  });
});

describe('bazel', () => {
  it('reads extensionless BUILD locations; an action failure is a note so the compiler error stays primary', () => {
    expect(
      scan([
        'ERROR: /ws/pkg/BUILD:12:10: Compiling pkg/a.cc failed: (Exit 1): gcc failed: error executing command',
        "ERROR: /ws/lib/BUILD:3:12: no such target '//third_party:zlib'",
      ]).map((l) => [l.file, l.line, l.column, l.severity]),
    ).toEqual([
      ['/ws/pkg/BUILD', 12, 10, 'note'],
      ['/ws/lib/BUILD', 3, 12, 'error'],
    ]);
  });
  it('reads an action line with no colon after the column as the same note', () => {
    expect(
      scan(['ERROR: /ws/gui/BUILD:41:8 Executing genrule //gui:pack failed (Exit 1): bash failed'], ['bazel']).map((l) => [
        l.file,
        l.line,
        l.column,
        l.severity,
        l.message,
      ]),
    ).toEqual([['/ws/gui/BUILD', 41, 8, 'note', 'Executing genrule //gui:pack failed (Exit 1): bash failed']]);
  });
  it('ignores `ERROR:` lines naming no build file', () => {
    expect(scan(['ERROR: /ws/pkg/a.py:3:1: oops'], ['bazel'])).toEqual([]);
  });
});

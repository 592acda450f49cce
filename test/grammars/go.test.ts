// Go family: go build/vet, go test (basename + late package) and goroutine dumps (formats.md rows 53–55, §3.11/15).
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

function scan(lines: string[], formats = ['go-panic', 'go-test', 'go-build']) {
  const scanner = createScanner({ normaliseLine, formats });
  scanner.write(`${lines.join('\n')}\n`);
  return scanner.end().locations;
}

describe('go-build', () => {
  it('reads module-relative build and vet lines as errors with byte columns', () => {
    expect(
      scan(['# example.com/demo/cmd/app', 'cmd/app/main.go:7:31: undefined: x', 'vet: pkg/a/a.go:3:2: unreachable code']),
    ).toMatchObject([
      { file: 'cmd/app/main.go', line: 7, column: 31, severity: 'error', message: 'undefined: x', format: 'go-build', columnUnit: 'byte' },
      { file: 'pkg/a/a.go', line: 3, column: 2, severity: 'error', message: 'unreachable code' },
    ]);
  });
});

describe('go-test', () => {
  it('emits basename-only test lines and gives them the package from the later FAIL line', () => {
    const locations = scan([
      '--- FAIL: TestAdd (0.00s)',
      '    calc_test.go:7: Add(2, 3) = -1, want 5',
      '--- FAIL: TestAddTable (0.00s)',
      '    --- FAIL: TestAddTable/case (0.00s)',
      '        calc_test.go:15: Add(1, 1) = 0, want 2',
      '            got more detail',
      'FAIL',
      'FAIL\texample.com/demo/pkg/calc\t0.022s',
      '--- FAIL: TestTrim (0.00s)',
      '    strutil_test.go:9: Trim mismatch',
      'FAIL\texample.com/demo/pkg/strutil\t0.010s',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.severity, l.message, l.hints])).toEqual([
      [
        'calc_test.go',
        7,
        null,
        'error',
        'TestAdd: Add(2, 3) = -1, want 5',
        { basenameOnly: true, packagePath: 'example.com/demo/pkg/calc' },
      ],
      [
        'calc_test.go',
        15,
        null,
        'error',
        'TestAddTable/case: Add(1, 1) = 0, want 2\ngot more detail',
        { basenameOnly: true, packagePath: 'example.com/demo/pkg/calc' },
      ],
      ['strutil_test.go', 9, null, 'error', 'TestTrim: Trim mismatch', { basenameOnly: true, packagePath: 'example.com/demo/pkg/strutil' }],
    ]);
  });

  it('under -v reports the failing test and skips the log lines of a passing one', () => {
    const locations = scan([
      '=== RUN   TestOk',
      '    ok_test.go:5: just logging',
      '--- PASS: TestOk (0.00s)',
      '=== RUN   TestBad',
      '    bad_test.go:8: wrong',
      '--- FAIL: TestBad (0.00s)',
      'FAIL\texample.com/demo/pkg/x\t0.010s',
    ]);
    expect(locations.map((l) => [l.file, l.message, l.hints?.packagePath])).toEqual([
      ['bad_test.go', 'TestBad: wrong', 'example.com/demo/pkg/x'],
    ]);
  });

  it("gives the lines under gotestsum's `=== FAIL: <pkg> <Test>` title that package at once, each title its own", () => {
    const locations = scan([
      '=== Failed',
      '=== FAIL: example.com/shop/pkg/cart TestAdd (0.00s)',
      '    item_test.go:9: total 3, want 4',
      '=== FAIL: pkg/till TestCount (0.01s)',
      '    item_test.go:14: count 1, want 2',
      '',
      'DONE 5 tests, 2 failures in 0.020s',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.message, l.hints?.packagePath])).toEqual([
      ['item_test.go', 9, 'TestAdd: total 3, want 4', 'example.com/shop/pkg/cart'],
      ['item_test.go', 14, 'TestCount: count 1, want 2', 'pkg/till'],
    ]);
  });

  it('claims no indented go line outside a test', () => {
    expect(scan(['    main.go:3: something'])).toEqual([]);
  });
});

describe('go-panic', () => {
  it('emits every goroutine frame (toolchain ones too) as one innermost-first trace with the panic message', () => {
    const locations = scan([
      'panic: runtime error: index out of range [2] with length 2 [recovered]',
      '\tpanic: runtime error: index out of range [2] with length 2',
      '',
      'goroutine 6 [running]:',
      'panic({0x518a00, 0xc00001a0a8})',
      '\t/usr/lib/go-1.19/src/runtime/panic.go:884 +0x212',
      'example.com/demo/pkg/x.Pick(...)',
      '\t/home/runner/work/acme/acme/pkg/x/x.go:5',
      'created by testing.(*T).Run',
      '\t/usr/lib/go-1.19/src/testing/testing.go:1493 +0x35f',
      '',
      'goroutine 1 [chan receive]:',
      'main.main()',
      '\t/home/runner/work/acme/acme/main.go:12 +0x45',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.frame?.index, l.frame?.innermostLast])).toEqual([
      ['/usr/lib/go-1.19/src/runtime/panic.go', 884, null, 0, false],
      ['/home/runner/work/acme/acme/pkg/x/x.go', 5, null, 1, false],
      ['/usr/lib/go-1.19/src/testing/testing.go', 1493, null, 2, false],
      ['/home/runner/work/acme/acme/main.go', 12, null, 0, false],
    ]);
    expect(new Set(locations.slice(0, 3).map((l) => l.frame?.trace)).size).toBe(1);
    expect(locations[3]?.frame?.trace).not.toBe(locations[0]?.frame?.trace);
    expect(locations.every((l) => l.message === 'panic: runtime error: index out of range [2] with length 2' && l.severity === null)).toBe(
      true,
    );
  });
});

describe('delve stacks', () => {
  it("reads a breakpoint's tab-indented Stack: block and VS Code's bare function lines, one trace each", () => {
    const locations = scan(
      [
        '\tStack:',
        '\t\t0  0x00000000004bcbb5 in example.com/geo/shapes.Area',
        '\t\t     at ./shapes/area.go:11',
        '\t\t1  0x00000000004bcc75 in main.main',
        '\t\t     at ./main.go:11',
        'Stack:',
        '    example.com/geo/shapes.Area',
        '        at C:/work/geo/shapes/area.go:17',
        '    main.main',
        '        at C:/work/geo/main.go:8',
        '  at least one test failed',
      ],
      [],
    );
    expect(locations.map((l) => [l.format, l.file, l.line, l.frame?.index])).toEqual([
      ['go-panic', './shapes/area.go', 11, 0],
      ['go-panic', './main.go', 11, 1],
      ['go-panic', 'C:/work/geo/shapes/area.go', 17, 0],
      ['go-panic', 'C:/work/geo/main.go', 8, 1],
    ]);
    expect(locations[0]?.frame?.trace).not.toBe(locations[2]?.frame?.trace);
  });
});

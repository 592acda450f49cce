// What each report's fields become in the RawLocation contract: severity, message, code, end range (inclusive),
// column unit, and the places a finding relates to (severity note, after the finding).
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { createInputReader } from '../../src/reports/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

function read(text: string, inputFormat?: string): RawLocation[] {
  const reader = createInputReader({ normaliseLine, ...(inputFormat ? { inputFormat } : {}) });
  reader.write(Buffer.from(text, 'utf8').toString('latin1'));
  return reader.end().locations;
}

const pick = (l: RawLocation) => [l.file, l.line, l.column, l.endLine, l.endColumn, l.severity, l.code, l.message, l.columnUnit, l.logLine];

describe('cargo and rustc JSON', () => {
  const span = (line: number, start: number, end: number, primary: boolean, label: string | null) => ({
    file_name: 'src/main.rs',
    line_start: line,
    line_end: line,
    column_start: start,
    column_end: end,
    is_primary: primary,
    label,
  });

  it('the primary span is the location; labels and children with spans are notes after it', () => {
    const diagnostic = {
      $message_type: 'diagnostic',
      message: 'mismatched types',
      code: { code: 'E0308', explanation: '…' },
      level: 'error',
      spans: [span(6, 25, 29, true, 'expected `String`, found `u32`'), span(6, 16, 22, false, 'expected due to this')],
      children: [
        { message: 'try using a conversion method', level: 'help', spans: [span(7, 29, 29, true, null)], children: [] },
        { message: 'no span', level: 'note', spans: [], children: [] },
      ],
      rendered: 'error[E0308]: mismatched types\n --> src/main.rs:6:25\n',
    };
    expect(read(`${JSON.stringify(diagnostic)}\n`).map(pick)).toEqual([
      ['src/main.rs', 6, 25, 6, 28, 'error', 'E0308', 'mismatched types', 'char', 1],
      ['src/main.rs', 6, 16, 6, 21, 'note', 'E0308', 'expected due to this', 'char', 1],
      ['src/main.rs', 7, 29, 7, null, 'note', 'E0308', 'help: try using a conversion method', 'char', 1],
    ]);
  });

  it("cargo's other records (artifacts, build-finished) take their line and give nothing, not even as text", () => {
    const artifact = {
      reason: 'compiler-artifact',
      package_id: 'demo 0.1.0',
      target: { src_path: '/w/src/main.rs' },
      filenames: ['/w/target/debug/demo'],
    };
    expect(
      read(`${JSON.stringify(artifact)}\n{"reason":"build-finished","success":false}\nsrc/lib.rs:3:1: error: x\n`).map((l) => [
        l.file,
        l.logLine,
      ]),
    ).toEqual([['src/lib.rs', 3]]);
  });

  it('a diagnostic without a primary span (aborting due to N errors) is a summary, no place', () => {
    expect(
      read('{"$message_type":"diagnostic","message":"aborting due to 2 previous errors","level":"error","spans":[],"children":[]}\n'),
    ).toEqual([]);
  });
});

describe('go test -json', () => {
  it('Output split across events is one line; text after the events keeps its own log line', () => {
    const event = (output: string) =>
      JSON.stringify({ Time: '2026-12-01T00:00:00Z', Action: 'output', Package: 'example.com/m/calc', Test: 'TestAdd', Output: output });
    const log = [
      event('=== RUN   TestAdd\n'),
      event('    calc_test.go:7: Add(2, '),
      event('3) = -1, want 5\n'),
      event('--- FAIL: TestAdd (0.00s)\n'),
      event('FAIL\texample.com/m/calc\t0.01s\n'),
      'src/other.c:1:2: error: x',
      '',
    ].join('\n');
    const found = read(log);
    expect(found.map((l) => [l.format, l.file, l.line, l.message, l.logLine])).toEqual([
      ['go-test', 'calc_test.go', 7, 'TestAdd: Add(2, 3) = -1, want 5', 2],
      ['gcc', 'src/other.c', 1, 'x', 6],
    ]);
    expect(found[0]?.hints?.packagePath).toBe('example.com/m/calc');
  });
});

describe('SARIF', () => {
  it('file:// URIs are paths (percent-decoded); level none is a note; a result without a region is no place', () => {
    const sarif = {
      version: '2.1.0',
      runs: [
        {
          results: [
            {
              ruleId: 'a',
              level: 'none',
              message: { text: 'm' },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: 'file:///w/my%20app/x.js' },
                    region: { startLine: 2, startColumn: 3, endColumn: 4 },
                  },
                },
              ],
            },
            { ruleId: 'b', message: { text: 'file level' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'x.js' } } }] },
          ],
        },
      ],
    };
    expect(read(JSON.stringify(sarif)).map(pick)).toEqual([['/w/my app/x.js', 2, 3, null, 3, 'note', 'a', 'm', 'utf-16', 1]]);
  });

  it("a result with no level takes its rule's default, else warning; artifacts by index", () => {
    const sarif = {
      runs: [
        {
          tool: { driver: { name: 't', rules: [{ id: 'r0' }, { id: 'r1', defaultConfiguration: { level: 'error' } }] } },
          artifacts: [{ location: { uri: 'src/a.py' } }],
          results: [
            {
              ruleIndex: 1,
              message: { text: 'one' },
              locations: [{ physicalLocation: { artifactLocation: { index: 0 }, region: { startLine: 5 } } }],
            },
            {
              ruleIndex: 0,
              message: { text: 'two' },
              locations: [{ physicalLocation: { artifactLocation: { index: 0 }, region: { startLine: 6 } } }],
            },
          ],
        },
      ],
    };
    expect(read(JSON.stringify(sarif, null, 2)).map((l) => [l.line, l.code, l.severity])).toEqual([
      [5, 'r1', 'error'],
      [6, 'r0', 'warning'],
    ]);
  });
});

describe('eslint, rdjson, checkstyle, JUnit', () => {
  it("eslint's fatal parse error (no rule) is an error without a code", () => {
    const report = [
      {
        filePath: '/w/src/bad.js',
        messages: [{ ruleId: null, fatal: true, severity: 2, message: 'Parsing error: Unexpected token }', line: 3, column: 1 }],
      },
    ];
    expect(read(JSON.stringify(report)).map(pick)).toEqual([
      ['/w/src/bad.js', 3, 1, null, null, 'error', null, 'Parsing error: Unexpected token }', 'utf-16', 1],
    ]);
  });

  it("rdjson: a diagnostic without severity takes the result's; columns are bytes", () => {
    const report = {
      source: { name: 'lint' },
      severity: 'WARNING',
      diagnostics: [{ message: 'm', location: { path: 'a.go', range: { start: { line: 1, column: 3 }, end: { line: 1, column: 6 } } } }],
    };
    expect(read(JSON.stringify(report)).map(pick)).toEqual([['a.go', 1, 3, 1, 5, 'warning', null, 'm', 'byte', 1]]);
  });

  it('checkstyle: severity ignore is no finding, info is a note', () => {
    const xml = `<?xml version="1.0"?>\n<checkstyle version="8.0">\n<file name="A.java">\n<error line="3" severity="ignore" message="x" source="S1"/>\n<error line="4" column="2" severity="info" message="y" source="S2"/>\n</file>\n</checkstyle>\n`;
    expect(read(xml).map(pick)).toEqual([['A.java', 4, 2, null, null, 'note', 'S2', 'y', 'display', 5]]);
  });

  it("JUnit: a failure's message is read when its text does not repeat it", () => {
    const xml =
      '<testsuites><testsuite name="s"><testcase name="t"><failure message="at src/app.ts:4:2: boom" type="Error"/></testcase></testsuite></testsuites>\n';
    expect(read(xml).map((l) => [l.file, l.line, l.column])).toEqual([['src/app.ts', 4, 2]]);
  });
});

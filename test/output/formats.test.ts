import { describe, expect, it } from 'vitest';
import type { LocateResult } from '../../src/core/index.js';
import { createRedactor } from '../../src/redact/index.js';
import { locationRange, renderGitlab, renderJson, renderOutput, renderRdjsonl, renderText } from '../../src/output/index.js';
import { rdDiagnostic } from '../../src/reports/json-reports.js';
import { location } from '../prompt/helpers.js';

const token = `ghp_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'}`;
const result: LocateResult = {
  locations: [
    location(),
    location({
      file: 'src/b.ts',
      line: 3,
      column: 2,
      endLine: null,
      endColumn: null,
      severity: 'warning',
      code: null,
      format: 'eslint-unix',
      message: `uses ${token}`,
    }),
  ],
  unresolved: [{ file: 'gone.ts', line: 1, column: null, format: 'tsc', logLine: 4, reason: 'not-found' }],
  dropped: [{ file: 'node_modules/x/index.js', line: 2, reason: 'vendored' }],
};
const files: Record<string, string[]> = {
  '/repo/src/app.ts': [
    '// 1',
    '// 2',
    '// 3',
    '// 4',
    '// 5',
    '// 6',
    '// 7',
    '// 8',
    '// 9',
    '// 10',
    'export function f() {',
    '\tlet n: number = "0";',
    '  return n;',
    '}',
    '',
  ],
  '/repo/src/ü.rs': ['fn main() {', '    let s = "é😀"; x', '}'],
};
const readLine = (root: string, file: string, line: number) => files[`${root}/${file}`]?.[line - 1];

describe('json', () => {
  it('has exactly the contract keys, unredacted by default', () => {
    const json = renderJson(result);
    expect(Object.keys(json)).toEqual(['version', 'locations', 'unresolved', 'dropped']);
    expect(json.version).toBe(1);
    expect(Object.keys(json.locations[0] ?? {})).toEqual([
      'file',
      'root',
      'line',
      'column',
      'endLine',
      'endColumn',
      'severity',
      'message',
      'format',
      'logLine',
      'columnUnit',
      'code',
    ]);
    expect(json.locations[1]?.message).toContain(token);
    expect(json.unresolved[0]).toEqual({ file: 'gone.ts', line: 1, column: null, format: 'tsc', logLine: 4, reason: 'not-found' });
    expect(json.dropped[0]).toEqual({ file: 'node_modules/x/index.js', line: 2, reason: 'vendored' });
    expect(renderJson(result, { redact: true }).locations[1]?.message).toBe('uses [REDACTED:github-token]');
    expect(renderOutput('json', result).stdout.endsWith('}\n')).toBe(true);
  });
});

describe('text', () => {
  it('prints a line per location and a code frame under the primary (tab-aware caret)', () => {
    const text = renderText(result, { readLine });
    expect(text).toBe(
      [
        "src/app.ts:12:7  error  Type 'string' is not assignable to type 'number'. [TS2322]",
        '   10 | // 10',
        '   11 | export function f() {',
        ' > 12 |         let n: number = "0";',
        //  col 7 (UTF-16) is the ':' after the tab → display cell 13; endColumn 10 (inclusive) → 4 cells wide
        '      |              ^~~~',
        '   13 |   return n;',
        '   14 | }',
        `src/b.ts:3:2  warning  uses ${token}`,
        '1 error, 1 warning in 2 files, 1 place not found in the workspace',
        '',
      ].join('\n'),
    );
  });

  it('colours only when asked', () => {
    expect(renderText(result)).not.toContain('\u001b[');
    expect(renderText(result, { colour: true })).toContain('\u001b[31merror\u001b[0m');
  });
});

describe('rdjsonl', () => {
  it('converts columns to UTF-8 bytes with the line text, end exclusive, redacted', () => {
    const located: LocateResult = {
      locations: [
        location({
          file: 'src/ü.rs',
          line: 2,
          endLine: 2,
          column: 18,
          endColumn: 20,
          columnUnit: 'char',
          format: 'rustc',
          code: 'E0425',
          message: 'cannot find value `x`',
        }),
      ],
      unresolved: [],
      dropped: [],
    };
    const [line] = renderRdjsonl(located, { readLine }).trimEnd().split('\n');
    // "    let s = \"é😀\"; x": char column 18 is the space before x; the 17 chars before it take
    // 17 + 1 (é) + 3 (😀) = 21 bytes → byte column 22.
    expect(JSON.parse(line ?? '')).toEqual({
      message: 'cannot find value `x`',
      location: { path: 'src/ü.rs', range: { start: { line: 2, column: 22 }, end: { line: 2, column: 24 } } },
      severity: 'ERROR',
      source: { name: 'rustc' },
      code: { value: 'E0425' },
    });
  });

  it('omits columns it cannot convert, keeps byte columns as they are', () => {
    const lines = renderRdjsonl(result)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0].location.range).toEqual({ start: { line: 12 } });
    expect(lines[1].message).toBe('uses [REDACTED:github-token]');
    expect(lines[1].severity).toBe('WARNING');
    const bytes = renderRdjsonl({ ...result, locations: [location({ columnUnit: 'byte' })] });
    // columns 7–10 inclusive: reviewdog's end is exclusive, one past the last column.
    expect(JSON.parse(bytes).location.range).toEqual({ start: { line: 12, column: 7 }, end: { line: 12, column: 11 } });
  });

  it('round-trips through the rdjsonl reader of src/reports to the same inclusive range', () => {
    const bytes = renderRdjsonl({ ...result, locations: [location({ columnUnit: 'byte' })] });
    const [read] = rdDiagnostic(JSON.parse(bytes), 'rdjsonl', 1, null);
    expect(read).toMatchObject({ line: 12, column: 7, endLine: 12, endColumn: 10 });
  });
});

describe('gitlab', () => {
  it('emits Code Quality issues with stable, distinct fingerprints', () => {
    const issues = renderGitlab(result);
    expect(issues[0]).toEqual({
      description: "Type 'string' is not assignable to type 'number'.",
      check_name: 'tsc/TS2322',
      fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
      severity: 'major',
      location: { path: 'src/app.ts', lines: { begin: 12 } },
    });
    expect(issues[1]?.severity).toBe('minor');
    expect(issues[1]?.description).toBe('uses [REDACTED:github-token]');
    expect(renderGitlab(result)[0]?.fingerprint).toBe(issues[0]?.fingerprint);
    const moved = renderGitlab({ ...result, locations: [location({ line: 13 })] });
    expect(moved[0]?.fingerprint).not.toBe(issues[0]?.fingerprint);
    const twice = renderGitlab({ ...result, locations: [location(), location()] });
    expect(twice[0]?.fingerprint).not.toBe(twice[1]?.fingerprint);
  });

  it('uses a given redactor (e.g. with environment values)', () => {
    const redactor = createRedactor({ env: { DEPLOY_TOKEN: 'plain-but-secret' } });
    const issues = renderGitlab({ ...result, locations: [location({ message: 'auth plain-but-secret failed' })] }, { redactor });
    expect(issues[0]?.description).toBe('auth [REDACTED:env:DEPLOY_TOKEN] failed');
  });
});

describe('locationRange', () => {
  it('gives 0-based UTF-16 ranges from the file text', () => {
    const text = 'fn main() {\n    let s = "é😀"; x\n}\n';
    // Characters 18–19 (inclusive) are ' x' after "é😀"; the emoji is 2 UTF-16 units, and LSP's end is exclusive.
    expect(locationRange({ line: 2, column: 18, endLine: 2, endColumn: 19, columnUnit: 'char' }, text)).toEqual({
      start: { line: 1, character: 18 },
      end: { line: 1, character: 20 },
    });
    expect(locationRange({ line: 2, column: 22, endLine: null, endColumn: null, columnUnit: 'byte' }, text)).toEqual({
      start: { line: 1, character: 18 },
      end: { line: 1, character: 18 },
    });
    expect(locationRange({ line: 2, column: null, endLine: null, endColumn: null, columnUnit: 'unknown' }, text)).toEqual({
      start: { line: 1, character: 0 },
      end: { line: 1, character: 20 },
    });
  });
});

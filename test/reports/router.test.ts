// The input router: reports found by content among text, at any chunk boundary, with text keeping its log lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { createInputReader, type InputReaderOptions } from '../../src/reports/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
const fixture = (path: string): string => readFileSync(join(FIXTURES, path), 'latin1');

type Options = Omit<InputReaderOptions, 'normaliseLine'>;

/** Feeds latin1 text in slices of `size` through write() (text and stream sources). */
function bySlices(latin1: string, size: number, options: Options = {}): RawLocation[] {
  const reader = createInputReader({ normaliseLine, ...options });
  for (let offset = 0; offset < latin1.length; offset += size) reader.write(latin1.slice(offset, offset + size));
  return reader.end().locations;
}

/** Feeds it as readLog does for files: each window is the tail the reader asked to keep plus the next slice. */
function byWindows(latin1: string, size: number, options: Options = {}): RawLocation[] {
  const reader = createInputReader({ normaliseLine, ...options });
  let kept = '';
  for (let offset = 0; offset < latin1.length; offset += size) {
    const window = kept + latin1.slice(offset, offset + size);
    const keep = reader.writeWindow(window);
    kept = keep > 0 ? window.slice(window.length - keep) : '';
  }
  return reader.end().locations;
}

const brief = (locations: RawLocation[]) =>
  locations.map((l) => `${l.format} ${l.file}:${l.line}:${l.column ?? ''} ${l.severity ?? '-'} ${l.code ?? '-'} @${l.logLine}`);

const cargoLine = (file: string, line: number, message: string): string =>
  JSON.stringify({
    reason: 'compiler-message',
    package_id: 'demo 0.1.0',
    message: {
      message,
      level: 'error',
      code: { code: 'E0308' },
      spans: [{ file_name: file, line_start: line, line_end: line, column_start: 5, column_end: 9, is_primary: true, label: null }],
      children: [],
    },
  });

describe('reports found among text', () => {
  it('cargo JSON lines among gcc text: both read, every text line keeps its log line', () => {
    const log = [
      '   Compiling demo v0.1.0',
      cargoLine('src/main.rs', 6, 'mismatched types'),
      'src/native.c:3:7: error: expected ; before }',
      cargoLine('src/lib.rs', 2, 'oops'),
      'src/native.c:9:1: warning: unused',
      '',
    ].join('\n');
    expect(brief(bySlices(log, 1 << 16))).toEqual([
      'cargo-json src/main.rs:6:5 error E0308 @2',
      'gcc src/native.c:3:7 error - @3',
      'cargo-json src/lib.rs:2:5 error E0308 @4',
      'gcc src/native.c:9:1 warning - @5',
    ]);
  });

  it('the same locations at every chunk size, by slices and by windows', () => {
    for (const path of [
      'cargo-json/mixed.log',
      'go-test-json/fail-and-ok.log',
      'sarif/eslint.log',
      'eslint-json/two-files.log',
      'junit/jest.log',
      'rdjsonl/documented.log',
      'checkstyle/shellcheck.log',
    ]) {
      const log = fixture(path);
      const whole = brief(bySlices(log, 1 << 20));
      expect(whole.length, path).toBeGreaterThan(0);
      for (const size of [1, 7, 64, 1000]) {
        expect(brief(bySlices(log, size)), `${path} by ${size}`).toEqual(whole);
        expect(brief(byWindows(log, size)), `${path} windows of ${size}`).toEqual(whole);
      }
    }
  });

  it('an eslint JSON document after npm warnings, with a text error after it', () => {
    const eslint = fixture('eslint-json/two-files.log').trimEnd();
    const log = `npm warn exec The following package was not found and will be installed: eslint@9\n${eslint}\nsrc/x.ts(3,4): error TS2322: no\n`;
    const found = brief(bySlices(log, 333));
    expect(found.filter((entry) => entry.startsWith('eslint-json')).length).toBe(5);
    expect(found.at(-1)).toBe('tsc src/x.ts:3:4 error TS2322 @3');
  });

  it('text lines that only start with a bracket stay text ([INFO], objects printed by a test, JSON that is no report)', () => {
    const log = [
      '[INFO] Building demo',
      '{ a: 1,',
      '  b: 2 }',
      '{"level":30,"msg":"started"}',
      '[',
      '  1, 2',
      ']',
      'src/app.py:4: error: bad',
      '',
    ].join('\n');
    const found = bySlices(log, 5);
    expect(brief(found)).toEqual(brief(bySlices(log, 1 << 16, { inputFormat: 'text' })));
    expect(found.at(-1)?.logLine).toBe(8);
  });

  it('XML reports one after another (cat of several TEST-*.xml), then text: each read, the text keeps its line', () => {
    const checkstyle = fixture('checkstyle/shellcheck.log');
    const junit = fixture('junit/surefire.log');
    const log = `${checkstyle}${junit}src/x.ts(3,4): error TS2322: no\n`;
    const lines = (text: string) => text.split('\n').length - 1;
    for (const size of [13, 1 << 16]) {
      const found = bySlices(log, size);
      expect(found.filter((l) => l.format === 'checkstyle').length, `by ${size}`).toBe(bySlices(checkstyle, 1 << 16).length);
      expect(found.filter((l) => l.format === 'java-stack' && l.logLine > lines(checkstyle)).length).toBeGreaterThan(2);
      expect(found.at(-1)).toMatchObject({ format: 'tsc', logLine: lines(checkstyle) + lines(junit) + 1 });
    }
  });

  it("a copy's marks before an XML report's first token come off (a backtick, a fence, a quote mark, a bullet)", () => {
    const report = fixture('checkstyle/shellcheck.log');
    const clean = brief(bySlices(report, 1 << 16));
    expect(clean.length).toBeGreaterThan(0);
    for (const marks of ['`', '```xml\n', '> ', '- ', '\n\n`']) {
      const newlines = marks.split('\n').length - 1;
      const shifted = clean.map((entry) => entry.replace(/@(\d+)$/, (_, line: string) => `@${Number(line) + newlines}`));
      for (const size of [3, 1 << 16]) {
        expect(brief(bySlices(`${marks}${report}`, size)), `${JSON.stringify(marks)} by ${size}`).toEqual(shifted);
        expect(brief(byWindows(`${marks}${report}`, size)), `${JSON.stringify(marks)} by windows of ${size}`).toEqual(shifted);
      }
    }
    // A report quoted on every line is no XML any more: read as text, never refused as an invalid report.
    const quoted = report.replace(/^/gm, '> ');
    expect(() => bySlices(quoted, 1 << 16)).not.toThrow();
    expect(bySlices(quoted, 1 << 16).filter((l) => l.format === 'checkstyle')).toEqual([]);
  });

  it('invalid JSON after a report-like start is read as text again', () => {
    const log = ['{"version": oops', 'src/app.ts(1,2): error TS1005: x', ''].join('\n');
    expect(brief(bySlices(log, 4))).toEqual(['tsc src/app.ts:1:2 error TS1005 @2']);
  });
});

describe('choosing and forcing formats', () => {
  const eslint = fixture('eslint-json/two-files.log');

  it('--input-format text reads no report; --tool with a text name only reads no report', () => {
    expect(bySlices(eslint, 4096, { inputFormat: 'text' }).filter((l) => l.format === 'eslint-json')).toEqual([]);
    expect(bySlices(eslint, 4096, { formats: ['tsc'] }).filter((l) => l.format === 'eslint-json')).toEqual([]);
    expect(bySlices(eslint, 4096, { formats: ['eslint-json'] }).length).toBe(5);
  });

  it('a report name alone reads that report and no plain text', () => {
    const log = `src/a.c:1:2: error: x\n${cargoLine('src/main.rs', 6, 'm')}\n`;
    expect(brief(bySlices(log, 4096, { formats: ['cargo-json'] }))).toEqual(['cargo-json src/main.rs:6:5 error E0308 @2']);
  });

  it('forcing an XML format reads the input as XML (and says so when it is not)', () => {
    const report = fixture('checkstyle/shellcheck.log');
    expect(bySlices(report, 100, { inputFormat: 'checkstyle' }).length).toBeGreaterThan(0);
    expect(() => bySlices('src/a.c:1:2: error: x\n', 100, { inputFormat: 'junit' })).toThrow(
      expect.objectContaining({ code: 'E_REPORT_INVALID' }),
    );
  });

  it('an unknown input format is a usage error naming the known ones', () => {
    expect(() => createInputReader({ normaliseLine, inputFormat: 'sarif3' })).toThrow(
      expect.objectContaining({ code: 'E_UNKNOWN_FORMAT', message: expect.stringContaining('sarif, eslint-json') }),
    );
  });

  it('a log starting with <stdin> or <anonymous> is text, not XML', () => {
    expect(brief(bySlices('<stdin>:3:1: error: expected identifier\n', 8))).toEqual(
      brief(bySlices('<stdin>:3:1: error: expected identifier\n', 8, { inputFormat: 'text' })),
    );
  });
});

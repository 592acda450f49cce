// Hostile and oversized reports: a bounded, clear error (a FaultlineError with a code) or text as before, never a
// crash, and work that grows linearly: the reader counts the characters, records and frames it examines (a
// WorkMeter), and 4× the input may cost at most 4.5× the count. The count is exact, so a busy machine cannot make
// these flaky; bench/growth.mjs times the same shapes.
import { describe, expect, it } from 'vitest';
import type { WorkMeter } from '../../src/core/index.js';
import { locate } from '../../src/locate/index.js';
import { createInputReader } from '../../src/reports/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

function read(latin1: string, slice = 64 * 1024, meter?: WorkMeter) {
  const reader = createInputReader({ normaliseLine, ...(meter ? { meter } : {}) });
  for (let offset = 0; offset < latin1.length; offset += slice) reader.write(latin1.slice(offset, offset + slice));
  return reader.end();
}

/** A stream of `count` slices of `piece` after `head`, so a huge input is never one string in the test. */
async function* repeated(head: string, piece: string, count: number, tail = ''): AsyncIterable<string> {
  yield head;
  for (let index = 0; index < count; index++) yield piece;
  yield tail;
}

/** The work counted while reading `latin1`. */
function counted(latin1: string, slice = 64 * 1024): number {
  const meter: WorkMeter = { steps: 0 };
  read(latin1, slice, meter);
  return meter.steps;
}

describe('hostile reports', () => {
  it('JSON nested past the depth limit is refused with E_REPORT_LIMIT', () => {
    const log = `[{"filePath":"a.js","messages":${'['.repeat(200_000)}`;
    expect(() => read(log)).toThrow(
      expect.objectContaining({ code: 'E_REPORT_LIMIT', message: expect.stringContaining('deeper than 128') }),
    );
  });

  it('XML nested past the depth limit is refused with E_REPORT_LIMIT', () => {
    const log = `<?xml version="1.0"?>\n<testsuites>${'<a>'.repeat(100_000)}`;
    expect(() => read(log)).toThrow(expect.objectContaining({ code: 'E_REPORT_LIMIT' }));
  });

  it('a 40 MiB JSON string is refused once it passes 32 MiB, not held to the end', async () => {
    const stream = repeated('{"runs":[{"results":[{"message":{"text":"', 'x'.repeat(1 << 20), 40);
    await expect(locate({ stream }, { cwd: '/tmp', roots: ['/tmp'] })).rejects.toMatchObject({ code: 'E_REPORT_LIMIT' });
  });

  it('a 40 MiB XML text node is refused with E_REPORT_LIMIT', async () => {
    const stream = repeated('<testsuites><testsuite><testcase name="t"><failure>', 'y'.repeat(1 << 20), 40);
    await expect(locate({ stream }, { cwd: '/tmp', roots: ['/tmp'] })).rejects.toMatchObject({ code: 'E_REPORT_LIMIT' });
  });

  it('a JSON line over 1 MiB is not read as a record; the lines around it still are', () => {
    const record = (file: string) =>
      JSON.stringify({
        reason: 'compiler-message',
        package_id: 'p',
        message: {
          message: 'm',
          level: 'error',
          spans: [{ file_name: file, line_start: 1, column_start: 1, column_end: 2, is_primary: true }],
        },
      });
    const huge = `{"reason":"compiler-message","package_id":"p","message":{"message":"${'z'.repeat(2 << 20)}"}}`;
    const found = read([record('src/a.rs'), huge, record('src/b.rs'), ''].join('\n')).locations;
    expect(found.map((l) => [l.file, l.logLine])).toEqual([
      ['src/a.rs', 1],
      ['src/b.rs', 3],
    ]);
  });

  it('DTD entities are never expanded (no billion laughs): a clear error, work bounded by the input', () => {
    const entities = [
      '<!ENTITY a "aaaaaaaaaa">',
      ...Array.from(
        { length: 9 },
        (_, index) => `<!ENTITY ${String.fromCharCode(98 + index)} "${`&${String.fromCharCode(97 + index)};`.repeat(10)}">`,
      ),
    ];
    const log = `<?xml version="1.0"?>\n<!DOCTYPE testsuites [${entities.join('')}]>\n<testsuites><testsuite><testcase name="t"><failure>&j;</failure></testcase></testsuite></testsuites>\n`;
    let outcome: unknown;
    const meter: WorkMeter = { steps: 0 };
    try {
      outcome = read(log, 64 * 1024, meter).locations;
    } catch (error) {
      outcome = error;
    }
    expect(outcome).toMatchObject(Array.isArray(outcome) ? [] : { code: 'E_REPORT_INVALID' });
    // &j; would expand to 10^10 characters; what was read is a few times the log at most.
    expect(meter.steps).toBeGreaterThan(0);
    expect(meter.steps).toBeLessThan(10 * log.length);
  });

  it('an unterminated report keeps what it read (a killed test run writes half a file)', () => {
    const log =
      '<testsuites><testsuite><testcase name="t" file="tests/test_x.py" line="3"><failure message="boom">tests/test_x.py:4: AssertionError\n';
    expect(read(log).locations.map((l) => [l.file, l.line])).toEqual([
      ['tests/test_x.py', 3],
      ['tests/test_x.py', 4],
    ]);
  });
});

describe('linear work', () => {
  const ratio = (build: (n: number) => string, n: number): number => {
    const small = build(n);
    const smallSteps = counted(small);
    // At least the log itself: the meter is wired, not left at zero.
    expect(smallSteps).toBeGreaterThanOrEqual(small.length);
    return counted(build(4 * n)) / smallSteps;
  };

  it('JSON lines among text: 4× the log costs at most 4.5× the work', () => {
    const line = (index: number) =>
      JSON.stringify({
        reason: 'compiler-message',
        package_id: 'p',
        message: {
          message: 'm',
          level: 'warning',
          spans: [{ file_name: `src/m${index}.rs`, line_start: 1, column_start: 1, column_end: 2, is_primary: true }],
          children: [],
        },
      });
    const build = (n: number) => Array.from({ length: n }, (_, index) => `${line(index)}\n[INFO] step ${index}\n{ not: json }\n`).join('');
    expect(ratio(build, 2000)).toBeLessThanOrEqual(4.5);
  });

  // A stream may hand over a whole log as one slice; each line starts like a record and is text (a JSON logger's lines).
  it('JSON-looking lines that are no record, in one slice: 4× the log costs at most 4.5× the work', () => {
    const build = (n: number) =>
      Array.from({ length: n }, (_, index) => `{"level": "error", "caller": "step.go:${index}", "msg": "x\\ny"}\n`).join('');
    const small = build(600);
    expect(counted(build(2400), Number.MAX_SAFE_INTEGER) / counted(small, Number.MAX_SAFE_INTEGER)).toBeLessThanOrEqual(4.5);
  });

  it('a SARIF document: 4× the results cost at most 4.5× the work', () => {
    const result = (index: number) =>
      `{"ruleId":"r","level":"error","message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"src/f${index}.js"},"region":{"startLine":3,"startColumn":2}}}]}`;
    const build = (n: number) =>
      `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"t"}},"results":[${Array.from({ length: n }, (_, index) => result(index)).join(',\n')}]}]}\n`;
    expect(ratio(build, 3000)).toBeLessThanOrEqual(4.5);
  });

  it('a JUnit report: 4× the failures cost at most 4.5× the work', () => {
    const failure = (index: number) =>
      `<testcase name="t${index}"><failure message="boom">Error: boom\n    at Object.test (/w/src/t${index}.test.js:4:9)\n</failure></testcase>\n`;
    const build = (n: number) =>
      `<?xml version="1.0"?>\n<testsuites><testsuite>\n${Array.from({ length: n }, (_, index) => failure(index)).join('')}</testsuite></testsuites>\n`;
    expect(ratio(build, 800)).toBeLessThanOrEqual(4.5);
  });
});

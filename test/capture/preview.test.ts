// Preview and normalisation (seeds §4 cases 1–7): line-aligned, exact markers, Unicode-safe, error window.
import { describe, expect, test } from 'vitest';
import { buildPreview } from '../../src/capture/index.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MARKER = /^\[… ([\d ]+) lines? \(([\d ]+) bytes?\) omitted …\]$/;
const num = (text: string): number => Number(text.replace(/ /g, ''));

/** Checks the marker arithmetic: kept raw bytes + omitted bytes = total, same for lines. */
function expectExactMarkers(input: string, preview: ReturnType<typeof buildPreview>): void {
  const rawLines = input.split('\n');
  if (input.endsWith('\n')) rawLines.pop();
  expect(preview.totalLines).toBe(rawLines.length);
  expect(preview.totalBytes).toBe(Buffer.byteLength(input));
  let markerLines = 0;
  let markerBytes = 0;
  for (const line of preview.text.split('\n')) {
    const match = MARKER.exec(line);
    if (match) {
      markerLines += num(match[1]!);
      markerBytes += num(match[2]!);
    }
  }
  expect(markerLines).toBe(preview.omittedLines);
  expect(markerBytes).toBe(preview.omittedBytes);
}

describe('normalisation (seeds cases 1–2)', () => {
  test('case 1: CR progress collapses to its last state', () => {
    const preview = buildPreview(
      'Resolving deps 12%\rResolving deps 64%\rResolving deps 100%\nerror: checksum mismatch for left-pad@9.9.9\n',
    );
    expect(preview.text).toBe('Resolving deps 100%\nerror: checksum mismatch for left-pad@9.9.9');
    expect(preview.totalLines).toBe(2);
  });

  test('case 2: the full escape-sequence grammar is removed', () => {
    const preview = buildPreview('\x1b[>4;2m\x1b[38:2:200:10:10mFAIL\x1b[0m spec/io.spec.ts\x1bP1$r0m\x1b\\ \u009b1mdone');
    expect(preview.text).toBe('FAIL spec/io.spec.ts done');
  });

  test('case 3: bounding a colored 250 000-char line leaves no escape remnant', () => {
    const preview = buildPreview(`\x1b[31m${'E'.repeat(250_000)}\n`, { budgetBytes: 16 * 1024 });
    expect(preview.text).not.toMatch(/\[31m|1m|\x1b/);
    expect(preview.text).toMatch(/^E+\[… [\d ]+ chars of this line omitted …\]E+$/);
  });
});

describe('Unicode-safe bounds (seeds case 4)', () => {
  test('an astral-heavy single line keeps no lone surrogate', () => {
    const preview = buildPreview(`${'🧪'.repeat(7000)}z`, { budgetBytes: 12_000 });
    expect(LONE_SURROGATE.test(preview.text)).toBe(false);
    expect(preview.text.endsWith('🧪z')).toBe(true);
  });

  test('3 000 × "ß🧪" lines in 5 KiB: no lone surrogate, exact omitted counts', () => {
    const input = 'ß🧪\n'.repeat(3000);
    const preview = buildPreview(input, { budgetBytes: 5 * 1024 });
    expect(LONE_SURROGATE.test(preview.text)).toBe(false);
    expectExactMarkers(input, preview);
    const kept = preview.text.split('\n').filter((line) => !MARKER.test(line));
    expect(kept.every((line) => line === 'ß🧪')).toBe(true);
    expect(kept.length + preview.omittedLines).toBe(3000);
    expect(kept.length * 7 + preview.omittedBytes).toBe(21_000);
  });
});

describe('long lines and line alignment (seeds cases 5–7)', () => {
  test('case 5: an over-long line keeps its end and says how much was cut', () => {
    const line = `${'m'.repeat(20_000 - 33)}SyntaxError: Unexpected token '<'`;
    const preview = buildPreview(`${line}\n`, { budgetBytes: 12_000 });
    expect(preview.text.endsWith("SyntaxError: Unexpected token '<'")).toBe(true);
    const match = /\[… ([\d ]+) chars of this line omitted …\]/.exec(preview.text);
    expect(match).not.toBeNull();
    const kept = preview.text.replace(match![0], '').length;
    expect(kept + num(match![1]!)).toBe(20_000);
  });

  test('case 6: head and tail are whole lines and the marker is exact', () => {
    const lines = Array.from({ length: 400 }, (_, index) => `step ${index + 1}: compiling module ${index + 1}`);
    const input = `${lines.join('\n')}\n`;
    const preview = buildPreview(input, { budgetBytes: 5 * 1024 });
    const shown = preview.text.split('\n');
    const markerIndex = shown.findIndex((line) => MARKER.test(line));
    expect(markerIndex).toBeGreaterThan(0);
    for (const line of shown) if (!MARKER.test(line)) expect(lines).toContain(line);
    const headLast = Number(/^step (\d+):/.exec(shown[markerIndex - 1]!)![1]);
    const tailFirst = Number(/^step (\d+):/.exec(shown[markerIndex + 1]!)![1]);
    const match = MARKER.exec(shown[markerIndex]!)!;
    expect(headLast + num(match[1]!) + 1).toBe(tailFirst);
    const omitted = lines.slice(headLast, tailFirst - 1).join('\n').length + 1;
    expect(num(match[2]!)).toBe(omitted);
    expect(shown.at(-1)).toBe('step 400: compiling module 400');
    expectExactMarkers(input, preview);
  });

  test('case 7: 600 short lines under the budget are all kept', () => {
    const input = Array.from({ length: 600 }, (_, index) => `case ${index + 1} ok`).join('\n');
    const preview = buildPreview(input, { budgetBytes: 10 * 1024 });
    expect(preview.omittedLines).toBe(0);
    expect(preview.text.split('\n')).toHaveLength(600);
  });
});

describe('first-error window', () => {
  const noise = (from: number, count: number): string[] =>
    Array.from({ length: count }, (_, index) => `[${from + index}] building target ${from + index} with some padding text`);
  const input = `${[...noise(1, 499), 'src/parser.c:10:5: error: expected ";" before "}" token', '  10 |   return x', ...noise(502, 1500)].join('\n')}\n`;

  test("a compiler's first error between head and tail stays visible", () => {
    const preview = buildPreview(input, { budgetBytes: 4096 });
    expect(preview.errorLine).toBe(500);
    const shown = preview.text.split('\n');
    const errorIndex = shown.indexOf('src/parser.c:10:5: error: expected ";" before "}" token');
    expect(errorIndex).toBeGreaterThan(0);
    expect(shown[errorIndex - 1]).toBe('[499] building target 499 with some padding text');
    expect(shown.filter((line) => MARKER.test(line))).toHaveLength(2);
    expect(Buffer.byteLength(preview.text)).toBeLessThan(4096 + 200);
    expectExactMarkers(input, preview);
  });

  test('a caller-provided line wins over wording', () => {
    const preview = buildPreview(input, { budgetBytes: 4096, errorLine: 1200 });
    expect(preview.errorLine).toBe(1200);
    expect(preview.text).toContain('[1200] building target 1200');
  });
});

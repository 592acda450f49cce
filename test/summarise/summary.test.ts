import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatRunHeader, summariseError } from '../../src/summarise/index.js';

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');

describe('summariseError', () => {
  it('keeps the Jest test name and Expected/Received (seeds case 20)', () => {
    const text = [
      'FAIL src/cart.test.ts',
      '  ● Cart › applies discount',
      '',
      '    expect(received).toBe(expected) // Object.is equality',
      '',
      '    Expected: 30',
      '    Received: 27',
      '',
      '      at Object.<anonymous> (src/cart.test.ts:14:23)',
      '',
      'Tests: 1 failed, 9 passed',
    ].join('\n');
    const summary = summariseError({ text });
    expect(summary.text).toContain('● Cart › applies discount');
    expect(summary.text).toContain('Expected: 30');
    expect(summary.text).toContain('Received: 27');
    expect(summary.text).not.toContain('Tests: 1 failed');
    expect(summary.startLine).toBe(2);
  });

  it('takes the block of the primary log line from a real Jest run', () => {
    const text = fixture('jest/ci-plain.log');
    const lines = text.split('\n');
    const primary = lines.findIndex((line) => line.includes('● adds')) + 1;
    const summary = summariseError({ text, primaryLogLine: primary + 6 });
    expect(summary.text).toContain('● adds');
    expect(summary.text).toContain('Expected: 4');
    expect(summary.text).toContain('Received: 3');
    expect(summary.text).not.toContain('parseConfig');
  });

  it('keeps a gcc error with its note, without the next error', () => {
    const text = fixture('gcc/basic.log');
    const lines = text.split('\n');
    const primary = lines.findIndex((line) => line.includes('undeclared')) + 1;
    const summary = summariseError({ text, primaryLogLine: primary });
    expect(summary.text).toMatch(/error: .undefined_status. undeclared/);
    expect(summary.text).toContain('note: each undeclared identifier');
    expect(summary.text).not.toContain('warning');
  });

  it('picks the first rustc error block (not the warnings) with its help', () => {
    const summary = summariseError({ text: fixture('rustc/plain.log'), maxChars: 1000 });
    expect(summary.text.split('\n')[0]).toBe('error[E0308]: mismatched types');
    expect(summary.text).toContain('--> demo/src/parse.rs:2:25');
    expect(summary.text).toContain('help: try using a conversion method');
    expect(summary.text).not.toContain('cannot add');
  });

  it("keeps a traceback's tail: the innermost frame and the exception", () => {
    const summary = summariseError({ text: fixture('python-traceback/nested-two-modules.log') });
    expect(summary.text).toBe('File "/app/pricing.py", line 5, in unit_price\nreturn PRICES[sku]\nKeyError: \'B7\'');
  });

  it('keeps pytest E lines and the test header', () => {
    const summary = summariseError({ text: fixture('pytest-long/tb-auto-default.log') });
    expect(summary.text).toContain('test_eq');
    expect(summary.text).toContain('E assert 3 == 4');
    expect(summary.text).not.toContain('test_average_empty');
  });

  it('keeps assert_eq left/right of a Rust panic', () => {
    const text = [
      "thread 'tests::adds' panicked at src/lib.rs:9:9:",
      'assertion `left == right` failed',
      '  left: 3',
      ' right: 4',
      'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
    ].join('\n');
    const summary = summariseError({ text });
    expect(summary.text).toContain('left: 3');
    expect(summary.text).toContain('right: 4');
  });

  it('takes a panic block to its blank line (rustc 1.9x prints a thread id)', () => {
    const summary = summariseError({ text: fixture('rust-panic/backtrace.log') });
    expect(summary.text).toMatch(/^thread 'tests::price_out_of_range' \(\d+\) panicked at src\/lib\.rs:7:5:\nindex out of bounds/);
  });

  it('keeps a vitest failure to its separator, with the assertion', () => {
    const summary = summariseError({ text: fixture('vitest/force-color.log') });
    expect(summary.text).toContain('FAIL test/add.test.ts > adds');
    expect(summary.text).toContain('AssertionError: expected 3 to be 4');
    expect(summary.text).not.toContain('rejects missing name');
  });

  it('recognises tsc --pretty and mypy end-column headers, and skips run totals', () => {
    expect(summariseError({ text: fixture('tsc-pretty/ansi-summary-table.log') }).text).toMatch(/^src\/money\.ts:6:3 - error TS2322/);
    expect(summariseError({ text: fixture('mypy/column-and-end.log') }).text).toMatch(
      /^src\/models\.py:11:12:11:19: error: Incompatible return value/,
    );
    expect(summariseError({ text: 'ok\nFound 0 errors.\n0 errors and 1 warning' }).text).not.toMatch(/^Found/);
  });

  it('de-duplicates repeated lines and falls back to the last failure line', () => {
    const text = 'compiling\nnpm ERR! code 1\nnpm ERR! code 1\ndone';
    expect(summariseError({ text }).text).toBe('npm ERR! code 1');
    expect(summariseError({ text: 'just\nsome\nlines\nhere' }).text).toBe('some\nlines\nhere');
  });

  it('bounds to maxChars with a marker and never splits a surrogate pair', () => {
    const text = `error: ${'😀'.repeat(300)}`;
    for (const maxChars of [50, 51, 52, 400]) {
      const summary = summariseError({ text, maxChars });
      expect(summary.text.length).toBeLessThanOrEqual(maxChars);
      expect(summary.text.endsWith('…')).toBe(true);
      expect(summary.truncated).toBe(true);
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(summary.text)).toBe(false);
    }
  });

  it('drops code frames before assertion detail when the bound is tight', () => {
    const text = [
      '  ● adds',
      '',
      '    > 4 |   expect(add(1, 2)).toBe(4);',
      '        |                     ^',
      '    Expected: 4',
      '    Received: 3',
    ].join('\n');
    const summary = summariseError({ text, maxChars: 40 });
    expect(summary.text).toBe('● adds\nExpected: 4\nReceived: 3');
  });

  it('accepts pre-split lines and strips ANSI', () => {
    const summary = summariseError({ lines: ['\u001b[31merror\u001b[0m: boom'] });
    expect(summary.text).toBe('error: boom');
  });
});

describe('formatRunHeader', () => {
  it('prints command, cwd and exit code, or unknown', () => {
    expect(formatRunHeader({ command: ['npm', 'run', 'test it'], cwd: '/repo', exitCode: 2 })).toBe(
      "Command: npm run 'test it'\nWorking directory: /repo\nExit code: 2",
    );
    expect(formatRunHeader({ command: [], cwd: '', exitCode: null })).toBe(
      'Command: unknown\nWorking directory: unknown\nExit code: unknown',
    );
    expect(formatRunHeader(undefined)).toContain('Exit code: unknown');
  });
});

import { describe, expect, it } from 'vitest';
import { boundText } from '../../src/summarise/index.js';

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

describe('boundText', () => {
  it('returns short text unchanged (normalised) with truncated undefined', () => {
    expect(boundText({ text: '\u001b[31mred\u001b[0m\r\nok', maxLines: 10, maxChars: 100 })).toEqual({
      text: 'red\nok',
      truncated: undefined,
    });
  });

  it('keeps head and tail lines around an explicit marker', () => {
    const result = boundText({ text: numbered(1000), maxLines: 10 });
    const lines = result.text.split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('line 1');
    expect(lines).toContain('[… 991 lines omitted …]');
    expect(lines[9]).toBe('line 1000');
    expect(result.truncated?.lines).toBe(991);
  });

  it('bounds by characters at line boundaries, marker included', () => {
    const text = numbered(1000);
    const result = boundText({ text, maxChars: 300 });
    expect(result.text.length).toBeLessThanOrEqual(300);
    expect(result.text.startsWith('line 1\n')).toBe(true);
    expect(result.text.endsWith('line 1000')).toBe(true);
    expect(result.text).toMatch(/\[… \d+ lines omitted …\]/);
    expect(result.truncated?.chars).toBeGreaterThan(text.length - 300);
  });

  it('keeps only the tail with headShare 0', () => {
    const result = boundText({ text: numbered(100), maxLines: 5, headShare: 0 });
    expect(result.text).toBe('[… 96 lines omitted …]\nline 97\nline 98\nline 99\nline 100');
  });

  it('cuts one enormous line surrogate-safely, keeping its end', () => {
    const text = `${'😀'.repeat(500)}END`;
    for (const maxChars of [80, 81, 120]) {
      const result = boundText({ text, maxChars });
      expect(result.text.length).toBeLessThanOrEqual(maxChars);
      expect(result.text.endsWith('END')).toBe(true);
      expect(result.text).toMatch(/chars omitted/);
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(result.text)).toBe(false);
    }
  });

  it('keeps the end when the budget cannot hold a marker', () => {
    const result = boundText({ text: numbered(50), maxChars: 10 });
    expect(result.text.length).toBeLessThanOrEqual(10);
    expect(result.text.endsWith('line 50')).toBe(true);
    expect(result.truncated).toBeDefined();
  });
});

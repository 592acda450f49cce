// Normalisation: what a person saw last on the terminal (seeds-lessons §4 cases 1–4).
import { describe, expect, it } from 'vitest';
import {
  applyBackspaces,
  collapseCarriageReturns,
  normaliseLine,
  normaliseText,
  safePrefix,
  safeSuffix,
  safeUtf8PrefixLength,
  stripAnsi,
} from '../../src/summarise/index.js';

describe('stripAnsi', () => {
  it('removes CSI with private and colon parameters, DCS, OSC, C1 CSI and single-char escapes (case 2)', () => {
    const input = '\u001b[>4;2m\u001b[38:2:200:10:10mFAIL\u001b[0m spec/io.spec.ts\u001bP1$r0m\u001b\\ \u009b1mdone';
    expect(stripAnsi(input)).toBe('FAIL spec/io.spec.ts done');
  });

  it('keeps the text of OSC 8 hyperlinks and drops titles, charset selects and keypad modes', () => {
    expect(stripAnsi('\u001b]8;;file:///a.ts\u0007a.ts\u001b]8;;\u0007')).toBe('a.ts');
    expect(stripAnsi('\u001b]0;title\u001b\\x\u001b(By\u001b=z\u001b7')).toBe('xyz');
    expect(stripAnsi('\u001b[?25l\u001b[2K\u001b[1Gok\u001b[?2004h')).toBe('ok');
  });

  it('never leaves a fragment of a sequence cut at the end (case 3)', () => {
    expect(stripAnsi('abc\u001b[3')).toBe('abc');
    expect(stripAnsi('abc\u001b]0;unterminated title')).toBe('abc');
    expect(stripAnsi('\u001b[31m' + 'E'.repeat(10))).toBe('E'.repeat(10));
  });

  it('leaves plain text and non-ASCII untouched', () => {
    expect(stripAnsi('naïve ✓ 🧪 ß')).toBe('naïve ✓ 🧪 ß');
  });
});

describe('carriage returns and backspaces', () => {
  it('reduces CR progress redraws to the last state (case 1)', () => {
    expect(normaliseText('Resolving deps 12%\rResolving deps 64%\rResolving deps 100%\nerror: checksum mismatch')).toBe(
      'Resolving deps 100%\nerror: checksum mismatch',
    );
  });

  it('ignores a trailing CR and treats CRLF as a line end', () => {
    expect(collapseCarriageReturns('progress 50%\r')).toBe('progress 50%');
    expect(normaliseLine('done\r')).toBe('done');
  });

  it('applies backspaces by code point, never splitting an emoji', () => {
    expect(applyBackspaces('abc\b\bxy')).toBe('axy');
    expect(applyBackspaces('a🧪\bb')).toBe('ab');
    expect(applyBackspaces('\b\bok')).toBe('ok');
  });

  it('drops other C0 controls but keeps tabs', () => {
    expect(normaliseLine('a\u0000b\u0007c\td')).toBe('abc\td');
  });
});

describe('Unicode-safe cuts (case 4)', () => {
  it('never splits a surrogate pair at either end', () => {
    const text = '🧪'.repeat(7000) + 'z';
    const tail = safeSuffix(text, 12_000);
    expect(tail.charCodeAt(0)).not.toBe(0xdea2 & 0xffff);
    expect(/^[\uDC00-\uDFFF]/.test(tail)).toBe(false);
    expect(/[\uD800-\uDBFF]$/.test(safePrefix(text, 12_001))).toBe(false);
  });

  it('cuts UTF-8 bytes on a character boundary', () => {
    const bytes = Buffer.from('aé🧪', 'utf8');
    expect(safeUtf8PrefixLength(bytes, 2)).toBe(1);
    expect(safeUtf8PrefixLength(bytes, 5)).toBe(3);
    expect(safeUtf8PrefixLength(bytes, 7)).toBe(7);
  });
});

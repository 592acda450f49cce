// The character sets of an errorformat pattern: vim's `\d \s \w \a` escapes, POSIX `[:name:]` classes and
// `[...]` collections read into code-unit ranges, and the one-line error a malformed pattern throws.
import { FaultlineError } from '../../core/index.js';
import type { CharSet } from './pattern-tree.js';

export const DIGIT: CharSet = { ranges: [0x30, 0x39], negated: false };
const SPACE: CharSet = { ranges: [0x09, 0x0d, 0x20, 0x20], negated: false };
const WORD: CharSet = { ranges: [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a], negated: false };
export const POINTER: CharSet = { ranges: [0x09, 0x09, 0x20, 0x20, 0x2d, 0x2e], negated: false };
export const NOT_SPACE: CharSet = { ranges: [0x20, 0x20], negated: true };
export const ALPHA: CharSet = { ranges: [0x41, 0x5a, 0x61, 0x7a], negated: false };
const POSIX: Record<string, readonly number[]> = {
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  digit: [0x30, 0x39],
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  space: [0x09, 0x0d, 0x20, 0x20],
  upper: [0x41, 0x5a],
  lower: [0x61, 0x7a],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  blank: [0x09, 0x09, 0x20, 0x20],
};
export const ESCAPES: Record<string, CharSet> = {
  d: DIGIT,
  D: { ...DIGIT, negated: true },
  s: SPACE,
  S: { ...SPACE, negated: true },
  w: WORD,
  W: { ...WORD, negated: true },
  a: ALPHA,
  A: { ...ALPHA, negated: true },
};

export function fail(source: string, at: number, why: string): never {
  throw new FaultlineError('E_USAGE', `--efm '${source}': ${why} at character ${at + 1}`);
}

/** Reads a `[...]` class whose `[` is at `open`; returns the set and the index just past `]`. */
export function readClass(source: string, open: number): { set: CharSet; next: number } {
  let index = open + 1;
  const negated = source[index] === '^';
  if (negated) index++;
  const ranges: number[] = [];
  let first = true;
  for (;;) {
    if (index >= source.length) fail(source, open, "missing ']' (E374)");
    const char = source[index] as string;
    if (char === ']' && !first) return { set: { ranges, negated }, next: index + 1 };
    first = false;
    if (char === '[' && source[index + 1] === ':') {
      const close = source.indexOf(':]', index + 2);
      const name = close > 0 ? source.slice(index + 2, close) : '';
      const members = POSIX[name];
      if (!members) fail(source, index, `unknown character class '[:${name}:]'`);
      ranges.push(...members);
      index = close + 2;
      continue;
    }
    if (char === '\\' && index + 1 < source.length) {
      const escaped = ESCAPES[source[index + 1] as string];
      if (escaped && !escaped.negated) {
        ranges.push(...escaped.ranges);
        index += 2;
        continue;
      }
      const code = source.charCodeAt(index + 1);
      ranges.push(code, code);
      index += 2;
      continue;
    }
    const from = source.charCodeAt(index);
    if (source[index + 1] === '-' && index + 2 < source.length && source[index + 2] !== ']') {
      const to = source.charCodeAt(index + 2);
      if (to < from) fail(source, index, 'a character range that runs backwards');
      ranges.push(from, to);
      index += 3;
    } else {
      ranges.push(from, from);
      index++;
    }
  }
}

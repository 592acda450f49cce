// The first-character analysis behind the line-start dispatch: a set too small would hide lines from every
// format, so each case checks the exact set, and the unknown constructs must give up (undefined).
import { describe, expect, it } from 'vitest';
import { firstChars } from '../../../src/grammars/engine/first-chars.js';

const chars = (source: string, afterBlanks = false): string | undefined => {
  const set = firstChars(source, afterBlanks);
  return set === undefined
    ? undefined
    : [...set]
        .sort((a, b) => a - b)
        .map((code) => String.fromCharCode(code))
        .join('');
};

describe('firstChars', () => {
  it('reads literals, escapes and alternations', () => {
    expect(chars('FAIL\\t')).toBe('F');
    expect(chars('(?:panic|fatal error): ')).toBe('fp');
    expect(chars('\\*\\*(?:error|exit):')).toBe('*');
    expect(chars('\\xe2\\x97\\x8f ')).toBe('\u00e2');
    expect(chars('\\t(?:[A-Za-z]:)?x')).toBe('\t');
  });

  it('continues past optional pieces, zero-width assertions and named groups', () => {
    expect(chars('(?:\\x1b\\[[0-9;]*[mK])*=+ ')).toBe('\u001b=');
    expect(chars('(?:[ \\t]|\\x1b\\[[0-9;]*m)+at ')).toBe('\t\u001b ');
    expect(chars(' {0,2}x')).toBe(' x');
    expect(chars('^(?=a)(?<name>b|c)')).toBe('bc');
    expect(chars('\\bword')).toBe('w');
    expect(chars('make(?:\\[\\d+\\])?: ')).toBe('m');
  });

  it('expands classes, ranges and class escapes', () => {
    expect(chars('[ewi]: ')).toBe('eiw');
    expect(chars('[[(]!')).toBe('([');
    expect(chars('\\d{1,4}: ')).toBe('0123456789');
    expect(chars('[a-c\\d]')).toBe('0123456789abc');
    expect(firstChars('[^\\s(]+\\.go')?.size).toBe(256 - 8); // 7 blanks of latin1 and '('
  });

  it('after blanks: the first character that can follow the spaces and tabs a match starts with', () => {
    expect(chars('(?:[ \\t]|\\x1b\\[[0-9;]*m)+at ', true)).toBe('\u001ba');
    expect(chars(' {2}\\d+:\\d+', true)).toBe('0123456789');
    expect(chars('[ \\t]*(?:-->|:::) ', true)).toBe('-:');
    expect(chars(' {4}\\S.*', true)?.includes(' ')).toBe(false);
    expect(chars('FAIL', true)).toBe('F');
    // A match that may be blanks only gives no character to dispatch on.
    expect(chars(' *', true)).toBeUndefined();
  });

  it('gives up on what it does not model and on patterns that can match nothing at all', () => {
    expect(chars('\\k<blanks>x')).toBeUndefined();
    expect(chars('\\1x')).toBeUndefined();
    expect(chars('x?')).toBeUndefined();
    expect(chars('(?:a|)')).toBeUndefined();
  });
});

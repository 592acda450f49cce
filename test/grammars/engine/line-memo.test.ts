import { describe, expect, it } from 'vitest';
import { LineMemo } from '../../../src/grammars/engine/line-memo.js';

describe('LineMemo (the per-line cache)', () => {
  it('answers what was set, overwrites a key, and forgets everything on clear', () => {
    const memo = new LineMemo<number | undefined>();
    memo.set('colon\u00000\u0000', 1);
    memo.set('paren\u00000\u0000', undefined);
    memo.set('colon\u00000\u0000', 2);
    expect(memo.get('colon\u00000\u0000')).toBe(2);
    // A value of undefined is known (a head that is not there), unlike a key never set.
    expect(memo.has('paren\u00000\u0000')).toBe(true);
    expect(memo.has('other')).toBe(false);
    memo.clear();
    expect(memo.has('colon\u00000\u0000')).toBe(false);
    expect(memo.get('colon\u00000\u0000')).toBeUndefined();
    memo.set('other', 3);
    expect([memo.get('other'), memo.has('paren\u00000\u0000')]).toEqual([3, false]);
  });
});

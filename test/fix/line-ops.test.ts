// The dry run's line matching (issue 23): a correct diff in work that grows linearly with the files, however
// many lines a fix changes. Work is counted (lines looked at, Myers steps), never timed.
import { describe, expect, it } from 'vitest';
import { lineOps, type Op } from '../../src/fix/line-ops.js';

/** Replays the ops: the kept and removed lines must be `a`, the kept and added lines `b`. */
function replay(ops: readonly Op[]): { a: string[]; b: string[] } {
  return {
    a: ops.filter(([kind]) => kind !== '+').map(([, line]) => line),
    b: ops.filter(([kind]) => kind !== '-').map(([, line]) => line),
  };
}

function changedEverywhere(lines: number): { a: string[]; b: string[] } {
  const a = Array.from({ length: lines }, (_, index) => `var v${index} = ${index}`);
  return { a, b: a.map((line) => line.replace('var', 'let')) };
}

function changedEveryThird(lines: number): { a: string[]; b: string[] } {
  const a = Array.from({ length: lines }, (_, index) => `line ${index}`);
  return { a, b: a.map((line, index) => (index % 3 === 0 ? `${line} fixed` : line)) };
}

describe('lineOps', () => {
  it('keeps what is common and replays to both texts', () => {
    for (const { a, b } of [
      changedEverywhere(700),
      changedEveryThird(900),
      { a: ['x', 'y', 'z'], b: ['y', 'z', 'w'] },
      { a: [], b: ['new'] },
    ]) {
      const { ops } = lineOps(a, b);
      expect(replay(ops)).toEqual({ a, b });
    }
    const { ops } = lineOps(['a', 'b', 'c', 'd'], ['a', 'B', 'c', 'd']);
    expect(ops).toEqual([
      [' ', 'a'],
      ['-', 'b'],
      ['+', 'B'],
      [' ', 'c'],
      [' ', 'd'],
    ]);
  });

  it('a long file whose unique lines anchor it gets a minimal diff: only the changed lines', () => {
    const { a, b } = changedEveryThird(3000);
    const { ops } = lineOps(a, b);
    expect(ops.filter(([kind]) => kind === '-')).toHaveLength(1000);
    expect(ops.filter(([kind]) => kind === '+')).toHaveLength(1000);
  });

  it('work grows linearly: 8× the lines changed everywhere or every third line cost at most 8× (+ slack)', () => {
    for (const shape of [changedEverywhere, changedEveryThird]) {
      const small = shape(1000);
      const large = shape(8000);
      const base = lineOps(small.a, small.b).work;
      const grown = lineOps(large.a, large.b).work;
      // Quadratic (Myers with D ≈ N) would be 64×.
      expect(grown).toBeLessThanOrEqual(base * 8 * 1.25 + 1000);
    }
  });
});

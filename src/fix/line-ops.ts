// Which lines of two texts are kept, removed and added, in work linear in their length (a fix's dry run may
// change thousands of lines; Myers' O((N+M)·D) with D that large is quadratic). Common leading and trailing
// lines are trimmed; a long middle is split at lines that occur once on each side, in order (patience
// anchors); only short stretches (at most SMALL lines) get Myers' minimal diff. A stretch without anchors is
// removed and added whole: still a correct patch, only less minimal. A work budget of BUDGET_PER_LINE per line
// bounds the whole: when it is spent, the rest is removed and added whole.

export type Op = [' ' | '-' | '+', string];

/** Stretches up to this many lines (both sides together) get Myers' diff: at most SMALL² steps each. */
const SMALL = 256;
/** Work units per input line before the matcher stops looking for anchors. */
const BUDGET_PER_LINE = 16;

interface Range {
  aLo: number;
  aHi: number;
  bLo: number;
  bHi: number;
}

interface LineOps {
  ops: Op[];
  /** Work units spent (lines looked at, Myers steps): a growth test's measure, never a time. */
  work: number;
}

function myers(a: readonly string[], b: readonly string[], range: Range, out: Op[]): number {
  const n = range.aHi - range.aLo;
  const m = range.bHi - range.bLo;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let work = 0;
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[range.aLo + x] === b[range.bLo + y]) {
        x++;
        y++;
        work++;
      }
      work++;
      v[offset + k] = x;
      if (x >= n && y >= m) break outer;
    }
  }
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const saved = trace[d] as Int32Array;
    const at = (k: number) => saved[k + d + 1] as number;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) (ops.push([' ', a[range.aLo + --x] as string]), y--);
    if (d > 0) {
      if (x === previousX) ops.push(['+', b[range.bLo + --y] as string]);
      else ops.push(['-', a[range.aLo + --x] as string]);
    }
  }
  for (let index = ops.length - 1; index >= 0; index--) out.push(ops[index] as Op);
  return work;
}

/** Lines occurring once in a's stretch and once in b's, as [aIndex, bIndex] in a's order. */
function uniquePairs(a: readonly string[], b: readonly string[], range: Range): Array<[number, number]> {
  const counts = new Map<string, { a: number; b: number; at: number; bt: number }>();
  for (let index = range.aLo; index < range.aHi; index++) {
    const line = a[index] as string;
    const entry = counts.get(line);
    if (entry) entry.a++;
    else counts.set(line, { a: 1, b: 0, at: index, bt: -1 });
  }
  for (let index = range.bLo; index < range.bHi; index++) {
    const entry = counts.get(b[index] as string);
    if (entry && entry.b++ === 0) entry.bt = index;
  }
  const pairs: Array<[number, number]> = [];
  for (const entry of counts.values()) if (entry.a === 1 && entry.b === 1) pairs.push([entry.at, entry.bt]);
  return pairs.sort((left, right) => left[0] - right[0]);
}

/** The longest run of pairs increasing in b too (patience sorting, O(P log P)). */
function increasing(pairs: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let index = 0; index < pairs.length; index++) {
    const value = (pairs[index] as [number, number])[1];
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((pairs[tails[middle] as number] as [number, number])[1] < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1] as number;
    tails[low] = index;
  }
  const out: Array<[number, number]> = [];
  for (let index = tails.length > 0 ? (tails[tails.length - 1] as number) : -1; index >= 0; index = previous[index] as number)
    out.push(pairs[index] as [number, number]);
  return out.reverse();
}

type Task = { range: Range } | { keep: number };

export function lineOps(a: readonly string[], b: readonly string[]): LineOps {
  const out: Op[] = [];
  let work = 0;
  const budget = BUDGET_PER_LINE * (a.length + b.length) + SMALL * SMALL;
  const replace = (range: Range) => {
    for (let index = range.aLo; index < range.aHi; index++) out.push(['-', a[index] as string]);
    for (let index = range.bLo; index < range.bHi; index++) out.push(['+', b[index] as string]);
  };
  // An explicit stack, last task first: no recursion depth however the anchors nest.
  const tasks: Task[] = [{ range: { aLo: 0, aHi: a.length, bLo: 0, bHi: b.length } }];
  while (tasks.length > 0) {
    const task = tasks.pop() as Task;
    if ('keep' in task) {
      out.push([' ', a[task.keep] as string]);
      continue;
    }
    let { aLo, aHi, bLo, bHi } = task.range;
    const head: number[] = [];
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) (head.push(aLo++), bLo++);
    let tail = 0;
    while (aHi > aLo && bHi > bLo && a[aHi - 1] === b[bHi - 1]) (aHi--, bHi--, tail++);
    work += head.length + tail;
    for (const index of head) out.push([' ', a[index] as string]);
    const range = { aLo, aHi, bLo, bHi };
    const size = aHi - aLo + (bHi - bLo);
    // The trimmed tail is kept after the middle: pushed first, taken last.
    for (let index = aHi + tail - 1; index >= aHi; index--) tasks.push({ keep: index });
    if (aLo === aHi || bLo === bHi || work > budget) replace(range);
    else if (size <= SMALL) work += myers(a, b, range, out);
    else {
      work += size;
      const anchors = increasing(uniquePairs(a, b, range));
      if (anchors.length === 0) replace(range);
      else {
        // The stretches between anchors, each anchor kept, in reverse so the first is taken first.
        let aEnd = aHi;
        let bEnd = bHi;
        for (let index = anchors.length - 1; index >= 0; index--) {
          const [aAt, bAt] = anchors[index] as [number, number];
          tasks.push({ range: { aLo: aAt + 1, aHi: aEnd, bLo: bAt + 1, bHi: bEnd } }, { keep: aAt });
          aEnd = aAt;
          bEnd = bAt;
        }
        tasks.push({ range: { aLo, aHi: aEnd, bLo, bHi: bEnd } });
      }
    }
  }
  return { ops: out, work };
}

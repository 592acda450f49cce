// The unified diff of a fixed file (what `faultline fix` prints without --apply, and what `git apply` and
// `patch -p1` read). Myers' O((N+M)·D) line diff: fixes change few lines of possibly long files, so D is small.
import type { FileText } from './text.js';

const CONTEXT = 3;

type Op = [' ' | '-' | '+', string];

function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

function myers(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number)) ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) break outer;
    }
  }
  // Walk the trace back from (n, m).
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
    while (x > previousX && y > previousY) ops.push([' ', a[--x] as string]), y--;
    if (d > 0) {
      if (x === previousX) ops.push(['+', b[--y] as string]);
      else ops.push(['-', a[--x] as string]);
    }
  }
  v = new Int32Array(0);
  return ops.reverse();
}

/** `--- a/FILE` / `+++ b/FILE` and hunks with three lines of context; '' when nothing changed. */
export function unifiedDiff(file: string, before: FileText, after: FileText): string {
  if (before.text === after.text && before.bom === after.bom) return '';
  const ops = myers(linesOf(before.text), linesOf(after.text));
  const out = [`--- a/${file}`, `+++ b/${file}`];
  let index = 0;
  let oldLine = 1;
  let newLine = 1;
  while (index < ops.length) {
    // Skip to the next change, then take it and every change within 2·CONTEXT kept lines of it.
    let change = index;
    while (change < ops.length && (ops[change] as Op)[0] === ' ') change++;
    if (change >= ops.length) break;
    const start = Math.max(index, change - CONTEXT);
    oldLine += start - index;
    newLine += start - index;
    let end = change;
    let kept = 0;
    for (let cursor = change; cursor < ops.length; cursor++) {
      if ((ops[cursor] as Op)[0] === ' ') {
        kept++;
        if (kept > 2 * CONTEXT) break;
      } else {
        kept = 0;
        end = cursor;
      }
    }
    const stop = Math.min(ops.length, end + 1 + CONTEXT);
    const hunk = ops.slice(start, stop);
    const oldCount = hunk.filter(([kind]) => kind !== '+').length;
    const newCount = hunk.filter(([kind]) => kind !== '-').length;
    out.push(`@@ -${oldCount === 0 ? oldLine - 1 : oldLine},${oldCount} +${newCount === 0 ? newLine - 1 : newLine},${newCount} @@`);
    for (const [kind, line] of hunk) out.push(`${kind}${line}`);
    oldLine += oldCount;
    newLine += newCount;
    index = stop;
  }
  return `${out.join('\n')}\n`;
}

// The unified diff of a fixed file (what `faultline fix` prints without --apply, and what `git apply` and
// `patch -p1` read), from line-ops.ts's linear line matching.
import { lineOps, type Op } from './line-ops.js';
import type { FileText } from './text.js';

const CONTEXT = 3;

function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

/** `--- a/FILE` / `+++ b/FILE` and hunks with three lines of context; '' when nothing changed. */
export function unifiedDiff(file: string, before: FileText, after: FileText): string {
  if (before.text === after.text && before.bom === after.bom) return '';
  const { ops } = lineOps(linesOf(before.text), linesOf(after.text));
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

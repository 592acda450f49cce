// The unified diff of a fixed file (what `faultline fix` prints without --apply, and what `git apply` and
// `patch -p1` read). One pass's diff is built from its edits: only the lines they touch are compared, so a dry
// run with thousands of edits costs their size, not a line match of every file. Several passes combined, whose
// edits are gone, are compared whole by line-ops.ts's linear line matching.
import { lineOps, type Op } from './line-ops.js';
import type { FileText } from './text.js';

const CONTEXT = 3;
const NO_NEWLINE = '\n\\ No newline at end of file';

/** What a diff compares of a file: its text after the BOM, and whether it has one. */
type DiffSide = Pick<FileText, 'text' | 'bom'>;

/** An edit to make, as UTF-16 offsets into the text, with the 1-based lines of both ends. */
export interface DiffEdit {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  newText: string;
}

/** Lines removed and added at old line `oldStart` (0-based), in the order they print. */
interface Change {
  oldStart: number;
  ops: Op[];
  removed: number;
}

/** The text's lines as a diff prints them: without `\n`, a last line without one marked. */
function printedLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += NO_NEWLINE;
  return lines;
}

/** The runs of `ops` that are not kept, as changes; `oldBase` is the old line of the first op. */
function changesOf(ops: readonly Op[], oldBase: number, out: Change[]): void {
  let old = oldBase;
  let current: Change | undefined;
  for (const op of ops) {
    if (op[0] === ' ') {
      current = undefined;
      old++;
      continue;
    }
    if (!current) out.push((current = { oldStart: old, ops: [], removed: 0 }));
    current.ops.push(op);
    if (op[0] === '-') {
      current.removed++;
      old++;
    }
  }
}

/** Hunks with CONTEXT lines around each change; changes at most 2·CONTEXT kept lines apart share a hunk. */
function printHunks(file: string, changes: readonly Change[], oldLines: number, oldLine: (index: number) => string): string {
  if (changes.length === 0) return '';
  const out = [`--- a/${file}`, `+++ b/${file}`];
  let delta = 0;
  for (let first = 0; first < changes.length; ) {
    let last = first;
    while (last + 1 < changes.length) {
      const next = changes[last + 1] as Change;
      const current = changes[last] as Change;
      if (next.oldStart - (current.oldStart + current.removed) > 2 * CONTEXT) break;
      last++;
    }
    const start = Math.max(0, (changes[first] as Change).oldStart - CONTEXT);
    const lastChange = changes[last] as Change;
    const stop = Math.min(oldLines, lastChange.oldStart + lastChange.removed + CONTEXT);
    const body: string[] = [];
    let at = start;
    let added = 0;
    let removed = 0;
    // Changes with no kept line between them are one block, its removed lines first, as git prints one.
    let additions: string[] = [];
    for (let index = first; index <= last; index++) {
      const change = changes[index] as Change;
      if (change.oldStart > at) {
        body.push(...additions);
        additions = [];
      }
      for (; at < change.oldStart; at++) body.push(` ${oldLine(at)}`);
      for (const [kind, line] of change.ops) {
        if (kind === '-') body.push(`-${line}`);
        else additions.push(`+${line}`);
      }
      removed += change.removed;
      added += change.ops.length - change.removed;
      at = change.oldStart + change.removed;
    }
    body.push(...additions);
    for (; at < stop; at++) body.push(` ${oldLine(at)}`);
    const oldCount = stop - start;
    const newCount = oldCount - removed + added;
    const oldFrom = oldCount === 0 ? start : start + 1;
    const newFrom = newCount === 0 ? start + delta : start + delta + 1;
    out.push(`@@ -${oldFrom},${oldCount} +${newFrom},${newCount} @@`, ...body);
    delta += added - removed;
    first = last + 1;
  }
  return `${out.join('\n')}\n`;
}

/** `--- a/FILE` / `+++ b/FILE` and hunks with three lines of context; '' when nothing changed. */
export function unifiedDiff(file: string, before: DiffSide, after: DiffSide): string {
  if (before.text === after.text && before.bom === after.bom) return '';
  const old = printedLines(before.text);
  const changes: Change[] = [];
  changesOf(lineOps(old, printedLines(after.text)).ops, 0, changes);
  return printHunks(file, changes, old.length, (index) => old[index] as string);
}

/** The changes one stretch of lines makes: the old and new lines compared, their common ends dropped. */
function stretchChanges(oldLines: string[], newLines: string[], oldStart: number, out: Change[]): void {
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) head++;
  let oldEnd = oldLines.length;
  let newEnd = newLines.length;
  while (oldEnd > head && newEnd > head && oldLines[oldEnd - 1] === newLines[newEnd - 1]) oldEnd--, newEnd--;
  if (oldEnd === head && newEnd === head) return;
  // One line for one (the common case of a fix), or one side empty: nothing to match.
  if ((oldEnd - head <= 1 && newEnd - head <= 1) || oldEnd === head || newEnd === head) {
    const ops: Op[] = [];
    for (let index = head; index < oldEnd; index++) ops.push(['-', oldLines[index] as string]);
    for (let index = head; index < newEnd; index++) ops.push(['+', newLines[index] as string]);
    out.push({ oldStart: oldStart + head, ops, removed: oldEnd - head });
    return;
  }
  changesOf(lineOps(oldLines.slice(head, oldEnd), newLines.slice(head, newEnd)).ops, oldStart + head, out);
}

/**
 * The change of one edit inside one line that stays one line: the line before and after, with no splitting or
 * matching (the common fix, thousands of times in a lint-heavy run). False when the edit adds a line end.
 */
function oneLineChange(text: string, oldFrom: number, oldTo: number, edit: DiffEdit, line: number, out: Change[]): boolean {
  if (edit.newText.includes('\n') || edit.end >= oldTo) return false;
  const ending = text.charCodeAt(oldTo - 1) === 0x0a ? 1 : 0;
  const suffix = ending === 1 ? '' : NO_NEWLINE;
  const before = text.slice(oldFrom, oldTo - ending);
  const after = before.slice(0, edit.start - oldFrom) + edit.newText + before.slice(edit.end - oldFrom);
  if (after !== before) out.push({ oldStart: line, ops: [['-', before + suffix], ['+', after + suffix]], removed: 1 });
  return true;
}

/**
 * The diff of `edits` (sorted by start, never overlapping) made to `before`. Each edit changes the lines from
 * its start's to its end's; edits sharing a line are one stretch; the stretch's old and new text are compared
 * line by line, and every other line is the same on both sides.
 */
export function editsDiff(file: string, before: FileText, edits: readonly DiffEdit[]): string {
  const text = before.text;
  // A final `\n` starts no line of its own.
  const trailing = text.endsWith('\n') ? 1 : 0;
  const oldLines = text === '' ? 0 : before.lineCount - trailing;
  const lineStart = (index: number): number => (index >= oldLines ? text.length : (before.lineStartOf(index + 1) as number));
  const changes: Change[] = [];
  for (let first = 0; first < edits.length; ) {
    const from = Math.min((edits[first] as DiffEdit).startLine - 1, oldLines);
    let to = Math.min((edits[first] as DiffEdit).endLine - 1, oldLines - 1);
    let last = first;
    while (last + 1 < edits.length && (edits[last + 1] as DiffEdit).startLine - 1 <= to) {
      last++;
      to = Math.max(to, Math.min((edits[last] as DiffEdit).endLine - 1, oldLines - 1));
    }
    const oldFrom = lineStart(from);
    const oldTo = to >= from ? lineStart(to + 1) : oldFrom;
    if (first === last && from === to && oneLineChange(text, oldFrom, oldTo, edits[first] as DiffEdit, from, changes)) {
      first++;
      continue;
    }
    const pieces: string[] = [];
    let at = oldFrom;
    for (let index = first; index <= last; index++) {
      const edit = edits[index] as DiffEdit;
      pieces.push(text.slice(at, edit.start), edit.newText);
      at = edit.end;
    }
    pieces.push(text.slice(at, oldTo));
    stretchChanges(printedLines(text.slice(oldFrom, oldTo)), printedLines(pieces.join('')), from, changes);
    first = last + 1;
  }
  // A kept line as printedLines would give it: every byte but its `\n` (a `\r` stays), the last one marked.
  return printHunks(file, changes, oldLines, (index) => {
    const next = before.lineStartOf(index + 2);
    return next === undefined ? `${text.slice(lineStart(index))}${NO_NEWLINE}` : text.slice(lineStart(index), next - 1);
  });
}

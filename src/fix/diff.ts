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

/**
 * `removed` lines removed and `added` lines added at old line `oldStart` (0-based), as they print: `minus` holds
 * the `-line`s, `plus` the `+line`s. An element may hold several printed lines joined by `\n` (a run of one-line
 * fixes is made as one block of each, with the string built-ins, not line by line).
 */
interface Change {
  oldStart: number;
  removed: number;
  added: number;
  minus: string[];
  plus: string[];
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
  // A run's added lines print after its removed ones, whatever their order among the ops.
  const close = (): void => {
    current = undefined;
  };
  for (const [kind, line] of ops) {
    if (kind === ' ') {
      close();
      old++;
      continue;
    }
    if (!current) out.push((current = { oldStart: old, removed: 0, added: 0, minus: [], plus: [] }));
    if (kind === '-') {
      current.minus.push(`-${line}`);
      current.removed++;
      old++;
    } else {
      current.plus.push(`+${line}`);
      current.added++;
    }
  }
  close();
}

/** Hunks with CONTEXT lines around each change; changes at most 2·CONTEXT kept lines apart share a hunk. */
function printHunks(file: string, changes: readonly Change[], oldLines: number, oldLine: (index: number) => string): string {
  if (changes.length === 0) return '';
  const out = [`--- a/${file}`, `+++ b/${file}`];
  let delta = 0;
  for (let first = 0; first < changes.length;) {
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
    // The header needs the counts of the lines below it: its place is kept and filled in after them. Lines go
    // straight into `out` (no spread of a hunk's lines, which could pass the engine's argument limit).
    const header = out.length;
    out.push('');
    let at = start;
    let added = 0;
    let removed = 0;
    // Changes with no kept line between them are one block, its removed lines first, as git prints one.
    let additions: string[] = [];
    for (let index = first; index <= last; index++) {
      const change = changes[index] as Change;
      if (change.oldStart > at) {
        for (const line of additions) out.push(line);
        additions = [];
      }
      for (; at < change.oldStart; at++) out.push(` ${oldLine(at)}`);
      for (const line of change.minus) out.push(line);
      for (const line of change.plus) additions.push(line);
      removed += change.removed;
      added += change.added;
      at = change.oldStart + change.removed;
    }
    for (const line of additions) out.push(line);
    for (; at < stop; at++) out.push(` ${oldLine(at)}`);
    const oldCount = stop - start;
    const newCount = oldCount - removed + added;
    const oldFrom = oldCount === 0 ? start : start + 1;
    const newFrom = newCount === 0 ? start + delta : start + delta + 1;
    out[header] = `@@ -${oldFrom},${oldCount} +${newFrom},${newCount} @@`;
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
  while (oldEnd > head && newEnd > head && oldLines[oldEnd - 1] === newLines[newEnd - 1]) (oldEnd--, newEnd--);
  if (oldEnd === head && newEnd === head) return;
  // One line for one (the common case of a fix), or one side empty: nothing to match.
  if ((oldEnd - head <= 1 && newEnd - head <= 1) || oldEnd === head || newEnd === head) {
    const minus: string[] = [];
    const plus: string[] = [];
    for (let index = head; index < oldEnd; index++) minus.push(`-${oldLines[index] as string}`);
    for (let index = head; index < newEnd; index++) plus.push(`+${newLines[index] as string}`);
    out.push({ oldStart: oldStart + head, removed: oldEnd - head, added: newEnd - head, minus, plus });
    return;
  }
  changesOf(lineOps(oldLines.slice(head, oldEnd), newLines.slice(head, newEnd)).ops, oldStart + head, out);
}

/**
 * Whether the edit stays inside its line (`oldFrom`..`oldTo`, line end included) and adds no line end: the common
 * fix, thousands of times in a lint-heavy run.
 */
function withinLine(edit: DiffEdit, oldTo: number): boolean {
  return edit.end < oldTo && !edit.newText.includes('\n');
}

/** Whether the edit puts back the text it replaces (its line does not change). */
function keepsText(text: string, edit: DiffEdit): boolean {
  return edit.end - edit.start === edit.newText.length && text.startsWith(edit.newText, edit.start);
}

/** Consecutive lines `from`..`to` (0-based, `to` excluded) changed by the edits `first`..`last`, one each. */
interface Run {
  from: number;
  to: number;
  first: number;
  last: number;
}

/** `text` from `start` to `end` with edits `first`…`last` (sorted, inside that span) made. */
function withEdits(text: string, edits: readonly DiffEdit[], first: number, last: number, start: number, end: number): string {
  const pieces: string[] = [];
  let at = start;
  for (let index = first; index <= last; index++) {
    const edit = edits[index] as DiffEdit;
    pieces.push(text.slice(at, edit.start), edit.newText);
    at = edit.end;
  }
  pieces.push(text.slice(at, end));
  return pieces.join('');
}

/**
 * The change of a run of consecutive lines `from`..`to` (0-based, `to` excluded), each changed by one edit that
 * stays inside it: both sides as one block, the line prefixes put in by replaceAll.
 */
function runChange(text: string, edits: readonly DiffEdit[], run: Run, start: number, end: number): Change {
  const { from, to, first, last } = run;
  const bodyEnd = text.charCodeAt(end - 1) === 0x0a ? end - 1 : end;
  const suffix = bodyEnd < end ? '' : NO_NEWLINE;
  const minus = `-${text.slice(start, bodyEnd).replaceAll('\n', '\n-')}${suffix}`;
  const plus = `+${withEdits(text, edits, first, last, start, bodyEnd).replaceAll('\n', '\n+')}${suffix}`;
  return { oldStart: from, removed: to - from, added: to - from, minus: [minus], plus: [plus] };
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
  // The open run of one-line changes on consecutive lines: its lines and its edits.
  let run: Run | undefined;
  const closeRun = (): void => {
    if (run) changes.push(runChange(text, edits, run, lineStart(run.from), lineStart(run.to)));
    run = undefined;
  };
  for (let first = 0; first < edits.length;) {
    const from = Math.min((edits[first] as DiffEdit).startLine - 1, oldLines);
    let to = Math.min((edits[first] as DiffEdit).endLine - 1, oldLines - 1);
    let last = first;
    while (last + 1 < edits.length && (edits[last + 1] as DiffEdit).startLine - 1 <= to) {
      last++;
      to = Math.max(to, Math.min((edits[last] as DiffEdit).endLine - 1, oldLines - 1));
    }
    const oldFrom = lineStart(from);
    const oldTo = to >= from ? lineStart(to + 1) : oldFrom;
    const edit = edits[first] as DiffEdit;
    if (first === last && from === to && withinLine(edit, oldTo)) {
      // A line its edit leaves as it was is a kept line: it ends the run, as any line between changes does.
      if (!keepsText(text, edit)) {
        if (run && run.to === from) {
          run.to = from + 1;
          run.last = first;
        } else {
          closeRun();
          run = { from, to: from + 1, first, last: first };
        }
      }
      first++;
      continue;
    }
    closeRun();
    stretchChanges(
      printedLines(text.slice(oldFrom, oldTo)),
      printedLines(withEdits(text, edits, first, last, oldFrom, oldTo)),
      from,
      changes,
    );
    first = last + 1;
  }
  closeRun();
  // A kept line as printedLines would give it: every byte but its `\n` (a `\r` stays), the last one marked.
  return printHunks(file, changes, oldLines, (index) => {
    const next = before.lineStartOf(index + 2);
    return next === undefined ? `${text.slice(lineStart(index))}${NO_NEWLINE}` : text.slice(lineStart(index), next - 1);
  });
}

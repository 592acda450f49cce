// Which fixes of one pass go together, the way the tools' own fixers decide: fixes in order of where they start
// (then end), an edit identical to one already taken dropped (rustfix and ruff dedupe), and a fix with an edit
// that overlaps or touches a taken edit left for the next pass (eslint: `lastPos >= start`; ruff likewise;
// rustfix refuses overlapping replacements). A deferred fix is taken whole or not at all, never in part.
// go vet -fix (the analysis framework's ApplyEdits) refuses only edits that overlap: one that starts where another
// ends is applied in the same pass, so for its fixes touching is no clash.
import type { Fix, FixEdit, FixRejection } from '../core/index.js';
import type { DiffEdit } from './diff.js';

/** Sources whose own fixer applies an edit that starts where another ends in the same pass. */
const TOUCHING_ALLOWED: ReadonlySet<string> = new Set(['go-vet-json']);

/** An edit as offsets into its file's text; a DiffEdit as it is, so the diff needs no object of its own per edit. */
export interface PlacedEdit extends DiffEdit {
  edit: FixEdit;
}

/**
 * The edits taken in one file, sorted by start. They never overlap or touch, so they are sorted by end too, and
 * one binary search finds the only one an edit could clash with, or be identical to: a check in log time, not one
 * per taken edit, and no key built per edit.
 */
class TakenEdits {
  private readonly edits: PlacedEdit[] = [];

  get sorted(): readonly PlacedEdit[] {
    return this.edits;
  }

  /**
   * 'same' for an edit identical to a taken one, 'clash' when it overlaps or touches one (eslint's `lastPos >=
   * start`); with `touching`, only an overlap clashes (go vet -fix).
   */
  check(edit: PlacedEdit, touching = false): 'same' | 'clash' | 'free' {
    // Fixes come in order of where they start: nearly always every taken edit ends before this one starts.
    const last = this.edits[this.edits.length - 1];
    if (last === undefined || last.end < edit.start) return 'free';
    const other = this.edits[this.firstEndingAtOrAfter(edit.start)];
    if (other === undefined || other.start > edit.end) return 'free';
    if (other.start === edit.start && other.end === edit.end && other.newText === edit.newText) return 'same';
    if (!touching) return 'clash';
    const next = this.edits[this.firstEndingAtOrAfter(edit.start + 1)];
    return next !== undefined && next.start < edit.end ? 'clash' : 'free';
  }

  add(edit: PlacedEdit): void {
    // Fixes come in order of where they start, so this is nearly always an append.
    const last = this.edits[this.edits.length - 1];
    if (last === undefined || last.end <= edit.start) {
      this.edits.push(edit);
      return;
    }
    // After every taken edit that ends at or before this one's start (touching ones included), so ends stay sorted.
    this.edits.splice(this.firstEndingAtOrAfter(edit.start + 1), 0, edit);
  }

  private firstEndingAtOrAfter(offset: number): number {
    let low = 0;
    let high = this.edits.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.edits[middle] as PlacedEdit).end < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** A fix placed on the files as they are now: its edits as offsets, in the order fixes are chosen. */
export interface PlacedFix {
  fix: Fix;
  /** Its index among the fixes asked for, so the results come back in the caller's order. */
  index: number;
  edits: PlacedEdit[];
  /** The file's rank among the files (by path), so sorting compares numbers, not paths. */
  file: number;
  first: number;
  last: number;
}

interface Choice {
  /** The fixes taken, in the caller's order (the edits they still make are in `byFile`, identical ones once). */
  taken: Fix[];
  /** With the index of the fix each one rejects. */
  rejected: Array<{ rejection: FixRejection; index: number }>;
  /** Every file's edits to make, sorted by where they start (they never overlap). */
  byFile: Map<string, readonly PlacedEdit[]>;
}

/**
 * By file, then where the fix starts and ends; stable, so equal ranges keep the tool's order. Files first into
 * buckets, and a file's fixes sorted only when the tool did not list them in order already (a linter does):
 * a lint-heavy run's thousands of fixes cost one pass, not a comparison sort. Positions in `placed`, so the
 * choice can hand the taken fixes back in their own order without sorting them again.
 */
function inChoiceOrder(placed: readonly PlacedFix[]): number[] {
  const byFile: number[][] = [];
  // The files whose fixes the tool did not list by where they start, checked while bucketing (no pass of its own).
  const unsorted: boolean[] = [];
  for (let at = 0; at < placed.length; at++) {
    const entry = placed[at] as PlacedFix;
    const positions = (byFile[entry.file] ??= []);
    const previous = positions[positions.length - 1];
    if (previous !== undefined && !startsNoEarlier(entry, placed[previous] as PlacedFix)) unsorted[entry.file] = true;
    positions.push(at);
  }
  const out: number[] = [];
  for (let file = 0; file < byFile.length; file++) {
    const positions = byFile[file];
    if (!positions) continue;
    if (unsorted[file] === true) positions.sort((a, b) => byRange(placed[a] as PlacedFix, placed[b] as PlacedFix));
    // A loop, not push(...positions): a spread of a file's hundred thousand fixes would pass the argument limit.
    for (let index = 0; index < positions.length; index++) out.push(positions[index] as number);
  }
  return out;
}

function byRange(a: PlacedFix, b: PlacedFix): number {
  return a.first - b.first || a.last - b.last;
}

function startsNoEarlier(entry: PlacedFix, previous: PlacedFix): boolean {
  return entry.first > previous.first || (entry.first === previous.first && entry.last >= previous.last);
}

/** Picks the fixes of one pass. */
export function chooseFixes(placed: PlacedFix[]): Choice {
  const ordered = inChoiceOrder(placed);
  const takenEdits = new Map<string, TakenEdits>();
  // The file of the edit before: a lint-heavy run's fixes come file by file, so the map is asked once per file.
  let lastPath: string | undefined;
  let lastTaken: TakenEdits | undefined;
  const takenOf = (edit: PlacedEdit): TakenEdits => {
    const path = edit.edit.absolutePath;
    if (path === lastPath && lastTaken) return lastTaken;
    let taken = takenEdits.get(path);
    if (!taken) takenEdits.set(path, (taken = new TakenEdits()));
    lastPath = path;
    lastTaken = taken;
    return taken;
  };
  const groups = new Set<string>();
  // Whether each fix is taken, by its position in `placed`.
  const chosen = new Uint8Array(placed.length);
  const rejected: Choice['rejected'] = [];
  for (let at = 0; at < ordered.length; at++) {
    const position = ordered[at] as number;
    const entry = placed[position] as PlacedFix;
    const group = entry.fix.group;
    if (group !== null && groups.has(group)) {
      rejected.push({
        rejection: { fix: entry.fix, reason: 'alternative', detail: 'another fix of the same diagnostic was chosen' },
        index: entry.index,
      });
      continue;
    }
    const touching = TOUCHING_ALLOWED.has(entry.fix.source);
    // The fix's own array while every edit is new (the common case); a copy only once one was taken already.
    let fresh: PlacedEdit[] = entry.edits;
    let clash: PlacedEdit | undefined;
    for (let index = 0; index < entry.edits.length; index++) {
      const edit = entry.edits[index] as PlacedEdit;
      const state = takenOf(edit).check(edit, touching);
      if (state === 'clash') {
        clash = edit;
        break;
      }
      if (state === 'same' && fresh === entry.edits) fresh = entry.edits.slice(0, index);
      else if (state === 'free' && fresh !== entry.edits) fresh.push(edit);
    }
    if (clash) {
      const where = `${clash.edit.file}:${clash.edit.range.start.line}:${clash.edit.range.start.column}`;
      const detail = `${where}: overlaps or touches an edit applied before it (a later pass may apply it)`;
      rejected.push({ rejection: { fix: entry.fix, reason: 'overlap', detail }, index: entry.index });
      continue;
    }
    for (let index = 0; index < fresh.length; index++) takenOf(fresh[index] as PlacedEdit).add(fresh[index] as PlacedEdit);
    if (group !== null) groups.add(group);
    chosen[position] = 1;
  }
  // Fixes are chosen in file order; they are handed back in the caller's order (by index), which is the order
  // they are placed in unless a caller passes them otherwise.
  let taken: Fix[] = [];
  let previous = -1;
  let inCallerOrder = true;
  for (let position = 0; position < placed.length; position++) {
    if (chosen[position] === 0) continue;
    const entry = placed[position] as PlacedFix;
    if (entry.index < previous) inCallerOrder = false;
    previous = entry.index;
    taken.push(entry.fix);
  }
  if (!inCallerOrder) {
    taken = placed
      .filter((_, position) => chosen[position] === 1)
      .sort((a, b) => a.index - b.index)
      .map((entry) => entry.fix);
  }
  const byFile = new Map([...takenEdits].map(([path, edits]) => [path, edits.sorted] as const));
  return { taken, rejected, byFile };
}

/** The edits by where they start (then end); the choice hands them over so already, and then they are not copied. */
export function inTextOrder(edits: readonly PlacedEdit[]): readonly PlacedEdit[] {
  for (let index = 1; index < edits.length; index++) {
    const edit = edits[index] as PlacedEdit;
    const previous = edits[index - 1] as PlacedEdit;
    if (edit.start < previous.start || (edit.start === previous.start && edit.end < previous.end)) {
      return [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
    }
  }
  return edits;
}

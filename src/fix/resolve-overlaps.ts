// Which fixes of one pass go together, the way the tools' own fixers decide: fixes in order of where they start
// (then end), an edit identical to one already taken dropped (rustfix and ruff dedupe), and a fix with an edit
// that overlaps or touches a taken edit left for the next pass (eslint: `lastPos >= start`; ruff likewise;
// rustfix refuses overlapping replacements). A deferred fix is taken whole or not at all, never in part.
// go vet -fix (the analysis framework's ApplyEdits) refuses only edits that overlap: one that starts where another
// ends is applied in the same pass, so for its fixes touching is no clash.
import type { Fix, FixEdit, FixRejection } from '../core/index.js';

/** Sources whose own fixer applies an edit that starts where another ends in the same pass. */
const TOUCHING_ALLOWED: ReadonlySet<string> = new Set(['go-vet-json']);

export interface PlacedEdit {
  edit: FixEdit;
  start: number;
  end: number;
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
    const other = this.edits[this.firstEndingAtOrAfter(edit.start)];
    if (other === undefined || other.start > edit.end) return 'free';
    if (other.start === edit.start && other.end === edit.end && other.edit.newText === edit.edit.newText) return 'same';
    if (!touching) return 'clash';
    const next = this.edits[this.firstEndingAtOrAfter(edit.start + 1)];
    return next !== undefined && next.start < edit.end ? 'clash' : 'free';
  }

  add(edit: PlacedEdit): void {
    // After every taken edit that ends at or before this one's start (touching ones included), so ends stay sorted.
    const index = this.firstEndingAtOrAfter(edit.start + 1);
    // Fixes come in order of where they start, so this is nearly always an append.
    if (index === this.edits.length) this.edits.push(edit);
    else this.edits.splice(index, 0, edit);
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

export interface Choice {
  /** The fixes taken in the caller's order, each with the edits still to make (identical edits made once). */
  taken: Array<{ fix: Fix; edits: PlacedEdit[] }>;
  /** With the index of the fix each one rejects. */
  rejected: Array<{ rejection: FixRejection; index: number }>;
  /** Every file's edits to make, sorted by where they start (they never overlap). */
  byFile: Map<string, readonly PlacedEdit[]>;
}

/**
 * By file, then where the fix starts and ends; stable, so equal ranges keep the tool's order. Files first into
 * buckets, and a file's fixes sorted only when the tool did not list them in order already (a linter does):
 * a lint-heavy run's thousands of fixes cost one pass, not a comparison sort.
 */
function inChoiceOrder(placed: readonly PlacedFix[]): PlacedFix[] {
  const byFile: PlacedFix[][] = [];
  for (const entry of placed) (byFile[entry.file] ??= []).push(entry);
  const out: PlacedFix[] = [];
  for (const fixes of byFile) {
    if (!fixes) continue;
    let sorted = true;
    for (let index = 1; index < fixes.length && sorted; index++) sorted = startsNoEarlier(fixes[index] as PlacedFix, fixes[index - 1] as PlacedFix);
    if (!sorted) fixes.sort((a, b) => a.first - b.first || a.last - b.last);
    // A loop, not push(...fixes): a spread of a file's hundred thousand fixes would pass the engine's argument limit.
    for (const entry of fixes) out.push(entry);
  }
  return out;
}

function startsNoEarlier(entry: PlacedFix, previous: PlacedFix): boolean {
  return entry.first > previous.first || (entry.first === previous.first && entry.last >= previous.last);
}

/** Picks the fixes of one pass. */
export function chooseFixes(placed: PlacedFix[]): Choice {
  const ordered = inChoiceOrder(placed);
  const takenEdits = new Map<string, TakenEdits>();
  const takenOf = (edit: PlacedEdit): TakenEdits => {
    let taken = takenEdits.get(edit.edit.absolutePath);
    if (!taken) takenEdits.set(edit.edit.absolutePath, (taken = new TakenEdits()));
    return taken;
  };
  const groups = new Set<string>();
  const taken: Array<{ fix: Fix; edits: PlacedEdit[]; index: number }> = [];
  const rejected: Choice['rejected'] = [];
  for (const entry of ordered) {
    if (entry.fix.group !== null && groups.has(entry.fix.group)) {
      rejected.push({ rejection: { fix: entry.fix, reason: 'alternative', detail: 'another fix of the same diagnostic was chosen' }, index: entry.index });
      continue;
    }
    const fresh: PlacedEdit[] = [];
    let clash: PlacedEdit | undefined;
    for (const edit of entry.edits) {
      const state = takenOf(edit).check(edit, TOUCHING_ALLOWED.has(entry.fix.source));
      if (state === 'clash') {
        clash = edit;
        break;
      }
      if (state === 'free') fresh.push(edit);
    }
    if (clash) {
      const where = `${clash.edit.file}:${clash.edit.range.start.line}:${clash.edit.range.start.column}`;
      const detail = `${where}: overlaps or touches an edit applied before it (a later pass may apply it)`;
      rejected.push({ rejection: { fix: entry.fix, reason: 'overlap', detail }, index: entry.index });
      continue;
    }
    for (const edit of fresh) takenOf(edit).add(edit);
    if (entry.fix.group !== null) groups.add(entry.fix.group);
    taken.push({ fix: entry.fix, edits: fresh, index: entry.index });
  }
  // Fixes are chosen in file order; the tool's order (the caller's) is kept when it differs.
  if (taken.some((entry, at) => at > 0 && (taken[at - 1] as { index: number }).index > entry.index)) taken.sort((a, b) => a.index - b.index);
  const byFile = new Map([...takenEdits].map(([path, edits]) => [path, edits.sorted] as const));
  return { taken, rejected, byFile };
}

// Which fixes of one pass go together, the way the tools' own fixers decide: fixes in order of where they start
// (then end), an edit identical to one already taken dropped (rustfix and ruff dedupe), and a fix with an edit
// that overlaps or touches a taken edit left for the next pass (eslint: `lastPos >= start`; ruff likewise;
// rustfix refuses overlapping replacements). A deferred fix is taken whole or not at all, never in part.
// go vet -fix (the analysis framework's ApplyEdits) refuses only edits that overlap: one that starts where another
// ends is applied in the same pass, so for its fixes touching is no clash.
import type { Fix, FixEdit, FixRejection } from '../core/index.js';
import type { FileText } from './text.js';

/** Sources whose own fixer applies an edit that starts where another ends in the same pass. */
const TOUCHING_ALLOWED: ReadonlySet<string> = new Set(['go-vet-json']);

export interface PlacedEdit {
  edit: FixEdit;
  start: number;
  end: number;
}

export interface Choice {
  /** The fixes taken, each with the edits still to make (identical edits made once). */
  taken: Array<{ fix: Fix; edits: PlacedEdit[] }>;
  rejected: FixRejection[];
}

/**
 * The edits taken in one file, sorted by start. They never overlap or touch, so they are sorted by end too, and
 * one binary search finds the only one an edit could clash with, or be identical to: a check in log time, not one
 * per taken edit, and no key built per edit.
 */
class TakenEdits {
  private readonly edits: PlacedEdit[] = [];

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

interface Placed {
  fix: Fix;
  edits: PlacedEdit[];
  path: string;
  first: number;
  last: number;
}

function place(fix: Fix, texts: ReadonlyMap<string, FileText>): Placed {
  const edits: PlacedEdit[] = [];
  let first = Infinity;
  let last = -Infinity;
  for (const edit of fix.edits) {
    const text = texts.get(edit.absolutePath) as FileText;
    const start = text.offsetAt(edit.range.start) as number;
    const end = text.offsetAt(edit.range.end) as number;
    edits.push({ edit, start, end });
    if (start < first) first = start;
    if (end > last) last = end;
  }
  return { fix, edits, path: fix.edits[0]!.absolutePath, first, last };
}

/** `texts` holds every file the fixes edit, as it is now (already checked against each edit's digest). */
export function chooseFixes(fixes: readonly Fix[], texts: ReadonlyMap<string, FileText>): Choice {
  const placed = fixes.map((fix) => place(fix, texts));
  // Stable: equal ranges keep the tool's order.
  placed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.first - b.first || a.last - b.last);
  const takenEdits = new Map<string, TakenEdits>();
  const takenOf = (edit: PlacedEdit): TakenEdits => {
    let taken = takenEdits.get(edit.edit.absolutePath);
    if (!taken) takenEdits.set(edit.edit.absolutePath, (taken = new TakenEdits()));
    return taken;
  };
  const groups = new Set<string>();
  const choice: Choice = { taken: [], rejected: [] };
  for (const entry of placed) {
    if (entry.fix.group !== null && groups.has(entry.fix.group)) {
      choice.rejected.push({ fix: entry.fix, reason: 'alternative', detail: 'another fix of the same diagnostic was chosen' });
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
      choice.rejected.push({ fix: entry.fix, reason: 'overlap', detail: `${where}: overlaps or touches an edit applied before it (a later pass may apply it)` });
      continue;
    }
    for (const edit of fresh) takenOf(edit).add(edit);
    if (entry.fix.group !== null) groups.add(entry.fix.group);
    choice.taken.push({ fix: entry.fix, edits: fresh });
  }
  return choice;
}

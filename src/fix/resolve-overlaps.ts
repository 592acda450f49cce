// Which fixes of one pass go together, the way the tools' own fixers decide: fixes in order of where they start
// (then end), an edit identical to one already taken dropped (rustfix and ruff dedupe), and a fix with an edit
// that overlaps or touches a taken edit left for the next pass (eslint: `lastPos >= start`; ruff likewise;
// rustfix refuses overlapping replacements). A deferred fix is taken whole or not at all, never in part.
import type { Fix, FixEdit, FixRejection } from '../core/index.js';
import type { FileText } from './text.js';

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

function key(edit: PlacedEdit): string {
  return `${edit.edit.absolutePath}\0${edit.start}\0${edit.end}\0${edit.edit.newText}`;
}

/** `texts` holds every file the fixes edit, as it is now (already checked against each edit's digest). */
export function chooseFixes(fixes: readonly Fix[], texts: ReadonlyMap<string, FileText>): Choice {
  const placed = fixes.map((fix) => ({
    fix,
    edits: fix.edits.map((edit) => {
      const text = texts.get(edit.absolutePath) as FileText;
      return { edit, start: text.offsetAt(edit.range.start) as number, end: text.offsetAt(edit.range.end) as number };
    }),
  }));
  const order = (entry: (typeof placed)[number]) => entry.edits.reduce((low, edit) => Math.min(low, edit.start), Infinity);
  const last = (entry: (typeof placed)[number]) => entry.edits.reduce((high, edit) => Math.max(high, edit.end), -Infinity);
  // Stable: equal ranges keep the tool's order.
  placed.sort((a, b) => a.edits[0]!.edit.absolutePath.localeCompare(b.edits[0]!.edit.absolutePath) || order(a) - order(b) || last(a) - last(b));
  const takenEdits = new Map<string, PlacedEdit[]>();
  const seen = new Set<string>();
  const groups = new Set<string>();
  const choice: Choice = { taken: [], rejected: [] };
  for (const entry of placed) {
    if (entry.fix.group !== null && groups.has(entry.fix.group)) {
      choice.rejected.push({ fix: entry.fix, reason: 'alternative', detail: 'another fix of the same diagnostic was chosen' });
      continue;
    }
    const fresh = entry.edits.filter((edit) => !seen.has(key(edit)));
    const clash = fresh.find((edit) => (takenEdits.get(edit.edit.absolutePath) ?? []).some((other) => edit.start <= other.end && other.start <= edit.end));
    if (clash) {
      const where = `${clash.edit.file}:${clash.edit.range.start.line}:${clash.edit.range.start.column}`;
      choice.rejected.push({ fix: entry.fix, reason: 'overlap', detail: `${where}: overlaps or touches an edit applied before it (a later pass may apply it)` });
      continue;
    }
    for (const edit of fresh) {
      seen.add(key(edit));
      const list = takenEdits.get(edit.edit.absolutePath) ?? [];
      list.push(edit);
      takenEdits.set(edit.edit.absolutePath, list);
    }
    if (entry.fix.group !== null) groups.add(entry.fix.group);
    choice.taken.push({ fix: entry.fix, edits: fresh });
  }
  return choice;
}

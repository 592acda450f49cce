// The placements collectFixes made, handed to a dry run with its snapshot so the run places and chooses nothing
// again: a lint-heavy log's thousands of fixes are each placed once. Every separate pass over them costs its own
// warm-up (a cold CLI run spends most of a fix's cost compiling the passes), so a run that trusts the collection
// checks, refuses and, when the collection found nothing to choose between, takes the fixes in one pass.
import type { Fix, FixRejection } from '../core/index.js';
import type { PlacedEdit, PlacedFix } from './resolve-overlaps.js';
import type { FileText } from './text.js';

export interface Placements {
  /** By the fix's position among the fixes collected (its `index`). */
  readonly placed: readonly PlacedFix[];
  /**
   * Whether every fix has one edit and no group, and each file's edits come by where they start, none touching
   * the one before: then each fix is taken, whichever of them a run leaves out (chooseFixes would take them all).
   */
  readonly apart: boolean;
}

/** The files as collectFixes read them, by absolute path, and where it placed each fix on them. */
export class CollectedSnapshot extends Map<string, FileText> {
  constructor(
    texts: Iterable<readonly [string, FileText]>,
    readonly placements: Placements,
  ) {
    super(texts);
  }
}

/** The fixes the collection placed, refused or placed, and when its fixes lie apart, every placed one chosen. */
export interface Reused {
  placed: PlacedFix[];
  rejected: Array<{ rejection: FixRejection; index: number }>;
  /** When every placed fix is taken: them, and every file's edits in text order. */
  chosen: { taken: Fix[]; byFile: Map<string, PlacedEdit[]> } | undefined;
}

/**
 * The collection's placements of `fixes`, or undefined when `fixes` are not the very fixes (and edits) it
 * placed, in its order: those are placed again. A fix changed in place after its collection is outside this
 * contract; pass a new object for it.
 */
export function reusePlacements(
  fixes: readonly Fix[],
  placements: Placements,
  refusal: (fix: Fix) => FixRejection | undefined,
): Reused | undefined {
  const known = placements.placed;
  if (known.length !== fixes.length) return undefined;
  const placed: PlacedFix[] = [];
  const rejected: Reused['rejected'] = [];
  const taken: Fix[] = [];
  const byRank: PlacedEdit[][] = [];
  for (let index = 0; index < fixes.length; index++) {
    const fix = fixes[index] as Fix;
    const entry = known[index] as PlacedFix;
    if (entry.fix !== fix || entry.edits.length !== fix.edits.length) return undefined;
    for (let at = 0; at < fix.edits.length; at++) if ((entry.edits[at] as PlacedEdit).edit !== fix.edits[at]) return undefined;
    const refused = refusal(fix);
    if (refused) {
      rejected.push({ rejection: refused, index });
      continue;
    }
    placed.push(entry);
    if (placements.apart) {
      taken.push(fix);
      (byRank[entry.file] ??= []).push(entry.edits[0] as PlacedEdit);
    }
  }
  if (!placements.apart) return { placed, rejected, chosen: undefined };
  const byFile = new Map<string, PlacedEdit[]>();
  for (const edits of byRank) if (edits) byFile.set((edits[0] as PlacedEdit).edit.absolutePath, edits);
  return { placed, rejected, chosen: { taken, byFile } };
}

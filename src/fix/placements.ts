// The placements collectFixes made, handed to a dry run with its snapshot so the run places and chooses nothing
// again: a lint-heavy log's thousands of fixes are each placed once. Every separate pass over them costs its own
// warm-up (a cold CLI run spends most of a fix's cost compiling the passes), so a run that trusts the collection
// checks, refuses and, when the collection found nothing to choose between, takes the fixes in one pass.
import type { Fix, FixRejection } from '../core/index.js';
import type { PlacedEdit, PlacedFix } from './resolve-overlaps.js';
import type { FileText } from './text.js';

/** An edit placed on its file, and the file's rank among the snapshot's in code-unit order of their paths. */
export type RankedEdit = PlacedEdit & { rank: number };

interface Placements {
  /** Each collected fix's edits, by the fix's position among the fixes collected. */
  readonly edits: ReadonlyArray<readonly RankedEdit[]>;
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

/** The fix as its edits lie on their files: ranked by its first edit's file, spanning all its edits. */
function placedFix(fix: Fix, index: number, edits: readonly RankedEdit[]): PlacedFix {
  let first = edits[0]?.start ?? 0;
  let last = edits[0]?.end ?? 0;
  for (let at = 1; at < edits.length; at++) {
    first = Math.min(first, (edits[at] as RankedEdit).start);
    last = Math.max(last, (edits[at] as RankedEdit).end);
  }
  return { fix, index, edits: [...edits], file: edits[0]?.rank ?? 0, first, last };
}

/** The fixes the collection placed, refused or placed, and when its fixes lie apart, every placed one chosen. */
interface Reused {
  /** The fixes placed, to choose among (none when `chosen`). */
  placed: PlacedFix[];
  rejected: Array<{ rejection: FixRejection; index: number }>;
  /** When the fixes lie apart, every one not refused: them, and every file's edits in text order. */
  chosen: { taken: Fix[]; byFile: Map<string, PlacedEdit[]> } | undefined;
}

/** Whether `fix` still has the very edits collected as `edits`. */
function sameEdits(fix: Fix, edits: readonly RankedEdit[]): boolean {
  if (edits.length !== fix.edits.length) return false;
  for (let at = 0; at < edits.length; at++) if ((edits[at] as RankedEdit).edit !== fix.edits[at]) return false;
  return true;
}

/**
 * The collection's placements of `fixes`, or undefined when `fixes` are not the very fixes (and edits) it
 * placed, in its order: those are placed again. A fix or edit changed in place after its collection is outside
 * this contract; pass a new object for it.
 */
export function reusePlacements(
  fixes: readonly Fix[],
  placements: Placements,
  refusal: (fix: Fix) => FixRejection | undefined,
): Reused | undefined {
  const known = placements.edits;
  if (known.length !== fixes.length) return undefined;
  const apart = placements.apart;
  const placed: PlacedFix[] = [];
  const rejected: Reused['rejected'] = [];
  const taken: Fix[] = [];
  const byRank: PlacedEdit[][] = [];
  for (let index = 0; index < fixes.length; index++) {
    const fix = fixes[index] as Fix;
    const edits = known[index] as readonly RankedEdit[];
    // One edit, the common fix: compared in place.
    if (edits.length === 1 && fix.edits.length === 1 ? (edits[0] as RankedEdit).edit !== fix.edits[0] : !sameEdits(fix, edits))
      return undefined;
    const refused = refusal(fix);
    if (refused) rejected.push({ rejection: refused, index });
    else if (!apart) placed.push(placedFix(fix, index, edits));
    else {
      const edit = edits[0] as RankedEdit;
      taken.push(fix);
      (byRank[edit.rank] ??= []).push(edit);
    }
  }
  if (!apart) return { placed, rejected, chosen: undefined };
  const byFile = new Map<string, PlacedEdit[]>();
  for (const edits of byRank) if (edits) byFile.set((edits[0] as PlacedEdit).edit.absolutePath, edits);
  return { placed, rejected, chosen: { taken, byFile } };
}

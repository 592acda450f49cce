// Roles after resolution (issue 13): related spans go under the diagnostic they belong to, and every frame
// learns its depth in its trace and whether it raised. Runs on the ranked, deduplicated list.
import { frameDepths } from '../core/roles.js';
import type { RawLocation, ResolvedLocation } from '../core/types.js';

/** A resolved related span and the raw location of the diagnostic it belongs to. */
export interface PendingRelated {
  readonly location: ResolvedLocation;
  readonly parent: RawLocation;
}

function placeKey(location: ResolvedLocation): string {
  return `${location.root}\0${location.file}\0${location.line}`;
}

/**
 * Attaches each span to its diagnostic's entry in `ranked` (or to the entry that replaced it when ranking merged
 * two reports of one diagnostic, `mergedInto`) and sets frame depths. Returns the spans whose diagnostic is not
 * in the list, which the caller reports on their own rather than losing them.
 */
export function applyRoles(
  ranked: ResolvedLocation[],
  related: readonly PendingRelated[],
  resolvedByRaw: ReadonlyMap<RawLocation, ResolvedLocation>,
  mergedInto: ReadonlyMap<ResolvedLocation, ResolvedLocation>,
): PendingRelated[] {
  const kept = new Set(ranked);
  const orphans: PendingRelated[] = [];
  for (const entry of related) {
    const resolvedParent = resolvedByRaw.get(entry.parent);
    const parent = resolvedParent === undefined ? undefined : kept.has(resolvedParent) ? resolvedParent : mergedInto.get(resolvedParent);
    if (parent === undefined) {
      orphans.push(entry);
      continue;
    }
    // The same place said twice (gcc repeats a note's place for each candidate) is one span.
    const siblings = (parent.related ??= []);
    if (siblings.some((span) => placeKey(span) === placeKey(entry.location) && span.message === entry.location.message)) continue;
    siblings.push(entry.location);
  }
  for (const [location, frame] of frameDepths(ranked)) location.frame = frame;
  return orphans;
}

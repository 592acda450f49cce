// What resolving one printed path answers (resolve-one.ts), as plain types other resolve modules may name.
import type { DropReason, UnresolvedReason } from '../core/types.js';
import { joinPosix } from './paths.js';

/** Where one printed path ended up. */
export type Resolution =
  | { kind: 'resolved'; root: string; relative: string; absolutePath: string }
  | { kind: 'dropped'; reason: DropReason }
  | { kind: 'unresolved'; reason: UnresolvedReason; candidates?: string[] };

/**
 * The first pass's answer: final, or a lookup that needs the workspace listing. Every path is first tried by
 * stat'ing its candidates; only what that leaves open waits for the one listing, whose names are then known.
 */
export type FirstPass = Resolution | { kind: 'deferred'; finish: () => Promise<Resolution> };

/** A workspace file that a location is re-pointed at (a mirror's or a build copy's source). */
export const resolvedAt = (root: string, relative: string): Extract<Resolution, { kind: 'resolved' }> => ({
  kind: 'resolved',
  root,
  relative,
  absolutePath: joinPosix(root, relative),
});

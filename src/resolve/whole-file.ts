// A report of a file as a whole (line 0: webpack 4's module header with no position, tsc's `x.d.ts(0)`, a require
// stack entry whose require was not found) says less than a line of the same file the log also names.
import type { ResolvedLocation } from '../core/types.js';

const WEIGHT = { error: 3, warning: 2, note: 1 } as const;
const weightOf = (location: ResolvedLocation): number => (location.severity === null ? 0 : WEIGHT[location.severity]);
// A user frame of a trace in the file is a line of the code that ran into the failure (the frame of the `require` call
// beside its require stack's entry): it places an error as well as the error's own line would.
const placingWeight = (location: ResolvedLocation): number => (location.frame === undefined ? weightOf(location) : WEIGHT.error);

/**
 * The whole-file entries that a line of the same file, at the same severity or above, makes redundant (a loader's own
 * `file:L:C` below webpack's header): that line is the place, and the whole-file report beside it only a vaguer copy.
 * A note in the file (an import chain's `imported here`) does not stand for an error's place; a frame of a trace does.
 */
export function wholeFilesPlaced<T extends { readonly location: ResolvedLocation }>(entries: readonly T[]): Set<T> {
  const placed = new Map<string, number>();
  for (const { location } of entries) {
    if (location.line <= 0) continue;
    const key = `${location.root}\0${location.file}`;
    placed.set(key, Math.max(placed.get(key) ?? -1, placingWeight(location)));
  }
  const redundant = new Set<T>();
  if (placed.size === 0) return redundant;
  for (const entry of entries) {
    const { location } = entry;
    const weight = placed.get(`${location.root}\0${location.file}`);
    if (location.line === 0 && weight !== undefined && weight >= weightOf(location)) redundant.add(entry);
  }
  return redundant;
}

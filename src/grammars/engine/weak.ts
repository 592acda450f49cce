// Weak candidates (hints.confirm): the permissive and prose tiers' guesses, which resolve keeps only as workspace files
// it confirms. They are bounded apart from the locations the collection cap counts, so that a log of 50 000 prose lines
// cannot crowd out a strict location after them, and the cap's overflow counts only locations that would be reported
// whatever the workspace holds. A workspace test (ScannerOptions.mayBeWorkspaceFile) drops the unconfirmable ones
// as soon as their line is read, so they are neither kept nor resolved.
import { isStandardInputName, type RawLocation } from '../../core/index.js';

function isWeak(location: RawLocation): boolean {
  return location.hints?.confirm === true;
}

export function countWeak(locations: readonly RawLocation[]): number {
  let count = 0;
  for (const location of locations) if (isWeak(location)) count++;
  return count;
}

// A path joined with the end of the line before, a file standard input stands for, or a runtime's name for a function
// that resolve completes to its file, is named by resolve from more than its printed text: the test cannot judge it.
function testable(location: RawLocation): boolean {
  const hints = location.hints;
  return hints?.wrappedFrom === undefined && hints?.unnamed !== true && hints?.moduleName !== true && !isStandardInputName(location.file);
}

/** Removes the weak candidates at `from` and after that the workspace test refuses; answers how many it removed. */
export function dropUnconfirmable(emitted: RawLocation[], from: number, mayBeWorkspaceFile: (printed: string) => boolean): number {
  let write = from;
  for (let read = from; read < emitted.length; read++) {
    const location = emitted[read]!;
    if (!isWeak(location) || !testable(location) || mayBeWorkspaceFile(location.file)) emitted[write++] = location;
  }
  const removed = emitted.length - write;
  emitted.length = write;
  return removed;
}

/**
 * Two readers' locations in log order under one cap: every weak candidate (each reader bounded its own) and the first
 * `maxLocations` others; `overflow` counts the others past the cap.
 */
export function capLocations(locations: readonly RawLocation[], maxLocations: number): { locations: RawLocation[]; overflow: number } {
  const kept: RawLocation[] = [];
  let strict = 0;
  let overflow = 0;
  for (const location of locations) {
    if (isWeak(location)) kept.push(location);
    else if (strict++ < maxLocations) kept.push(location);
    else overflow++;
  }
  return { locations: kept, overflow };
}

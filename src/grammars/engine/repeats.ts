// A dense log prints the same diagnostic thousands of times (a build retried, a header included everywhere): each
// repeat is kept as a log line on the first report instead of a location of its own, so the scan's memory and
// resolution's work follow what is distinct (issue 21: a 10 MB go log held 50 000 locations, two of them distinct).
import type { RawLocation } from '../../core/index.js';

// Distinct locations remembered for folding. Past this the memory starts over: a repeat then starts a new entry,
// which costs memory but never changes the result (resolve and rank treat two entries of one report as one).
const MAX_REMEMBERED = 4096;

// The hints that only say where the tool was: a repeat with the same ones resolves the same way. A basename waiting
// for its package (go test's FAIL line names it later) and the permissive tier's weak candidates are not folded.
const CONTEXT_HINTS = [
  'directory',
  'packagePath',
  'packageName',
  'projectDirectory',
  'runtime',
  'wrappedFrom',
  'commandLine',
  'unnamed',
  'mentionedPath',
] as const;
const FOLDABLE_HINTS = new Set<string>(CONTEXT_HINTS);

function isFoldable(location: RawLocation): boolean {
  // Frames, roles and dedented lines carry context that ranking reads per printing, or that later lines change; a
  // related span is foldable only through its diagnostic (RepeatFolder.ownerKey).
  const { frame, role, dedentedLine, fixes } = location;
  if (frame !== undefined || (role !== undefined && location.relatedTo === undefined) || dedentedLine !== undefined || fixes !== undefined)
    return false;
  for (const hint in location.hints) if (!FOLDABLE_HINTS.has(hint)) return false;
  return true;
}

function repeatKey(location: RawLocation, generation: number): string {
  const { file, line, column, endLine, endColumn, severity, code, format, message, hints } = location;
  let key = `${generation}\0${file}\0${line}\0${column}\0${endLine}\0${endColumn}\0${severity}\0${code}\0${format}\0${message}`;
  if (hints !== undefined) for (const hint of CONTEXT_HINTS) key += `\0${hints[hint]}`;
  return key;
}

/** Folds repeats of a location already kept into it (RawLocation.repeatedAt), line by line. */
export class RepeatFolder {
  /** Printings folded into an earlier entry: they still count toward the collection cap. */
  folded = 0;
  readonly #first = new Map<string, RawLocation>();
  /** The key each remembered entry was kept under: a related span's key names its diagnostic's. */
  readonly #keyOf = new Map<RawLocation, string>();

  /**
   * Folds the entries emitted since `from` (one log line's, settled: no rollback or wrapper level can change them
   * any more) into earlier identical ones. `generation` changes whenever a later line may rewrite the earlier
   * entries of a stretch (a Leaving line gives them their folder), so a kept entry and its repeats share a stretch.
   */
  fold(emitted: RawLocation[], from: number, generation: number): void {
    let write = from;
    for (let read = from; read < emitted.length; read++) {
      const location = emitted[read] as RawLocation;
      const first = isFoldable(location) ? this.firstOf(location, generation) : undefined;
      if (first === undefined) {
        emitted[write++] = location;
        continue;
      }
      (first.repeatedAt ??= []).push(location.logLine);
      // A grammar may still hold the repeat (a diagnostic that related spans name later): it points to the entry kept.
      location.sameAs = first;
      this.folded++;
    }
    emitted.length = write;
  }

  private firstOf(location: RawLocation, generation: number): RawLocation | undefined {
    let key = repeatKey(location, generation);
    if (location.relatedTo !== undefined) {
      // A diagnostic's note printed again with it (mypy's `note:` lines, a compiler's related spans) is a repeat only
      // when its diagnostic is one: both then fold, so the note stays under the one entry kept for the diagnostic.
      const owner = location.relatedTo.sameAs ?? location.relatedTo;
      const ownerKey = this.#keyOf.get(owner);
      if (ownerKey === undefined) return undefined;
      key += `\0related\0${ownerKey}`;
    }
    const first = this.#first.get(key);
    if (first !== undefined) return first;
    if (this.#first.size >= MAX_REMEMBERED) {
      this.#first.clear();
      this.#keyOf.clear();
    }
    this.#first.set(key, location);
    this.#keyOf.set(location, key);
    return undefined;
  }
}

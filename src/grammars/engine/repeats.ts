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
  // related span is foldable only through its diagnostic (RepeatFolder.firstOf).
  const { frame, role, dedentedLine, fixes } = location;
  if (frame !== undefined || (role !== undefined && location.relatedTo === undefined) || dedentedLine !== undefined || fixes !== undefined)
    return false;
  for (const hint in location.hints) if (!FOLDABLE_HINTS.has(hint)) return false;
  return true;
}

// The fields two printings of one report share (besides the message, which buckets them) and the context hints.
function sameReport(kept: RawLocation, location: RawLocation): boolean {
  if (
    kept.file !== location.file ||
    kept.line !== location.line ||
    kept.column !== location.column ||
    kept.endLine !== location.endLine ||
    kept.endColumn !== location.endColumn ||
    kept.severity !== location.severity ||
    kept.code !== location.code ||
    kept.format !== location.format
  )
    return false;
  const keptHints = kept.hints;
  const hints = location.hints;
  if (keptHints === undefined || hints === undefined) return keptHints === hints;
  for (const hint of CONTEXT_HINTS) if (keptHints[hint] !== hints[hint]) return false;
  return true;
}

/** A distinct report kept, with what its repeats must share beyond its fields. */
interface Remembered {
  location: RawLocation;
  generation: number;
  /** The diagnostic a related span belongs to (the entry kept for it), else undefined. */
  owner: RawLocation | undefined;
}

/** Folds repeats of a location already kept into it (RawLocation.repeatedAt), line by line. */
export class RepeatFolder {
  /** Printings folded into an earlier entry: they still count toward the collection cap. */
  folded = 0;
  // Kept entries by message, file and line: a key string built from every field per printing was a dense go log's
  // second-largest garbage (57 of 546 MB). Three levels, so that no list grows with a log's size: one message in
  // thousands of files, or on thousands of lines of one file, still finds its entry in a few steps.
  readonly #index = new Map<string, Map<string, Map<number, Remembered[]>>>();
  readonly #kept = new Set<RawLocation>();

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
    // A diagnostic's note printed again with it (mypy's `note:` lines, a compiler's related spans) is a repeat only
    // when its diagnostic is one: both then fold, so the note stays under the one entry kept for the diagnostic.
    const owner = location.relatedTo === undefined ? undefined : (location.relatedTo.sameAs ?? location.relatedTo);
    if (owner !== undefined && !this.#kept.has(owner)) return undefined;
    const bucket = this.#index.get(location.message)?.get(location.file)?.get(location.line);
    if (bucket !== undefined) {
      for (const kept of bucket) {
        if (kept.generation === generation && kept.owner === owner && sameReport(kept.location, location)) return kept.location;
      }
    }
    if (this.#kept.size >= MAX_REMEMBERED) {
      this.#index.clear();
      this.#kept.clear();
    }
    this.remember({ location, generation, owner });
    return undefined;
  }

  private remember(remembered: Remembered): void {
    const { message, file, line } = remembered.location;
    let byFile = this.#index.get(message);
    if (byFile === undefined) this.#index.set(message, (byFile = new Map()));
    let byLine = byFile.get(file);
    if (byLine === undefined) byFile.set(file, (byLine = new Map()));
    const bucket = byLine.get(line);
    // The generation only grows, so an entry of an earlier stretch is never matched again: a bucket holds the current
    // stretch's entries alone (one report repeated in a thousand make directories must not make a list of a thousand).
    if (bucket === undefined || bucket[bucket.length - 1]!.generation !== remembered.generation) byLine.set(line, [remembered]);
    else bucket.push(remembered);
    this.#kept.add(remembered.location);
  }
}

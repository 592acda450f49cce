// The folder a build tool says its compiler runs in, as compile-mode tracks it (formats.md §3.13): one context per
// scan that the formats of build tools feed (make's and ninja's `Entering directory`, an echoed `cd sub && …`)
// and that every emitted relative path reads. Grammars only record what the log said; resolve decides whether a
// file exists there.
import type { RawLocation } from '../../core/index.js';
import { ownCopy } from './strings.js';

/** The shared-state key of the scan's directory context. */
export const DIRECTORY_CONTEXT_KEY = 'directory-context';

// Nesting deeper than this is no real build (make's MAKELEVEL rarely passes 5): a log of Entering lines without
// their Leaving lines keeps only the innermost folders, so the stack never grows with the log.
const MAX_DEPTH = 64;

const ABSOLUTE = /^(?:[/\\]|[A-Za-z]:)/;

/** Where relative paths printed from here on are relative to. */
export class DirectoryContext {
  readonly #stack: string[] = [];
  // A folder announced for the steps that follow it (an echoed `cd sub && cc …`), not nested: the next
  // announcement replaces it, and an Entering/Leaving line ends it.
  #step: string | undefined;
  // How many locations had been emitted when the folder last changed: a Leaving line nobody entered (a log cut
  // before its Entering line) names the folder of the locations emitted since.
  #since = 0;

  #packageName: string | undefined;

  /** Changes each time the folder changes: a location the scanner keeps once for its repeats never spans two
   * folders, so a Leaving line that names the folder of the locations since gives every repeat the same one. */
  generation = 0;

  /** The workspace package a header named for the lines after it (`> nx run api:build`, go's `# example.com/m/api`). */
  get packageName(): string | undefined {
    return this.#packageName;
  }

  /** A header named the package whose tool output follows, until the next header. */
  namePackage(name: string): void {
    this.#packageName = name === '' ? undefined : ownCopy(name);
  }

  /** The folder relative paths are in now, if the log said. */
  current(): string | undefined {
    return this.#step ?? this.#stack.at(-1);
  }

  /** A tool entered `directory` (make's and ninja's `Entering directory`). */
  enter(directory: string, emitted: readonly RawLocation[]): void {
    this.generation++;
    this.#step = undefined;
    this.#stack.push(ownCopy(directory));
    if (this.#stack.length > MAX_DEPTH) this.#stack.shift();
    this.#since = emitted.length;
  }

  /**
   * A tool left `directory`. Interleaved parallel output can leave a folder that is not the innermost one, so the
   * innermost entry naming it is removed; a folder never entered in this log was where the locations since the
   * last change were printed, which the Leaving line is the first to say (the error came before it).
   */
  leave(directory: string | undefined, emitted: readonly RawLocation[]): void {
    this.generation++;
    this.#step = undefined;
    const index = directory === undefined ? this.#stack.length - 1 : this.#stack.lastIndexOf(directory);
    if (index >= 0) this.#stack.splice(index, 1);
    else if (directory !== undefined && directory !== '') {
      for (let position = Math.min(this.#since, emitted.length); position < emitted.length; position++) {
        const location = emitted[position] as RawLocation;
        if (location.hints?.directory === undefined && !ABSOLUTE.test(location.file))
          location.hints = { ...location.hints, directory: ownCopy(directory) };
      }
    }
    this.#since = emitted.length;
  }

  /** The steps that follow run where the tool is again (Gradle's `> Task :build` of the root project). */
  endStep(emitted: readonly RawLocation[]): void {
    if (this.#step === undefined) return;
    this.generation++;
    this.#step = undefined;
    this.#since = emitted.length;
  }

  /** A step announced the folder its command runs in (`cd build/sub && cc -c x.c`). */
  step(directory: string, emitted: readonly RawLocation[]): void {
    this.generation++;
    // Each step starts where the tool is (the entered folder), not where the previous step went.
    const base = this.#stack.at(-1);
    this.#step = ownCopy(base && !ABSOLUTE.test(directory) ? `${base.replace(/[/\\]+$/, '')}/${directory}` : directory);
    this.#since = emitted.length;
  }
}

/** The directory context of the scan a context belongs to, created on first use. */
export function directoryContext(shared: <T extends object>(key: string, create: () => T) => T): DirectoryContext {
  return shared(DIRECTORY_CONTEXT_KEY, () => new DirectoryContext());
}

/** `cd <folder> && …` at the start of an echoed command: the folder, quotes removed; undefined otherwise. */
export function echoedCdFolder(text: string): string | undefined {
  const match = /^(?:\[\d+\/\d+\] )?cd (?:"([^"]+)"|'([^']+)'|([^\s"'&;|]+)) &&(?: |$)/.exec(text);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

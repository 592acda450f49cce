// Matching partly printed paths (an elision, a folder the log does not name, a lost leading folder) against
// the workspace files that carry their basename. The listing is made once per call, after every path that
// could be resolved by stat'ing was, so a log that needs it pays for one walk per root, whatever its size.
import type { Workspace } from './workspace.js';

/** What a printed path that needs the listing is matched by. */
export interface IndexQuery {
  /** Segments that must end the workspace path, longest first: the first suffix that matches anything decides. */
  suffixes: readonly string[];
  /** Segments printed before an elision (`src/…/x.ts`): the workspace path must contain them before the suffix. */
  head?: string;
  /** The path came from a case-insensitive file system in one case only (`c:\users\…\mytinystl\iterator.h`). */
  caseless?: boolean;
}

/** A query's answer: the files that matched at the deciding suffix, as root-relative and absolute paths. */
interface IndexMatch {
  absolute: string[];
  relative: string[];
}

// Most distinct basenames one call lists; a log naming more (a 100 MB log of weak candidates) keeps the first.
export const MAX_INDEXED_NAMES = 4096;

/** The workspace files whose basename one of the queued queries needs, listed lazily and at most once. */
export class FileIndex {
  readonly #workspace: Workspace;
  readonly #names = new Set<string>();
  #files: Promise<Array<{ absolute: string; relative: string }>> | undefined;

  constructor(workspace: Workspace) {
    this.#workspace = workspace;
  }

  /** Asks for a basename to be listed; false when the bound is reached or the listing already started. */
  want(basename: string): boolean {
    if (this.#names.has(basename)) return true;
    if (this.#files !== undefined || this.#names.size >= MAX_INDEXED_NAMES || basename === '') return false;
    this.#names.add(basename);
    // The walk also matches a listed lower-case name against a file of any case (see isCaselessPath).
    if (isDosName(basename)) this.#names.add(basename.toLowerCase());
    return true;
  }

  /** Whether `count` more names fit in the first half of the bound: the other half stays for the printed names. */
  hasRoomFor(count: number): boolean {
    return this.#files === undefined && this.#names.size + count <= MAX_INDEXED_NAMES / 2;
  }

  /** Every listed file, roots in the order given, each absolute path once (nested roots list files twice). */
  files(): Promise<Array<{ absolute: string; relative: string }>> {
    this.#files ??= this.#list();
    return this.#files;
  }

  async #list(): Promise<Array<{ absolute: string; relative: string }>> {
    const names = [...this.#names].sort();
    if (names.length === 0) return [];
    const perRoot = await Promise.all(
      this.#workspace.roots.map(async (root) => {
        const found = await this.#workspace.fs.findFilesByName(root.given, names);
        return found.map((relative) => ({ absolute: `${root.given.replace(/\/$/, '')}/${relative}`, relative }));
      }),
    );
    const seen = new Set<string>();
    return perRoot.flat().filter((file) => !seen.has(file.absolute) && (seen.add(file.absolute), true));
  }

  /** The files matching the longest suffix of `query` that matches any; empty when none does. */
  async match(query: IndexQuery): Promise<IndexMatch> {
    const files = await this.files();
    for (const suffix of query.suffixes) {
      const hits = files.filter(
        (file) => endsWithSegments(file.relative, suffix, query.caseless === true) && containsHead(file.relative, suffix, query.head),
      );
      if (hits.length > 0) return { absolute: hits.map((hit) => hit.absolute), relative: hits.map((hit) => hit.relative) };
    }
    return { absolute: [], relative: [] };
  }
}

function endsWithSegments(relative: string, suffix: string, caseless: boolean): boolean {
  if (relative === suffix || relative.endsWith(`/${suffix}`)) return true;
  if (!caseless && !isDosName(suffix)) return false;
  const folded = relative.toLowerCase();
  const wanted = suffix.toLowerCase();
  return folded === wanted || folded.endsWith(`/${wanted}`);
}

// DOS-era and embedded Windows tool chains (Keil C51, IAR, 8.3 names) print paths in capitals (`LCD\LCD.C` for the
// checkout's `LCD/lcd.c`), as a case-insensitive file system finds them: such a path matches whatever its case here.
function isDosName(path: string): boolean {
  return path === path.toUpperCase() && /[A-Z]/.test(path);
}

/**
 * A Windows path printed in one case (`c:\users\dev\mytinystl\iterator.h`, as Visual Studio 2017 and older write
 * them, or `LCD\LCD.C`): the file system that printed it ignored case, so its folders match whatever their case here.
 */
export function isCaselessPath(printed: string): boolean {
  if (!/^[A-Za-z]:[\\/]|\\/.test(printed)) return false;
  return printed === printed.toLowerCase() || printed === printed.toUpperCase();
}

// `src/…/x.ts`: `src` must be a whole folder somewhere before the part that matched the suffix.
function containsHead(relative: string, suffix: string, head: string | undefined): boolean {
  if (!head) return true;
  const before = `/${relative.slice(0, relative.length - suffix.length)}`;
  return before.includes(`/${head}/`);
}

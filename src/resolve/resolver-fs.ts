// The only file-system surface the resolver uses. Kept to three async calls so an editor
// extension can back it with its own workspace API (virtual or remote file systems).
import { readdirSync, realpathSync, statSync } from 'node:fs';
// fs.promises loads on first use: importing node:fs/promises cost every start ~1 ms, an empty log included (issue 21).
import { promises as fsPromises } from 'node:fs';
import { findFilesNamed } from './workspace-walk.js';

/** What an entry is, following symlinks. */
export type ResolverFileKind = 'file' | 'directory' | 'other';

/** Minimal async file system the resolver reads through. All paths are absolute. */
export interface ResolverFs {
  /** Kind of the entry at `path` (symlinks followed); undefined when it does not exist or cannot be read. */
  stat(path: string): Promise<ResolverFileKind | undefined>;
  /** Canonical path with every symlink resolved; undefined when it does not exist. */
  realpath(path: string): Promise<string | undefined>;
  /**
   * Files under `root` whose basename is one of `basenames`, as posix paths relative to `root`,
   * skipping what the workspace's .gitignore ignores and node_modules. Used for paths the tool printed
   * partly (basename-only frames, elisions, relative to an unknown folder), at most once per root per call.
   */
  findFilesByName(root: string, basenames: readonly string[]): Promise<string[]>;
  /**
   * The text of a workspace file (UTF-8); undefined when it cannot be read. Optional: without it, columns a
   * tool counted from a dedented echo of the line (CPython) are dropped instead of corrected.
   */
  readText?(path: string): Promise<string | undefined>;
  /**
   * The names of the entries in a workspace folder; undefined when it cannot be read. Optional: without it, a library
   * known only by a package descriptor whose name carries its version (`hc-0.1-1.rockspec`) stays the user's code.
   */
  listNames?(folder: string): Promise<string[] | undefined>;
  /**
   * True when the files under the roots are this machine's own, read as they are (a view that only hides what lies
   * outside them): locate may then list the roots directly to rule out names that no workspace file has.
   */
  readonly local?: boolean;
}

// A source file bigger than this is not read to correct a column (generated bundles are not worth it).
const MAX_TEXT_BYTES = 8 * 1024 * 1024;

/** Missing paths and permission problems both mean "not usable here"; anything else is a real fault. */
function isExpectedFsMiss(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES' || code === 'EPERM' || code === 'ELOOP' || code === 'ENAMETOOLONG';
}

// Creates the default ResolverFs over node:fs.
export function createNodeResolverFs(): ResolverFs {
  return {
    // stat and realpath are synchronous calls behind the async interface: a few dozen distinct paths per log
    // (cached below), each a microsecond syscall, where a thread-pool round trip cost ~0.3 ms of a warm 10 KB call.
    async stat(path) {
      // A NUL cannot be in a file name (fs throws a TypeError for one): whatever printed it names no file.
      if (path.includes('\u0000')) return undefined;
      try {
        // No error object for a missing path (most candidates are missing): building one cost more than the syscall.
        const info = statSync(path, { throwIfNoEntry: false });
        if (info === undefined) return undefined;
        return info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other';
      } catch (error) {
        if (isExpectedFsMiss(error)) return undefined;
        throw error;
      }
    },
    async realpath(path) {
      if (path.includes('\u0000')) return undefined;
      try {
        return realpathSync.native(path);
      } catch (error) {
        if (isExpectedFsMiss(error)) return undefined;
        throw error;
      }
    },
    async findFilesByName(root, basenames) {
      if (basenames.length === 0) return [];
      return findFilesNamed(root, new Set(basenames));
    },
    async readText(path) {
      try {
        const bytes = await fsPromises.readFile(path);
        return bytes.length > MAX_TEXT_BYTES ? undefined : bytes.toString('utf8');
      } catch (error) {
        if (isExpectedFsMiss(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
        throw error;
      }
    },
    async listNames(folder) {
      if (folder.includes('\u0000')) return undefined;
      try {
        return readdirSync(folder);
      } catch (error) {
        if (isExpectedFsMiss(error)) return undefined;
        throw error;
      }
    },
  };
}

/**
 * Memoises every call for the duration of one resolveLocations call, so a path that appears in
 * hundreds of frames (or as a candidate for several of them) is stat'ed exactly once.
 */
export class CachedResolverFs implements ResolverFs {
  readonly #inner: ResolverFs;
  readonly #stats = new Map<string, Promise<ResolverFileKind | undefined>>();
  readonly #realpaths = new Map<string, Promise<string | undefined>>();
  readonly #finds = new Map<string, Promise<string[]>>();
  readonly #texts = new Map<string, Promise<string | undefined>>();
  readonly #listings = new Map<string, Promise<string[] | undefined>>();
  /** Number of stat calls that reached the underlying fs; tests read it to prove the caching. */
  statCalls = 0;

  constructor(inner: ResolverFs) {
    this.#inner = inner;
  }

  stat(path: string): Promise<ResolverFileKind | undefined> {
    let pending = this.#stats.get(path);
    if (!pending) {
      this.statCalls++;
      pending = this.#inner.stat(path);
      this.#stats.set(path, pending);
    }
    return pending;
  }

  realpath(path: string): Promise<string | undefined> {
    let pending = this.#realpaths.get(path);
    if (!pending) {
      pending = this.#inner.realpath(path);
      this.#realpaths.set(path, pending);
    }
    return pending;
  }

  readText(path: string): Promise<string | undefined> {
    let pending = this.#texts.get(path);
    if (!pending) {
      pending = this.#inner.readText?.(path) ?? Promise.resolve(undefined);
      this.#texts.set(path, pending);
    }
    return pending;
  }

  listNames(folder: string): Promise<string[] | undefined> {
    let pending = this.#listings.get(folder);
    if (!pending) {
      pending = this.#inner.listNames?.(folder) ?? Promise.resolve(undefined);
      this.#listings.set(folder, pending);
    }
    return pending;
  }

  findFilesByName(root: string, basenames: readonly string[]): Promise<string[]> {
    const key = `${root}\0${basenames.join('\0')}`;
    let pending = this.#finds.get(key);
    if (!pending) {
      pending = this.#inner.findFilesByName(root, basenames);
      this.#finds.set(key, pending);
    }
    return pending;
  }
}

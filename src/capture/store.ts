// Where artifacts live, how they are named, found and expired.
// Layout: <cache>/artifacts/<id>.log (raw bytes) and <id>.json (metadata + sparse line index), files 0600
// in 0700 directories, because command output routinely carries tokens and paths.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FaultlineError } from '../core/index.js';
import { isArtifactId } from './artifact-id.js';
import { cacheDirFor } from './cache-dir.js';

export { cacheDirFor, isArtifactId };

export interface StoreOptions {
  /** Cache directory; overrides FAULTLINE_CACHE_DIR, XDG_CACHE_HOME/faultline and ~/.cache/faultline. */
  cacheDir?: string;
  /** Environment to read those variables from (default: process.env). */
  env?: NodeJS.ProcessEnv;
}

export interface RetentionOptions {
  /** Delete artifacts older than this (default 7 days). */
  maxAgeMs?: number;
  /** Keep at most this many artifacts (default 100). */
  maxFiles?: number;
  /** Keep at most this many bytes of artifacts in total (default 2 GiB). */
  maxTotalBytes?: number;
}

export const DEFAULT_RETENTION = { maxAgeMs: 7 * 24 * 3600 * 1000, maxFiles: 100, maxTotalBytes: 2 * 1024 ** 3 } as const;

/** Metadata and sparse index stored beside each artifact. */
export interface ArtifactMeta {
  version: 1;
  id: string;
  /** Raw bytes in the artifact file. */
  bytes: number;
  /** Lines in the artifact (a final line without `\n` counts). */
  lines: number;
  /** True when the size cap stopped writing. */
  truncated: boolean;
  /** Bytes the command produced, including those past the cap. */
  producedBytes: number;
  /** indexEvery-th line starts: offsets[k] is the byte offset of line k*indexEvery + 1. */
  indexEvery: number;
  offsets: number[];
  command?: string[];
  cwd?: string;
  startedAt?: string;
  endedAt?: string;
  exitCode?: number | null;
  signal?: string | null;
}

export interface ArtifactRef {
  id: string | null;
  path: string;
  metaPath: string | null;
}

export function artifactDirFor(options: StoreOptions = {}): string {
  return join(cacheDirFor(options), 'artifacts');
}

function cacheDirError(dir: string, why: string, cause?: unknown): FaultlineError {
  return new FaultlineError(
    'E_CACHE_DIR',
    `cannot use ${dir} as the cache directory: ${why} (set FAULTLINE_CACHE_DIR to a writable directory)`,
    { cause },
  );
}

// Deepest directory chain faultline will create; a longer one is a misconfiguration, not a cache.
const MAX_CREATED_LEVELS = 64;

/**
 * Creates `dir` (and parents) one level at a time and forces 0700 on the directories faultline owns. Node's
 * recursive mkdir loops forever on procfs (`/proc/self/x` answers ENOENT however often its parent exists), in
 * the thread pool where no signal reaches it; every failure here is one E_CACHE_DIR line instead.
 */
export async function ensurePrivateDir(dir: string, ownedParent?: string): Promise<void> {
  const missing: string[] = [];
  for (let current = dir; ; current = dirname(current)) {
    try {
      if (!(await stat(current)).isDirectory()) throw cacheDirError(dir, `${current} is not a directory`);
      break;
    } catch (error) {
      if (error instanceof FaultlineError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw cacheDirError(dir, `${current}: ${code ?? (error as Error).message}`, error);
      missing.push(current);
      if (missing.length > MAX_CREATED_LEVELS || dirname(current) === current) throw cacheDirError(dir, 'no existing parent directory');
    }
  }
  for (const level of missing.reverse()) {
    try {
      await mkdir(level, { mode: 0o700 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw cacheDirError(dir, `cannot create ${level} (${code ?? (error as Error).message})`, error);
    }
  }
  try {
    // mkdir's mode is filtered by the umask and ignored for existing directories.
    await chmod(dir, 0o700);
    if (ownedParent) await chmod(ownedParent, 0o700);
    // Created is not usable: procfs, sysfs and read-only mounts fail only when a file is written.
    await access(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw cacheDirError(dir, `${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, error);
  }
}

// A lock older than this belongs to a faultline that died holding it.
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

/**
 * Runs `work` holding `lockPath` (created exclusively, removed after): concurrent runs read-modify-write the
 * history and the artifact directory one at a time (20 concurrent recordRun calls kept 1 entry without it).
 */
export async function withLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(lockPath, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST')
        throw new FaultlineError('E_CACHE_DIR', `cannot create the lock ${lockPath} (${code ?? (error as Error).message})`, {
          cause: error,
        });
      const age = await stat(lockPath).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await unlink(lockPath).catch(() => undefined);
      else if (Date.now() > deadline)
        throw new FaultlineError('E_CACHE_DIR', `${lockPath} is held by another faultline for more than ${LOCK_WAIT_MS / 1000} s`);
      else await sleep(Math.min(100, 5 + attempt * 5));
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lockPath).catch(() => undefined);
  }
}

/** A new artifact id: UTC timestamp to the millisecond (sorts by time) plus 32 random bits. */
export function newArtifactId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, ''); // 20250101T120000123Z
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

export function artifactPaths(id: string, options: StoreOptions = {}): { path: string; metaPath: string } {
  const dir = artifactDirFor(options);
  return { path: join(dir, `${id}.log`), metaPath: join(dir, `${id}.json`) };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Resolves an artifact id or a file path; a missing one is E_ARTIFACT_MISSING, never stale data. */
export async function resolveArtifact(ref: string, options: StoreOptions & { cwd?: string } = {}): Promise<ArtifactRef> {
  if (isArtifactId(ref)) {
    const { path, metaPath } = artifactPaths(ref, options);
    if (!(await exists(path))) {
      throw new FaultlineError('E_ARTIFACT_MISSING', `artifact ${ref} was removed by retention or never existed`);
    }
    return { id: ref, path, metaPath };
  }
  const path = resolve(options.cwd ?? process.cwd(), ref);
  const info = await stat(path).catch(() => null);
  if (info === null) {
    throw new FaultlineError('E_ARTIFACT_MISSING', `artifact ${ref} was removed by retention or never existed (no such file: ${path})`);
  }
  // A directory failed deep in a read with a stack trace; /dev/zero or a FIFO never ends, so paging it spun.
  if (info.isDirectory()) throw new FaultlineError('E_INPUT_READ', `${path} is a directory, not an artifact or log file`);
  if (!info.isFile())
    throw new FaultlineError('E_INPUT_READ', `${path} is not a regular file (a device or pipe has no end to page through)`);
  const base = path.replace(/\.log$/, '');
  const metaPath = path.endsWith('.log') && (await exists(`${base}.json`)) ? `${base}.json` : null;
  const idGuess = base.slice(base.lastIndexOf('/') + 1);
  return { id: isArtifactId(idGuess) ? idGuess : null, path, metaPath };
}

/** Reads an artifact's metadata; null when absent or unreadable (reading then scans from the start). */
export async function readArtifactMeta(metaPath: string | null): Promise<ArtifactMeta | null> {
  if (!metaPath) return null;
  try {
    const parsed = JSON.parse(await readFile(metaPath, 'utf8')) as ArtifactMeta;
    return parsed.version === 1 && Array.isArray(parsed.offsets) ? parsed : null;
  } catch {
    return null;
  }
}

export interface RetentionReport {
  removed: string[];
  kept: number;
  keptBytes: number;
}

/**
 * Deletes expired artifacts: older than maxAgeMs, then oldest first while more than maxFiles - reserve
 * files or more than maxTotalBytes remain. `reserve` makes room for the artifact about to be written.
 */
export async function applyRetention(
  options: StoreOptions & RetentionOptions & { reserve?: number; now?: number; keepId?: string } = {},
): Promise<RetentionReport> {
  const dir = artifactDirFor(options);
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_RETENTION.maxAgeMs;
  const maxFiles = Math.max(0, (options.maxFiles ?? DEFAULT_RETENTION.maxFiles) - (options.reserve ?? 0));
  const maxTotalBytes = options.maxTotalBytes ?? DEFAULT_RETENTION.maxTotalBytes;
  const now = options.now ?? Date.now();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { removed: [], kept: 0, keptBytes: 0 };
  }
  const entries: { id: string; bytes: number; mtimeMs: number; finished: boolean }[] = [];
  const present = new Set(names);
  for (const name of names) {
    if (!name.endsWith('.log') || !isArtifactId(name.slice(0, -4))) continue;
    try {
      const info = await stat(join(dir, name));
      // No metadata yet: a run still writing it (another process's): it counts, but is not deleted under it.
      entries.push({ id: name.slice(0, -4), bytes: info.size, mtimeMs: info.mtimeMs, finished: present.has(`${name.slice(0, -4)}.json`) });
    } catch {
      // Removed concurrently by another faultline: nothing to do.
    }
  }
  // Ids start with their creation time, so sorting them is oldest first.
  entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const removed: string[] = [];
  const keep = entries.filter((entry) => {
    if (now - entry.mtimeMs <= maxAgeMs) return true;
    removed.push(entry.id);
    total -= entry.bytes;
    return false;
  });
  while (keep.length > 0 && (keep.length > maxFiles || total > maxTotalBytes)) {
    const index = keep.findIndex((entry) => entry.finished && entry.id !== options.keepId);
    if (index < 0) break;
    const [oldest] = keep.splice(index, 1);
    removed.push(oldest!.id);
    total -= oldest!.bytes;
  }
  for (const id of removed) {
    const { path, metaPath } = artifactPaths(id, options);
    await unlink(path).catch(() => undefined);
    await unlink(metaPath).catch(() => undefined);
  }
  return { removed, kept: keep.length, keptBytes: total };
}

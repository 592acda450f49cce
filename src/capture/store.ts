// Where artifacts live, how they are named, found and expired.
// Layout: <cache>/artifacts/<id>.log (raw bytes) and <id>.json (metadata + sparse line index), files 0600
// in 0700 directories, because command output routinely carries tokens and paths.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { FaultlineError } from '../core/index.js';

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

const ID_PATTERN = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

export function cacheDirFor(options: StoreOptions = {}): string {
  const env = options.env ?? process.env;
  if (options.cacheDir) return resolve(options.cacheDir);
  if (env.FAULTLINE_CACHE_DIR) return resolve(env.FAULTLINE_CACHE_DIR);
  if (env.XDG_CACHE_HOME) return resolve(env.XDG_CACHE_HOME, 'faultline');
  return join(env.HOME || homedir(), '.cache', 'faultline');
}

export function artifactDirFor(options: StoreOptions = {}): string {
  return join(cacheDirFor(options), 'artifacts');
}

/** Creates `dir` (and parents) and forces 0700 on the directories faultline owns. */
export async function ensurePrivateDir(dir: string, ownedParent?: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is filtered by the umask and ignored for existing directories.
  await chmod(dir, 0o700);
  if (ownedParent) await chmod(ownedParent, 0o700);
}

/** A new artifact id: UTC timestamp to the millisecond (sorts by time) plus 32 random bits. */
export function newArtifactId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, ''); // 20250101T120000123Z
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

export function isArtifactId(value: string): boolean {
  return ID_PATTERN.test(value);
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
  if (!(await exists(path))) {
    throw new FaultlineError('E_ARTIFACT_MISSING', `artifact ${ref} was removed by retention or never existed (no such file: ${path})`);
  }
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
export async function applyRetention(options: StoreOptions & RetentionOptions & { reserve?: number; now?: number } = {}): Promise<RetentionReport> {
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
  const entries: { id: string; bytes: number; mtimeMs: number }[] = [];
  for (const name of names) {
    if (!name.endsWith('.log') || !isArtifactId(name.slice(0, -4))) continue;
    try {
      const info = await stat(join(dir, name));
      entries.push({ id: name.slice(0, -4), bytes: info.size, mtimeMs: info.mtimeMs });
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
    const oldest = keep.shift()!;
    removed.push(oldest.id);
    total -= oldest.bytes;
  }
  for (const id of removed) {
    const { path, metaPath } = artifactPaths(id, options);
    await unlink(path).catch(() => undefined);
    await unlink(metaPath).catch(() => undefined);
  }
  return { removed, kept: keep.length, keptBytes: total };
}

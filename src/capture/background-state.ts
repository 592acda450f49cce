// Files of a background command, beside the artifacts: <cache>/background/<id>.json (written by the worker:
// pid, status, exit), <id>.cursor.json (written by readers: what was already returned), <id>.stop (kill's
// marker, so the worker reports `stopped` rather than `failed`). 0600 files in a 0700 directory.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FaultlineError } from '../core/index.js';
import { cacheDirFor, isArtifactId, type StoreOptions } from './store.js';

export type BackgroundStatus = 'running' | 'succeeded' | 'failed' | 'stopped';

export interface BackgroundState {
  version: 1;
  id: string;
  command: string;
  cwd: string;
  shell: string;
  workerPid: number;
  /** The command's pid, which is also its process group id; null until it runs. */
  pgid: number | null;
  /** processStartTime(pgid) when it was spawned: kill signals the group only while its leader still has it. */
  pgidStartTime?: string | null;
  /** processStartTime(workerPid), so a reused worker pid is not taken for a live worker. */
  workerStartTime?: string | null;
  status: BackgroundStatus;
  startedAt: string;
  endedAt: string | null;
  durationMs: number | null;
  exitCode: number | null;
  /** What `faultline run` would exit with: the code, 128+N for a signal; null while running or unknown. */
  exitStatus: number | null;
  signal: string | null;
  artifactPath: string;
  notes: string[];
}

export interface Cursor {
  offset: number;
  /** The end of the command has been reported once. */
  reported: boolean;
  /** The output was recognised as a server or watcher. */
  server: boolean;
}

/** Marks the command's processes (inherited by every descendant, setsid or not) so kill can find them. */
export const BACKGROUND_MARKER = 'FAULTLINE_BACKGROUND_ID';

export function backgroundDir(options: StoreOptions = {}): string {
  return join(cacheDirFor(options), 'background');
}

/**
 * Rejects anything that is not an id faultline issued (`../x`, an absolute path, a name with a suffix): an id
 * names files in the state folder, so a path-shaped one would read, or signal from, a planted file elsewhere.
 */
export function checkBackgroundId(id: string): string {
  if (typeof id === 'string' && isArtifactId(id)) return id;
  const shown = JSON.stringify(String(id).slice(0, 80));
  throw new FaultlineError(
    'E_USAGE',
    `${shown} is not a background command id (ids look like 20250101T120000123Z-1a2b3c4d; faultline ps lists them)`,
  );
}

export function backgroundPaths(id: string, options: StoreOptions = {}) {
  checkBackgroundId(id);
  const dir = backgroundDir(options);
  // The id's shape already keeps these in dir; checked again so a change to the shape cannot widen it.
  if (dirname(join(dir, `${id}.json`)) !== dir) checkBackgroundId('');
  return {
    state: join(dir, `${id}.json`),
    cursor: join(dir, `${id}.cursor.json`),
    stop: join(dir, `${id}.stop`),
    spec: join(dir, `${id}.spec.json`),
  };
}

export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}

export async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

export async function listStateIds(options: StoreOptions): Promise<string[]> {
  try {
    return (await readdir(backgroundDir(options)))
      .filter((name) => name.endsWith('.json') && isArtifactId(name.slice(0, -5)))
      .map((name) => name.slice(0, -5));
  } catch {
    return [];
  }
}

export async function removeJob(id: string, options: StoreOptions): Promise<void> {
  const paths = backgroundPaths(id, options);
  await Promise.all([paths.state, paths.cursor, paths.stop, paths.spec].map((path) => unlink(path).catch(() => undefined)));
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * Every live process of a background command: the members of its process group, their descendants
 * (a `setsid` grandchild leaves the group but keeps its parent), and any process carrying the marker
 * in its environment (a detached grandchild reparented to init). Linux /proc; elsewhere the group only.
 */
export function commandProcesses(id: string, pgid: number | null): number[] {
  if (process.platform !== 'linux') return [];
  const parents = new Map<number, number>();
  const found = new Set<number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  const needle = `${BACKGROUND_MARKER}=${id}\u0000`;
  for (const entry of entries) {
    const pid = Number(entry);
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      parents.set(pid, Number(fields[1]));
      if (pgid !== null && Number(fields[2]) === pgid) found.add(pid);
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(needle)) found.add(pid);
    } catch {
      // Ended while we looked, or not ours to read.
    }
  }
  // Descendants of what was found, to a fixed point.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!found.has(pid) && found.has(parent)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  found.delete(process.pid);
  return [...found];
}

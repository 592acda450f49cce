// The last runs per terminal/session, so "fix the last error" picks the right run and knows when that
// failure has since been fixed (seeds §1.12: twinny returned a failure the same command had already passed).
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cacheDirFor, ensurePrivateDir, withLock, type StoreOptions } from './store.js';

export interface RunRecord {
  command: string[];
  cwd: string;
  /** Exit code as faultline reports it (124 timeout, 128+N signal); null when unknown. */
  exitCode: number | null;
  /** True when the run failed (non-zero, signal, timeout, or failure wording without an exit code). */
  failed: boolean;
  startedAt: string;
  endedAt: string;
  artifactId: string | null;
  artifactPath: string | null;
  /** The workspace root the run belongs to (the CLI records the git top level of its cwd); absent in older records. */
  root?: string;
  /**
   * Who ran it: 'cli' for `faultline run`, 'library' for runCommand()/start() called by a program (an agent's
   * loop), which the CLI's --last skips. Absent in records written before this was kept (read as 'cli').
   */
  origin?: RunOrigin;
}

export type RunOrigin = 'cli' | 'library';

export interface HistoryOptions extends StoreOptions {
  /** Terminal or session the run belongs to (default: defaultHistoryKey(env)). */
  key?: string;
  /** Runs kept per key (default 5). */
  keep?: number;
}

interface HistoryFile {
  version: 1;
  keys: Record<string, RunRecord[]>;
}

const MAX_KEYS = 50;

/** A key for "this terminal": an explicit FAULTLINE_SESSION, else what the terminal exports, else "default". */
export function defaultHistoryKey(env: NodeJS.ProcessEnv = process.env): string {
  return env.FAULTLINE_SESSION || env.TERM_SESSION_ID || env.TMUX_PANE || env.WINDOWID || env.WT_SESSION || 'default';
}

function historyPath(options: StoreOptions): string {
  return join(cacheDirFor(options), 'history.json');
}

async function load(options: StoreOptions): Promise<HistoryFile> {
  try {
    const parsed = JSON.parse(await readFile(historyPath(options), 'utf8')) as HistoryFile;
    if (parsed.version === 1 && parsed.keys && typeof parsed.keys === 'object') return parsed;
  } catch {
    // Missing or corrupt history is an empty history: it is a convenience, never a reason to fail a run.
  }
  return { version: 1, keys: {} };
}

/** Appends a run (keeping the last `keep` per key); written atomically via rename. */
export async function recordRun(run: RunRecord, options: HistoryOptions = {}): Promise<void> {
  const key = options.key ?? defaultHistoryKey(options.env);
  const keep = options.keep ?? 5;
  const dir = cacheDirFor(options);
  await ensurePrivateDir(dir);
  await withLock(`${historyPath(options)}.lock`, () => appendLocked(run, key, keep, options));
}

async function appendLocked(run: RunRecord, key: string, keep: number, options: HistoryOptions): Promise<void> {
  const history = await load(options);
  const runs = [...(history.keys[key] ?? []), run].slice(-keep);
  delete history.keys[key];
  history.keys[key] = runs;
  // Object key order is insertion order: the least recently used keys come first and go first.
  const keys = Object.keys(history.keys);
  for (const stale of keys.slice(0, Math.max(0, keys.length - MAX_KEYS))) delete history.keys[stale];
  const temporary = `${historyPath(options)}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(history)}\n`, { mode: 0o600 });
  await rename(temporary, historyPath(options));
}

/** Every key's runs (an editor shows the runs of every terminal), oldest first within a key. */
export async function allRuns(options: StoreOptions = {}): Promise<RunRecord[]> {
  const history = await load(options);
  return Object.values(history.keys).flatMap((runs) => (Array.isArray(runs) ? runs : []));
}

/** Where the history lives: a watcher waits for it to be replaced (every run renames a new copy into place). */
export function historyFileOf(options: StoreOptions = {}): string {
  return historyPath(options);
}

/** Runs for a key, oldest first. */
export async function listRuns(options: HistoryOptions = {}): Promise<RunRecord[]> {
  const history = await load(options);
  return history.keys[options.key ?? defaultHistoryKey(options.env)] ?? [];
}

export async function lastRun(options: HistoryOptions = {}): Promise<RunRecord | null> {
  const runs = await listRuns(options);
  return runs.at(-1) ?? null;
}

export interface LastFailure {
  run: RunRecord;
  /** A later run of the same command in the same cwd that succeeded: the failure is probably fixed. */
  staleBecause: RunRecord | null;
}

function sameCommand(a: RunRecord, b: RunRecord): boolean {
  return a.cwd === b.cwd && a.command.length === b.command.length && a.command.every((part, index) => part === b.command[index]);
}

/** The most recent failed run for the key, with `staleBecause` set when the same command passed later. */
export async function lastFailedRun(options: HistoryOptions = {}): Promise<LastFailure | null> {
  const runs = await listRuns(options);
  for (let index = runs.length - 1; index >= 0; index--) {
    const run = runs[index]!;
    if (!run.failed) continue;
    const later = runs.slice(index + 1).find((candidate) => !candidate.failed && sameCommand(candidate, run)) ?? null;
    return { run, staleBecause: later };
  }
  return null;
}

export interface ProjectRunQuery extends StoreOptions {
  /** The workspace root whose runs count. */
  root: string;
  /** This terminal's key: breaks a tie between runs that ended at the same moment. */
  key: string;
  /** Only failed runs. */
  failed: boolean;
}

export interface ProjectRun extends LastFailure {
  /** The history key (terminal) the run was recorded under. */
  key: string;
}

/**
 * The most recent run recorded by the CLI in workspace `root`, over every terminal's history (`key` breaks a tie),
 * with `staleBecause` when it failed and the same command passed there later. Library runs are skipped.
 */
export async function lastProjectRun(query: ProjectRunQuery): Promise<ProjectRun | null> {
  const history = await load(query);
  const candidates: { run: RunRecord; key: string }[] = [];
  for (const [key, runs] of Object.entries(history.keys)) {
    for (const run of runs) if ((run.origin ?? 'cli') === 'cli' && run.root === query.root) candidates.push({ run, key });
  }
  const later = (a: { run: RunRecord; key: string }, b: { run: RunRecord; key: string }): number =>
    a.run.endedAt === b.run.endedAt ? Number(b.key === query.key) - Number(a.key === query.key) : a.run.endedAt < b.run.endedAt ? 1 : -1;
  candidates.sort(later);
  const index = candidates.findIndex((candidate) => !query.failed || candidate.run.failed);
  if (index < 0) return null;
  const { run, key } = candidates[index]!;
  const passed = run.failed
    ? candidates
        .slice(0, index)
        .reverse()
        .find((candidate) => !candidate.run.failed && sameCommand(candidate.run, run))
    : undefined;
  return { run, key, staleBecause: passed?.run ?? null };
}

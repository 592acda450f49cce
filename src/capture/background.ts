// Background commands for agents: start() runs a command like `run` and waits (5–60 s); one still running
// then keeps running under its id, in a detached worker that outlives the caller. output() returns only
// what was not returned yet, kill() ends the whole process tree, list() shows what is known.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { FaultlineError } from '../core/index.js';
import { redactorFrom, type RedactOption } from '../redact/index.js';
import {
  BACKGROUND_MARKER,
  backgroundDir,
  backgroundPaths,
  type BackgroundState,
  type Cursor,
  listStateIds,
  processAlive,
  readJson,
  removeJob,
  writeJsonAtomic,
} from './background-state.js';
import { endProcesses, killTarget } from './background-kill.js';
import type { WorkerSpec } from './background-worker.js';
import { lastLineEnd, readTail, unseen } from './background-read.js';
import {
  type BackgroundResult,
  type BackgroundSummary,
  type OutputOptions,
  SERVER_QUIET_MS,
  START_WAIT,
  type StartOptions,
} from './background-types.js';
import { defaultHistoryKey } from './history.js';
import { looksLikeServer } from './server-detect.js';
import { artifactPaths, cacheDirFor, ensurePrivateDir, newArtifactId, type StoreOptions } from './store.js';

function workerScript(options: StartOptions, env: NodeJS.ProcessEnv): string {
  const explicit = options.workerPath ?? env.FAULTLINE_BACKGROUND_WORKER;
  if (explicit) return resolve(explicit);
  const here = dirname(fileURLToPath(import.meta.url));
  // Beside dist/index.js, one up from dist/chunks/ (the CLI), or the built copy when running from src/.
  const candidates = [
    join(here, 'background-worker.js'),
    join(here, '..', 'background-worker.js'),
    join(here, '..', '..', 'dist', 'background-worker.js'),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new FaultlineError('E_CAPTURE', `the background worker is missing (looked for ${candidates[0]}); run npm run build`);
  return found;
}

function applyEnv(base: NodeJS.ProcessEnv, changes: Record<string, string | null> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) if (value !== undefined) env[key] = value;
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete env[key];
    else env[key] = value;
  }
  return env;
}

function clampWait(options: StartOptions): number {
  const asked = options.timeoutMs ?? options.timeout_ms;
  if (asked === undefined || !Number.isFinite(asked)) return START_WAIT.defaultMs;
  return Math.min(START_WAIT.maxMs, Math.max(START_WAIT.minMs, asked));
}

/** Starts `command` (a shell command line) and waits; see the file comment. */
export async function start(command: string, options: StartOptions = {}): Promise<BackgroundResult> {
  if (command.trim() === '') throw new FaultlineError('E_USAGE', 'no command to run');
  const baseEnv = options.baseEnv ?? process.env;
  const store = { cacheDir: cacheDirFor({ cacheDir: options.cacheDir, env: baseEnv }) };
  const asked = options.workdir ?? options.cwd ?? options.working_directory ?? options.dir_path ?? '.';
  const cwd = resolve(options.root ?? process.cwd(), asked);
  const cwdStat = await stat(cwd).catch(() => null);
  if (!cwdStat?.isDirectory()) throw new FaultlineError('E_USAGE', `Working directory does not exist: ${cwd}`);
  const worker = workerScript(options, baseEnv);
  const id = newArtifactId();
  const env = applyEnv(baseEnv, options.env);
  env[BACKGROUND_MARKER] = id;
  const spec: WorkerSpec = {
    id,
    command,
    cwd,
    shell: options.shell ?? baseEnv.SHELL ?? '/bin/sh',
    cacheDir: store.cacheDir,
    env,
    maxArtifactBytes: options.maxArtifactBytes,
    maxAgeMs: options.maxAgeMs,
    maxFiles: options.maxFiles,
    maxTotalBytes: options.maxTotalBytes,
    historyKey: options.history === false ? undefined : (options.history?.key ?? defaultHistoryKey(baseEnv)),
    ...(options.history ? { historyOrigin: options.history.origin, historyRoot: options.history.root } : {}),
  };
  await mkdir(backgroundDir(store), { recursive: true, mode: 0o700 });
  await ensurePrivateDir(backgroundDir(store), store.cacheDir);
  const paths = backgroundPaths(id, store);
  await writeFile(paths.spec, JSON.stringify(spec), { mode: 0o600 });
  await writeJsonAtomic(paths.cursor, { offset: 0, reported: false, server: false } satisfies Cursor);
  const child = spawn(process.execPath, [worker, paths.spec], { detached: true, stdio: 'ignore', cwd, env: { PATH: baseEnv.PATH ?? '' } });
  child.unref();
  const spawnFailed = new Promise<Error>((resolveError) => child.once('error', resolveError));

  // Wait for the worker's first state, then for the end, the deadline, or a quiet server.
  const deadline = Date.now() + clampWait(options);
  let lastSize = -1;
  let lastChange = Date.now();
  let server = false;
  for (;;) {
    const failed = await Promise.race([spawnFailed, sleep(100).then(() => null)]);
    if (failed) throw new FaultlineError('E_CAPTURE', `cannot start the background worker: ${failed.message}`, { cause: failed });
    const state = await readJson<BackgroundState>(paths.state);
    if (state === null) {
      if (Date.now() > deadline + 10_000) throw new FaultlineError('E_CAPTURE', 'the background worker did not start');
      continue;
    }
    if (state.status !== 'running' || (options.detach && state.pgid !== null)) break;
    const size = (await stat(state.artifactPath).catch(() => null))?.size ?? 0;
    if (size !== lastSize) {
      lastSize = size;
      lastChange = Date.now();
      if (!server && size > 0) server = looksLikeServer(await readTail(state.artifactPath, size, 4096));
    }
    if (Date.now() >= deadline) break;
    if (server && Date.now() - lastChange >= SERVER_QUIET_MS) break;
  }
  if (server) {
    const cursor = (await readJson<Cursor>(paths.cursor)) ?? { offset: 0, reported: false, server: false };
    await writeJsonAtomic(paths.cursor, { ...cursor, server: true });
  }
  return output(id, { ...store, peek: options.detach === true, redact: options.redact });
}

async function readState(id: string, store: StoreOptions): Promise<BackgroundState> {
  const state = await readJson<BackgroundState>(backgroundPaths(id, store).state);
  if (state === null) throw new FaultlineError('E_USAGE', `no background command ${id} (it was killed, or never started here); see list()`);
  const integer = (value: unknown): boolean => value === null || Number.isSafeInteger(value);
  if (
    typeof state !== 'object' ||
    state.id !== id ||
    !Number.isSafeInteger(state.workerPid) ||
    !integer(state.pgid) ||
    !Array.isArray(state.notes)
  ) {
    throw new FaultlineError(
      'E_USAGE',
      `the state of background command ${id} is damaged (${backgroundPaths(id, store).state}); faultline did not act on it`,
    );
  }
  // The output is the artifact of this id in this cache, whatever path the state file names.
  state.artifactPath = artifactPaths(id, store).path;
  return state;
}

async function loadState(id: string, store: StoreOptions): Promise<BackgroundState> {
  let state = await readState(id, store);
  if (state.status === 'running' && !processAlive(state.workerPid)) {
    // The worker writes its end and then exits: it may have done both between the read above and the check,
    // so the state is read once more before its end is called lost.
    state = await readState(id, store);
  }
  // A worker that died without writing the end: the command's code is lost, say so rather than guess.
  if (state.status === 'running' && !processAlive(state.workerPid)) {
    state.status = 'failed';
    state.endedAt = new Date().toISOString();
    state.notes.push('the background worker ended without recording an exit code');
  }
  return state;
}

/** Output not returned yet, blocking up to `waitMs` for some (or for the end). */
export async function output(id: string, options: OutputOptions = {}): Promise<BackgroundResult> {
  const store = { cacheDir: cacheDirFor(options) };
  const paths = backgroundPaths(id, store);
  let state = await loadState(id, store);
  const cursor: Cursor = (await readJson<Cursor>(paths.cursor)) ?? { offset: 0, reported: false, server: false };
  const deadline = Date.now() + Math.min(300_000, Math.max(0, options.waitMs ?? 0));
  const redactor = redactorFrom(options.redact);
  // Redacting a running command returns whole lines only, so the wait is for a returnable end, not a byte.
  const returnable = async (): Promise<number> => {
    const size = (await stat(state.artifactPath).catch(() => null))?.size ?? 0;
    return redactor && state.status === 'running' ? lastLineEnd(state.artifactPath, cursor.offset, size) : size;
  };
  let size = await returnable();
  while (state.status === 'running' && size <= cursor.offset && Date.now() < deadline) {
    await sleep(Math.min(100, Math.max(1, deadline - Date.now())));
    state = await loadState(id, store);
    size = await returnable();
  }
  // Re-read the size after the end is known: the worker drains late output before it writes the end.
  if (state.status !== 'running') size = await returnable();
  const unseenPart = await unseen(state.artifactPath, cursor.offset, size, redactor !== undefined);
  const text = redactor ? redactor.redact(unseenPart.text) : unseenPart.text;
  const { omittedBytes } = unseenPart;
  const ended = state.status !== 'running';
  const completion = ended && !cursor.reported;
  const server = cursor.server || (state.status === 'running' && text !== '' && looksLikeServer(text));
  if (!options.peek) await writeJsonAtomic(paths.cursor, { offset: size, reported: cursor.reported || ended, server } satisfies Cursor);
  const endMs = state.endedAt ? Date.parse(state.endedAt) : Date.now();
  const notes = [...state.notes];
  if (!ended)
    notes.push(
      server
        ? 'a server or watcher: it keeps running until killed'
        : 'still running: its result arrives when it ends; output() returns new output only',
    );
  else if (!completion) notes.push('the end was already reported');
  return {
    id,
    command: state.command,
    status: state.status,
    running: !ended,
    output: text,
    omittedBytes,
    completion,
    exitCode: ended ? state.exitCode : null,
    exitStatus: ended ? (state.exitStatus ?? null) : null,
    signal: state.signal,
    durationMs: endMs - Date.parse(state.startedAt),
    server,
    notes,
    artifact: { id, path: state.artifactPath },
  };
}

/** Ends the command's whole process tree, reports its end (status `stopped`), and frees the id. */
export async function kill(
  id: string,
  options: StoreOptions & { graceMs?: number; redact?: RedactOption } = {},
): Promise<BackgroundResult> {
  const store = { cacheDir: cacheDirFor(options) };
  const paths = backgroundPaths(id, store);
  const state = await loadState(id, store);
  const wasRunning = state.status === 'running';
  if (wasRunning) await writeFile(paths.stop, '', { mode: 0o600 });
  const target = killTarget(state);
  await endProcesses(id, target.pgid, options.graceMs ?? 2000);
  if (wasRunning) {
    // The worker drains late output (1 s of silence) and writes the end; give it a little longer.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await loadState(id, store)).status === 'running') await sleep(50);
    const after = await loadState(id, store);
    if (after.status === 'running' || after.status === 'failed') {
      await writeJsonAtomic(paths.state, {
        ...after,
        status: 'stopped',
        endedAt: after.endedAt ?? new Date().toISOString(),
      } satisfies BackgroundState);
    }
  }
  const result = await output(id, { ...store, redact: options.redact });
  if (target.note) result.notes.push(target.note);
  await removeJob(id, store);
  return wasRunning ? { ...result, status: 'stopped', completion: true } : result;
}

/** Background commands known to this cache: running ones first, then ended ones not yet killed. */
export async function list(options: StoreOptions = {}): Promise<BackgroundSummary[]> {
  const store = { cacheDir: cacheDirFor(options) };
  const out: BackgroundSummary[] = [];
  for (const id of await listStateIds(store)) {
    const state = await loadState(id, store).catch(() => null);
    if (state === null) continue;
    // An ended command whose artifact retention removed is gone for good.
    if (state.status !== 'running' && !existsSync(state.artifactPath)) {
      await removeJob(id, store);
      continue;
    }
    const cursor = await readJson<Cursor>(backgroundPaths(id, store).cursor);
    const end = state.endedAt ? Date.parse(state.endedAt) : Date.now();
    out.push({
      id,
      command: state.command,
      cwd: state.cwd,
      status: state.status,
      pid: state.pgid,
      startedAt: state.startedAt,
      durationMs: end - Date.parse(state.startedAt),
      server: cursor?.server ?? false,
    });
  }
  return out.sort((a, b) => Number(b.status === 'running') - Number(a.status === 'running') || a.startedAt.localeCompare(b.startedAt));
}

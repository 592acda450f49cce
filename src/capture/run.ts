// Runs a command with its output captured losslessly to an artifact, passed through live, previewed in
// bounded memory, and with process-group hygiene (timeout, Ctrl-C, interactive prompts, late output).
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { constants as osConstants } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { FaultlineError } from '../core/index.js';
import { detectPrompt } from './failure.js';
import { recordRun, type RunOrigin } from './history.js';
import { PreviewBuilder, type Preview } from './preview.js';
import { terminateGroup } from './process-group.js';
import { ProcessTreeWatch } from './process-tree.js';
import {
  applyRetention,
  artifactDirFor,
  artifactPaths,
  cacheDirFor,
  ensurePrivateDir,
  newArtifactId,
  withLock,
  type RetentionOptions,
  type StoreOptions,
} from './store.js';
import { ArtifactWriter } from './writer.js';

// Output kept to recognise an interactive prompt the command is waiting on.
const PROMPT_TAIL_BYTES = 1024;

export interface RunCommandOptions extends StoreOptions, RetentionOptions {
  /** argv of the command; with `shell`, the words are joined by spaces into one script. */
  command: string[];
  cwd?: string;
  /** Run through a shell with -c: true for $SHELL (fallback /bin/sh), or a shell path. */
  shell?: boolean | string;
  timeoutMs?: number;
  /** Aborting ends the process group; a reason of 'SIGINT'/'SIGTERM'/'SIGHUP' is forwarded as that signal. */
  signal?: AbortSignal;
  /** Every chunk as it arrives (the CLI passes it through to the terminal). */
  onOutput?: (chunk: Buffer) => void;
  /** After the command exits, keep reading until this long without output (default 1000 ms). */
  drainMs?: number;
  /** Between the polite signal and SIGKILL (default 2000 ms). */
  killGraceMs?: number;
  /** Silence after a prompt before the command is ended as interactive (default 5000 ms; 0 disables). */
  interactiveSilenceMs?: number;
  /** Artifact size cap (default 512 MiB); past it the child is still drained and the artifact marked truncated. */
  maxArtifactBytes?: number;
  previewBytes?: number;
  /**
   * History bucket for this run, or false to not record it (default: defaultHistoryKey(env)); `origin` (default
   * 'library') and `root` mark who ran it and in which workspace (the CLI passes 'cli' and its workspace root).
   */
  history?: { key?: string; keep?: number; origin?: RunOrigin; root?: string } | false;
  /** Artifact id to use instead of a new one (a background run announces its id before it starts). */
  artifactId?: string;
  /** Called once the child runs, with its pid (= its process group id). */
  onSpawn?: (pid: number) => void;
}

export interface ArtifactInfo {
  id: string;
  path: string;
  bytes: number;
  lines: number;
  truncated: boolean;
  /** Bytes the command produced (more than `bytes` when truncated). */
  producedBytes: number;
}

export interface RunResult {
  command: string[];
  cwd: string;
  /** The shell used with `shell`, else null. */
  shell: string | null;
  /** Exit code as passed through (0 for a forgiven SIGPIPE pipeline); null when a signal ended it. */
  exitCode: number | null;
  /** The exit code exactly as the process reported it. */
  rawExitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Ended because the caller aborted (Ctrl-C). */
  interrupted: boolean;
  /** The prompt the command waited on when it was ended as interactive, else null. */
  interactive: string | null;
  /** The pipeline's status was 141 only because an early stage got SIGPIPE after a later one finished. */
  sigpipeForgiven: boolean;
  /** What `faultline run` exits with: the code, 124 on timeout, 128+N on a signal. */
  exitStatus: number;
  failed: boolean;
  startedAt: string;
  endedAt: string;
  durationMs: number;
  artifact: ArtifactInfo;
  preview: Preview;
  /** A write error on the artifact (the run itself still completed). */
  captureError: FaultlineError | null;
}

// How often the command's process tree is read (~1 ms per read with a few hundred processes).
const TREE_SAMPLE_MS = 500;
const PIPEFAIL_SHELLS = new Set(['bash', 'zsh', 'ksh', 'ksh93', 'mksh']);
const FORWARDED_SIGNALS = new Set(['SIGINT', 'SIGTERM', 'SIGHUP']);
// One shared pipe for stdout and stderr keeps their arrival order exactly: a tiny POSIX sh wrapper dups
// fd 2 onto fd 1 and then execs the command, so the child's pid (and group) is the command itself.
const MERGE_SCRIPT = 'exec 2>&1; exec "$@"';

function commandLine(options: RunCommandOptions, env: NodeJS.ProcessEnv): { argv: string[]; shell: string | null; pipefail: boolean } {
  if (!options.shell) return { argv: options.command, shell: null, pipefail: false };
  const shell = typeof options.shell === 'string' ? options.shell : env.SHELL || '/bin/sh';
  const pipefail = PIPEFAIL_SHELLS.has(basename(shell));
  const script = options.command.join(' ');
  return { argv: [shell, '-c', pipefail ? `set -o pipefail\n${script}` : script], shell, pipefail };
}

export async function runCommand(options: RunCommandOptions): Promise<RunResult> {
  if (options.command.length === 0 || options.command[0] === '') throw new FaultlineError('E_USAGE', 'no command to run');
  if (
    options.timeoutMs !== undefined &&
    !(Number.isInteger(options.timeoutMs) && options.timeoutMs > 0 && options.timeoutMs <= 2 ** 31 - 1)
  ) {
    // Node's timers fire at once above 2^31-1 ms: a long timeout must not kill the command immediately.
    throw new FaultlineError(
      'E_USAGE',
      `timeoutMs must be a whole number of milliseconds from 1 to ${2 ** 31 - 1} (got ${options.timeoutMs})`,
    );
  }
  const env = options.env ?? process.env;
  const cwd = resolve(options.cwd ?? process.cwd());
  const cwdStat = await stat(cwd).catch(() => null);
  if (!cwdStat?.isDirectory()) throw new FaultlineError('E_USAGE', `cwd ${cwd} is not a directory`);

  await ensurePrivateDir(artifactDirFor(options), cacheDirFor(options));
  const retentionLock = join(artifactDirFor(options), '.retention.lock');
  const started = new Date();
  const id = options.artifactId ?? newArtifactId(started);
  const paths = artifactPaths(id, options);
  // Expiring and creating under one lock: concurrent runs each saw room for one more and all added theirs.
  const writer = await withLock(retentionLock, async () => {
    await applyRetention({ ...options, reserve: 1 });
    return ArtifactWriter.create({ id, ...paths, maxBytes: options.maxArtifactBytes });
  });
  const preview = new PreviewBuilder({ budgetBytes: options.previewBytes });
  const { argv, shell, pipefail } = commandLine(options, env);

  const child = spawn('/bin/sh', ['-c', MERGE_SCRIPT, 'faultline', ...argv], {
    cwd,
    env: { ...env, PAGER: 'cat', GIT_PAGER: 'cat', MANPAGER: 'cat' },
    // stdin closed: a prompt reads EOF instead of hanging on a terminal nobody watches.
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  const pid = child.pid;
  const out = child.stdout!;
  if (pid !== undefined) options.onSpawn?.(pid);

  let exitCode: number | null = null;
  let exitSignal: NodeJS.Signals | null = null;
  let spawnError: Error | null = null;
  let timedOut = false;
  let interrupted = false;
  let interactive: string | null = null;
  // Typed by its initialiser, so the checks after the awaits below see what the timers' closures assign.
  let killing = null as Promise<void> | null;
  let tail = Buffer.alloc(0);
  let lastDataAt = Date.now();
  const graceMs = options.killGraceMs ?? 2000;

  // Sampled while the command runs: a setsid grandchild whose parent exits is re-parented out of the walk.
  const tree = pid === undefined ? undefined : new ProcessTreeWatch(pid);
  const terminate = (signal: NodeJS.Signals): void => {
    if (killing || pid === undefined) return;
    killing = terminateGroup(pid, signal, graceMs, tree);
  };

  const finished = new Promise<void>((resolveFinished) => {
    let exited = false;
    let streamDone = false;
    let drainTimer: NodeJS.Timeout | undefined;
    const maybeFinish = (): void => {
      if (exited && streamDone) {
        clearTimeout(drainTimer);
        resolveFinished();
      }
    };
    // A detached grandchild may keep the pipe open forever: after exit, stop at the first quiet second.
    const armDrain = (): void => {
      clearTimeout(drainTimer);
      drainTimer = setTimeout(() => {
        streamDone = true;
        out.destroy();
        maybeFinish();
      }, options.drainMs ?? 1000);
    };
    out.on('data', (chunk: Buffer) => {
      lastDataAt = Date.now();
      options.onOutput?.(chunk);
      preview.push(chunk);
      // The last KiB only, copied: a concatenation per chunk allocated (and kept) 64 KiB each time.
      tail = Buffer.from(Buffer.concat([tail, chunk.subarray(-PROMPT_TAIL_BYTES)]).subarray(-PROMPT_TAIL_BYTES));
      writer.write(chunk);
      if (exited) armDrain();
    });
    out.on('error', () => undefined);
    out.on('close', () => {
      streamDone = true;
      maybeFinish();
    });
    child.on('error', (error) => {
      spawnError = error;
      exited = streamDone = true;
      maybeFinish();
    });
    child.on('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      exited = true;
      if (!streamDone) armDrain();
      maybeFinish();
    });
  });

  const timers: NodeJS.Timeout[] = [];
  if (options.timeoutMs !== undefined && options.timeoutMs > 0) {
    timers.push(
      setTimeout(() => {
        timedOut = true;
        terminate('SIGTERM');
      }, options.timeoutMs),
    );
  }
  if (tree && process.platform === 'linux') timers.push(setInterval(() => tree.sample(), TREE_SAMPLE_MS));
  const silenceMs = options.interactiveSilenceMs ?? 5000;
  if (silenceMs > 0) {
    timers.push(
      setInterval(
        () => {
          if (killing || tail.length === 0 || Date.now() - lastDataAt < silenceMs) return;
          const prompt = detectPrompt(tail.toString('utf8'));
          if (prompt === null) return;
          interactive = prompt;
          terminate('SIGTERM');
        },
        Math.max(20, Math.min(250, Math.floor(silenceMs / 3))),
      ),
    );
  }
  const onAbort = (): void => {
    interrupted = true;
    const reason: unknown = options.signal?.reason;
    terminate(typeof reason === 'string' && FORWARDED_SIGNALS.has(reason) ? (reason as NodeJS.Signals) : 'SIGTERM');
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  await finished;
  for (const timer of timers) clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);
  // Wait for the group kill to finish so nothing outlives the run.
  if (killing) await killing;
  if (spawnError) {
    await writer.close();
    throw new FaultlineError('E_CAPTURE', `cannot start ${argv[0]}: ${(spawnError as Error).message}`, { cause: spawnError });
  }

  const ended = new Date();
  const finalCode = exitCode as number | null;
  const finalSignal = exitSignal as NodeJS.Signals | null;
  // Under pipefail, 141 (128+SIGPIPE) from the shell means the rightmost failing stage died of SIGPIPE
  // while every stage after it succeeded (we never close the last stage's pipe): `yes | head -1`.
  const sigpipeForgiven = pipefail && finalCode === 141 && !timedOut && !interrupted && interactive === null;
  const passedCode = sigpipeForgiven ? 0 : finalCode;
  const exitStatus = timedOut ? 124 : finalSignal ? 128 + (osConstants.signals[finalSignal] ?? 0) : (passedCode ?? 1);
  const meta = await writer.close({
    command: options.command,
    cwd,
    startedAt: started.toISOString(),
    endedAt: ended.toISOString(),
    exitCode: passedCode,
    signal: finalSignal,
  });
  // Sizes are known only now: the byte limit is enforced again once this artifact is complete (never on it).
  await withLock(retentionLock, () => applyRetention({ ...options, reserve: 0, keepId: id })).catch(() => undefined);
  const result: RunResult = {
    command: options.command,
    cwd,
    shell,
    exitCode: passedCode,
    rawExitCode: finalCode,
    signal: finalSignal,
    timedOut,
    interrupted,
    interactive,
    sigpipeForgiven,
    exitStatus,
    failed: exitStatus !== 0,
    startedAt: started.toISOString(),
    endedAt: ended.toISOString(),
    durationMs: ended.getTime() - started.getTime(),
    artifact: { id, path: paths.path, bytes: meta.bytes, lines: meta.lines, truncated: meta.truncated, producedBytes: meta.producedBytes },
    preview: preview.end(),
    captureError: writer.error,
  };
  if (options.history !== false) {
    const record = {
      command: options.command,
      cwd,
      exitCode: exitStatus,
      failed: result.failed,
      startedAt: result.startedAt,
      endedAt: result.endedAt,
      artifactId: id,
      artifactPath: paths.path,
      ...(options.history?.root !== undefined ? { root: options.history.root } : {}),
      origin: options.history?.origin ?? 'library',
    };
    // History is a convenience: a failure to record never fails the run.
    const bucket =
      options.history === undefined
        ? {}
        : {
            ...(options.history.key !== undefined ? { key: options.history.key } : {}),
            ...(options.history.keep !== undefined ? { keep: options.history.keep } : {}),
          };
    await recordRun(record, { cacheDir: options.cacheDir, env, ...bucket }).catch(() => undefined);
  }
  return result;
}

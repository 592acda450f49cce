// The detached process behind a background command: it outlives the CLI (or library caller) that started
// it, runs the command through runCommand (so the artifact has the usual caps, 0600 permissions, retention
// and history) and records the pid and the end in the state file that output()/kill()/list() read.
// Built to dist/background-worker.js; started as `node background-worker.js SPEC`.
import { existsSync } from 'node:fs';
import { readFile, unlink } from 'node:fs/promises';
import { backgroundPaths, type BackgroundState, writeJsonAtomic } from './background-state.js';
import type { RunOrigin } from './history.js';
import { processStartTime } from './process-identity.js';
import { runCommand } from './run.js';
import { artifactPaths, type RetentionOptions } from './store.js';

export interface WorkerSpec extends RetentionOptions {
  id: string;
  command: string;
  cwd: string;
  shell: string;
  cacheDir: string;
  env: Record<string, string>;
  maxArtifactBytes?: number;
  historyKey?: string;
  historyOrigin?: RunOrigin | undefined;
  historyRoot?: string | undefined;
}

export async function runWorker(specPath: string): Promise<void> {
  const spec = JSON.parse(await readFile(specPath, 'utf8')) as WorkerSpec;
  // The spec holds the command's environment (tokens included): it lives only until read.
  await unlink(specPath).catch(() => undefined);
  const store = { cacheDir: spec.cacheDir };
  const paths = backgroundPaths(spec.id, store);
  const state: BackgroundState = {
    version: 1,
    id: spec.id,
    command: spec.command,
    cwd: spec.cwd,
    shell: spec.shell,
    workerPid: process.pid,
    workerStartTime: processStartTime(process.pid),
    pgid: null,
    pgidStartTime: null,
    status: 'running',
    startedAt: new Date().toISOString(),
    endedAt: null,
    durationMs: null,
    exitCode: null,
    exitStatus: null,
    signal: null,
    artifactPath: artifactPaths(spec.id, store).path,
    notes: [],
  };
  await writeJsonAtomic(paths.state, state);
  let announced: Promise<void> = Promise.resolve();
  try {
    const result = await runCommand({
      command: [spec.command],
      shell: spec.shell,
      cwd: spec.cwd,
      env: spec.env,
      cacheDir: spec.cacheDir,
      artifactId: spec.id,
      maxArtifactBytes: spec.maxArtifactBytes,
      maxAgeMs: spec.maxAgeMs,
      maxFiles: spec.maxFiles,
      maxTotalBytes: spec.maxTotalBytes,
      // Nobody answers a prompt in the background either: stdin is closed, as in `run`.
      interactiveSilenceMs: 0,
      history:
        spec.historyKey === undefined
          ? undefined
          : {
              key: spec.historyKey,
              ...(spec.historyOrigin ? { origin: spec.historyOrigin } : {}),
              ...(spec.historyRoot ? { root: spec.historyRoot } : {}),
            },
      onSpawn: (pid) => {
        state.pgid = pid;
        // Read at once: the leader is `sh` waiting for the command, alive as long as the command runs.
        state.pgidStartTime = processStartTime(pid);
        announced = writeJsonAtomic(paths.state, state);
      },
    });
    await announced;
    const stopped = existsSync(paths.stop);
    state.status = stopped ? 'stopped' : result.exitStatus === 0 ? 'succeeded' : 'failed';
    state.exitCode = result.exitCode;
    state.exitStatus = result.exitStatus;
    state.signal = result.signal;
    state.startedAt = result.startedAt;
    state.endedAt = result.endedAt;
    state.durationMs = result.durationMs;
    if (result.sigpipeForgiven) state.notes.push('exit 141: a later pipeline stage closed the pipe early (SIGPIPE), counted as success');
    if (result.exitCode === null)
      state.notes.push(`the process ended without an exit code${result.signal ? ` (signal ${result.signal})` : ''}`);
    if (result.artifact.truncated) state.notes.push(`output past ${result.artifact.bytes} bytes was not saved (artifact size cap)`);
    if (result.captureError) state.notes.push(result.captureError.message);
  } catch (error) {
    await announced;
    state.status = 'failed';
    state.endedAt = new Date().toISOString();
    state.durationMs = Date.parse(state.endedAt) - Date.parse(state.startedAt);
    state.notes.push(`could not run the command: ${error instanceof Error ? error.message : String(error)}`);
  }
  await writeJsonAtomic(paths.state, state);
}

const specArgument = process.argv[2];
if (specArgument !== undefined && /background-worker\.(?:js|mjs|ts)$/.test(process.argv[1] ?? '')) {
  runWorker(specArgument).catch(() => {
    process.exitCode = 1;
  });
}

// Chaining runs (issue 13): `locate`, `explain` and `prompt` take a saved run instead of a log — its artifact
// id, `--last` (the last run of this terminal/session) or `--last-failed` — and reuse the run's command,
// exit code and cwd, so `faultline run -- npm test` can be followed by `faultline prompt --last-failed`.
// Only the id check at argument time: the capture stage itself loads when a saved run is read (chainedLog).
import { isArtifactId } from '../capture/artifact-id.js';
import type { RunRecord } from '../capture/index.js';
import { FaultlineError, type RunInfo } from '../core/index.js';
import type { LogArgs } from './args.js';
import type { CliIo } from './io.js';

export const CHAIN_OPTIONS = {
  last: { type: 'boolean' },
  'last-failed': { type: 'boolean' },
} as const;

export const CHAIN_USAGE = `  RUN           instead of LOG: a run id from 'faultline run' (its saved output, command, exit code and cwd)
  --last        the last run of this terminal (FAULTLINE_SESSION, else the terminal's session id)
  --last-failed the last failed run of this terminal`;

/** A log that is a saved run: the artifact, and how the command ran. */
export interface ChainedLog extends LogArgs {
  run?: RunInfo;
  /** Set when a later run of the same command passed: the failure may be fixed already. */
  staleBecause?: RunRecord;
}

export type RunReference = 'last' | 'last-failed' | { id: string };

/** Which saved run argv names, if any: an artifact id as the log, or --last / --last-failed. */
export function runReference(values: Record<string, unknown>, positional: string | undefined): RunReference | undefined {
  if (values.last === true && values['last-failed'] === true) throw new FaultlineError('E_USAGE', '--last and --last-failed contradict each other');
  const flag = values.last === true ? 'last' : values['last-failed'] === true ? 'last-failed' : undefined;
  if (flag && positional !== undefined) throw new FaultlineError('E_USAGE', `--${flag} takes no log or run id (got '${positional}')`);
  if (flag) return flag;
  return positional !== undefined && isArtifactId(positional) ? { id: positional } : undefined;
}

/** The run's artifact as the log, with its command, exit code and cwd (an explicit --cwd still wins). */
export async function chainedLog(log: LogArgs, io: CliIo): Promise<ChainedLog> {
  const reference = log.reference;
  if (reference === undefined) return log;
  const { defaultHistoryKey, lastFailedRun, lastRun, readArtifactMeta, resolveArtifact } = await import('../capture/index.js');
  const store = { env: io.env };
  let run: RunInfo | undefined;
  let staleBecause: RunRecord | undefined;
  let artifact: string;
  if (typeof reference === 'object') {
    const ref = await resolveArtifact(reference.id, store);
    artifact = ref.path;
    const meta = await readArtifactMeta(ref.metaPath);
    if (meta?.command && meta.cwd) run = { command: meta.command, cwd: meta.cwd, exitCode: meta.exitCode ?? null };
  } else {
    const history = { ...store, key: defaultHistoryKey(io.env) };
    const found = reference === 'last' ? await lastRun(history) : (await lastFailedRun(history))?.run ?? null;
    if (found === null) {
      const what = reference === 'last' ? 'no run' : 'no failed run';
      throw new FaultlineError('E_ARTIFACT_MISSING', `${what} recorded for this terminal yet (session '${history.key}'; set FAULTLINE_SESSION to share one): run a command with 'faultline run -- CMD' first`);
    }
    if (reference === 'last-failed') staleBecause = (await lastFailedRun(history))?.staleBecause ?? undefined;
    if (found.artifactPath === null) throw new FaultlineError('E_ARTIFACT_MISSING', `the last run (${found.command.join(' ')}) saved no output`);
    artifact = (await resolveArtifact(found.artifactId ?? found.artifactPath, store)).path;
    run = { command: found.command, cwd: found.cwd, exitCode: found.exitCode };
  }
  return {
    source: { path: artifact },
    cwd: log.cwdGiven === true || run === undefined ? log.cwd : run.cwd,
    roots: log.roots,
    inputFormat: log.inputFormat,
    ...(run ? { run } : {}),
    ...(staleBecause ? { staleBecause } : {}),
  };
}

/** When a later run of the same command passed, say so: the saved failure may already be fixed. */
export function warnIfStale(log: ChainedLog, io: CliIo): void {
  if (!log.staleBecause) return;
  io.stderr(`faultline: note: '${log.staleBecause.command.join(' ')}' passed later (${log.staleBecause.endedAt}); this failure may be fixed already\n`);
}

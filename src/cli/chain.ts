// Chaining runs (issue 13): `locate`, `explain` and `prompt` take a saved run instead of a log — its artifact
// id, `--last` (the last run of this terminal/session) or `--last-failed` — and reuse the run's command,
// exit code and cwd, so `faultline run -- npm test` can be followed by `faultline prompt --last-failed`.
// Only the id check at argument time: the capture stage itself loads when a saved run is read (chainedLog).
import { isArtifactId } from '../capture/artifact-id.js';
import type { RunRecord } from '../capture/index.js';
import { FaultlineError, type RunInfo } from '../core/index.js';
import { resolve } from 'node:path';
import type { LogSource } from '../locate/index.js';
import type { CliIo } from './io.js';

export const CHAIN_OPTIONS = {
  last: { type: 'boolean' },
  'last-failed': { type: 'boolean' },
} as const;

export const CHAIN_USAGE = `  RUN           instead of LOG: a run id from 'faultline run' (its saved output, command, exit code and cwd)
  --last        the last 'faultline run' in this workspace (the git top level of --cwd or here), this terminal
                winning a tie (FAULTLINE_SESSION, else the terminal's session id); none there: this terminal's
  --last-failed the same, failed runs only; stderr names the run used`;

/** A log command's operands as parsed (src/cli/args.ts), before a saved run is resolved. */
export interface LogArgs {
  source: LogSource;
  cwd: string;
  roots: string[] | undefined;
  /** A saved run named instead of a log (resolved by chainedLog). */
  reference?: RunReference;
  /** --cwd was given (it then wins over a saved run's cwd). */
  cwdGiven?: boolean;
  /** --input-format: read the log as this structured report, or `text`; default: detected from the content. */
  inputFormat: string | undefined;
}

/** A log that is a saved run: the artifact, and how the command ran. */
interface ChainedLog extends LogArgs {
  run?: RunInfo;
  /** Set when a later run of the same command passed: the failure may be fixed already. */
  staleBecause?: RunRecord;
}

type RunReference = 'last' | 'last-failed' | { id: string };

/** Which saved run argv names, if any: an artifact id as the log, or --last / --last-failed. */
export function runReference(values: Record<string, unknown>, positional: string | undefined): RunReference | undefined {
  if (values.last === true && values['last-failed'] === true)
    throw new FaultlineError('E_USAGE', '--last and --last-failed contradict each other');
  const flag = values.last === true ? 'last' : values['last-failed'] === true ? 'last-failed' : undefined;
  if (flag && positional !== undefined) throw new FaultlineError('E_USAGE', `--${flag} takes no log or run id (got '${positional}')`);
  if (flag) return flag;
  return positional !== undefined && isArtifactId(positional) ? { id: positional } : undefined;
}

/** The run's artifact as the log, with its command, exit code and cwd (an explicit --cwd still wins). */
export async function chainedLog(log: LogArgs, io: CliIo): Promise<ChainedLog> {
  const reference = log.reference;
  if (reference === undefined) return log;
  const { readArtifactMeta, resolveArtifact } = await import('../capture/index.js');
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
    const found = await projectRun(reference, log, io);
    staleBecause = found.staleBecause ?? undefined;
    const { run: record } = found;
    if (record.artifactPath === null)
      throw new FaultlineError('E_ARTIFACT_MISSING', `the last run (${record.command.join(' ')}) saved no output`);
    artifact = (await resolveArtifact(record.artifactId ?? record.artifactPath, store)).path;
    run = { command: record.command, cwd: record.cwd, exitCode: record.exitCode };
    const when = record.endedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
    io.stderr(
      `faultline: using run ${record.artifactId ?? record.artifactPath} (${record.command.join(' ')}; exit ` +
        `${record.exitCode ?? 'unknown'}; ${when}; in ${record.cwd})${found.note ? ` — ${found.note}` : ''}\n`,
    );
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

/**
 * --last / --last-failed: the last run `faultline run` recorded in this workspace (the git top level of --cwd or
 * here, or the first --root), over every terminal, this terminal winning a tie. Library runs (an agent's start())
 * never count. With no run in this workspace, this terminal's last CLI run, said so in the note.
 */
async function projectRun(
  reference: 'last' | 'last-failed',
  log: LogArgs,
  io: CliIo,
): Promise<{ run: RunRecord; staleBecause: RunRecord | null; note?: string }> {
  const { defaultHistoryKey, lastProjectRun, listRuns } = await import('../capture/index.js');
  const { defaultRoots } = await import('../locate/workspace-roots.js');
  const here = resolve(io.cwd, log.cwdGiven === true ? log.cwd : '.');
  const root = log.roots?.[0] !== undefined ? resolve(io.cwd, log.roots[0]) : defaultRoots(here, io.env)[0]!;
  const key = defaultHistoryKey(io.env);
  const failed = reference === 'last-failed';
  const found = await lastProjectRun({ env: io.env, root, key, failed });
  if (found) return found;
  // Nothing ran in this workspace yet: this terminal's own last run (an older record has no origin: the CLI's).
  const runs = (await listRuns({ env: io.env, key })).filter((candidate) => (candidate.origin ?? 'cli') === 'cli');
  for (let index = runs.length - 1; index >= 0; index--) {
    const candidate = runs[index]!;
    if (failed && !candidate.failed) continue;
    const passed = runs
      .slice(index + 1)
      .find((other) => !other.failed && other.cwd === candidate.cwd && other.command.join('\0') === candidate.command.join('\0'));
    return {
      run: candidate,
      staleBecause: candidate.failed ? (passed ?? null) : null,
      note: `no run recorded in ${root}; this terminal's last${failed ? ' failed' : ''} run`,
    };
  }
  const what = failed ? 'no failed run' : 'no run';
  throw new FaultlineError(
    'E_ARTIFACT_MISSING',
    `${what} recorded in ${root} or this terminal (session '${key}'; set FAULTLINE_SESSION to share one): run a command with ` +
      `'faultline run -- CMD' first`,
  );
}

/** When a later run of the same command passed, say so: the saved failure may already be fixed. */
export function warnIfStale(log: ChainedLog, io: CliIo): void {
  if (!log.staleBecause) return;
  io.stderr(
    `faultline: note: '${log.staleBecause.command.join(' ')}' passed later (${log.staleBecause.endedAt}); this failure may be fixed ` +
      `already\n`,
  );
}

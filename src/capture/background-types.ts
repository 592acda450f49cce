// What the background API takes and returns (start(), output(), kill(), list() in background.ts): the
// options, the results, and the limits of start()'s wait.
import type { RedactOption } from '../redact/index.js';
import type { BackgroundStatus } from './background-state.js';
import type { RunOrigin } from './history.js';
import type { RetentionOptions, StoreOptions } from './store.js';

export const START_WAIT = { defaultMs: 5000, minMs: 5000, maxMs: 60_000 } as const;
/** Unchanged output for this long after a server/watch line ends start()'s wait early. */
export const SERVER_QUIET_MS = 2000;

export interface StartOptions extends RetentionOptions {
  /** Working directory, relative to `root` or absolute. `cwd`, `working_directory`, `dir_path` are aliases. */
  workdir?: string;
  cwd?: string;
  working_directory?: string;
  dir_path?: string;
  /** Base for a relative workdir (default: process.cwd()). */
  root?: string;
  /** How long to wait before returning with the command still running: clamped to 5–60 s, never rejected. */
  timeoutMs?: number;
  timeout_ms?: number;
  /** Changes to the environment: a string sets, `null` removes, `""` stays an empty value. */
  env?: Record<string, string | null>;
  /** Environment the changes apply to (default process.env); also where the cache directory is read from. */
  baseEnv?: NodeJS.ProcessEnv;
  /** Shell that runs the command line (default $SHELL, else /bin/sh); pipefail for bash/zsh/ksh. */
  shell?: string;
  cacheDir?: string;
  maxArtifactBytes?: number;
  /** History bucket (default defaultHistoryKey(baseEnv)), or false; `origin`/`root` as for runCommand (default 'library'). */
  history?: { key?: string; origin?: RunOrigin; root?: string } | false;
  /** Return as soon as the command runs, without waiting (the CLI's `run --background`). */
  detach?: boolean;
  /** The worker script (default: dist/background-worker.js beside the bundle, or FAULTLINE_BACKGROUND_WORKER). */
  workerPath?: string;
  /** As OutputOptions.redact, for the output start() returns. */
  redact?: RedactOption;
}

export interface OutputOptions extends StoreOptions {
  /** Block up to this long for new output or the end (default 0, at most 300 000). */
  waitMs?: number;
  /** Look without marking the output (or the end) as returned. */
  peek?: boolean;
  /**
   * For a model: redact secrets in the returned output (true: faultline's own rules; a Redactor: as built, e.g.
   * by prepareRedactor with secretlint). While the command runs, output is then returned up to its last whole
   * line, so a secret is never split between two calls.
   */
  redact?: RedactOption;
}

export interface BackgroundResult {
  id: string;
  command: string;
  status: BackgroundStatus;
  running: boolean;
  /** Output not returned before (normalised; head and tail when more than OUTPUT_BUDGET_BYTES). */
  output: string;
  omittedBytes: number;
  /** True on the one result that reports the end (exit code, duration); later calls return no end again. */
  completion: boolean;
  exitCode: number | null;
  /** The code `faultline run` would exit with (128+N for a signal); null while running or when unknown. */
  exitStatus: number | null;
  signal: string | null;
  durationMs: number;
  /** The output shows a server or watch mode: it will not end by itself. */
  server: boolean;
  notes: string[];
  artifact: { id: string; path: string };
}

export interface BackgroundSummary {
  id: string;
  command: string;
  cwd: string;
  status: BackgroundStatus;
  pid: number | null;
  startedAt: string;
  durationMs: number;
  server: boolean;
}

// Public API of capture: run a command into an artifact, preview it, page and search it, remember runs.
export { runCommand, type RunCommandOptions, type RunResult, type ArtifactInfo } from './run.js';
export {
  readArtifact,
  searchArtifact,
  type ReadOptions,
  type ReadResult,
  type SearchOptions,
  type SearchResult,
  type SearchMatch,
} from './read.js';
export { buildPreview, PreviewBuilder, DEFAULT_PREVIEW_BYTES, type Preview, type PreviewOptions } from './preview.js';
export {
  recordRun,
  allRuns,
  historyFileOf,
  lastRun,
  lastFailedRun,
  lastProjectRun,
  listRuns,
  defaultHistoryKey,
  type RunRecord,
  type RunOrigin,
  type HistoryOptions,
  type LastFailure,
  type ProjectRun,
  type ProjectRunQuery,
} from './history.js';
export { looksFailed, lineLooksFailed, firstFailureLine, detectPrompt } from './failure.js';
export {
  applyRetention,
  resolveArtifact,
  readArtifactMeta,
  cacheDirFor,
  artifactDirFor,
  newArtifactId,
  isArtifactId,
  DEFAULT_RETENTION,
  type StoreOptions,
  type RetentionOptions,
  type RetentionReport,
  type ArtifactMeta,
  type ArtifactRef,
} from './store.js';
export { DEFAULT_MAX_ARTIFACT_BYTES } from './writer.js';
export { start, output, kill, list } from './background.js';
export { OUTPUT_BUDGET_BYTES } from './background-read.js';
export {
  START_WAIT,
  SERVER_QUIET_MS,
  type StartOptions,
  type OutputOptions,
  type BackgroundResult,
  type BackgroundSummary,
} from './background-types.js';
export type { BackgroundStatus } from './background-state.js';
export { SERVER_PATTERNS, looksLikeServer } from './server-detect.js';

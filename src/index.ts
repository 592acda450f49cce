// The library's public surface: named re-exports of each stage's public pieces. Importing has no side effects.
export {
  FaultlineError, isFaultlineError, toUtf16Offset, fromUtf16Offset, toZeroBased, toOneBasedLine, displayWidth,
  toLocateJson, locationToJson, LOCATE_JSON_VERSION,
} from './core/index.js';
export type {
  Severity, ColumnUnit, FormatSpec, LocationField, FrameInfo, LocationDetails, RawLocation, ResolveHints, DropReason, UnresolvedReason,
  ResolvedLocation, UnresolvedLocation, DroppedLocation, LocateResult, RunInfo, SymbolInfo, FaultlineErrorCode,
  ZeroBasedPosition, LocateJson, LocationJson,
} from './core/index.js';

// Stage 1: capture.
export {
  runCommand, readArtifact, searchArtifact, buildPreview, PreviewBuilder, recordRun, lastRun, lastFailedRun, listRuns,
  looksFailed, detectPrompt, applyRetention, resolveArtifact, cacheDirFor,
  type RunCommandOptions, type RunResult, type ArtifactInfo, type ReadOptions, type ReadResult, type SearchOptions,
  type SearchResult, type Preview, type PreviewOptions, type RunRecord, type LastFailure,
} from './capture/index.js';
// Stage 2: summarise.
export { normaliseLine, normaliseText, stripAnsi, safePrefix, safeSuffix, boundText, summariseError, formatRunHeader, type BoundOptions, type BoundResult, type SummariseOptions, type ErrorSummary } from './summarise/index.js';
// Stage 3: grammars.
export { createScanner, formatSpecs, type ScanOptions } from './grammars/index.js';
// Stage 3b: structured reports as input (SARIF, eslint json, JUnit…), in front of the grammars.
export { createInputReader, reportSpecs, REPORT_NAMES, type InputReaderOptions, type InputReader } from './reports/index.js';
// Stage 4: resolve, and the whole locate pipeline.
export { resolveLocations, isVendoredPath, createNodeResolverFs, type ResolveOptions, type ResolverFs } from './resolve/index.js';
export { locate, type LocateOptions, type LocateOutcome, type LocateStats, type LogSource } from './locate/index.js';
export { checkFixtures, findFixtureCases, type CheckFixturesOptions, type FixtureOutcome } from './locate/fixtures.js';
// Stage 5: enclosing symbols.
export {
  explainLocations, findEnclosingSymbol, ServerPool, LspClient, innermostSymbol, editSelection, attachmentSelection,
  windowAround, treeSitterSymbol, heuristicSymbol, loadServerConfig,
  type ExplainOptions, type ExplainItem, type FindSymbolOptions, type SymbolLookup, type EnclosingSymbol, type SymbolSource,
} from './lsp-client/index.js';
// Stage 6: prompts, redaction and output formats.
export { buildFixPrompt, buildCommandPrompt, extractShellCommand, fence, type FixPromptOptions, type PromptResult, type CommandPromptOptions } from './prompt/index.js';
export { createRedactor, buildRedactor, redactText, type Redactor } from './redact/index.js';
export { renderOutput, renderGithub, renderSarif, renderRdjsonl, renderGitlab, renderJson, renderText, locationRange, prepareRedactor, OUTPUT_FORMATS, type OutputFormat, type Utf16Range } from './output/index.js';

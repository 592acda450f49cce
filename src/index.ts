// The library's main entry: what an embedder needs first, cheap to import. Importing it loads core, summarise and
// resolve's two synchronous helpers only; resolveLocations loads the resolver on its first call, and every stage with
// a large dependency (grammars and Chevrotain, capture, language servers, tree-sitter, secret redaction, outputs)
// loads on the first call of one of its functions below, or from its own entry point (`faultline/grammars`,
// `faultline/capture`, `faultline/lsp`, `faultline/prompt`, `faultline/redact`, `faultline/output`, `faultline/locate`,
// `faultline/safety`) for its synchronous functions and classes. Importing has no side effects.
import { lazy } from './entries/lazy.js';

export {
  FaultlineError,
  isFaultlineError,
  toUtf16Offset,
  fromUtf16Offset,
  toZeroBased,
  toOneBasedLine,
  displayWidth,
  toLocateJson,
  locationToJson,
  LOCATE_JSON_VERSION,
  locationRange,
  roleOf,
  frameDepths,
  countOf,
} from './core/index.js';
export type {
  Severity,
  ColumnUnit,
  FormatSpec,
  TraceOrder,
  LocationField,
  FrameInfo,
  LocationDetails,
  RawLocation,
  ResolveHints,
  DropReason,
  UnresolvedReason,
  ResolvedLocation,
  UnresolvedLocation,
  DroppedLocation,
  LocateResult,
  RunInfo,
  SymbolInfo,
  FaultlineErrorCode,
  ZeroBasedPosition,
  LocateJson,
  LocationJson,
  Utf16Range,
  LocationRole,
  FrameJson,
  RelatedJson,
} from './core/index.js';
// Stage 2 and 4 are small and dependency-free: loaded with the entry.
export {
  normaliseLine,
  normaliseText,
  stripAnsi,
  safePrefix,
  safeSuffix,
  boundText,
  summariseError,
  formatRunHeader,
  type BoundOptions,
  type BoundResult,
  type SummariseOptions,
  type ErrorSummary,
} from './summarise/index.js';
export { isVendoredPath, createNodeResolverFs, type ResolveOptions, type ResolverFs } from './resolve/index.js';

// Types of the lazily loaded stages (types cost nothing at run time).
export type {
  RunCommandOptions,
  RunResult,
  ArtifactInfo,
  ReadOptions,
  ReadResult,
  SearchOptions,
  SearchResult,
  Preview,
  PreviewOptions,
  RunRecord,
  LastFailure,
} from './capture/index.js';
export type { StartOptions, OutputOptions, BackgroundResult, BackgroundSummary, BackgroundStatus } from './capture/index.js';
export type { ClassifyOptions, CommandClassification, SegmentVerdict, Verdict } from './safety/index.js';
export type { ScanOptions } from './grammars/index.js';
export type { LocateOptions, LocateOutcome, LocateStats, LogSource } from './locate/index.js';
export type { CheckFixturesOptions, FixtureOutcome } from './locate/fixtures.js';
export type { ExplainOptions, ExplainItem, FindSymbolOptions, SymbolLookup, EnclosingSymbol, SymbolSource } from './lsp-client/index.js';
export type { FixPromptOptions, PromptResult, CommandPromptOptions } from './prompt/index.js';
export type { Redactor } from './redact/index.js';
export type { OutputFormat } from './output/index.js';

const resolveStage = () => import('./entries/resolve.js');
const locateStage = () => import('./locate/index.js');
const fixtureStage = () => import('./locate/fixtures.js');
const captureStage = () => import('./capture/index.js');
const lspStage = () => import('./lsp-client/index.js');
const promptStage = () => import('./prompt/index.js');
const redactStage = () => import('./redact/index.js');
const outputStage = () => import('./output/index.js');
const safetyStage = () => import('./safety/index.js');

// Stage 4: printed locations to workspace files.
export const resolveLocations = lazy(resolveStage, 'resolveLocations');
// Stage 3+4: the whole locate pipeline (loads the grammars on the first call).
export const locate = lazy(locateStage, 'locate');
export const checkFixtures = lazy(fixtureStage, 'checkFixtures');
// Stage 1: capture.
export const runCommand = lazy(captureStage, 'runCommand');
export const readArtifact = lazy(captureStage, 'readArtifact');
export const searchArtifact = lazy(captureStage, 'searchArtifact');
export const recordRun = lazy(captureStage, 'recordRun');
export const lastRun = lazy(captureStage, 'lastRun');
export const lastFailedRun = lazy(captureStage, 'lastFailedRun');
export const listRuns = lazy(captureStage, 'listRuns');
export const applyRetention = lazy(captureStage, 'applyRetention');
export const resolveArtifact = lazy(captureStage, 'resolveArtifact');
// Background commands for agents (docs/agent-shell.md), and the check before a command runs.
export const start = lazy(captureStage, 'start');
export const output = lazy(captureStage, 'output');
export const kill = lazy(captureStage, 'kill');
export const list = lazy(captureStage, 'list');
export const classifyCommand = lazy(safetyStage, 'classifyCommand');
// Stage 5: enclosing symbols.
export const explainLocations = lazy(lspStage, 'explainLocations');
export const findEnclosingSymbol = lazy(lspStage, 'findEnclosingSymbol');
export const treeSitterSymbol = lazy(lspStage, 'treeSitterSymbol');
// Stage 6: prompts, redaction and output.
export const buildFixPrompt = lazy(promptStage, 'buildFixPrompt');
export const buildCommandPrompt = lazy(promptStage, 'buildCommandPrompt');
export const buildRedactor = lazy(redactStage, 'buildRedactor');
export const redactText = lazy(redactStage, 'redactText');
export const prepareRedactor = lazy(outputStage, 'prepareRedactor');

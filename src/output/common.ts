// Shared pieces of the output renderers: rule ids, severity mapping, redaction policy, column conversion.
import { isAbsolute, relative, sep } from 'node:path';
import { toUtf16Offset, type LocateResult, type ResolvedLocation, type RunInfo, type Severity } from '../core/index.js';
import { createRedactor, type Redactor } from '../redact/index.js';

/** Returns the text of a 1-based line of `file` (root-relative) under `root`, or undefined when unknown. */
export type ReadLine = (root: string, file: string, line: number) => string | undefined;

export interface RenderOptions {
  run?: RunInfo;
  /**
   * Redaction. Formats that leave the machine (github, sarif, gitlab, rdjsonl) always redact: with this
   * redactor when given (build one with prepareRedactor to add secretlint and the environment's values),
   * else with faultline's own rules. json and text redact only when this is given or `redact` is true.
   */
  redactor?: Redactor;
  redact?: boolean;
  /** Line text for column conversion (sarif: UTF-16, rdjsonl: UTF-8 bytes, text: code frame). */
  readLine?: ReadLine;
  /**
   * The repository root (GITHUB_WORKSPACE, CI_PROJECT_DIR; symlinks resolved). CI consumers want
   * repo-relative paths: files inside it are reported relative to it, others relative to their root.
   */
  repoRoot?: string;
}

/** The base directory and posix path a file is reported with (repoRoot when the file lies inside it). */
export function reportedPath(
  location: Pick<ResolvedLocation, 'file' | 'root' | 'absolutePath'>,
  repoRoot: string | undefined,
): { base: string; path: string } {
  if (repoRoot !== undefined) {
    const path = relative(repoRoot, location.absolutePath);
    if (path !== '' && !path.startsWith('..') && !isAbsolute(path)) return { base: repoRoot, path: path.split(sep).join('/') };
  }
  return { base: location.root, path: location.file };
}

/** `format/code`, or the format alone when the tool printed no code: one rule per pair. */
export function ruleIdOf(location: { format: string; code: string | null }): string {
  return location.code ? `${location.format}/${location.code}` : location.format;
}

/** A location with no severity comes from a failed run (a stack frame, a test failure): an error, in every format. */
export function severityOf(severity: Severity | null): Severity {
  return severity ?? 'error';
}

/**
 * The redaction function a renderer uses; `leavesMachine` formats never go unredacted. Texts keep their
 * form (a message, a code line may hold escapes a viewer shows raw), so the raw redaction: a secret
 * found in the text, in any CR redraw of it or in its terminal form is removed with the escapes inside it.
 */
export function redactionFor(options: RenderOptions | undefined, leavesMachine: boolean): (text: string) => string {
  if (options?.redactor) {
    const redactor = options.redactor;
    return (text) => redactor.redactRaw(text);
  }
  if (leavesMachine || options?.redact === true) {
    const redactor = createRedactor();
    return (text) => redactor.redactRaw(text);
  }
  return (text) => text;
}

/** Hex SHA-256 of the parts joined with NUL (stable across runs and platforms). */
export function stableHash(parts: readonly (string | number | null)[]): string {
  // node:crypto costs a run ~8 ms to load and only fingerprints need it: read on first use.
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha256')
    .update(parts.map((part) => String(part ?? '')).join('\u0000'))
    .digest('hex');
}

/** A zero-based UTF-16 range (LSP / VS Code shape). */
// The range conversion lives in core (editors use it without loading the output formats).
export { locationRange, type Utf16Range } from '../core/index.js';

/** 1-based UTF-16 column, or undefined when it cannot be known (non-UTF-16 unit without the line text). */
export function utf16Column(
  location: ResolvedLocation,
  column: number | null,
  line: number,
  readLine: ReadLine | undefined,
): number | undefined {
  if (column === null) return undefined;
  if (location.columnUnit === 'utf-16' || location.columnUnit === 'unknown') return column;
  const text = readLine?.(location.root, location.file, line);
  if (text === undefined) return undefined;
  return toUtf16Offset(text, column, location.columnUnit) + 1;
}

/**
 * The location with line and columns raised to 1 where a format requires positions ≥ 1 (SARIF's startLine,
 * GitHub's line=, GitLab's lines.begin, reviewdog's line): a tool that printed line or column 0 gave
 * schema-invalid SARIF and `line=0`. JSON keeps the tool's 0 (with its columnUnit).
 */
export function atLeastOne<T extends Pick<ResolvedLocation, 'line' | 'column' | 'endLine' | 'endColumn'>>(location: T): T {
  if (location.line >= 1 && (location.column ?? 1) >= 1 && (location.endLine ?? 1) >= 1 && (location.endColumn ?? 1) >= 1) return location;
  const line = Math.max(1, location.line);
  return {
    ...location,
    line,
    column: location.column === null ? null : Math.max(1, location.column),
    endLine: location.endLine === null ? null : Math.max(line, location.endLine),
    endColumn: location.endColumn === null ? null : Math.max(1, location.endColumn),
  };
}

/**
 * `result` with the names that leave the machine redacted too: the tool's code (a rule id is `format/code`),
 * the file and its absolute path (a secret can be a file name: `.env.ghp_…`). Locations whose names hold no
 * secret are the same objects, so identity-keyed views (traces, callers) still hold.
 */
export function withRedactedNames(result: LocateResult, redact: (text: string) => string): LocateResult {
  const memo = new Map<ResolvedLocation, ResolvedLocation>();
  const names = (location: ResolvedLocation): ResolvedLocation => {
    const known = memo.get(location);
    if (known) return known;
    const file = redact(location.file);
    const code = location.code === null ? null : redact(location.code);
    const related = location.related?.map(names);
    const changed = file !== location.file || code !== location.code || related?.some((span, index) => span !== location.related![index]);
    const absolutePath = file === location.file ? location.absolutePath : redact(location.absolutePath);
    const out = changed ? { ...location, file, code, absolutePath, ...(related ? { related } : {}) } : location;
    memo.set(location, out);
    return out;
  };
  const locations = result.locations.map(names);
  if (locations.every((location, index) => location === result.locations[index])) return result;
  return { ...result, locations };
}

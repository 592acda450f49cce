// The JSON documents: which paths of a streamed document are records, and what each record says. The document's
// shape names its format: `runs[]` is SARIF, `diagnostics[]` rdjson, `comments[]` ShellCheck json1, a root array of
// `{filePath, messages}` eslint, a root array of `{file, line, …}` ShellCheck's plain json.
import type { RawLocation, Severity } from '../core/index.js';
import { arrayOf, inclusiveEnd, objectOf, toLocation, withRelated, type RelatedFinding } from './common.js';
import type { DocumentHandlers, PathPart } from './json-document.js';
import { eslintFixes, rdjsonFixes, ruffFixes, shellcheckFixes } from './fixes.js';
import { goVetDiagnostic, isGoVetHead } from './go-vet.js';
import { SarifReader } from './sarif.js';

type Emit = (locations: RawLocation[]) => void;

function rdSeverity(value: unknown): Severity | null {
  if (value === 'ERROR' || value === 1) return 'error';
  if (value === 'WARNING' || value === 2) return 'warning';
  if (value === 'INFO' || value === 3) return 'note';
  return null;
}

function rdPlace(location: unknown, message: string): RelatedFinding | undefined {
  const object = objectOf(location);
  const range = objectOf(object?.range);
  const start = objectOf(range?.start);
  const end = objectOf(range?.end);
  if (typeof object?.path !== 'string' || typeof start?.line !== 'number') return undefined;
  return {
    file: object.path,
    line: start.line,
    column: typeof start.column === 'number' ? start.column : null,
    endLine: typeof end?.line === 'number' ? end.line : null,
    endColumn: inclusiveEnd(end?.column),
    message,
  };
}

/** One rdjson/rdjsonl Diagnostic (reviewdog.proto): a range whose end is exclusive, columns in UTF-8 bytes. */
export function rdDiagnostic(
  value: unknown,
  format: 'rdjson' | 'rdjsonl',
  logLine: number,
  defaultSeverity: Severity | null,
): RawLocation[] {
  const diagnostic = objectOf(value);
  if (!diagnostic) return [];
  const message = typeof diagnostic.message === 'string' ? diagnostic.message : '';
  const place = rdPlace(diagnostic.location, message);
  const code = objectOf(diagnostic.code)?.value;
  const context = { format, columnUnit: 'byte' as const, logLine };
  const primary =
    place &&
    toLocation(
      { ...place, severity: rdSeverity(diagnostic.severity) ?? defaultSeverity, code: typeof code === 'string' ? code : null },
      context,
    );
  if (primary) {
    const fixes = rdjsonFixes(primary.file, diagnostic, format);
    if (fixes.length > 0) primary.fixes = fixes;
  }
  const related = arrayOf(diagnostic.related_locations).flatMap((entry) => {
    const object = objectOf(entry);
    const relatedPlace = rdPlace(object?.location, typeof object?.message === 'string' ? object.message : 'related location');
    return relatedPlace ? [relatedPlace] : [];
  });
  return withRelated(primary, related, context);
}

/** One eslint message; `fatal` parse errors have no rule but are errors. */
function eslintMessage(file: string, value: unknown, logLine: number): RawLocation[] {
  const message = objectOf(value);
  if (!message || typeof message.line !== 'number') return [];
  const location = toLocation(
    {
      file,
      line: message.line,
      column: typeof message.column === 'number' ? message.column : null,
      endLine: typeof message.endLine === 'number' ? message.endLine : null,
      endColumn: inclusiveEnd(message.endColumn),
      severity: message.severity === 2 || message.fatal === true ? 'error' : message.severity === 1 ? 'warning' : null,
      message: typeof message.message === 'string' ? message.message : '',
      code: typeof message.ruleId === 'string' ? message.ruleId : null,
    },
    { format: 'eslint-json', columnUnit: 'utf-16', logLine },
  );
  if (!location) return [];
  const fixes = eslintFixes(file, message, logLine);
  if (fixes.length > 0) location.fixes = fixes;
  return [location];
}

function ruffPoint(value: unknown): { row: number | null; column: number | null } {
  const object = objectOf(value);
  return { row: typeof object?.row === 'number' ? object.row : null, column: typeof object?.column === 'number' ? object.column : null };
}

/** One ruff violation: rows and code-point columns, the end exclusive; ruff reports every violation as an error. */
function ruffViolation(value: unknown, logLine: number): RawLocation[] {
  const violation = objectOf(value);
  if (!violation || typeof violation.filename !== 'string') return [];
  const start = ruffPoint(violation.location);
  const end = ruffPoint(violation.end_location);
  if (start.row === null) return [];
  const location = toLocation(
    {
      file: violation.filename,
      line: start.row,
      column: start.column,
      endLine: end.row,
      endColumn: inclusiveEnd(end.column),
      severity: violation.severity === 'warning' ? 'warning' : 'error',
      message: typeof violation.message === 'string' ? violation.message : '',
      code: typeof violation.code === 'string' ? violation.code : null,
    },
    { format: 'ruff-json', columnUnit: 'char', logLine },
  );
  if (!location) return [];
  const fixes = ruffFixes(violation.filename, violation);
  if (fixes.length > 0) location.fixes = fixes;
  return [location];
}

type ShellcheckFormat = 'shellcheck-json1' | 'shellcheck-json';

const SHELLCHECK_SEVERITY: Record<string, Severity> = { error: 'error', warning: 'warning', info: 'note', style: 'note' };

/** One ShellCheck json1 comment: code-point columns (a tab counts one), the end exclusive; codes as `SC2086`. */
function shellcheckComment(value: unknown, logLine: number, format: ShellcheckFormat = 'shellcheck-json1'): RawLocation[] {
  const comment = objectOf(value);
  if (!comment || typeof comment.file !== 'string' || typeof comment.line !== 'number') return [];
  const numberOf = (field: unknown): number | null => (typeof field === 'number' ? field : null);
  const location = toLocation(
    {
      file: comment.file,
      line: comment.line,
      column: numberOf(comment.column),
      endLine: numberOf(comment.endLine),
      endColumn: inclusiveEnd(comment.endColumn),
      severity: SHELLCHECK_SEVERITY[String(comment.level)] ?? null,
      message: typeof comment.message === 'string' ? comment.message : '',
      code: typeof comment.code === 'number' ? `SC${comment.code}` : null,
    },
    // json1 counts a tab as one column; plain json expands it to the next multiple of 8 (shellcheck.1 says so).
    { format, columnUnit: format === 'shellcheck-json' ? 'display' : 'char', logLine },
  );
  if (!location) return [];
  const fixes = shellcheckFixes(comment.file, comment, format);
  if (fixes.length > 0) location.fixes = fixes;
  return [location];
}

/**
 * Which report a document is when its keys do not say: a root array is eslint's files or ruff's violations (by its
 * first key), an object keyed by package then analyzer is go vet's.
 */
type DocumentKind = 'eslint-json' | 'ruff-json' | 'go-vet-json' | 'shellcheck-json';

export function documentKindOf(head: string): DocumentKind {
  if (isGoVetHead(head)) return 'go-vet-json';
  if (/^\[\s*\{\s*"cell"/.test(head)) return 'ruff-json';
  // ShellCheck's plain json is json1's `comments[]` written as the root array; its first key is `file`.
  return /^\[\s*\{\s*"file"/.test(head) ? 'shellcheck-json' : 'eslint-json';
}

/** The handlers for one streamed document: SARIF, rdjson and eslint records, each only when `enabled`. */
export function documentHandlers(enabled: (format: string) => boolean, emit: Emit, array: DocumentKind = 'eslint-json'): DocumentHandlers {
  const sarif = new SarifReader(emit);
  const eslintFiles = new Map<number, string>();
  let rdSeverityDefault: Severity | null = null;
  return {
    wants(path: readonly PathPart[]): boolean {
      if (array === 'go-vet-json') return enabled('go-vet-json') && path.length === 3 && typeof path[2] === 'number';
      if (typeof path[0] === 'number' && array === 'ruff-json') return enabled('ruff-json') && path.length === 1;
      if (typeof path[0] === 'number' && array === 'shellcheck-json') return enabled('shellcheck-json') && path.length === 1;
      if (typeof path[0] === 'number') {
        // eslint writes filePath before messages; a file's entry is forgotten once the next file starts.
        return (
          enabled('eslint-json') &&
          path.length >= 2 &&
          ((path.length === 2 && path[1] === 'filePath') || (path.length === 3 && path[1] === 'messages'))
        );
      }
      if (path[0] === 'runs') return enabled('sarif') && SarifReader.wants(path);
      if (path[0] === 'diagnostics') return enabled('rdjson') && path.length === 2;
      if (path[0] === 'comments') return enabled('shellcheck-json1') && path.length === 2;
      return path.length === 1 && path[0] === 'severity' && enabled('rdjson');
    },
    record(path: readonly PathPart[], value: unknown, logLine: number): void {
      if (array === 'go-vet-json') emit(goVetDiagnostic(value, String(path[1]), logLine));
      else if (typeof path[0] === 'number' && array === 'ruff-json') emit(ruffViolation(value, logLine));
      else if (typeof path[0] === 'number' && array === 'shellcheck-json') emit(shellcheckComment(value, logLine, 'shellcheck-json'));
      else if (typeof path[0] === 'number') {
        if (path[1] === 'filePath' && typeof value === 'string') {
          eslintFiles.clear();
          eslintFiles.set(path[0], value);
        } else if (path[1] === 'messages') {
          const file = eslintFiles.get(path[0]);
          if (file) emit(eslintMessage(file, value, logLine));
        }
      } else if (path[0] === 'runs') sarif.record(path, value, logLine);
      else if (path[0] === 'comments') emit(shellcheckComment(value, logLine));
      else if (path[0] === 'diagnostics') emit(rdDiagnostic(value, 'rdjson', logLine, rdSeverityDefault));
      else if (path[0] === 'severity') rdSeverityDefault = rdSeverity(value);
    },
  };
}

/** Whether a document starting with this text (first key or first element) is one of the reports above. */
export function startsReportDocument(head: string): boolean | undefined {
  // go vet's first key is a package path, any string: its document is told by the analyzer array under it.
  if (isGoVetHead(head)) return true;
  // A head cut before its first key is complete (`{`, `{\n  "ver`) cannot decide yet.
  const match = /^(\[\s*)?\{\s*(?:"((?:[^"\\]|\\.){0,40})"|"(?:[^"\\]|\\.){0,40}$|$)/.exec(head);
  if (!match) return false;
  if (match[2] === undefined) return head.length < 512 ? undefined : false;
  // ruff writes its keys sorted, `cell` (a notebook's cell, null for a file) first.
  // ShellCheck's plain json starts each comment with `file`.
  if (match[1] !== undefined) return match[2] === 'filePath' || match[2] === 'cell' || match[2] === 'file';
  return ['$schema', 'version', 'runs', 'diagnostics', 'source', 'inlineExternalProperties', 'comments'].includes(match[2]);
}

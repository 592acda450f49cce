// What every report reader shares: the limits that keep hostile input bounded, and the one way a report's
// finding becomes the same RawLocation a text grammar produces.
import { FaultlineError, type ColumnUnit, type RawLocation, type Severity } from '../core/index.js';
import { cleanPrintedPath } from '../grammars/index.js';

/** A JSON line longer than this is not read as a record (it goes to the text formats, which window long lines). */
export const MAX_RECORD_LINE = 1024 * 1024;
/** One JSON token (a string) or one XML text node larger than this is refused: the parser must buffer it whole. */
export const MAX_TOKEN_BYTES = 32 * 1024 * 1024;
/** Deeper nesting than any report format uses; beyond it the input is refused rather than walked. */
export const MAX_DEPTH = 128;
/** Values kept per record (keys, array items, scalars): a record past it is cut, its tail ignored. */
export const MAX_RECORD_NODES = 100_000;
/** A message longer than this is cut: text grammars keep at most 4 KiB of a line too. */
const MAX_MESSAGE = 4096;

export function limitError(what: string, logLine: number): FaultlineError {
  return new FaultlineError(
    'E_REPORT_LIMIT',
    `${what} at log line ${logLine}: too large to read as a report (pass --input-format text to scan it as text)`,
  );
}

/** What a report says about one place; the reader adds the format, unit and log line. */
interface ReportFinding {
  file: string;
  line: number;
  column?: number | null;
  endLine?: number | null;
  /** Inclusive, like RawLocation.endColumn (readers of exclusive formats subtract one first). */
  endColumn?: number | null;
  severity: Severity | null;
  message: string;
  code?: string | null;
}

/** A place a finding points at besides its own: SARIF relatedLocations and codeFlows, rustc labels and children. */
export interface RelatedFinding {
  file: string;
  line: number;
  column?: number | null;
  endLine?: number | null;
  endColumn?: number | null;
  message: string;
}

export interface FindingContext {
  format: string;
  columnUnit: ColumnUnit;
  logLine: number;
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : null;
}

export function textOf(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

/** A RawLocation, or undefined when the report gives no usable file and line. */
export function toLocation(finding: ReportFinding, context: FindingContext): RawLocation | undefined {
  const line = positive(finding.line);
  const file = typeof finding.file === 'string' ? cleanPrintedPath(finding.file) : '';
  if (line === null || file === '') return undefined;
  const column = positive(finding.column);
  const endLine = positive(finding.endLine);
  let endColumn = column === null ? null : positive(finding.endColumn);
  // A range that ends before it starts is the report's mistake; keep the start, drop the end column.
  if (endColumn !== null && column !== null && (endLine ?? line) === line && endColumn < column) endColumn = null;
  return {
    file,
    line,
    column,
    endLine: endLine !== null && endLine >= line ? endLine : null,
    endColumn,
    severity: finding.severity,
    message: textOf(finding.message),
    code: typeof finding.code === 'string' && finding.code !== '' ? finding.code : null,
    format: context.format,
    columnUnit: context.columnUnit,
    logLine: context.logLine,
  };
}

/**
 * The places a finding relates to, as related spans (severity `note`) of the finding, placed after it: resolve
 * hangs them under the finding, or lists them on their own when the finding does not resolve.
 */
export function withRelated(primary: RawLocation | undefined, related: readonly RelatedFinding[], context: FindingContext): RawLocation[] {
  if (!primary) return [];
  const out = [primary];
  for (const place of related) {
    const location = toLocation({ ...place, severity: 'note', code: primary.code }, context);
    if (location && !(location.file === primary.file && location.line === primary.line && location.column === primary.column))
      out.push({ ...location, role: 'related', relatedTo: primary });
  }
  return out;
}

/** An exclusive 1-based end column (SARIF, eslint, rdjson, rustc) as the contract's inclusive one. */
export function inclusiveEnd(endColumn: unknown): number | null {
  const value = positive(endColumn);
  return value === null ? null : Math.max(1, value - 1);
}

export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

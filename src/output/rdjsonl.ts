// reviewdog diagnostics, one JSON object per line (ecosystem.md §3.3). Columns count UTF-8 bytes and the
// end is exclusive; columns are converted with the line text and omitted (line-wise range) without it.
import { fromUtf16Offset, toUtf16Offset, type LocateResult, type ResolvedLocation } from '../core/index.js';
import { atLeastOne, redactionFor, withRedactedNames, reportedPath, severityOf, type RenderOptions } from './common.js';
import { callersOf, tracesOf } from './roles.js';

const SEVERITY = { error: 'ERROR', warning: 'WARNING', note: 'INFO' } as const;

// 1-based UTF-8 byte column, or undefined when the unit differs and the line text is not available.
function byteColumn(location: ResolvedLocation, column: number | null, line: number, options: RenderOptions): number | undefined {
  if (column === null) return undefined;
  if (location.columnUnit === 'byte') return column;
  const text = options.readLine?.(location.root, location.file, line);
  if (text === undefined) return undefined;
  return fromUtf16Offset(text, toUtf16Offset(text, column, location.columnUnit), 'byte');
}

function rangeOf(printed: ResolvedLocation, options: RenderOptions): Record<string, unknown> {
  const location = atLeastOne(printed);
  const start: Record<string, number> = { line: location.line };
  const startColumn = byteColumn(location, location.column, location.line, options);
  const range: Record<string, unknown> = { start };
  if (startColumn !== undefined) {
    start.column = startColumn;
    const endLine = location.endLine ?? location.line;
    // faultline's end column is inclusive (as tools print it), reviewdog's exclusive: one past the last column.
    const endColumn = byteColumn(location, location.endColumn === null ? null : location.endColumn + 1, endLine, options);
    if (endColumn !== undefined && (endLine > location.line || endColumn > startColumn)) range.end = { line: endLine, column: endColumn };
  } else if (location.endLine !== null && location.endLine > location.line) {
    range.end = { line: location.endLine };
  }
  return range;
}

function placeOf(location: ResolvedLocation, options: RenderOptions): Record<string, unknown> {
  return { path: reportedPath(location, options.repoRoot).path, range: rangeOf(location, options) };
}

// Related spans, and for a trace its callers (nearest first), become related_locations (reviewdog.proto).
function diagnostic(
  location: ResolvedLocation,
  callers: readonly ResolvedLocation[],
  options: RenderOptions,
  redact: (text: string) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    message: redact(location.message),
    location: placeOf(location, options),
    severity: SEVERITY[severityOf(location.severity)],
    source: { name: location.format },
  };
  if (location.code) out.code = { value: location.code };
  const related = [
    ...(location.related ?? []).map((span) => ({ message: redact(span.message), location: placeOf(span, options) })),
    ...callers.map((caller) => ({ message: 'called from here', location: placeOf(caller, options) })),
  ];
  if (related.length > 0) out.related_locations = related;
  return out;
}

/** One reviewdog Diagnostic per line, newline-terminated ('' when there are none). */
export function renderRdjsonl(result: LocateResult, options: RenderOptions = {}): string {
  const redact = redactionFor(options, true);
  result = withRedactedNames(result, redact);
  const traces = tracesOf(result.locations);
  const callers = callersOf(result.locations);
  return result.locations
    .filter((location) => !callers.has(location))
    .map((location) => {
      const trace = location.frame === undefined ? undefined : traces.get(location.frame.trace);
      return `${JSON.stringify(diagnostic(location, trace?.callers ?? [], options, redact))}\n`;
    })
    .join('');
}

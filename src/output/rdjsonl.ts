// reviewdog diagnostics, one JSON object per line (ecosystem.md §3.3). Columns count UTF-8 bytes and the
// end is exclusive; columns are converted with the line text and omitted (line-wise range) without it.
import { fromUtf16Offset, toUtf16Offset, type LocateResult, type ResolvedLocation } from '../core/index.js';
import { atLeastOne, redactionFor, reportedPath, severityOf, type RenderOptions } from './common.js';

const SEVERITY = { error: 'ERROR', warning: 'WARNING', note: 'INFO' } as const;

// 1-based UTF-8 byte column, or undefined when the unit differs and the line text is not available.
function byteColumn(location: ResolvedLocation, column: number | null, line: number, options: RenderOptions): number | undefined {
  if (column === null) return undefined;
  if (location.columnUnit === 'byte') return column;
  const text = options.readLine?.(location.root, location.file, line);
  if (text === undefined) return undefined;
  return fromUtf16Offset(text, toUtf16Offset(text, column, location.columnUnit), 'byte');
}

function diagnostic(printed: ResolvedLocation, options: RenderOptions, redact: (text: string) => string): Record<string, unknown> {
  const location = atLeastOne(printed);
  const start: Record<string, number> = { line: location.line };
  const startColumn = byteColumn(location, location.column, location.line, options);
  const range: Record<string, unknown> = { start };
  if (startColumn !== undefined) {
    start.column = startColumn;
    const endLine = location.endLine ?? location.line;
    const endColumn = byteColumn(location, location.endColumn, endLine, options);
    if (endColumn !== undefined && (endLine > location.line || endColumn > startColumn)) range.end = { line: endLine, column: endColumn };
  } else if (location.endLine !== null && location.endLine > location.line) {
    range.end = { line: location.endLine };
  }
  const out: Record<string, unknown> = {
    message: redact(location.message),
    location: { path: reportedPath(location, options.repoRoot).path, range },
    severity: SEVERITY[severityOf(location.severity)],
    source: { name: location.format },
  };
  if (location.code) out.code = { value: location.code };
  return out;
}

/** One reviewdog Diagnostic per line, newline-terminated ('' when there are none). */
export function renderRdjsonl(result: LocateResult, options: RenderOptions = {}): string {
  const redact = redactionFor(options, true);
  return result.locations.map((location) => `${JSON.stringify(diagnostic(location, options, redact))}\n`).join('');
}

// Human output: one line per diagnostic or trace, `file:line:col  severity  message` (and `(fix available)` when
// the tool offered an edit `faultline fix` applies), its related spans or
// calling frames indented under it, a code frame under the primary (2 lines before, the line, a caret under the
// column, 2 after) and a total line. Colour only when asked.
import type { LocateResult, ResolvedLocation } from '../core/index.js';
import { renderCodeFrame, type FrameRow } from '../summarise/index.js';
import { redactionFor, severityOf, type RenderOptions } from './common.js';
import { callersOf, countOf, tracesOf } from './roles.js';

export interface TextOptions extends RenderOptions {
  /** ANSI colour (the CLI decides with wantsColour: TTY, NO_COLOR, FORCE_COLOR, TERM=dumb). */
  colour?: boolean;
  /** Lines of context above and below the primary's line (default 2). */
  context?: number;
  /** The total line under the report ("2 errors, 1 trace in 3 files"); default true. */
  total?: boolean;
}

const SGR = { reset: '\u001b[0m', bold: '\u001b[1m', dim: '\u001b[2m', red: '\u001b[31m', yellow: '\u001b[33m', cyan: '\u001b[36m' };
const SEVERITY_COLOUR = { error: SGR.red, warning: SGR.yellow, note: SGR.cyan } as const;

function codeFrame(
  location: ResolvedLocation,
  options: TextOptions,
  paint: (code: string, text: string) => string,
  redact: (text: string) => string,
): string[] {
  const readLine = options.readLine;
  if (!readLine) return [];
  const context = options.context ?? 2;
  const rows: FrameRow[] = [];
  for (let line = Math.max(1, location.line - context); line <= location.line + context; line++) {
    const text = readLine(location.root, location.file, line);
    if (text === undefined) {
      if (line <= location.line) continue;
      break;
    }
    rows.push({ line, text });
  }
  return renderCodeFrame(rows, {
    line: location.line,
    column: location.column,
    columnUnit: location.columnUnit,
    endLine: location.endLine,
    endColumn: location.endColumn,
    transform: redact,
    paintGutter: (text) => paint(SGR.dim, text),
    paintCaret: (text) => paint(SEVERITY_COLOUR[severityOf(location.severity)], text),
  });
}

/**
 * Whether the tool printed an edit for this place that `faultline fix` can apply (issue 23): a fix of any safety
 * but `display`, which only explains. Whether it still applies is fix's to check; the mark says one was offered.
 */
function fixAvailable(location: ResolvedLocation): boolean {
  return (location.fixes ?? []).some((fix) => fix.safety !== 'display');
}

function where(location: ResolvedLocation): string {
  return `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`}`;
}

/** "2 errors, 1 warning · 1 trace · in 3 files": what the report holds, printed under it. */
export function totalLine(result: LocateResult): string {
  const callers = callersOf(result.locations);
  const counts = { error: 0, warning: 0, note: 0 };
  let traces = 0;
  for (const location of result.locations) {
    if (callers.has(location)) continue;
    if (location.frame !== undefined) traces++;
    else counts[severityOf(location.severity)]++;
  }
  const parts = [
    counts.error > 0 ? countOf(counts.error, 'error') : '',
    counts.warning > 0 ? countOf(counts.warning, 'warning') : '',
    counts.note > 0 ? countOf(counts.note, 'note') : '',
    traces > 0 ? countOf(traces, 'trace') : '',
  ].filter((part) => part !== '');
  const files = new Set(result.locations.map((location) => `${location.root}\0${location.file}`)).size;
  const unresolved = result.unresolved.length > 0 ? `, ${countOf(result.unresolved.length, 'place')} not found in the workspace` : '';
  return `${parts.join(', ')} in ${countOf(files, 'file')}${unresolved}`;
}

/**
 * The text report, newline-terminated ('' when there are no locations): each diagnostic with its related spans
 * indented under it, each trace once at its raising frame (the message shown there) with its callers indented
 * under it, then a total line.
 */
export function renderText(result: LocateResult, options: TextOptions = {}): string {
  const redact = redactionFor(options, false);
  const paint = (code: string, text: string) => (options.colour ? `${code}${text}${SGR.reset}` : text);
  const traces = tracesOf(result.locations);
  const callers = callersOf(result.locations);
  const printedTraces = new Set<number>();
  const lines: string[] = [];
  const head = (location: ResolvedLocation, message: string, withCodeFrame: boolean) => {
    const severity = severityOf(location.severity);
    const [first = '', ...rest] = redact(message).split('\n');
    const code = location.code ? ` [${location.code}]` : '';
    const fix = fixAvailable(location) ? `  ${paint(SGR.dim, '(fix available)')}` : '';
    lines.push(`${paint(SGR.bold, where(location))}  ${paint(SEVERITY_COLOUR[severity], severity)}  ${first}${code}${fix}`);
    for (const more of rest) lines.push(`    ${more}`);
    if (withCodeFrame) lines.push(...codeFrame(location, options, paint, redact));
  };
  result.locations.forEach((location, index) => {
    const trace = location.frame === undefined ? undefined : traces.get(location.frame.trace);
    if (trace !== undefined) {
      if (printedTraces.has(location.frame?.trace ?? -1)) return;
      printedTraces.add(location.frame?.trace ?? -1);
      head(trace.raising, trace.raising.message, index === 0);
      for (const caller of trace.callers) lines.push(`    ${paint(SGR.dim, 'called from')} ${where(caller)}`);
      return;
    }
    if (callers.has(location)) return;
    head(location, location.message, index === 0);
    for (const span of location.related ?? []) {
      const [first = '', ...rest] = redact(span.message).split('\n');
      lines.push(`    ${where(span)}  ${paint(SEVERITY_COLOUR[severityOf(span.severity)], severityOf(span.severity))}  ${first}`);
      for (const more of rest) lines.push(`        ${more}`);
    }
  });
  if (lines.length === 0) return '';
  if (options.total !== false) lines.push(paint(SGR.dim, totalLine(result)));
  return `${lines.join('\n')}\n`;
}

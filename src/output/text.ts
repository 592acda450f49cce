// Human output: one line per location, `file:line:col  severity  message`, and a code frame under the
// primary (2 lines before, the line, a caret under the column, 2 after). Colour only when asked.
import type { LocateResult, ResolvedLocation } from '../core/index.js';
import { renderCodeFrame, type FrameRow } from '../summarise/index.js';
import { redactionFor, severityOf, type RenderOptions } from './common.js';

export interface TextOptions extends RenderOptions {
  /** ANSI colour (the CLI decides with wantsColour: TTY, NO_COLOR, FORCE_COLOR, TERM=dumb). */
  colour?: boolean;
  /** Lines of context above and below the primary's line (default 2). */
  context?: number;
}

const SGR = { reset: '\u001b[0m', bold: '\u001b[1m', dim: '\u001b[2m', red: '\u001b[31m', yellow: '\u001b[33m', cyan: '\u001b[36m' };
const SEVERITY_COLOUR = { error: SGR.red, warning: SGR.yellow, note: SGR.cyan } as const;

function codeFrame(location: ResolvedLocation, options: TextOptions, paint: (code: string, text: string) => string, redact: (text: string) => string): string[] {
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

/** The text report, newline-terminated ('' when there are no locations). */
export function renderText(result: LocateResult, options: TextOptions = {}): string {
  const redact = redactionFor(options, false);
  const paint = (code: string, text: string) => (options.colour ? `${code}${text}${SGR.reset}` : text);
  const lines: string[] = [];
  result.locations.forEach((location, index) => {
    const where = `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`}`;
    const severity = severityOf(location.severity);
    const [head = '', ...rest] = redact(location.message).split('\n');
    const code = location.code ? ` [${location.code}]` : '';
    lines.push(`${paint(SGR.bold, where)}  ${paint(SEVERITY_COLOUR[severity], severity)}  ${head}${code}`);
    for (const more of rest) lines.push(`    ${more}`);
    if (index === 0) lines.push(...codeFrame(location, options, paint, redact));
  });
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

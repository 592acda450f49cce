// Human output: one line per location, `file:line:col  severity  message`, and a code frame under the
// primary (2 lines before, the line, a caret under the column, 2 after). Colour only when asked.
import { fromUtf16Offset, toUtf16Offset, type LocateResult, type ResolvedLocation } from '../core/index.js';
import { redactionFor, severityOf, type RenderOptions } from './common.js';

export interface TextOptions extends RenderOptions {
  /** ANSI colour (the CLI decides with wantsColour: TTY, NO_COLOR, FORCE_COLOR, TERM=dumb). */
  colour?: boolean;
  /** Lines of context above and below the primary's line (default 2). */
  context?: number;
}

const SGR = { reset: '\u001b[0m', bold: '\u001b[1m', dim: '\u001b[2m', red: '\u001b[31m', yellow: '\u001b[33m', cyan: '\u001b[36m' };
const SEVERITY_COLOUR = { error: SGR.red, warning: SGR.yellow, note: SGR.cyan } as const;

// Tabs become spaces at 8-column stops, so the caret line (computed in display cells) lines up.
function expandTabs(text: string): string {
  let out = '';
  let width = 0;
  for (const character of text) {
    if (character === '\t') {
      const spaces = 8 - (width % 8);
      out += ' '.repeat(spaces);
      width += spaces;
    } else {
      out += character;
      width += fromUtf16Offset(character, character.length, 'display') - 1;
    }
  }
  return out;
}

function codeFrame(location: ResolvedLocation, options: TextOptions, paint: (code: string, text: string) => string, redact: (text: string) => string): string[] {
  const readLine = options.readLine;
  if (!readLine) return [];
  const context = options.context ?? 2;
  const first = Math.max(1, location.line - context);
  const rows: Array<{ line: number; text: string }> = [];
  for (let line = first; line <= location.line + context; line++) {
    const text = readLine(location.root, location.file, line);
    if (text === undefined) {
      if (line <= location.line) continue;
      break;
    }
    rows.push({ line, text });
  }
  const target = rows.find((row) => row.line === location.line);
  if (!target) return [];
  const gutter = String(rows[rows.length - 1]?.line ?? location.line).length;
  const out: string[] = [];
  for (const row of rows) {
    const marker = row.line === location.line ? '>' : ' ';
    out.push(`${paint(SGR.dim, ` ${marker} ${String(row.line).padStart(gutter)} |`)} ${expandTabs(redact(row.text))}`);
    if (row.line !== location.line || location.column === null) continue;
    const startOffset = toUtf16Offset(row.text, location.column, location.columnUnit);
    const startCell = fromUtf16Offset(row.text, startOffset, 'display') - 1;
    let width = 1;
    if (location.endColumn !== null && (location.endLine === null || location.endLine === location.line)) {
      const endCell = fromUtf16Offset(row.text, toUtf16Offset(row.text, location.endColumn, location.columnUnit), 'display') - 1;
      width = Math.max(1, endCell - startCell);
    }
    const caret = `^${'~'.repeat(width - 1)}`;
    out.push(`${paint(SGR.dim, `   ${' '.repeat(gutter)} |`)} ${' '.repeat(startCell)}${paint(SEVERITY_COLOUR[severityOf(location.severity)], caret)}`);
  }
  return out;
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

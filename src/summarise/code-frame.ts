// A code frame: numbered source lines around a location, the located line marked with `>`, and a caret
// (with a `~` run over a printed single-line range) under the column. One renderer serves the text report
// and `explain`, so both show the same frame; they differ only in colour, redaction and how lines are read.
import { fromUtf16Offset, toUtf16Offset, type ColumnUnit } from '../core/index.js';
import { safePrefix } from './cut.js';

export interface FrameRow {
  /** 1-based line number in the file. */
  line: number;
  text: string;
}

export interface CodeFrameOptions {
  /** The located line (1-based); a frame without it is empty. */
  line: number;
  /** In the tool's own unit, 1-based; null or absent: no caret. */
  column?: number | null;
  columnUnit?: ColumnUnit;
  endLine?: number | null;
  /** The range's last column, inclusive (core/types.ts). */
  endColumn?: number | null;
  /** Lines longer than this (UTF-16 units, after tab expansion) are cut and end in `…`. Default 240. */
  maxLineLength?: number;
  /** Applied to each shown line (redaction); the caret is still placed by the original text's columns. */
  transform?: (text: string) => string;
  /** Wrap the gutter and the caret (colour); identity by default. */
  paintGutter?: (text: string) => string;
  paintCaret?: (text: string) => string;
}

const TAB_STOP = 8;
const identity = (text: string): string => text;

// Tabs become spaces at 8-column stops, so the caret line (computed in display cells) lines up in any terminal.
function expandTabs(text: string): string {
  if (!text.includes('\t')) return text;
  let out = '';
  let width = 0;
  for (const character of text) {
    if (character === '\t') {
      const spaces = TAB_STOP - (width % TAB_STOP);
      out += ' '.repeat(spaces);
      width += spaces;
    } else {
      out += character;
      width += fromUtf16Offset(character, character.length, 'display') - 1;
    }
  }
  return out;
}

// Display cells before a UTF-16 offset; core's display unit counts tabs to the same 8-column stops.
function cellsBefore(text: string, offset: number): number {
  return fromUtf16Offset(text, offset, 'display') - 1;
}

function caretLine(row: FrameRow, options: CodeFrameOptions): { indent: number; caret: string } | undefined {
  const { column, columnUnit = 'utf-16' } = options;
  if (column === null || column === undefined || column < 1) return undefined;
  const start = cellsBefore(row.text, toUtf16Offset(row.text, column, columnUnit));
  let width = 1;
  const sameLine = options.endLine === null || options.endLine === undefined || options.endLine === row.line;
  if (options.endColumn !== null && options.endColumn !== undefined && sameLine) {
    // endColumn is inclusive (core/types.ts): the range ends where the unit after it starts.
    width = Math.max(1, cellsBefore(row.text, toUtf16Offset(row.text, options.endColumn + 1, columnUnit)) - start);
  }
  return { indent: start, caret: `^${'~'.repeat(width - 1)}` };
}

/** The frame's lines (no trailing newline); [] when `rows` lack the located line. */
export function renderCodeFrame(rows: readonly FrameRow[], options: CodeFrameOptions): string[] {
  if (!rows.some((row) => row.line === options.line)) return [];
  const maxLength = options.maxLineLength ?? 240;
  const transform = options.transform ?? identity;
  const paintGutter = options.paintGutter ?? identity;
  const paintCaret = options.paintCaret ?? identity;
  const gutter = String(Math.max(...rows.map((row) => row.line))).length;
  const out: string[] = [];
  for (const row of rows) {
    const located = row.line === options.line;
    let shown = expandTabs(transform(row.text));
    const cut = shown.length > maxLength;
    if (cut) shown = `${safePrefix(shown, maxLength)}…`;
    out.push(`${paintGutter(` ${located ? '>' : ' '} ${String(row.line).padStart(gutter)} |`)} ${shown}`.trimEnd());
    const caret = located ? caretLine(row, options) : undefined;
    // A caret past the cut would point at nothing shown.
    if (!caret || (cut && caret.indent >= maxLength)) continue;
    out.push(`${paintGutter(`   ${' '.repeat(gutter)} |`)} ${' '.repeat(caret.indent)}${paintCaret(caret.caret)}`);
  }
  return out;
}

/** The rows of `text` (a whole file) within `context` lines of `line`. */
export function frameRows(text: string, line: number, context: number): FrameRow[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const rows: FrameRow[] = [];
  for (let number = Math.max(1, line - context); number <= Math.min(lines.length, line + context); number++) {
    rows.push({ line: number, text: lines[number - 1] ?? '' });
  }
  return rows;
}

// The only place that converts between a tool's columns and LSP positions (0-based, UTF-16).
import type { ColumnUnit, ResolvedLocation } from './types.js';

/** A zero-based position in UTF-16 code units, as LSP and VS Code use. */
export interface ZeroBasedPosition {
  line: number;
  character: number;
}

const TAB_STOP = 8;

// Width of one code point in terminal cells: East Asian wide and emoji count 2, combining marks 0.
export function displayWidth(codePoint: number): number {
  if (codePoint === 0) return 0;
  if ((codePoint >= 0x300 && codePoint <= 0x36f) || (codePoint >= 0x200b && codePoint <= 0x200f) || codePoint === 0xfe0f) return 0;
  if (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Converts a 1-based column in `unit` to a 0-based UTF-16 offset into `lineText`.
 * Columns past the end clamp to the line length; 'unknown' is treated as UTF-16.
 */
export function toUtf16Offset(lineText: string, column1: number, unit: ColumnUnit): number {
  const target = Math.max(0, column1 - 1);
  if (unit === 'utf-16' || unit === 'unknown') return Math.min(target, lineText.length);
  let counted = 0;
  let offset = 0;
  while (offset < lineText.length && counted < target) {
    const codePoint = lineText.codePointAt(offset) ?? 0;
    const units = codePoint > 0xffff ? 2 : 1;
    if (unit === 'byte') counted += utf8Length(codePoint);
    else if (unit === 'char') counted += 1;
    else counted += codePoint === 9 ? TAB_STOP - (counted % TAB_STOP) : displayWidth(codePoint);
    offset += units;
  }
  return offset;
}

/** Converts a 0-based UTF-16 offset into a 1-based column in `unit` (inverse of toUtf16Offset). */
export function fromUtf16Offset(lineText: string, offset: number, unit: ColumnUnit): number {
  const end = Math.min(offset, lineText.length);
  if (unit === 'utf-16' || unit === 'unknown') return end + 1;
  let counted = 0;
  let index = 0;
  while (index < end) {
    const codePoint = lineText.codePointAt(index) ?? 0;
    if (unit === 'byte') counted += utf8Length(codePoint);
    else if (unit === 'char') counted += 1;
    else counted += codePoint === 9 ? TAB_STOP - (counted % TAB_STOP) : displayWidth(codePoint);
    index += codePoint > 0xffff ? 2 : 1;
  }
  return counted + 1;
}

/** 1-based line and tool column → LSP position, given the text of that line. */
export function toZeroBased(line1: number, column1: number | null, unit: ColumnUnit, lineText: string): ZeroBasedPosition {
  return { line: Math.max(0, line1 - 1), character: column1 === null ? 0 : toUtf16Offset(lineText, column1, unit) };
}

/** LSP line (0-based) → the 1-based line faultline prints. */
export function toOneBasedLine(line0: number): number {
  return line0 + 1;
}

/** 1-based line faultline prints → the LSP line (0-based). */
export function toZeroBasedLine(line1: number): number {
  return Math.max(0, line1 - 1);
}

/** A line span of an LSP range (0-based, `end` exclusive as LSP says). */
export interface ZeroBasedRange {
  start: ZeroBasedPosition;
  end: ZeroBasedPosition;
}

/**
 * Last 0-based line a range covers. LSP ends are exclusive, so an end at character 0 of line k+1
 * means "through line k" (the spec allows it; no measured server produced it).
 */
export function lastLineOfRange(range: ZeroBasedRange): number {
  return range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
}

/** True when the 0-based `line0` lies on a line the range covers. */
export function rangeContainsLine(range: ZeroBasedRange, line0: number): boolean {
  return range.start.line <= line0 && line0 <= lastLineOfRange(range);
}

/** An LSP range as the 1-based inclusive line span faultline prints. */
export function toOneBasedLineSpan(range: ZeroBasedRange): { startLine: number; endLine: number } {
  return { startLine: toOneBasedLine(range.start.line), endLine: toOneBasedLine(lastLineOfRange(range)) };
}

export interface Utf16Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/**
 * The location as a 0-based UTF-16 range in `fileText`. faultline's end columns are inclusive (as tools print
 * them); the range's end is exclusive, as in LSP, so it lies one column past the printed end;
 * with no column the whole line is covered, with no end column the range is empty at the start.
 */
export function locationRange(
  location: Pick<ResolvedLocation, 'line' | 'column' | 'endLine' | 'endColumn' | 'columnUnit'>,
  fileText: string,
): Utf16Range {
  const lines = fileText.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const lineText = (line1: number) => lines[line1 - 1] ?? '';
  const startLine = Math.max(0, location.line - 1);
  if (location.column === null) {
    return { start: { line: startLine, character: 0 }, end: { line: startLine, character: lineText(location.line).length } };
  }
  const startCharacter = toUtf16Offset(lineText(location.line), location.column, location.columnUnit);
  const endLine1 = location.endLine ?? location.line;
  if (location.endColumn === null) {
    return {
      start: { line: startLine, character: startCharacter },
      end: { line: endLine1 - 1, character: endLine1 === location.line ? startCharacter : 0 },
    };
  }
  const endCharacter = toUtf16Offset(lineText(endLine1), location.endColumn + 1, location.columnUnit);
  return {
    start: { line: startLine, character: startCharacter },
    end: { line: Math.max(startLine, endLine1 - 1), character: endCharacter },
  };
}

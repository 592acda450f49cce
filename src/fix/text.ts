// A file as the fix engine sees it: its bytes, whether they start with a BOM, the text after it, and where each
// line starts. Every unit a tool counts in (UTF-16 offsets without the BOM, UTF-8 bytes, code points, columns in
// any ColumnUnit) is converted here, and only here, to UTF-16 offsets into that text.
import { createHash } from 'node:crypto';
import { fromUtf16Offset, toUtf16Offset, type FixPosition, type FixRange, type RawFixPoint } from '../core/index.js';

const BOM = [0xef, 0xbb, 0xbf];
const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

export class FileText {
  readonly bom: boolean;
  /** The text after the BOM. */
  readonly text: string;
  /** The file's bytes as read, BOM included. */
  readonly bytes: Uint8Array;
  private readonly lineStarts: number[];
  private digestMemo: string | undefined;
  /** The line positionOf found last (0-based), where it looks first. */
  private lastLineIndex = 0;

  private constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.bom = bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2];
    this.text = decoder.decode(this.bom ? bytes.subarray(3) : bytes);
    this.lineStarts = lineStartsOf(this.text);
  }

  /** Undefined when the bytes are not UTF-8 text (a fix is never applied to a file it cannot decode). */
  static of(bytes: Uint8Array): FileText | undefined {
    try {
      return new FileText(bytes);
    } catch {
      return undefined;
    }
  }

  /** sha256 of the bytes, computed once: every edit of a file is checked against it. */
  get digest(): string {
    this.digestMemo ??= digestOf(this.bytes);
    return this.digestMemo;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** The offset line `line1` (1-based) starts at; undefined past the end. */
  lineStartOf(line1: number): number | undefined {
    return this.lineStarts[line1 - 1];
  }

  /** Line `line1` (1-based) without its line end (`\n` or `\r\n`); '' past the end. */
  lineText(line1: number): string {
    const start = this.lineStarts[line1 - 1];
    if (start === undefined) return '';
    const next = this.lineStarts[line1];
    let end = next === undefined ? this.text.length : next - 1;
    if (end > start && this.text.charCodeAt(end - 1) === 0x0d) end--;
    return this.text.slice(start, end);
  }

  /** The UTF-16 offset a tool's point stands for; undefined when it lies outside the file. */
  offsetOf(point: RawFixPoint): number | undefined {
    if ('offset' in point) {
      if (point.unit === 'utf-16') return point.offset <= this.text.length ? point.offset : undefined;
      return this.offsetOfByte(point.offset);
    }
    // One line past the last is the end of the file (an edit that deletes through the final line end).
    if (point.line === this.lineStarts.length + 1 && point.column === 1) return this.text.length;
    const start = this.lineStarts[point.line - 1];
    if (start === undefined) return undefined;
    const lineText = this.lineText(point.line);
    // A column past the line's end is the tool's mistake or a changed file: refuse rather than clamp.
    if (point.column > fromUtf16Offset(lineText, lineText.length, point.unit)) return undefined;
    return start + toUtf16Offset(lineText, point.column, point.unit);
  }

  /** A UTF-8 byte offset into the file as stored (BOM included) as a UTF-16 offset into the text. */
  private offsetOfByte(byteOffset: number): number | undefined {
    const skip = this.bom ? 3 : 0;
    if (byteOffset < skip || byteOffset > this.bytes.length) return undefined;
    try {
      return decoder.decode(this.bytes.subarray(skip, byteOffset)).length;
    } catch {
      return undefined; // inside a character
    }
  }

  /** 1-based line and UTF-16 column of an offset. */
  positionOf(offset: number): FixPosition {
    const starts = this.lineStarts;
    let line = this.lastLineIndex;
    // Edits come through a file in order: the line found last, or the one after it, nearly always holds the offset.
    if (!this.holds(line, offset)) {
      if (this.holds(line + 1, offset)) line++;
      else {
        let low = 0;
        let high = starts.length - 1;
        while (low < high) {
          const middle = (low + high + 1) >> 1;
          if ((starts[middle] as number) <= offset) low = middle;
          else high = middle - 1;
        }
        line = low;
      }
    }
    this.lastLineIndex = line;
    return { line: line + 1, column: offset - (starts[line] as number) + 1 };
  }

  /** Whether line `index` (0-based) is the last line starting at or before `offset`. */
  private holds(index: number, offset: number): boolean {
    const start = this.lineStarts[index];
    if (start === undefined || start > offset) return false;
    const next = this.lineStarts[index + 1];
    return next === undefined || offset < next;
  }

  /** The positions of [start, end): one line search when both lie on one line, as nearly every fix's do. */
  rangeOf(start: number, end: number): FixRange {
    const from = this.positionOf(start);
    const next = this.lineStarts[from.line];
    if (next !== undefined && end >= next) return { start: from, end: this.positionOf(end) };
    return { start: from, end: { line: from.line, column: from.column + end - start } };
  }

  /** The offset of a 1-based line and UTF-16 column (the inverse of positionOf); undefined outside the text. */
  offsetAt(position: FixPosition): number | undefined {
    const start = this.lineStarts[position.line - 1];
    if (start === undefined || position.column < 1) return undefined;
    const offset = start + position.column - 1;
    const lineEnd = this.lineStarts[position.line] ?? this.text.length;
    return offset <= lineEnd ? offset : undefined;
  }

  /** Whether the file's line ends are `\r\n` (its first line end decides, as editors do). */
  get crlf(): boolean {
    const first = this.text.indexOf('\n');
    return first > 0 && this.text.charCodeAt(first - 1) === 0x0d;
  }

  /** The bytes of `text` written back with this file's BOM. */
  encode(text: string): Uint8Array {
    const body = encoder.encode(text);
    if (!this.bom) return body;
    const out = new Uint8Array(body.length + 3);
    out.set(BOM, 0);
    out.set(body, 3);
    return out;
  }
}

// A function of its own: a run over many files makes this loop hot, and V8 then compiles only it, not the constructor.
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** Files as one reading saw them, by absolute path (collectFixes' reading, reused by a dry run). */
export type FileSnapshot = ReadonlyMap<string, FileText>;

export function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

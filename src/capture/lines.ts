// Splits raw output bytes into numbered, normalised lines with bounded memory.
// Lines end at `\n` only (so `\r\n` is one line end and a bare `\r` redraw never renumbers), byte
// offsets are exact (splitting happens on bytes, and `\n` never occurs inside a UTF-8 sequence), and a
// line that spans chunks is decoded with one streaming decoder so a split multibyte character survives.
import { StringDecoder } from 'node:string_decoder';
import { normaliseLine, safePrefix, safeSuffix } from '../summarise/index.js';

/** Longest normalised line text kept (UTF-16 units); longer lines keep head and tail around a marker. */
const DEFAULT_LINE_CAP = 64 * 1024;

export interface SplitLine {
  /** 1-based line number, counted on `\n`. */
  line: number;
  /** Byte offset of the line's first byte in the stream. */
  byteOffset: number;
  /** Raw bytes of the line including its `\n` (when it has one). */
  byteLength: number;
  /** Normalised text (ANSI removed, CR redraw collapsed), capped with an in-line marker. */
  text: string;
  /** UTF-16 units of this line removed by the cap (0 when the line is whole). */
  omittedChars: number;
}

// normaliseLine changes only text holding C0/C1 controls, DEL or ESC; one scan skips its four passes
// for the common plain line (the capture hot path normalises every line).
const NEEDS_NORMALISING = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;

function normalise(text: string): string {
  return NEEDS_NORMALISING.test(text) ? normaliseLine(text) : text;
}

/** "40213" → "40 213": the grouping the preview and the notes use. */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function lineCutMarker(omittedChars: number): string {
  return `[… ${formatCount(omittedChars)} chars of this line omitted …]`;
}

/** Caps `text` to about `cap` units, keeping a third of the room for the head and the rest for the tail. */
export function capLineText(text: string, cap: number): { text: string; omittedChars: number } {
  if (text.length <= cap) return { text, omittedChars: 0 };
  // The end of a long line usually carries the error (minified bundles, progress + message), so keep more of it.
  const head = safePrefix(text, Math.floor(cap / 3));
  const tail = safeSuffix(text, cap - head.length);
  const omittedChars = text.length - head.length - tail.length;
  return { text: head + lineCutMarker(omittedChars) + tail, omittedChars };
}

// Accumulates one line's decoded text. Below the cap it keeps the raw text so normaliseLine sees exactly
// what was printed; above it, everything before the last `\r` is already overwritten on the terminal and
// is reduced to its last state, and a segment with no `\r` keeps only a head and a rolling tail.
class LineText {
  private raw = '';
  private redrawn = '';
  private overflowing = false;
  private head = '';
  private tail = '';
  private omitted = 0;

  constructor(private readonly cap: number) {}

  append(text: string): void {
    if (this.overflowing) {
      this.appendOverflow(text);
      return;
    }
    this.raw += text;
    if (this.raw.length > this.cap) this.compact();
  }

  private compact(): void {
    const cr = this.raw.lastIndexOf('\r');
    if (cr >= 0) {
      const done = normaliseLine(this.raw.slice(0, cr));
      if (done !== '') this.redrawn = capLineText(done, this.cap).text;
      this.raw = this.raw.slice(cr);
    }
    if (this.raw.length > this.cap) {
      this.overflowing = true;
      this.head = safePrefix(this.raw, Math.floor(this.cap / 3));
      this.tail = safeSuffix(this.raw, this.cap - this.head.length);
      this.omitted = this.raw.length - this.head.length - this.tail.length;
      this.raw = '';
    }
  }

  private appendOverflow(text: string): void {
    const cr = text.indexOf('\r');
    const part = cr < 0 ? text : text.slice(0, cr);
    const room = this.cap - this.head.length;
    const joined = this.tail + part;
    this.tail = safeSuffix(joined, room);
    this.omitted += joined.length - this.tail.length;
    if (cr < 0) return;
    // A `\r` ends the overflowing segment: it becomes the redrawn state and a fresh segment starts.
    const done = this.overflowText();
    if (done !== '') this.redrawn = done;
    this.overflowing = false;
    this.head = this.tail = '';
    this.omitted = 0;
    this.raw = text.slice(cr);
    if (this.raw.length > this.cap) this.compact();
  }

  private overflowText(): string {
    const head = normaliseLine(this.head);
    const tail = normaliseLine(this.tail);
    if (head === '' && tail === '') return '';
    return head + lineCutMarker(this.omitted) + tail;
  }

  finish(): { text: string; omittedChars: number } {
    let text: string;
    let omittedChars = 0;
    if (this.overflowing) {
      text = this.overflowText();
      omittedChars = this.omitted;
    } else {
      text = normaliseLine(this.raw);
    }
    if (text === '') text = this.redrawn;
    this.raw = this.redrawn = this.head = this.tail = '';
    this.overflowing = false;
    this.omitted = 0;
    if (omittedChars === 0 && text.length > this.cap) return capLineText(text, this.cap);
    return { text, omittedChars };
  }
}

interface LineSplitterOptions {
  /** Line number of the first byte pushed (default 1). */
  firstLine?: number;
  /** Byte offset of the first byte pushed (default 0). */
  firstOffset?: number;
  lineCap?: number;
}

/** Push bytes, get lines. `onLine` returning false stops the splitter (push then returns false). */
export class LineSplitter {
  private readonly cap: number;
  private readonly text: LineText;
  private decoder: StringDecoder | null = null;
  private lineNumber: number;
  private lineStart: number;
  private offset: number;
  private stopped = false;

  constructor(
    private readonly onLine: (line: SplitLine) => boolean | void,
    options: LineSplitterOptions = {},
  ) {
    this.cap = options.lineCap ?? DEFAULT_LINE_CAP;
    this.text = new LineText(this.cap);
    this.lineNumber = options.firstLine ?? 1;
    this.lineStart = this.offset = options.firstOffset ?? 0;
  }

  /** Line number the next line will get. */
  get nextLine(): number {
    return this.lineNumber;
  }

  push(chunk: Uint8Array): boolean {
    if (this.stopped) return false;
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let from = 0;
    while (from < bytes.length) {
      const newline = bytes.indexOf(10, from);
      const end = newline < 0 ? bytes.length : newline;
      if (this.decoder === null && newline >= 0 && end - from <= this.cap) {
        // Fast path: the whole line is inside this chunk.
        this.offset += end + 1 - from;
        if (!this.emit(normalise(bytes.toString('utf8', from, end)), 0)) return false;
      } else {
        this.decoder ??= new StringDecoder('utf8');
        this.text.append(this.decoder.write(bytes.subarray(from, end)));
        this.offset += end - from;
        if (newline >= 0) {
          this.offset += 1;
          if (!this.finishLine()) return false;
        }
      }
      from = end + 1;
    }
    return true;
  }

  /** Flushes a final line that has no `\n` (a trailing `\n` never creates an empty extra line). */
  end(): void {
    if (this.stopped || this.offset === this.lineStart) return;
    this.finishLine();
  }

  private finishLine(): boolean {
    if (this.decoder) {
      this.text.append(this.decoder.end());
      this.decoder = null;
    }
    const { text, omittedChars } = this.text.finish();
    return this.emit(text, omittedChars);
  }

  private emit(text: string, omittedChars: number): boolean {
    let finalText = text;
    let omitted = omittedChars;
    if (omitted === 0 && text.length > this.cap) ({ text: finalText, omittedChars: omitted } = capLineText(text, this.cap));
    const keepGoing = this.onLine({
      line: this.lineNumber,
      byteOffset: this.lineStart,
      byteLength: this.offset - this.lineStart,
      text: finalText,
      omittedChars: omitted,
    });
    this.lineNumber++;
    this.lineStart = this.offset;
    if (keepGoing === false) this.stopped = true;
    return keepGoing !== false;
  }
}

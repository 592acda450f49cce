// A bounded head + first-error window + tail view of output, built while it streams (memory ∝ budget).
// Compilers print the cause first and test runners last, so both ends are kept, plus a window around the
// first failure line so it is never lost in between. Cuts fall on line boundaries and every cut carries
// a marker with the exact omitted lines and raw bytes, which match what `read` pages.
import { LineSplitter, formatCount, lineCutMarker, type SplitLine } from './lines.js';
import { lineLooksFailed } from './failure.js';

export const DEFAULT_PREVIEW_BYTES = 16 * 1024;

export interface PreviewOptions {
  /** Byte budget of the preview text (UTF-8, markers excluded). Default 16 KiB. */
  budgetBytes?: number;
  /** 1-based line to centre the error window on; default: the first line with failure wording. */
  errorLine?: number;
  /** Lines shown before the error line (default 3) and at most after it (default 12). */
  errorBefore?: number;
  errorAfter?: number;
}

export interface Preview {
  text: string;
  omittedLines: number;
  /** Raw bytes of the omitted lines, as stored in the artifact. */
  omittedBytes: number;
  totalLines: number;
  totalBytes: number;
  /** Line of the error window, or null when none was found. */
  errorLine: number | null;
}

interface Kept {
  line: number;
  byteOffset: number;
  byteLength: number;
  text: string;
  size: number;
}

const utf8Size = (text: string): number => Buffer.byteLength(text) + 1;

/** Cuts one line to about `maxBytes` UTF-8 bytes on character boundaries: head third, tail rest, marker between. */
function cutToBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text);
  if (bytes.length <= maxBytes) return text;
  const room = Math.max(8, maxBytes - 48);
  let headEnd = Math.floor(room / 3);
  while (headEnd > 0 && ((bytes[headEnd] ?? 0) & 0xc0) === 0x80) headEnd--;
  let tailStart = bytes.length - (room - headEnd);
  while (tailStart < bytes.length && ((bytes[tailStart] ?? 0) & 0xc0) === 0x80) tailStart++;
  const head = bytes.toString('utf8', 0, headEnd);
  const tail = bytes.toString('utf8', tailStart);
  return head + lineCutMarker(text.length - head.length - tail.length) + tail;
}

// A FIFO of kept lines with a running byte size (shift without O(n) array moves).
class LineQueue {
  items: Kept[] = [];
  private start = 0;
  size = 0;
  push(item: Kept): void {
    this.items.push(item);
    this.size += item.size;
  }
  shift(): Kept | undefined {
    const item = this.items[this.start];
    if (!item) return undefined;
    this.start++;
    this.size -= item.size;
    if (this.start > 1024 && this.start * 2 > this.items.length) {
      this.items = this.items.slice(this.start);
      this.start = 0;
    }
    return item;
  }
  pop(): Kept | undefined {
    if (this.items.length <= this.start) return undefined;
    const item = this.items.pop()!;
    this.size -= item.size;
    return item;
  }
  get length(): number {
    return this.items.length - this.start;
  }
  list(): Kept[] {
    return this.items.slice(this.start);
  }
}

export class PreviewBuilder {
  private readonly splitter: LineSplitter;
  private readonly budget: number;
  private readonly head = new LineQueue();
  private headDone = false;
  private readonly tail = new LineQueue();
  private readonly recent = new LineQueue();
  private readonly error = new LineQueue();
  private errorLine: number | null = null;
  private errorOpen = false;
  private totalLines = 0;
  private totalBytes = 0;

  constructor(private readonly options: PreviewOptions = {}) {
    this.budget = Math.max(256, options.budgetBytes ?? DEFAULT_PREVIEW_BYTES);
    this.splitter = new LineSplitter((line) => this.take(line));
  }

  push(chunk: Uint8Array): void {
    this.splitter.push(chunk);
  }

  private keep(line: SplitLine, maxBytes: number): Kept {
    const text = utf8Size(line.text) > maxBytes ? cutToBytes(line.text, maxBytes - 1) : line.text;
    return { line: line.line, byteOffset: line.byteOffset, byteLength: line.byteLength, text, size: utf8Size(text) };
  }

  private take(line: SplitLine): void {
    this.totalLines = line.line;
    this.totalBytes = line.byteOffset + line.byteLength;
    const half = Math.floor(this.budget / 2);
    if (!this.headDone) {
      const kept = this.keep(line, half);
      if (this.head.size + kept.size <= half) {
        this.head.push(kept);
        if (this.errorLine === null && this.isErrorLine(line)) this.errorLine = line.line;
        return;
      }
      this.headDone = true;
    }
    this.trackError(line);
    this.tail.push(this.keep(line, half));
    while (this.tail.size > half && this.tail.length > 1) this.tail.shift();
  }

  private isErrorLine(line: SplitLine): boolean {
    const wanted = this.options.errorLine;
    return wanted !== undefined ? line.line === wanted : lineLooksFailed(line.text);
  }

  private trackError(line: SplitLine): void {
    const quarter = Math.floor(this.budget / 4);
    const before = this.options.errorBefore ?? 3;
    const after = this.options.errorAfter ?? 12;
    if (this.errorLine === null) {
      if (this.isErrorLine(line)) {
        this.errorLine = line.line;
        this.errorOpen = true;
        for (const previous of this.recent.list()) this.error.push(previous);
        this.error.push(this.keep(line, quarter));
        // Keep the error line itself even when the lines before it do not fit.
        while (this.error.size > quarter && this.error.length > 1) this.error.shift();
        return;
      }
      this.recent.push(this.keep(line, Math.floor(quarter / 4)));
      while (this.recent.length > before) this.recent.shift();
      return;
    }
    if (!this.errorOpen) return;
    const kept = this.keep(line, quarter);
    if (line.line > this.errorLine + after || this.error.size + kept.size > quarter) {
      this.errorOpen = false;
      return;
    }
    this.error.push(kept);
  }

  end(): Preview {
    this.splitter.end();
    // With an error window the three parts share the budget: trim head and tail to 3/8 each.
    if (this.error.length > 0 && this.head.size + this.error.size + this.tail.size > this.budget) {
      const share = Math.floor((this.budget * 3) / 8);
      while (this.head.size > share && this.head.length > 1) this.head.pop();
      while (this.tail.size > share && this.tail.length > 1) this.tail.shift();
    }
    const byLine = new Map<number, Kept>();
    for (const item of [...this.head.list(), ...this.error.list(), ...this.tail.list()]) {
      const existing = byLine.get(item.line);
      if (!existing || existing.size < item.size) byLine.set(item.line, item);
    }
    const kept = [...byLine.values()].sort((a, b) => a.line - b.line);
    const out: string[] = [];
    let omittedLines = 0;
    let omittedBytes = 0;
    let nextLine = 1;
    let nextOffset = 0;
    const gap = (line: number, offset: number): void => {
      if (line <= nextLine) return;
      const lines = line - nextLine;
      const bytes = offset - nextOffset;
      omittedLines += lines;
      omittedBytes += bytes;
      const size = `${formatCount(lines)} line${lines === 1 ? '' : 's'} (${formatCount(bytes)} byte${bytes === 1 ? '' : 's'})`;
      out.push(`[… ${size} omitted …]`);
    };
    for (const item of kept) {
      gap(item.line, item.byteOffset);
      out.push(item.text);
      nextLine = item.line + 1;
      nextOffset = item.byteOffset + item.byteLength;
    }
    gap(this.totalLines + 1, this.totalBytes);
    return {
      text: out.join('\n'),
      omittedLines,
      omittedBytes,
      totalLines: this.totalLines,
      totalBytes: this.totalBytes,
      errorLine: this.errorLine,
    };
  }
}

/** Builds a preview of complete output (a string is encoded as UTF-8 first). */
export function buildPreview(input: string | Uint8Array, options: PreviewOptions = {}): Preview {
  const builder = new PreviewBuilder(options);
  builder.push(typeof input === 'string' ? Buffer.from(input) : input);
  return builder.end();
}

// Text found inside a report (a JUnit failure's stack trace) read by the text formats, as one more log: each piece
// is placed on the report line it came from (blank lines pad the gaps), so the locations found in it carry the
// report's own log lines and the look-back of multi-line formats never joins two pieces.
import type { RawLocation } from '../core/index.js';
import type { Scanner } from '../grammars/index.js';

const encoder = new TextEncoder();

/** A UTF-16 string as the latin1 text of its UTF-8 bytes, which is what the scanner reads. */
export function toLatin1(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  const bytes = encoder.encode(text);
  let out = '';
  for (let index = 0; index < bytes.length; index += 8192) out += String.fromCharCode(...bytes.subarray(index, index + 8192));
  return out;
}

const BATCH = 64 * 1024;

/**
 * Text for a scanner, handed over in 64 KiB batches: every write makes the scanner join and re-slice its look-back
 * window, so one write per JUnit failure or go test event cost ~100 µs each (measured: 1.8 MB/s on a JUnit report
 * of 60k failures, 13 MB/s on cargo JSON lines).
 */
export class ScannerBatch {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly scanner: Scanner) {}

  write(latin1: string): void {
    if (latin1 === '') return;
    this.parts.push(latin1);
    this.size += latin1.length;
    if (this.size >= BATCH) this.flush();
  }

  flush(): void {
    if (this.size === 0) return;
    this.scanner.write(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}

export class EmbeddedText {
  /** Line number the scanner gives the next line it is fed. */
  private nextLine = 1;
  private scanner: Scanner | undefined;
  private batch: ScannerBatch | undefined;

  constructor(private readonly create: () => Scanner) {}

  /** Reads `text` as if printed starting on log line `logLine` (or just after the previous piece, if that is later). */
  write(text: string, logLine: number): void {
    if (text.trim() === '') return;
    this.scanner ??= this.create();
    this.batch ??= new ScannerBatch(this.scanner);
    if (this.nextLine < logLine) {
      this.batch.write('\n'.repeat(logLine - this.nextLine));
      this.nextLine = logLine;
    }
    const body = text.endsWith('\n') ? text : `${text}\n`;
    this.batch.write(toLatin1(body));
    let newlines = 0;
    for (let index = body.indexOf('\n'); index >= 0; index = body.indexOf('\n', index + 1)) newlines++;
    this.nextLine += newlines;
  }

  end(): RawLocation[] {
    this.batch?.flush();
    return this.scanner ? this.scanner.end().locations : [];
  }
}

// Text found inside a report (a JUnit failure's stack trace) read by the text formats, as one more log: each piece
// is placed on the report line it came from (blank lines pad the gaps), so the locations found in it carry the
// report's own log lines and the look-back of multi-line formats never joins two pieces.
import type { RawLocation } from '../core/index.js';
import type { Scanner } from '../grammars/index.js';

const encoder = new TextEncoder();

/** A UTF-16 string as the latin1 text of its UTF-8 bytes, which is what the scanner reads. */
export function toLatin1(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(text)) return text;
  const bytes = encoder.encode(text);
  let out = '';
  for (let index = 0; index < bytes.length; index += 8192) out += String.fromCharCode(...bytes.subarray(index, index + 8192));
  return out;
}

export class EmbeddedText {
  /** Line number the scanner gives the next line it is fed. */
  private nextLine = 1;
  private scanner: Scanner | undefined;

  constructor(private readonly create: () => Scanner) {}

  /** Reads `text` as if printed starting on log line `logLine` (or just after the previous piece, if that is later). */
  write(text: string, logLine: number): void {
    if (text.trim() === '') return;
    this.scanner ??= this.create();
    if (this.nextLine < logLine) {
      this.scanner.write('\n'.repeat(logLine - this.nextLine));
      this.nextLine = logLine;
    }
    const body = text.endsWith('\n') ? text : `${text}\n`;
    this.scanner.write(toLatin1(body));
    let newlines = 0;
    for (let index = body.indexOf('\n'); index >= 0; index = body.indexOf('\n', index + 1)) newlines++;
    this.nextLine += newlines;
  }

  end(): RawLocation[] {
    return this.scanner ? this.scanner.end().locations : [];
  }
}

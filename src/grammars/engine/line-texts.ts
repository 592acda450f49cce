// The normalised text of buffer lines, as grammars see them: decoded as UTF-8, normalised (ANSI, CR redraws),
// CI prefixes stripped and a logfmt wrapper's message unwrapped, capped at MAX_LINE_TEXT characters.
import { unwrapStructuredLog } from './peel.js';
import { stripLinePrefixes } from './prefixes.js';
import { latin1ToUtf8, neighbourBounds, ownCopy } from './strings.js';

// How much of each line a grammar sees.
export const MAX_LINE_TEXT = 4 * 1024;
// Lines remembered by position; at most this many, each ≤ MAX_LINE_TEXT characters (≤ 2 MB, a few KB typically).
// When full the older half goes: the lines read next are those around the next candidate, read most recently
// (clearing them all made a jest log normalise a tenth of its lines twice).
const MAX_REMEMBERED = 256;

export class LineTexts {
  /** Whether the line `of` last returned was a logfmt wrapper's unwrapped message. */
  unwrapped = false;
  /** Texts by the line's start offset in the buffer (with its end and logfmt flag). Location lines come in runs
   * (tsc, eslint, gcc): each is the next one's line −1 and the previous one's line +1, and normalising it again for
   * every neighbour that read it was a tenth of a tsc log's scan. Keyed by position, never by text; the scanner
   * forgets them when its buffer shifts. */
  private readonly known = new Map<number, { end: number; text: string; unwrapped: boolean }>();

  constructor(private readonly normalise: (raw: string) => string) {}

  /** Forgets every line (the buffer's offsets changed). */
  forget(): void {
    this.known.clear();
  }

  private forgetOlderHalf(): void {
    let left = this.known.size >> 1;
    for (const start of this.known.keys()) {
      if (left-- <= 0) break;
      this.known.delete(start);
    }
  }

  /** The text of the line [start, end) of `buffer` (latin1, `end` at its `\n` or the buffer's end). */
  of(buffer: string, start: number, end: number): string {
    const known = this.known.get(start);
    // The end is checked: the buffer's last line grows when more text arrives.
    if (known !== undefined && known.end === end) {
      this.unwrapped = known.unwrapped;
      return known.text;
    }
    const raw = buffer.slice(start, Math.min(end, start + MAX_LINE_TEXT * 4));
    const stripped = stripLinePrefixes(this.normalise(latin1ToUtf8(raw.endsWith('\r') ? raw.slice(0, -1) : raw)));
    const unwrapped = unwrapStructuredLog(stripped);
    this.unwrapped = unwrapped !== stripped;
    const text = ownCopy(unwrapped.length > MAX_LINE_TEXT ? unwrapped.slice(0, MAX_LINE_TEXT) : unwrapped);
    if (this.known.size >= MAX_REMEMBERED) this.forgetOlderHalf();
    this.known.set(start, { end, text, unwrapped: this.unwrapped });
    return text;
  }
}

/**
 * The texts of the lines around [lineStart, lineEnd) of the scanner's buffer, up to `reach` lines each way, each
 * read once. The bounds of every line walked past are kept: grammars read neighbours one by one outward (a test
 * block's header 30 lines up), and walking from the candidate line for each was O(delta²): a sixth of a jest
 * log's scan.
 */
export function neighbourTexts(lines: LineTexts, buffer: () => string, lineStart: number, lineEnd: number, reach: number): (delta: number) => string | undefined {
  const texts = new Map<number, string | undefined>();
  // Start, end of the lines walked to on each side, flat: [candidate start, candidate end, 1 away start, end, …].
  const before = [lineStart, lineEnd];
  const after = [lineStart, lineEnd];
  return (delta) => {
    const distance = Math.abs(delta);
    if (distance > reach) return undefined;
    if (texts.has(delta)) return texts.get(delta);
    const walked = delta < 0 ? before : after;
    while (walked.length <= 2 * distance) {
      const bounds = neighbourBounds(buffer(), walked[walked.length - 2]!, walked[walked.length - 1]!, delta < 0 ? -1 : 1);
      if (bounds === undefined) break;
      walked.push(bounds[0], bounds[1]);
    }
    const text = walked.length > 2 * distance ? lines.of(buffer(), walked[2 * distance]!, walked[2 * distance + 1]!) : undefined;
    texts.set(delta, text);
    return text;
  };
}

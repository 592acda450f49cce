// The normalised text of buffer lines, as grammars see them: decoded as UTF-8, normalised (ANSI, CR redraws),
// CI prefixes stripped and a logfmt wrapper's message unwrapped, capped at MAX_LINE_TEXT characters.
import { unwrapStructuredLog } from './peel.js';
import { stripLinePrefixes } from './prefixes.js';
import { latin1ToUtf8, ownCopy } from './strings.js';

// How much of each line a grammar sees.
export const MAX_LINE_TEXT = 4 * 1024;
// Lines remembered by position; at most this many, each ≤ MAX_LINE_TEXT characters.
const MAX_REMEMBERED = 128;

export class LineTexts {
  /** Whether the line `of` last returned was a logfmt wrapper's unwrapped message. */
  unwrapped = false;
  /** Texts by the line's start offset in the buffer (with its end and logfmt flag). Location lines come in runs
   * (tsc, eslint, gcc): each is the next one's line −1 and the previous one's line +1, and normalising it again for
   * every neighbour that read it was a tenth of a tsc log's scan. Keyed by position, never by text; the scanner
   * forgets them when its buffer shifts, and they are dropped when full, so they hold at most a few hundred KB. */
  private readonly known = new Map<number, { end: number; text: string; unwrapped: boolean }>();

  constructor(private readonly normalise: (raw: string) => string) {}

  /** Forgets every line (the buffer's offsets changed). */
  forget(): void {
    this.known.clear();
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
    if (this.known.size >= MAX_REMEMBERED) this.known.clear();
    this.known.set(start, { end, text, unwrapped: this.unwrapped });
    return text;
  }
}

// Logs written as UTF-16 (cl.exe or MSBuild redirected by PowerShell's `>` or `cmd /u` on Windows): read as bytes,
// every ASCII character carries a NUL, so no location anchor ever matches. The byte order is told by the first
// bytes, and the log is turned into UTF-8 chunk by chunk before the scanner sees it: still one chunk at a time,
// never the whole log.
import { TextDecoder } from 'node:util';

type Utf16Order = 'utf-16le' | 'utf-16be';

// Pairs of the head looked at, and the share of them whose high byte must be zero (ASCII in UTF-16; half leaves room
// for a line of CJK text) while the other byte is not: a binary file's NUL runs zero both bytes of a pair.
const SAMPLE_PAIRS = 256;
const MIN_PAIRS = 4;
const ASCII_SHARE = 0.5;
const NUL_LOW_SHARE = 0.05;

/**
 * The UTF-16 byte order the first bytes of a log show, else undefined. Its text has NULs: the high byte of every ASCII
 * character (a compiler's log always has ASCII, its line ends at least). With a byte-order mark, more NULs in the high
 * bytes than in the low ones; without one, in half the pairs' high bytes and almost none of their low bytes.
 */
export function utf16OrderOf(head: Uint8Array): Utf16Order | undefined {
  const mark = head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : head[0] === 0xfe && head[1] === 0xff ? 'utf-16be' : undefined;
  const from = mark ? 2 : 0;
  const pairs = Math.min(SAMPLE_PAIRS, (head.length - from) >> 1);
  if (pairs < (mark ? 1 : MIN_PAIRS)) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let pair = 0; pair < pairs; pair++) {
    if (head[from + 2 * pair] === 0) evenZero++;
    if (head[from + 2 * pair + 1] === 0) oddZero++;
  }
  // `FF FE 00 00` opens UTF-32, not UTF-16.
  if (mark === 'utf-16le') return oddZero > evenZero && (head[2] !== 0 || head[3] !== 0) ? mark : undefined;
  if (mark === 'utf-16be') return evenZero > oddZero ? mark : undefined;
  if (oddZero >= pairs * ASCII_SHARE && evenZero <= pairs * NUL_LOW_SHARE) return 'utf-16le';
  if (evenZero >= pairs * ASCII_SHARE && oddZero <= pairs * NUL_LOW_SHARE) return 'utf-16be';
  return undefined;
}

/** UTF-16 chunks in, UTF-8 bytes out; a code unit or surrogate pair cut by a chunk's end waits for the next chunk. */
export class Utf16ToUtf8 {
  // The byte-order mark is dropped by the decoder.
  private readonly decoder: TextDecoder;

  constructor(order: Utf16Order) {
    this.decoder = new TextDecoder(order);
  }

  push(bytes: Uint8Array): Buffer {
    return Buffer.from(this.decoder.decode(bytes, { stream: true }), 'utf8');
  }
}

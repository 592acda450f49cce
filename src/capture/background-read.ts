// Reading a background command's artifact while it grows: byte ranges, the recent tail, and the unseen part
// bounded to a head and a tail (never the whole log in memory).
import { open } from 'node:fs/promises';
import { normaliseText, safeUtf8PrefixLength } from '../summarise/index.js';

/** Most output bytes one call returns (head and tail of the unseen part); the artifact keeps all of it. */
export const OUTPUT_BUDGET_BYTES = 16 * 1024;

async function readRange(path: string, from: number, to: number): Promise<Buffer> {
  if (to <= from) return Buffer.alloc(0);
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(to - from);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function readTail(path: string, size: number, bytes: number): Promise<string> {
  return normaliseText((await readRange(path, Math.max(0, size - bytes), size)).toString('utf8'));
}

// Blanks are where a cut cannot fall inside a token: a secret cut there is whole on one side.
function isBlank(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0b || byte === 0x0c;
}

// The unseen bytes [from, to): whole when small, else head and tail cut on UTF-8 boundaries (bounded memory).
// With `blankCuts` (redacting) the head ends and the tail starts at a blank, so no token is cut at the marker
// into two halves that the redactor recognises in neither.
export async function unseen(path: string, from: number, to: number, blankCuts = false): Promise<{ text: string; omittedBytes: number }> {
  if (to - from <= OUTPUT_BUDGET_BYTES) return { text: normaliseText((await readRange(path, from, to)).toString('utf8')), omittedBytes: 0 };
  const half = OUTPUT_BUDGET_BYTES / 2;
  const head = await readRange(path, from, from + half);
  let headLength = safeUtf8PrefixLength(head, head.length);
  if (blankCuts) {
    while (headLength > 0 && !isBlank(head[headLength - 1]!)) headLength--;
  }
  const headPart = head.subarray(0, headLength);
  const tail = await readRange(path, to - half, to);
  let skip = 0;
  while (skip < tail.length && (tail[skip]! & 0xc0) === 0x80) skip++;
  if (blankCuts) {
    while (skip < tail.length && !isBlank(tail[skip]!)) skip++;
  }
  const omittedBytes = to - from - headPart.length - (tail.length - skip);
  const text =
    `${normaliseText(headPart.toString('utf8'))}\n[… ${omittedBytes} bytes omitted; the artifact has them ` +
    `…]\n${normaliseText(tail.subarray(skip).toString('utf8'))}`;
  return { text, omittedBytes };
}

// How far back a redacting output() looks for the end of the last whole line.
const LINE_END_WINDOW = 64 * 1024;

/**
 * The end of the last whole line in [from, to), for redacting output while the command runs: a token cut
 * between two calls would be redacted in neither half. A line longer than the window is given up to its
 * last blank in the window, or held until a blank or its end comes (never cut inside a token).
 */
export async function lastLineEnd(path: string, from: number, to: number): Promise<number> {
  const start = Math.max(from, to - LINE_END_WINDOW);
  const window = await readRange(path, start, to);
  const newline = window.lastIndexOf(0x0a);
  if (newline >= 0) return start + newline + 1;
  if (to - from < LINE_END_WINDOW) return from;
  let blank = window.length - 1;
  while (blank >= 0 && !isBlank(window[blank]!)) blank--;
  return blank >= 0 ? start + blank + 1 : from;
}

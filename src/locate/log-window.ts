// Bounded reads of a log file for the pieces a prompt or summary needs: the lines around one log line and
// the tail. Both stream the file in 64 KiB slices, so memory stays bounded whatever the log's size. A UTF-16 log is
// read through the same decoding the scan used (utf16.ts), so its lines and line numbers are the ones located.
import { closeSync, createWriteStream, fstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextDecoder } from 'node:util';
import { Utf16ToUtf8, utf16OrderOf } from './utf16.js';

const CHUNK = 64 * 1024;
// A line longer than this is cut in the window (the summary bounds it further anyway).
const MAX_LINE = 16 * 1024;
// The bytes the scan looks at to tell a UTF-16 log (read-log.ts's HEAD).
const HEAD = 512;

/** The UTF-16 byte order of the open log's first bytes, else undefined (read at offset 0, the stream position kept). */
function utf16OrderOfFile(fd: number): ReturnType<typeof utf16OrderOf> {
  const head = Buffer.allocUnsafe(HEAD);
  let read = 0;
  for (let count = 1; read < HEAD && count > 0; read += count) count = readSync(fd, head, read, HEAD - read, read);
  return utf16OrderOf(head.subarray(0, read));
}

/** Lines `line - before … line + after` (1-based, counted on `\n`) of the log, with the first line's number. */
export function readLogWindow(
  path: string,
  options: { line: number; before: number; after: number },
): { firstLine: number; lines: string[] } {
  const first = Math.max(1, options.line - options.before);
  const last = options.line + options.after;
  const fd = openSync(path, 'r');
  const raw = Buffer.allocUnsafe(CHUNK);
  const lines: string[] = [];
  let current: Buffer[] = [];
  let currentBytes = 0;
  let lineNumber = 1;
  try {
    const order = utf16OrderOfFile(fd);
    const transcoder = order === undefined ? undefined : new Utf16ToUtf8(order);
    for (let read = readSync(fd, raw, 0, CHUNK, null); read > 0 && lineNumber <= last; read = readSync(fd, raw, 0, CHUNK, null)) {
      const buffer = transcoder ? transcoder.push(raw.subarray(0, read)) : raw;
      const count = transcoder ? buffer.length : read;
      let start = 0;
      for (let newline = buffer.indexOf(10, 0); newline >= 0 && newline < count; newline = buffer.indexOf(10, start)) {
        if (lineNumber >= first && lineNumber <= last) {
          current.push(Buffer.from(buffer.subarray(start, Math.min(newline, start + Math.max(0, MAX_LINE - currentBytes)))));
          lines.push(Buffer.concat(current).toString('utf8'));
        }
        current = [];
        currentBytes = 0;
        lineNumber++;
        start = newline + 1;
        if (lineNumber > last) break;
      }
      if (lineNumber >= first && lineNumber <= last && start < count && currentBytes < MAX_LINE) {
        const piece = buffer.subarray(start, Math.min(count, start + MAX_LINE - currentBytes));
        current.push(Buffer.from(piece));
        currentBytes += piece.length;
      }
    }
    if (current.length > 0 && lineNumber >= first && lineNumber <= last) lines.push(Buffer.concat(current).toString('utf8'));
  } finally {
    closeSync(fd);
  }
  return { firstLine: first, lines };
}

/** The last `maxBytes` of the log, starting at a line boundary (the first partial line is dropped). */
export function readLogTail(path: string, maxBytes: number): string {
  const fd = openSync(path, 'r');
  try {
    const order = utf16OrderOfFile(fd);
    if (order !== undefined) return readUtf16Tail(fd, order, maxBytes);
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const buffer = Buffer.allocUnsafe(size - start);
    let read = 0;
    while (read < buffer.length) {
      const count = readSync(fd, buffer, read, buffer.length - read, start + read);
      if (count === 0) break;
      read += count;
    }
    const text = buffer.subarray(0, read);
    const cut = start > 0 ? text.indexOf(10) + 1 : 0;
    return text.subarray(cut).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The tail of a UTF-16 log as text: at most `maxBytes` of its UTF-8, from a line boundary. Twice as many raw bytes are
 * read (an ASCII character is two), from an even offset so that no code unit is cut; a surrogate pair cut at the start
 * sits on the partial first line, which is dropped.
 */
function readUtf16Tail(fd: number, order: NonNullable<ReturnType<typeof utf16OrderOf>>, maxBytes: number): string {
  const size = fstatSync(fd).size;
  const start = Math.max(0, size - 2 * maxBytes) & ~1;
  const raw = Buffer.allocUnsafe(size - start);
  let read = 0;
  for (let count = 1; read < raw.length && count > 0; read += count) count = readSync(fd, raw, read, raw.length - read, start + read);
  const text = Buffer.from(new TextDecoder(order).decode(raw.subarray(0, read)), 'utf8');
  const from = Math.max(0, text.length - maxBytes);
  const newline = text.indexOf(10, from);
  const cut = start === 0 && from === 0 ? 0 : newline >= 0 ? newline + 1 : from;
  return text.subarray(cut).toString('utf8');
}

/** Streams standard input (or any byte stream) to a private temporary file; `dispose` removes it. */
export async function spoolToFile(stream: AsyncIterable<Uint8Array | string>): Promise<{ path: string; dispose: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-log-'));
  const path = join(dir, 'stdin.log');
  const out = createWriteStream(path, { mode: 0o600 });
  for await (const chunk of stream) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { path, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

// Bounded reads of a log file for the pieces a prompt or summary needs: the lines around one log line and
// the tail. Both stream the file in 64 KiB slices, so memory stays bounded whatever the log's size.
import { closeSync, createWriteStream, fstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHUNK = 64 * 1024;
// A line longer than this is cut in the window (the summary bounds it further anyway).
const MAX_LINE = 16 * 1024;

/** Lines `line - before … line + after` (1-based, counted on `\n`) of the log, with the first line's number. */
export function readLogWindow(
  path: string,
  options: { line: number; before: number; after: number },
): { firstLine: number; lines: string[] } {
  const first = Math.max(1, options.line - options.before);
  const last = options.line + options.after;
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(CHUNK);
  const lines: string[] = [];
  let current: Buffer[] = [];
  let currentBytes = 0;
  let lineNumber = 1;
  try {
    for (let count = readSync(fd, buffer, 0, CHUNK, null); count > 0 && lineNumber <= last; count = readSync(fd, buffer, 0, CHUNK, null)) {
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

// Reading a workspace file for a code frame, a SARIF column or a prompt's excerpt, bounded in bytes and lines:
// a located "file" can be a 1.5 GB bundle or data dump, and reading it whole took 2 GB of memory for one
// column. Only the head is read (cut at a line end); the caller says when it was cut.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

interface BoundedText {
  /** Whole lines of the file's head (all of it when `cut` is false). */
  lines: string[];
  /** The file has more than was read. */
  cut: boolean;
}

export const FILE_READ_BOUNDS = { maxBytes: 2 * 1024 * 1024, maxLines: 100_000 } as const;

/** The first lines of `path`, at most `maxBytes` and `maxLines`; throws what open/read throw. */
export function readBoundedLines(path: string, bounds: { maxBytes: number; maxLines: number } = FILE_READ_BOUNDS): BoundedText {
  const fd = openSync(path, 'r');
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { lines: [], cut: false };
    const want = Math.min(info.size, bounds.maxBytes) + 1;
    const buffer = Buffer.alloc(want);
    let length = 0;
    for (let read = 1; read > 0 && length < want; length += read) read = readSync(fd, buffer, length, want - length, length);
    let cut = length > bounds.maxBytes;
    let end = Math.min(length, bounds.maxBytes);
    // A cut file keeps whole lines only: a half line would convert columns against the wrong text.
    if (cut) end = Math.max(0, buffer.lastIndexOf(0x0a, end - 1) + 1);
    let lines = buffer.subarray(0, end).toString('utf8').split('\n');
    if (cut && lines.at(-1) === '') lines.pop();
    if (lines.length > bounds.maxLines) {
      lines = lines.slice(0, bounds.maxLines);
      cut = true;
    }
    return { lines: lines.map((text) => (text.endsWith('\r') ? text.slice(0, -1) : text)), cut };
  } finally {
    closeSync(fd);
  }
}

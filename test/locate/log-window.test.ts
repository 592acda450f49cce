// Bounded reads of a log: the window around a line and the tail, from a file streamed in slices.
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLogTail, readLogWindow, spoolToFile } from '../../src/locate/log-window.js';

const dir = mkdtempSync(join(tmpdir(), 'fl-window-'));

describe('log windows', () => {
  it('returns the lines around a log line, numbered on \\n, across 64 KiB slices', () => {
    const lines = Array.from({ length: 20_000 }, (_, index) => `line ${index + 1} ${'x'.repeat(index % 50)}`);
    const path = join(dir, 'big.log');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const window = readLogWindow(path, { line: 15_000, before: 2, after: 2 });
    expect(window.firstLine).toBe(14_998);
    expect(window.lines.map((line) => line.split(' ')[1])).toEqual(['14998', '14999', '15000', '15001', '15002']);
    expect(readLogWindow(path, { line: 1, before: 5, after: 0 }).lines).toEqual(['line 1 ']);
  });

  it('keeps a final line without a newline and cuts a huge line', () => {
    const path = join(dir, 'huge.log');
    writeFileSync(path, `a\n${'y'.repeat(100_000)}\nlast`);
    const window = readLogWindow(path, { line: 2, before: 1, after: 5 });
    expect(window.lines).toHaveLength(3);
    expect(window.lines[1]?.length).toBe(16 * 1024);
    expect(window.lines[2]).toBe('last');
  });

  it('reads the tail from a line boundary', () => {
    const path = join(dir, 'tail.log');
    writeFileSync(path, 'first line\nsecond line\nthird line\n');
    expect(readLogTail(path, 16)).toBe('third line\n');
    expect(readLogTail(path, 1000)).toBe('first line\nsecond line\nthird line\n');
  });

  it('reads a UTF-16 log through the decoding the scan uses: the window and the tail carry no NUL', () => {
    const text = Array.from({ length: 30_000 }, (_, index) => `line ${index + 1} é`).join('\r\n') + '\r\n';
    const le = join(dir, 'utf16le.log');
    writeFileSync(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const be = join(dir, 'utf16be.log');
    writeFileSync(be, Buffer.from(text, 'utf16le').swap16());
    for (const path of [le, be]) {
      const window = readLogWindow(path, { line: 20_000, before: 1, after: 1 });
      expect(window.lines).toEqual(['line 19999 é\r', 'line 20000 é\r', 'line 20001 é\r']);
      const tail = readLogTail(path, 40);
      expect(tail).toBe('line 29999 é\r\nline 30000 é\r\n');
      expect(tail).not.toContain('\u0000');
      expect(Buffer.byteLength(readLogTail(path, 1000))).toBeLessThanOrEqual(1000);
    }
    const short = join(dir, 'utf16-short.log');
    writeFileSync(short, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a.c(1): error C1\r\nb\r\n', 'utf16le')]));
    expect(readLogTail(short, 1000)).toBe('a.c(1): error C1\r\nb\r\n');
    expect(readLogWindow(short, { line: 1, before: 0, after: 0 }).lines).toEqual(['a.c(1): error C1\r']);
  });

  it('spools a stream to a private file and removes it', async () => {
    const spooled = await spoolToFile(Readable.from([Buffer.from('src/a.c:1:1: error: x\n'), Buffer.from('é')]));
    expect(readFileSync(spooled.path, 'utf8')).toBe('src/a.c:1:1: error: x\né');
    spooled.dispose();
    expect(existsSync(spooled.path)).toBe(false);
  });
});

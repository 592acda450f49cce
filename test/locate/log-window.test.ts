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

  it('spools a stream to a private file and removes it', async () => {
    const spooled = await spoolToFile(Readable.from([Buffer.from('src/a.c:1:1: error: x\n'), Buffer.from('é')]));
    expect(readFileSync(spooled.path, 'utf8')).toBe('src/a.c:1:1: error: x\né');
    spooled.dispose();
    expect(existsSync(spooled.path)).toBe(false);
  });
});

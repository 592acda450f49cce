// UTF-16 logs (a Windows redirection of cl.exe or MSBuild) are told by their first bytes and read as UTF-8, chunk by chunk.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLog } from '../../src/locate/read-log.js';
import { utf16OrderOf } from '../../src/locate/utf16.js';

const TEXT = 'src\\a.cpp(8): error C2065: “totl”: 未声明\r\n';
const le = (text: string, mark = true): Buffer => Buffer.concat([Buffer.from(mark ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);
const be = (text: string): Buffer => le(text, false).swap16();

/** What the scanner would see: the latin1 slices joined, read back as UTF-8. */
async function seen(source: Parameters<typeof readLog>[0]): Promise<string> {
  const parts: string[] = [];
  await readLog(source, {
    slice: (latin1) => parts.push(latin1),
    window: (window) => {
      parts.push(window);
      return 0;
    },
  });
  return Buffer.from(parts.join(''), 'latin1').toString('utf8');
}

async function* chunksOf(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

describe('UTF-16 logs', () => {
  it('tells the byte order from a mark or from a NUL in every other byte, and nothing else', () => {
    expect(utf16OrderOf(le(TEXT))).toBe('utf-16le');
    expect(utf16OrderOf(le(TEXT, false))).toBe('utf-16le');
    expect(utf16OrderOf(Buffer.concat([Buffer.from([0xfe, 0xff]), be(TEXT)]))).toBe('utf-16be');
    expect(utf16OrderOf(be(TEXT))).toBe('utf-16be');
    expect(utf16OrderOf(Buffer.from(TEXT, 'utf8'))).toBeUndefined();
    // A binary file's NUL runs zero both bytes of a pair.
    expect(utf16OrderOf(Buffer.alloc(64))).toBeUndefined();
    expect(utf16OrderOf(Buffer.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]))).toBeUndefined();
    // A mark followed by text with no NUL in its high bytes is no UTF-16 (garbage before a UTF-8 log).
    expect(utf16OrderOf(Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x41]), Buffer.from(TEXT, 'utf8')]))).toBeUndefined();
  });

  it('reads a UTF-16 file as its UTF-8 text, without the mark', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'faultline-utf16-')), 'build.log');
    writeFileSync(file, le(TEXT.repeat(5000)));
    expect(await seen({ path: file })).toBe(TEXT.repeat(5000));
  });

  it('keeps a character whose bytes a chunk boundary cut, at every cut', async () => {
    const bytes = le(`${TEXT}😀${TEXT}`);
    for (const size of [1, 2, 3, 5, 7]) expect(await seen({ stream: chunksOf(bytes, size) }), `chunks of ${size}`).toBe(`${TEXT}😀${TEXT}`);
  });

  it('leaves UTF-8 and text sources as they are', async () => {
    expect(await seen({ stream: chunksOf(Buffer.from(TEXT, 'utf8'), 4) })).toBe(TEXT);
    expect(await seen({ text: TEXT })).toBe(TEXT);
  });
});

// The server's pure parts: position units, the line map that moves diagnostics with edits, and the project file's
// `lint` key (checked in the style of the other keys: one E_CONFIG line naming the file and the key).
import { describe, expect, it } from 'vitest';
import { parseProjectFile } from '../../src/locate/index.js';
import { chooseEncoding, fromUtf16, toUtf16 } from '../../src/lsp-server/encoding.js';
import { lineMapBetween } from '../../src/lsp-server/line-map.js';

describe('position encodings', () => {
  const line = 'é😀x';
  it('chooses the first offered encoding it speaks, else UTF-16', () => {
    expect(chooseEncoding(undefined)).toBe('utf-16');
    expect(chooseEncoding(['utf-32', 'utf-8'])).toBe('utf-32');
    expect(chooseEncoding(['latin1'])).toBe('utf-16');
  });
  it('converts a UTF-16 offset to bytes and code points and back', () => {
    const offset = line.indexOf('x');
    expect([fromUtf16(line, offset, 'utf-16'), fromUtf16(line, offset, 'utf-8'), fromUtf16(line, offset, 'utf-32')]).toEqual([3, 6, 2]);
    expect([toUtf16(line, 6, 'utf-8'), toUtf16(line, 2, 'utf-32'), toUtf16(line, 3, 'utf-16')]).toEqual([offset, offset, offset]);
  });
});

describe('lineMapBetween', () => {
  it('keeps lines before a change, shifts those after it and drops those inside it', () => {
    const map = lineMapBetween(['a', 'b', 'c', 'd'], ['a', 'new', 'new', 'c', 'd']);
    expect([0, 1, 2, 3].map(map)).toEqual([0, undefined, 3, 4]);
  });
  it('is the identity for the same text', () => {
    expect(lineMapBetween(['a'], ['a'])(0)).toBe(0);
  });
});

describe("the project file's lint key", () => {
  const parse = (lint: unknown) => parseProjectFile('/w/faultline.config.json', JSON.stringify({ lint }));
  it('reads commands with their languages, stdin and events (default: on save)', () => {
    expect(parse([{ languages: ['python'], command: ['ruff', 'check', '${file}'] }]).lint).toEqual([
      { languages: ['python'], command: ['ruff', 'check', '${file}'], stdin: false, on: ['save'] },
    ]);
  });
  it.each([
    ['not a list', { languages: ['x'] }, '"lint" must be a list'],
    ['an unknown key', [{ languages: ['x'], command: ['y'], shell: true }], 'lint[0]: unknown key "shell"'],
    ['no program', [{ languages: ['x'], command: [] }], 'lint[0].command must name a program'],
    ['a bad event', [{ languages: ['x'], command: ['y'], on: ['change'] }], 'lint[0].on must list'],
    ['stdin not boolean', [{ languages: ['x'], command: ['y'], stdin: 'yes' }], 'lint[0].stdin must be true or false'],
  ])('refuses %s in one line', (_name, lint, message) => {
    expect(() => parse(lint)).toThrow(message);
  });
});

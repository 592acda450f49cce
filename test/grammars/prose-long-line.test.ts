// A stack flattened onto one long line by a copy: the prose tier reads past the line's first words, around each later
// number phrase, and the words it reads stay bounded however long the line and however many phrases it holds.
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { tokensOf } from '../../src/grammars/catalog/prose/tokens.js';
import { normaliseLine } from '../../src/summarise/index.js';

function proposed(log: string): string[] {
  const scanner = createScanner({ normaliseLine });
  scanner.write(log);
  return scanner
    .end()
    .locations.filter((location) => location.format === 'prose')
    .map((location) => `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`}`);
}

// A message of `count` plain words, none of them path-like.
const words = (count: number): string => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');
const PHRASE = new RegExp(String.raw`(?<![A-Za-z])line +\d`, 'g');

describe('prose tier on a long line', () => {
  it('finds every frame of a template stack written after a long message', () => {
    const line =
      `Template error: ${words(90)} The failing instruction (stack): ==> x.total [in template "views/report.ftl" at line 40, ` +
      `column 12] #list rows as row [in template "views/report.ftl" at line 31, column 5] #include "views/base.ftl" ` +
      `[in template "views/base.ftl" at line 7, column 1] Java stack trace follows`;
    expect(proposed(`${line}\n`)).toEqual(['views/report.ftl:40:12', 'views/report.ftl:31:5', 'views/base.ftl:7:1']);
  });

  it('reads the file after a late phrase too (`line N of F`)', () => {
    expect(proposed(`${words(80)} failed at line 12 of conf/site.ini while loading\n`)).toEqual(['conf/site.ini:12']);
  });

  it('reads a bounded number of words on a line of any length', () => {
    const place = (index: number): string => `${words(20)} (file "part${index}.tcl" line ${index + 1})`;
    const line = Array.from({ length: 40 }, (_, index) => place(index)).join(' ');
    const tokens = tokensOf(line, PHRASE);
    expect(tokens.length).toBeLessThanOrEqual(64 + 8 * 32);
    // Past the first words, later places are read: some late file is among the words, the last ones are not.
    expect(tokens.some((token) => token.path === 'part6.tcl')).toBe(true);
    expect(tokens.some((token) => token.path === 'part39.tcl')).toBe(false);
    // Without a pattern of places only the first words are read.
    expect(tokensOf(line).length).toBe(64);
  });

  it('keeps the words in line order, none read twice', () => {
    const line = `${words(70)} in "a/one.cfg" at line 3 and "a/two.cfg" at line 4 and "a/three.cfg" at line 5 ${words(10)}`;
    const starts = tokensOf(line, PHRASE).map((token) => token.start);
    expect(starts).toEqual([...new Set(starts)].sort((a, b) => a - b));
    expect(proposed(`${line}\n`)).toEqual(['a/one.cfg:3', 'a/two.cfg:4', 'a/three.cfg:5']);
  });
});

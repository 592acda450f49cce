// Issue 20, third round: a dev server's query after a file's name (`x.ts?t=1700`, `App.vue?vue&type=script`, an ES
// module imported under a cache-busting query) is no part of the file; the position after it is the file's.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { createScanner } from '../../src/grammars/index.js';
import { looksLikeSourcePath } from '../../src/grammars/engine/paths.js';
import { normaliseLine } from '../../src/summarise/index.js';

function scan(lines: string[]): string[] {
  const scanner = createScanner({ normaliseLine });
  scanner.write(Buffer.from(`${lines.join('\n')}\n`, 'utf8').toString('latin1'));
  const kept = scanner.end().locations.filter((location: RawLocation) => !['permissive', 'prose'].includes(location.format));
  return kept.map((location) => `${location.format} ${location.file}:${location.line}:${location.column}`);
}

describe('a URL query between a file and its position', () => {
  it('leaves the name before it to decide whether the path is a source', () => {
    expect(looksLikeSourcePath('src/x.ts?t=1700000000000')).toBe(true);
    expect(looksLikeSourcePath('http://localhost:5173/src/App.vue?vue&type=script&lang.ts')).toBe(true);
    expect(looksLikeSourcePath('https://example.org/search?q=a')).toBe(false);
  });

  it('is read past by the generic head, Firefox frames and node headers alike', () => {
    expect(scan(['src/x.ts?t=17:12:5: error: boom'])).toEqual(['generic src/x.ts:12:5']);
    expect(scan(['x.ts?t=1700000000000:12 Uncaught TypeError: Cannot read properties of undefined'])).toEqual(['generic x.ts:12:null']);
    expect(scan(['TypeError: u is undefined', 'loadUser@http://localhost:5173/src/x.ts?t=1700000000000:12:5'])).toEqual([
      'spidermonkey-stack src/x.ts:12:5',
    ]);
    const header = scan([
      'file:///srv/app/src/totals.mjs?t=17:3',
      '  return values.missing.length;',
      '                        ^',
      '',
      "TypeError: Cannot read properties of undefined (reading 'length')",
      '    at totals (file:///srv/app/src/totals.mjs?t=17:3:25)',
    ]);
    expect(header).toEqual(['node-uncaught /srv/app/src/totals.mjs:3:25', 'node-stack /srv/app/src/totals.mjs:3:25']);
  });
});

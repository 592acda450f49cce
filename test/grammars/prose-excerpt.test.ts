// The marked line of a source excerpt under the line that names its file (prose/excerpt.ts, issue 20's fallback): the
// fixture ablation's "file header, then an excerpt whose marked line is the place" class, read without the tool's format.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registeredFormats } from '../../src/grammars/registry.js';
import { scanLog } from '../_scan.js';

// Every format but the tools' own that read these shapes (the ablation's question: what is left without them).
const withoutOwn = registeredFormats()
  .map((format) => format.name)
  .filter((name) => !['swc', 'elm', 'webpack', 'rust'].includes(name));

function placed(log: string, formats?: readonly string[]): string[] {
  return scanLog(log, formats)
    .filter((location) => location.role !== 'related')
    .map((location) => `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`} ${location.format}`);
}

describe('the marked line of an excerpt under a file header', () => {
  it('takes the gutter line above an underline, or the one a `>` marks, in the file the header names', () => {
    const log = readFileSync(new URL('../../fixtures/prose/excerpt-under-header.log', import.meta.url), 'utf8');
    // Without a workspace every candidate stays (the fixture's check drops docs/missing.page, which it does not hold).
    const prose = placed(log, withoutOwn).filter((place) => place.endsWith(' prose') && !place.startsWith(','));
    expect(prose).toEqual([
      'docs/guide.page:7:25 prose',
      'templates/card.tmpl:5:4 prose',
      // The header `┌─ F:2:5` names the place itself (read on its own line): the excerpt below adds no second.
      'scripts/tally.calc:2:5 prose',
      './src/totals.js:2:41 prose',
      'docs/missing.page:12:8 prose',
    ]);
  });

  it('makes a header position that only says where the excerpt starts a span of the marked place', () => {
    const log = ['  x Unclosed block', '   ,-[lib/a.ts:3:1]', ' 3 | let a = 1', ' 4 | let b = ;', '   :         ^', '   `----'].join('\n');
    const all = scanLog(log, withoutOwn);
    const header = all.find((location) => location.line === 3);
    const place = all.find((location) => location.line === 4 && location.format === 'prose');
    expect(place?.column).toBe(9);
    expect(header?.role).toBe('related');
    expect(header?.relatedTo).toBe(place);
  });

  it('adds nothing where the header already placed the line, and nothing without a mark or under no file', () => {
    // rustc's `-->` names the same line: no second place.
    const rust = ['error[E0308]: mismatched types', ' --> src/main.rs:4:5', '  |', '4 |     x', '  |     ^ expected', ''].join('\n');
    expect(placed(rust).filter((place) => place.endsWith(' prose'))).toEqual([]);
    // A listing with no mark and no underline, and an underlined excerpt under a line that names no file.
    expect(placed('Listing of docs/a.page:\n5| ## Setup\n6| text\n', ['prose'])).toEqual([]);
    expect(placed('Something failed here:\n\n12| See [x](#y)\n          ^^^\n', ['prose'])).toEqual([]);
    // Another excerpt between: its header is not this one's.
    const two = ['-- ERROR ---- a/b.page', '', '3| x', '   ^', 'Then:', '', '9| y', '   ^'].join('\n');
    expect(placed(two, ['prose'])).toEqual(['a/b.page:3:1 prose']);
  });

  it('never walks further up than its bound', () => {
    const filler = Array.from({ length: 20 }, (_, index) => `words ${index}`);
    expect(placed(['-- ERROR ---- a/b.page', ...filler, '3| x', '   ^'].join('\n'), ['prose'])).toEqual([]);
  });
});

// The prefilter keeps only universal unanchored anchors and line-start (`^`) alternatives (see _prefilter.ts).
// Every fixture line that some format's own anchor selects must therefore also pass the prefilter, or the
// format would silently never see it. A failure names the format: make that anchor alternative start with `^`
// (leading blanks/ANSI allowed) or make sure the line carries a universal anchor.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findFixtureCases } from '../../src/locate/fixtures.js';
import { registeredFormats } from '../../src/grammars/index.js';
import { buildPrefilter, topLevelAlternatives } from '../../src/grammars/_prefilter.js';
import { anchorAfterPrefixes } from '../../src/grammars/_prefixes.js';

const formats = registeredFormats();
const prefilter = buildPrefilter(formats);
const anywhere = new RegExp(prefilter.anywhere.source, 'm');
const lineStart = new RegExp(prefilter.lineStart.source, 'm');

describe('prefilter coverage', () => {
  it('splits anchors into top-level alternatives without breaking groups or classes', () => {
    expect(topLevelAlternatives('a|(b|c)|[|]|d')).toEqual(['a', '(b|c)', '[|]', 'd']);
  });

  it.each(findFixtureCases(new URL('../../fixtures', import.meta.url).pathname).map((fixture) => [fixture.name, fixture.log]))(
    '%s: every line a format anchor selects passes the prefilter',
    (_name, log) => {
      const missed: string[] = [];
      const lines = readFileSync(log, 'latin1').split('\n');
      for (const line of lines) {
        if (anywhere.test(line) || lineStart.test(line)) continue;
        for (const format of formats) {
          const alternatives = topLevelAlternatives(format.anchor).filter((alternative) => new RegExp(anchorAfterPrefixes(alternative), 'm').test(line));
          if (alternatives.length > 0) missed.push(`${format.name}: ${alternatives[0]} on ${JSON.stringify(line.slice(0, 80))}`);
        }
      }
      expect(missed).toEqual([]);
    },
  );
});

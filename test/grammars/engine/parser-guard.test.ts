// mayMatch spares Chevrotain the lines its shared location rules cannot match. It must never refuse a line a
// rule does match: checked against the real rules on every line of every fixture, at the line start and at
// each token a format may start from.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildParser } from '../../../src/grammars/index.js';
import { mayMatch } from '../../../src/grammars/engine/parser.js';
import { lineLexer } from '../../../src/grammars/engine/tokens.js';
import { findFixtureCases } from '../../../src/locate/fixtures.js';
import { normaliseLine } from '../../../src/summarise/index.js';

const parser = buildParser();
const shapes: Array<[string, unknown[]]> = [
  ['colonLocation', [false]],
  ['colonLocation', [true]],
  ['parenLocation', [false, false]],
  ['parenLocation', [true, false]],
  ['parenLocation', [true, true]],
];

describe('mayMatch', () => {
  it('refuses what the rules cannot match, and only that', () => {
    const tokens = (text: string) => lineLexer().tokenize(text).tokens;
    expect(mayMatch('colonLocation', tokens('src/a.c:3:5: error'), 0, [false])).toBe(true);
    expect(mayMatch('colonLocation', tokens('Connecting to example.org:443'), 0, [false])).toBe(false);
    expect(mayMatch('colonLocation', tokens('Connecting to example.org:443'), 0, [true])).toBe(true);
    expect(mayMatch('parenLocation', tokens('C:\\a\\b.cs(12,5): error CS1002'), 0, [false, false])).toBe(true);
    expect(mayMatch('parenLocation', tokens('no location here'), 0, [true, true])).toBe(false);
    expect(mayMatch('someOtherRule', tokens('anything'), 0, [])).toBe(true);
  });

  it('never refuses a fixture line the rules parse', () => {
    let checked = 0;
    const refusedButParsed: string[] = [];
    for (const fixture of findFixtureCases(new URL('../../../fixtures', import.meta.url).pathname)) {
      for (const raw of readFileSync(fixture.log, 'utf8').split('\n')) {
        const all = lineLexer().tokenize(normaliseLine(raw)).tokens;
        // The line start and every later token start (formats parse from an offset, e.g. after a severity).
        for (let from = 0; from < Math.min(all.length, 12); from++) {
          for (const [rule, args] of shapes) {
            if (mayMatch(rule, all, from, args)) continue;
            checked++;
            parser.input = all.slice(from);
            if (parser.invoke(rule, args)) refusedButParsed.push(`${rule}(${args.join(',')}) from ${from}: ${raw.slice(0, 80)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(refusedButParsed).toEqual([]);
    // Every fixture line parsed by every rule: ~10 s alone, over 30 s when the suite shares two cores (a guard, not a timing).
  }, 120_000);
});

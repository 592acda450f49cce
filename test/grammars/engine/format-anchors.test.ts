// The formats' own anchors select a line after the log's CI prefixes through sticky twins (format-anchors.ts)
// instead of the prefix alternation spliced into every anchor. They must select the same lines the spliced
// anchors did: checked on every fixture line, with the prefixes each fixture shows and with all known kinds,
// and on prefixed copies of the lines.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findFixtureCases } from '../../../src/locate/fixtures.js';
import { registeredFormats } from '../../../src/grammars/index.js';
import { FormatAnchors } from '../../../src/grammars/engine/format-anchors.js';
import { detectLinePrefixes, LINE_PREFIX_SOURCE } from '../../../src/grammars/engine/prefixes.js';
import { anchorAfterPrefixes } from './_spliced-anchors.js';

const formats = registeredFormats();
const sources = [...new Set(formats.map((format) => format.anchor))];

function mismatches(lines: readonly string[], prefixes: string): string[] {
  const anchors = new FormatAnchors(formats, prefixes);
  // One check per distinct source: the formats that share one share its regexes.
  const checks = sources.map((source) => ({
    source,
    index: anchors.anchorOfFormat[formats.findIndex((format) => format.anchor === source)]!,
    spliced: new RegExp(anchorAfterPrefixes(source, prefixes), 'm'),
  }));
  const bad: string[] = [];
  for (const line of lines) {
    for (const check of checks) {
      const expected = check.spliced.test(line);
      if (anchors.selects(check.index, line) !== expected)
        bad.push(`${check.source.slice(0, 40)}: ${JSON.stringify(line.slice(0, 120))} (spliced ${expected})`);
    }
  }
  return bad;
}

// The spliced reference regexes are the slow design the twins replaced: these checks take 10–15 s alone and grow with
// the catalog and the fixtures (~70 s alone and 150 s beside seven other agents at 226 formats), so they get a bound
// far from either (no timing is asserted).
describe('format anchors after line prefixes', { timeout: 300_000 }, () => {
  const cases = findFixtureCases('fixtures');
  // The first lines of each fixture, once each (the spliced reference regexes are slow to run for every known kind).
  const allLines = [...new Set(cases.flatMap((fixture) => readFileSync(fixture.log, 'latin1').split('\n').slice(0, 12)))];

  // Both walk every fixture line through every anchor: ~30 s when the whole suite shares two cores (a guard, not a timing).
  it("select what the spliced anchors selected on every fixture line, with each fixture's own prefixes", { timeout: 300_000 }, () => {
    const bad = cases.flatMap((fixture) => {
      const text = readFileSync(fixture.log, 'latin1');
      const prefixes = detectLinePrefixes(text.slice(0, 64 * 1024));
      return prefixes === '' ? [] : mismatches(text.split('\n').slice(0, 400), prefixes);
    });
    expect(bad.slice(0, 10)).toEqual([]);
  });

  it(
    'and with every known prefix kind, on the lines as they are and behind a GitHub timestamp and a task prefix',
    { timeout: 300_000 },
    () => {
      const prefixed = allLines.flatMap((line) => [
        line,
        `2026-12-01T10:00:00.1234567Z ${line}`,
        `2026-12-01T10:00:00.1234567Z @acme/web:build: ${line}`,
      ]);
      expect(mismatches(prefixed, LINE_PREFIX_SOURCE).slice(0, 10)).toEqual([]);
    },
  );
});

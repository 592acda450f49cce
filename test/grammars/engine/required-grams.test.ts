// The required-literal test in front of each anchor (engine/required-grams.ts) may only skip a line its regex
// cannot select. Checked for every anchor on every line of every fixture (and on made-up lines for the regex
// constructs it reads), and it must actually skip: most anchors on a plain location line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registeredFormats } from '../../../src/grammars/index.js';
import { RequiredGrams } from '../../../src/grammars/engine/required-grams.js';
import { findFixtureCases } from '../../../src/locate/fixtures.js';

const sources = [...new Set(registeredFormats().map((format) => format.anchor))];

describe('required grams', () => {
  it('never skips a fixture line an anchor selects, and skips most anchors on most lines', () => {
    const grams = new RequiredGrams(sources);
    const regexes = sources.map((source) => new RegExp(source, 'm'));
    const missed: string[] = [];
    let tested = 0;
    let skipped = 0;
    for (const fixture of findFixtureCases('fixtures')) {
      for (const line of readFileSync(fixture.log, 'latin1').split('\n')) {
        regexes.forEach((regex, index) => {
          tested++;
          if (grams.mayMatch(index, line)) return;
          skipped++;
          if (regex.test(line)) missed.push(`${sources[index]!.slice(0, 50)}: ${JSON.stringify(line.slice(0, 100))}`);
        });
      }
    }
    expect(missed.slice(0, 10)).toEqual([]);
    expect(skipped / tested).toBeGreaterThan(0.5);
  }, 120_000);

  const cases: Array<[string, string, boolean]> = [
    ['\\.php:\\d', 'src/a.php:3', true],
    ['\\.php:\\d', 'src/a.go:3', false],
    // Optional pieces require nothing; required repeats still touch their neighbours.
    ['ab?c', 'ac', true],
    ['a(?:bc)?d', 'ad', true],
    ['a(?:bc)*d', 'ad', true],
    ['a{0,2}xy', 'xy', true],
    ['xa+y', 'xaay', true],
    ['xa+y', 'xy', false],
    ['x(?:ab|cd)y', 'xcdy', true],
    ['x(?:ab|cd)y', 'ab', false],
    // Classes, escapes and assertions are read past; escaped punctuation and \xNN are literals.
    ['[:;]line \\d', ';line 4', true],
    ['\\bline\\b', 'line', true],
    ['\\x1b\\[31m', '\x1b[31m', true],
    ['\\x1b\\[31m', '[31m', false],
    ['\\(\\d+\\) in ', '(3) in x', true],
    ['(?<=^|\\s)foo', ' foo', true],
    ['(?<name>ab)c', 'abc', true],
    ['(?!no)yes', 'yes', true],
    ['a{2,}b', 'aab', true],
    ['x{y', 'x{y', true],
    ['\\tat ', '\tat x', true],
    ['^(?:vet: )?[^\\s:]*\\.go:\\d|^# [\\w.~-]+[./]', '# example.com/x', true],
    ['^(?:vet: )?[^\\s:]*\\.go:\\d|^# [\\w.~-]+[./]', 'a.rs:3', false],
  ];
  it.each(cases)('%s on %j: may match %s, never less than the regex', (source, line, expected) => {
    expect(new RequiredGrams([source]).mayMatch(0, line)).toBe(expected);
    if (new RegExp(source, 'm').test(line)) expect(expected).toBe(true);
  });
});

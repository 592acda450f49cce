// Redaction stays linear on hostile shapes: each shape at n and 4n characters on one line, through the shown
// and the raw paths (escapes, redraws and backspaces included). The redactor counts the characters its loops
// examine (a WorkMeter): 4× the input may cost at most 4.5× the count, where a rule or a loop that looks at a
// stretch again per match costs ~16×. The count is exact, so no busy machine makes this flaky; a regex that
// backtracks inside one search is not counted, and bench/growth.mjs times most of these shapes. Also a 1 MB
// line per shape.
import { describe, expect, it } from 'vitest';
import type { WorkMeter } from '../../src/core/index.js';
import { createRedactor } from '../../src/redact/index.js';
import { seededRandom } from './generate.js';

const random = seededRandom(16);
const base64 = Array.from({ length: 64 }, (_, index) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'[index]).join('');
const noise = (length: number) => Array.from({ length }, () => base64[Math.floor(random() * 64)]).join('');
const repeat = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

// Shapes that would make a careless rule rescan: runs without separators, separators without values,
// many rejected candidates, many prefixes, many BEGIN lines, escapes and backspaces everywhere.
const SHAPES: Record<string, (length: number) => string> = {
  letters: (n) => repeat('a', n),
  'dotted words': (n) => repeat('a.', n),
  assignments: (n) => repeat('a=', n),
  colons: (n) => repeat('a:', n),
  'secret names without values': (n) => repeat('token=', n),
  'low-entropy secrets': (n) => repeat('password=aaaaaaaaaaaa ', n),
  'quoted names': (n) => repeat('"a":"', n),
  'punctuated values': (n) => `password=${repeat('Ab1,', n)}`,
  'provider prefixes': (n) => repeat('sk-', n),
  'github prefixes': (n) => repeat('ghp_', n),
  'bearer headers': (n) => repeat('Authorization: Bearer abcdef ', n),
  cookies: (n) => repeat('Cookie: xxxxxxxx ', n),
  'url schemes': (n) => repeat('https://a:', n),
  'url queries': (n) => repeat('?a=', n),
  mysql: (n) => repeat('mysql ', n),
  'cli flags': (n) => repeat('--password ', n),
  'begin lines': (n) => repeat('-----BEGIN PRIVATE KEY-----\n', n),
  'escaped quotes': (n) => repeat('\\"', n),
  base64: (n) => noise(n),
  'sgr everywhere': (n) => repeat('ab\u001b[0m', n),
  'backspaces everywhere': (n) => repeat('aX\b', n),
  'redraws everywhere': (n) => repeat('token=abc\r', n),
  'secrets between redraws': (n) => repeat('ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ12\r', n),
  'redacted text with secrets between': (n) => repeat('[REDACTED:github-token] ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ12 ', n),
};

/** Characters the redactor examined for `text` through both paths. */
function counted(text: string): number {
  const meter: WorkMeter = { steps: 0 };
  // A literal as secretlint or the environment would give one, so the literal search is counted too.
  const redactor = createRedactor({ meter, literals: [{ value: 'token=abc', type: 'test-literal' }] });
  redactor.redactShown(text);
  redactor.redactRaw(text);
  return meter.steps;
}

describe('redaction is linear', () => {
  const redactor = createRedactor();
  it.each(Object.keys(SHAPES))('%s: 4× the input costs at most 4.5× the characters examined (raw and shown paths)', (name) => {
    const shape = SHAPES[name]!;
    const small = counted(shape(16 * 1024));
    const large = counted(shape(64 * 1024));
    // At least the text itself, on each path: the meter is wired, not left at zero.
    expect(small).toBeGreaterThanOrEqual(2 * 16 * 1024);
    expect(large / small, `${small} steps at n, ${large} at 4n`).toBeLessThanOrEqual(4.5);
  });

  it('a 1 MB line of every shape goes through the raw path (which judges the shown form too)', () => {
    for (const [name, shape] of Object.entries(SHAPES)) {
      const text = shape(1024 * 1024);
      expect(redactor.redactRaw(text).split('\n').length, name).toBe(text.split('\n').length);
    }
  }, 60_000);
});

// Redaction stays linear on hostile shapes: each shape at n and 4n characters on one line (and on the raw
// path, with escapes, redraws and backspaces), CPU time measured in this process (16 and 64 KiB, three
// repeats, best of three trials). 4× the input may cost at
// most 6× the time (generous for a loaded machine; a quadratic rule costs 16×). Also a 1 MB line per shape.
import { describe, expect, it } from 'vitest';
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
  'redacted text with secrets between': (n) => repeat('[REDACTED:github-token] ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ12 ', n),
};

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

describe('redaction is linear', () => {
  const redactor = createRedactor();
  it.each(Object.keys(SHAPES))('%s: 4× the input costs at most 6× the time (raw and shown paths)', (name) => {
    const shape = SHAPES[name]!;
    const small = shape(16 * 1024);
    const large = shape(64 * 1024);
    // Repeated so the small input takes long enough to measure; the best of three trials.
    const work = (text: string) => () => {
      for (let repeat = 0; repeat < 3; repeat++) {
        redactor.redactShown(text);
        redactor.redactRaw(text);
      }
    };
    work(small)(); // warm up the regex compilation and the JIT
    // The best of seven trials each, small and large interleaved so that a pause (GC, a busy core) that hits
    // one trial does not decide the ratio; three trials flaked at 7× on a quiet machine.
    let bestSmall = Infinity;
    let bestLarge = Infinity;
    for (let trial = 0; trial < 7; trial++) {
      bestSmall = Math.min(bestSmall, cpuMs(work(small)));
      bestLarge = Math.min(bestLarge, cpuMs(work(large)));
    }
    const ratio = bestLarge / Math.max(bestSmall, 4);
    expect(ratio).toBeLessThan(6);
  });

  it('a 1 MB line of every shape goes through the raw path (which judges the shown form too)', () => {
    for (const [name, shape] of Object.entries(SHAPES)) {
      const text = shape(1024 * 1024);
      expect(redactor.redactRaw(text).split('\n').length, name).toBe(text.split('\n').length);
    }
  }, 60_000);
});

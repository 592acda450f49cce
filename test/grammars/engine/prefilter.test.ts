// The prefilter keeps only universal unanchored anchors and line-start (`^`) alternatives (see _prefilter.ts).
// Every fixture line that some format's own anchor selects must therefore also pass the prefilter, or the
// format would silently never see it. A failure names the format: make that anchor alternative start with `^`
// (leading blanks/ANSI allowed) or make sure the line carries a universal anchor.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findFixtureCases } from '../../../src/locate/fixtures.js';
import { registeredFormats } from '../../../src/grammars/index.js';
import { buildPrefilter, topLevelAlternatives } from '../../../src/grammars/engine/prefilter.js';
import { LINE_PREFIX_SOURCE } from '../../../src/grammars/engine/prefixes.js';
import { anchorAfterPrefixes } from './_spliced-anchors.js';

// A last-resort format is offered no candidate line (engine/last-resort.ts): the prefilter never sees its anchor.
const formats = registeredFormats().filter((format) => format.lastResort !== true);
const prefilter = buildPrefilter(formats);
const anywhere = new RegExp(prefilter.anywhere.source, 'm');
const lineStart = prefilter.lineStartFor(LINE_PREFIX_SOURCE);

describe('prefilter coverage', () => {
  it('splits anchors into top-level alternatives without breaking groups or classes', () => {
    expect(topLevelAlternatives('a|(b|c)|[|]|d')).toEqual(['a', '(b|c)', '[|]', 'd']);
  });

  it('leaves to the universal anchors only the line-start alternatives that begin with a path, each covered by them', () => {
    expect(prefilter.broad).toHaveLength(7);
    // rollup `path (12:5)`, GHC `path.hs:(12,5)-(13,7)`, go vet `vet: path.go:12:5`, Kotlin's untagged legacy row, zsh's
    // extensionless script (its own universal anchor on zsh's commonest messages), SpiderMonkey's `name@path.js:2:5`,
    // Next.js 15's place alone on its line (no `./` before it since 15)
    const lines = [
      "greet:7: parse error near `)'",
      'total/<@http://localhost:5173/src/cart.js:14:22',
      'src/main.js (3:7) error',
      'app/Main.hs:(12,5)-(13,7): error:',
      'vet: ./cmd/main.go:12:5: unreachable',
      'Ferry\\app\\Pier.kt: (61, 17): Unresolved reference: x',
      'src/app/orders/page.tsx:14:9',
    ];
    for (const line of lines) {
      expect(anywhere.test(line), line).toBe(true);
    }
  });

  it('the universal anchors select extensionless build files and quoted Python paths, not prose about files', () => {
    for (const line of [
      'Makefile:12: *** missing separator.  Stop.',
      'make: *** [Makefile:3: all] Error 1',
      'ERROR: failed to solve: Dockerfile:5',
      'Jenkinsfile:14: unexpected token',
      '  File "/app/x.py", line 3, in f',
      '  \u001b[35mFile \u001b[35m"/app/x.py"',
    ]) {
      expect(anywhere.test(line), line).toBe(true);
    }
    for (const line of ['Downloading file from mirror', 'Profile updated at 12:30']) expect(anywhere.test(line), line).toBe(false);
  });

  // A line-start alternative that fires on CI noise makes every such line a candidate offered to all formats: TeX's
  // `^\[\d` and `^\s*[()]` made every timestamped line one (the 100 MB sparse log 35 % slower). Shapes of build and
  // install chatter with no place in them stay out of the prefilter.
  it('selects no line of common CI chatter that names no place', () => {
    const noise = [
      '[2026-12-06 10:00:01] Downloading artifacts (12.3 MB)',
      '[2026-12-06T10:00:01.123Z] INFO server listening on port 8080',
      "[10:00:01] Starting 'build'...",
      '[1/12] Building CXX object',
      '[12] compiling unit 12 of the workspace',
      '[1]+  Done                    sleep 1',
      '(node:1234) ExperimentalWarning: The Fetch API is experimental',
      '(1/3) Installing ca-certificates (20240226-r0)',
      '(cached) Fetching example.whl',
      ' (from versions: 1.0, 1.1)',
      '[INFO] Scanning for projects...',
      '[4/4] Building fresh packages...',
      '[==========          ] 50%',
      '2026-12-06T10:00:00.1234567Z ##[group]Run actions/checkout@v4',
      '#12 0.345 added 120 packages in 3s',
      'Step 3/7 : RUN npm ci',
      'Progress: resolved 120, reused 118, downloaded 2, added 120, done',
      '   Compiling serde v1.0.193',
      'Downloaded 12 crates (1.2 MB) in 0.45s',
      'npm WARN deprecated inflight@1.0.6: This module is not supported',
      '(1 of 3) tests passed',
    ];
    const plain = prefilter.lineStartFor('');
    expect(noise.filter((line) => anywhere.test(line) || plain.matches(line, 0))).toEqual([]);
  });

  it('tries line-start anchors after blanks and colour codes, and after a detected CI prefix only', () => {
    const plain = prefilter.lineStartFor('');
    expect(plain.matches('    at f (src/a.js:1:2)', 0)).toBe(true);
    expect(plain.matches('\u001b[31mFound 2 errors in 1 file (checked 3 source files)', 0)).toBe(true);
    // A traceback header is the universal anchors' wherever it stands (engine/implied-anchor.ts), not a line start's.
    expect(anywhere.test('\u001b[31m  Traceback (most recent call last) in worker 3')).toBe(true);
    expect(plain.matches('   \u001b[1m\u001b[31mpanicked at src/main.rs:3:5', 0)).toBe(true);
    // Anchors with a colour prefix of their own, keyed by the character after blanks and colour codes.
    for (const line of [
      '\u001b[1m[\u001b[31mERROR\u001b[m] /app/A.java:[3,5] boom',
      '\u001b[7m\u001b[1mFAIL\u001b[22m\u001b[27m src/a.test.js',
      '  \u001b[2m3:7\u001b[22m  \u001b[31merror\u001b[39m  x',
      ' \u001b[0m\u001b[1m\u001b[38;5;12m--> \u001b[0msrc/main.rs:2:5',
    ]) {
      expect(plain.matches(line, 0), JSON.stringify(line)).toBe(true);
    }
    expect(plain.matches('\u001b[32m  ✓ adds\u001b[39m', 0)).toBe(false);
    expect(plain.matches('npm warn deprecated glob@7', 0)).toBe(false);
    const stamped = '2024-01-01T00:00:00.0000000Z goroutine 1 [running]:';
    expect(plain.matches(stamped, 0)).toBe(false);
    expect(prefilter.lineStartFor(LINE_PREFIX_SOURCE).matches(stamped, 0)).toBe(true);
    // A second line of the same text is matched at its own start.
    expect(plain.matches(`noise\nFAIL\tpkg 0.1s`, 6)).toBe(true);
  });

  // Each format's anchor alternatives compiled once for all fixtures: compiling them again for every line the prefilter
  // rejects took a 900-line fixture past the test timeout on a loaded machine.
  let compiled: { name: string; alternatives: { source: string; pattern: RegExp }[] }[] | undefined;
  const compiledAnchors = (): NonNullable<typeof compiled> =>
    (compiled ??= formats.map((format) => ({
      name: format.name,
      alternatives: topLevelAlternatives(format.anchor).map((source) => ({
        source,
        pattern: new RegExp(anchorAfterPrefixes(source), 'm'),
      })),
    })));

  it.each(findFixtureCases(new URL('../../../fixtures', import.meta.url).pathname).map((fixture) => [fixture.name, fixture.log]))(
    '%s: every line a format anchor selects passes the prefilter',
    (_name, log) => {
      const missed: string[] = [];
      const lines = readFileSync(log, 'latin1').split('\n');
      for (const line of lines) {
        if (anywhere.test(line) || lineStart.matches(line, 0)) continue;
        for (const { name, alternatives } of compiledAnchors()) {
          const hit = alternatives.find(({ pattern }) => pattern.test(line));
          if (hit !== undefined) missed.push(`${name}: ${hit.source} on ${JSON.stringify(line.slice(0, 80))}`);
        }
      }
      expect(missed).toEqual([]);
    },
  );
});

describe('line-start anchors read their own line only', () => {
  // One whose `\s` ran on through the blank lines after it selected a blank line for what the next line says, and
  // made a run of n blank lines cost n² (40 000 blank lines took 3 s; a SARIF report, which the text scanner sees
  // as blank lines, grew 14× in time for 4× the results). The property is checked here, the time in bench/growth.mjs.
  it('no blank or whitespace-only line is selected for the fixture line after it', () => {
    const selected = new Set<string>();
    for (const fixture of findFixtureCases(new URL('../../../fixtures', import.meta.url).pathname)) {
      for (const line of readFileSync(fixture.log, 'latin1').split('\n')) if (lineStart.matches(line, 0)) selected.add(line);
    }
    expect(selected.size).toBeGreaterThan(500);
    const wrong: string[] = [];
    for (const line of selected) {
      for (const blank of ['\n', '\r\n', '   \n', '\t\n', '\n\n\n'])
        if (lineStart.matches(blank + line, 0)) wrong.push(JSON.stringify(blank + line.slice(0, 60)));
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});

describe('the prefilter across scans (built once per process)', () => {
  it('is one object per format set, and another for another set', async () => {
    const { prefilterFor, formatAnchorsFor } = await import('../../../src/grammars/engine/prefilter.js');
    const all = registeredFormats();
    expect(prefilterFor(all)).toBe(prefilterFor([...all]));
    expect(prefilterFor(all.slice(0, 3))).not.toBe(prefilterFor(all));
    expect(formatAnchorsFor(all, '')).toBe(formatAnchorsFor([...all], ''));
  });

  it('interleaved scanners sharing it find what each finds alone', async () => {
    const { createScanner } = await import('../../../src/grammars/index.js');
    const { normaliseLine } = await import('../../../src/summarise/index.js');
    const logA = ['src/a.c:3:5: error: first', 'noise', 'src/b.c:9:1: warning: second', ''].join('\n');
    const logB = [
      "src/x.ts(2,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      'Traceback (most recent call last):',
      '  File "t.py", line 4, in <module>',
      'ValueError: bad',
      '',
    ].join('\n');
    const alone = (log: string) => {
      const scanner = createScanner({ normaliseLine });
      scanner.write(log);
      return scanner.end().locations.map((l) => `${l.file}:${l.line}`);
    };
    const a = createScanner({ normaliseLine });
    const b = createScanner({ normaliseLine });
    a.write(logA.slice(0, 20));
    b.write(logB.slice(0, 30));
    a.write(logA.slice(20));
    b.write(logB.slice(30));
    expect(b.end().locations.map((l) => `${l.file}:${l.line}`)).toEqual(alone(logB));
    expect(a.end().locations.map((l) => `${l.file}:${l.line}`)).toEqual(alone(logA));
    expect(alone(logA)).toEqual(['src/a.c:3', 'src/b.c:9']);
  });
});

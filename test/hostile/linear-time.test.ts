// Issue 16 item 2: hostile-shaped logs cost work linear in their size. Each shape is located at n and at 4n,
// and the work counted while reading the log (LocateOptions.meter: characters the scanner, the report router
// and the grammars examine, frames an exception chain tracks and ranks) may grow at most 4.5×: a linear stage
// grows ~4×, the quadratic ones this guards against (re-ranking a chain at every cause, re-finding a long
// line's ends at every candidate on it) grow ~16×. The count is exact, so a busy machine cannot make this
// flaky. Resolution and ranking are not counted: bench/growth.mjs times these shapes through locate.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorkMeter } from '../../src/core/index.js';
import { locate } from '../../src/locate/index.js';

const workspace = mkdtempSync(join(tmpdir(), 'fl-linear-'));
for (const name of ['main.rb', 'stats.rb', 'Main.java', 'main.js']) writeFileSync(join(workspace, name), 'x = 1\ny = 2\n');
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const SHAPES: Record<string, { n: number; log: (n: number) => string }> = {
  'a Java `Caused by:` chain': {
    n: 1000,
    log: (n) => {
      let text = 'Exception in thread "main" java.lang.IllegalStateException: bad\n\tat com.acme.Main.main(Main.java:5)\n';
      for (let i = 0; i < n; i++)
        text += `Caused by: java.lang.RuntimeException: level ${i}\n\tat com.acme.L${i}.run(L${i}.java:${i + 1})\n\tat com.acme.Main.main(Main.java:5)\n\t... 1 more\n`;
      return text;
    },
  },
  'a V8 `[cause]:` chain': {
    n: 1500,
    log: (n) => {
      let text = 'Error: top\n    at main (main.js:1:1)\n';
      for (let i = 0; i < n; i++) text += `  [cause]: Error: level ${i}\n      at f${i} (main.js:${i + 1}:3)\n`;
      return text;
    },
  },
  'a Ruby cause chain': {
    n: 1500,
    log: (n) => {
      let text = '';
      for (let i = 0; i < n; i++)
        text += `main.rb:${i + 1}:in \`rescue in <main>': config unreadable (RuntimeError)\n\tfrom main.rb:3:in \`<main>'\n`;
      return text;
    },
  },
  'repeated Ruby traces': {
    n: 1500,
    log: (n) =>
      `main.rb:6:in \`block in run': boom (RuntimeError)\n\tfrom main.rb:3:in \`each'\n\tfrom main.rb:3:in \`<main>'\n\n`.repeat(n),
  },
  // Long lines stay under the 256 KiB at which an unterminated line is cut into slices, so a per-hit cost
  // that grows with the line shows.
  'one long line of `line 1 `': { n: 9_000, log: (n) => `${'line 1 '.repeat(n)}\n` },
  'one long line of locations': { n: 3_000, log: (n) => `${'main.js:1:2: error x '.repeat(n)}\n` },
  // The prose tier (issue 20): numbers written as lines next to path-like words, on one line and on many.
  'one long line of prose locations': { n: 1_500, log: (n) => `${'error on line 4 of conf/app.ini, '.repeat(n)}\n` },
  'one long line of URL anchors and `(N) in`': { n: 1_500, log: (n) => `${'see a/b.c#L12-L14 (3) in x.sql '.repeat(n)}\n` },
  'one long line of path-like words and one `line 1`': { n: 6_000, log: (n) => `${'a/b.c '.repeat(n)}line 1\n` },
  // A paste Markdown escaped (issue 20, copy damage): every backslash of a long line before a mark it escapes.
  'one long line a Markdown paste escaped': { n: 3_000, log: (n) => `${'src\\_a/stats\\.rb line 1\\. '.repeat(n)}\n` },
  'prose lines, one location each': { n: 3_000, log: (n) => 'Error: unexpected key at line 3 in conf/app.ini\n'.repeat(n) },
  '`ruby -wc` warnings': {
    n: 3000,
    log: (n) => {
      let text = '';
      for (let i = 0; i < n; i++) text += `stats.rb:${(i % 2) + 1}: warning: assigned but unused variable - v${i}\n`;
      return `${text}Syntax OK\n`;
    },
  },
};

/** The work counted while locating `log`. */
async function counted(log: string): Promise<number> {
  const meter: WorkMeter = { steps: 0 };
  await locate({ text: log }, { cwd: workspace, roots: [workspace], isIgnored: async () => new Set(), meter });
  return meter.steps;
}

describe('located with work linear in the log size (counted at n and 4n)', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`${name}: 4× the input costs at most 4.5× the work`, async () => {
      const small = shape.log(shape.n);
      const atN = await counted(small);
      const at4n = await counted(shape.log(4 * shape.n));
      // The meter is wired: at least the log itself is read.
      expect(atN).toBeGreaterThanOrEqual(small.length);
      expect(at4n / atN, `${atN} steps at n, ${at4n} at 4n`).toBeLessThanOrEqual(4.5);
    }, 120_000);
  }
});

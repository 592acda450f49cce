// Issue 16 item 2: hostile-shaped logs cost time linear in their size. Each shape is located at n and at 4n
// and the CPU time (this process, process.cpuUsage) may grow at most 6×: a linear stage grows ~4×, the
// quadratic ones this guards against (re-ranking a chain at every cause, re-finding a long line's ends at
// every candidate on it) grew 9–16× between these sizes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';

const workspace = mkdtempSync(join(tmpdir(), 'fl-linear-'));
for (const name of ['main.rb', 'stats.rb', 'Main.java', 'main.js']) writeFileSync(join(workspace, name), 'x = 1\ny = 2\n');
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const SHAPES: Record<string, { n: number; log: (n: number) => string }> = {
  'a Java `Caused by:` chain': {
    n: 1000,
    log: (n) => {
      let text = 'Exception in thread "main" java.lang.IllegalStateException: bad\n\tat com.acme.Main.main(Main.java:5)\n';
      for (let i = 0; i < n; i++) text += `Caused by: java.lang.RuntimeException: level ${i}\n\tat com.acme.L${i}.run(L${i}.java:${i + 1})\n\tat com.acme.Main.main(Main.java:5)\n\t... 1 more\n`;
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
      for (let i = 0; i < n; i++) text += `main.rb:${i + 1}:in \`rescue in <main>': config unreadable (RuntimeError)\n\tfrom main.rb:3:in \`<main>'\n`;
      return text;
    },
  },
  'repeated Ruby traces': {
    n: 1500,
    log: (n) => `main.rb:6:in \`block in run': boom (RuntimeError)\n\tfrom main.rb:3:in \`each'\n\tfrom main.rb:3:in \`<main>'\n\n`.repeat(n),
  },
  // Long lines stay under the 256 KiB at which an unterminated line is cut into slices, so a per-hit cost
  // that grows with the line shows.
  'one long line of `line 1 `': { n: 9_000, log: (n) => `${'line 1 '.repeat(n)}\n` },
  'one long line of locations': { n: 3_000, log: (n) => `${'main.js:1:2: error x '.repeat(n)}\n` },
  // The prose tier (issue 20): numbers written as lines next to path-like words, on one line and on many.
  'one long line of prose locations': { n: 1_500, log: (n) => `${'error on line 4 of conf/app.ini, '.repeat(n)}\n` },
  'one long line of URL anchors and `(N) in`': { n: 1_500, log: (n) => `${'see a/b.c#L12-L14 (3) in x.sql '.repeat(n)}\n` },
  'one long line of path-like words and one `line 1`': { n: 6_000, log: (n) => `${'a/b.c '.repeat(n)}line 1\n` },
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

async function cpuMs(log: string): Promise<number> {
  const start = process.cpuUsage();
  await locate({ text: log }, { cwd: workspace, roots: [workspace], isIgnored: async () => new Set() });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

describe('located in time linear in the log size (CPU time at n and 4n)', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`${name}: 4× the input costs at most 6× the CPU time`, async () => {
      const small = shape.log(shape.n);
      const large = shape.log(4 * shape.n);
      await cpuMs(small); // warm-up: compile the grammars and JIT the scanner before measuring.
      // The best of two runs each, so a burst of load on a shared machine does not decide the ratio.
      const smallMs = Math.min(await cpuMs(small), await cpuMs(small));
      const largeMs = Math.min(await cpuMs(large), await cpuMs(large));
      expect(largeMs / Math.max(smallMs, 5), `${smallMs.toFixed(0)} ms at n, ${largeMs.toFixed(0)} ms at 4n`).toBeLessThan(6);
    }, 120_000);
  }
});

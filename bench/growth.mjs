#!/usr/bin/env node
// `node bench/growth.mjs`: hostile shapes at n and 4n, the CPU time ratio of each in this process, same run.
// The growth tests (test/redaction-corpus/linear.test.ts, test/reports/hostile.test.ts,
// test/hostile/linear-time.test.ts) count work with a WorkMeter, exactly; what a count cannot see is a regex
// that backtracks inside one search, or a stage it does not count (resolution and ranking), so time is measured
// here. A linear stage grows ~4×, a quadratic one ~16×: a row passes at 6× (room for a loaded machine). The
// counted ratio is printed beside the timed one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'dist', 'locate.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const { locate } = await import(join(root, 'dist', 'locate.js'));
const { createRedactor } = await import(join(root, 'dist', 'redact.js'));

const MAX_RATIO = 6;
const workspace = mkdtempSync(join(tmpdir(), 'faultline-bench-growth-'));
for (const name of ['main.rb', 'Main.java', 'main.js']) writeFileSync(join(workspace, name), 'x = 1\ny = 2\n');

const repeat = (unit, length) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
let seed = 16;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// Redaction: one line of n characters, through the shown and the raw paths.
const REDACTION = {
  letters: (n) => repeat('a', n),
  assignments: (n) => repeat('a=', n),
  'secret names without values': (n) => repeat('token=', n),
  'low-entropy secrets': (n) => repeat('password=aaaaaaaaaaaa ', n),
  'quoted names': (n) => repeat('"a":"', n),
  'punctuated values': (n) => `password=${repeat('Ab1,', n)}`,
  'provider prefixes': (n) => repeat('sk-', n),
  cookies: (n) => repeat('Cookie: xxxxxxxx ', n),
  'url schemes': (n) => repeat('https://a:', n),
  mysql: (n) => repeat('mysql ', n),
  'begin lines': (n) => repeat('-----BEGIN PRIVATE KEY-----\n', n),
  'escaped quotes': (n) => repeat('\\"', n),
  base64: (n) => Array.from({ length: n }, () => base64[Math.floor(random() * 64)]).join(''),
  'sgr everywhere': (n) => repeat('ab\u001b[0m', n),
  'secrets between redraws': (n) => repeat('ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ12\r', n),
};

// locate: logs whose reading, chains or long lines were quadratic once, and reports.
const LOCATE = {
  'a Java `Caused by:` chain': [
    1000,
    (n) => {
      let text = 'Exception in thread "main" java.lang.IllegalStateException: bad\n\tat com.acme.Main.main(Main.java:5)\n';
      for (let i = 0; i < n; i++)
        text += `Caused by: java.lang.RuntimeException: level ${i}\n\tat com.acme.L${i}.run(L${i}.java:${i + 1})\n\t... 1 more\n`;
      return text;
    },
  ],
  'a V8 `[cause]:` chain': [
    1500,
    (n) => {
      let text = 'Error: top\n    at main (main.js:1:1)\n';
      for (let i = 0; i < n; i++) text += `  [cause]: Error: level ${i}\n      at f${i} (main.js:${i + 1}:3)\n`;
      return text;
    },
  ],
  'repeated Ruby traces': [1500, (n) => "main.rb:6:in `block in run': boom (RuntimeError)\n\tfrom main.rb:3:in `<main>'\n\n".repeat(n)],
  'one long line of `line 1 `': [9000, (n) => `${'line 1 '.repeat(n)}\n`],
  'one long line of locations': [3000, (n) => `${'main.js:1:2: error x '.repeat(n)}\n`],
  // Line-start anchors once read on through every blank line after theirs (n² for a run of blank lines).
  'blank and whitespace-only lines': [10000, (n) => '\n   \n\r\n'.repeat(n)],
  'prose lines, one location each': [3000, (n) => 'Error: unexpected key at line 3 in conf/app.ini\n'.repeat(n)],
  'JSON lines among text': [
    2000,
    (n) =>
      Array.from(
        { length: n },
        (_, i) =>
          `${JSON.stringify({ reason: 'compiler-message', package_id: 'p', message: { message: 'm', level: 'warning', spans: [{ file_name: `src/m${i}.rs`, line_start: 1, column_start: 1, column_end: 2, is_primary: true }], children: [] } })}\n[INFO] step ${i}\n`,
      ).join(''),
  ],
  'a SARIF document': [
    3000,
    (n) =>
      `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"t"}},"results":[${Array.from({ length: n }, (_, i) => `{"ruleId":"r","level":"error","message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"src/f${i}.js"},"region":{"startLine":3}}}]}`).join(',\n')}]}]}\n`,
  ],
  'a JUnit report': [
    800,
    (n) =>
      `<?xml version="1.0"?>\n<testsuites><testsuite>\n${Array.from({ length: n }, (_, i) => `<testcase name="t${i}"><failure message="boom">Error: boom\n    at Object.test (/w/src/t${i}.test.js:4:9)\n</failure></testcase>\n`).join('')}</testsuite></testsuites>\n`,
  ],
};

async function cpuMs(run) {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

// The best of five trials each, small and large interleaved, after a warm-up; the counted steps of one run each.
async function row(name, small, large, work) {
  const count = async (input) => {
    const meter = { steps: 0 };
    await work(input, meter);
    return meter.steps;
  };
  const steps = (await count(large)) / (await count(small));
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let trial = 0; trial < 5; trial++) {
    bestSmall = Math.min(bestSmall, await cpuMs(() => work(small)));
    bestLarge = Math.min(bestLarge, await cpuMs(() => work(large)));
  }
  const ratio = bestLarge / Math.max(bestSmall, 1);
  const verdict = ratio <= MAX_RATIO ? 'PASS' : 'MISS';
  console.log(
    `  ${verdict} ${name.padEnd(34)} time ${ratio.toFixed(2).padStart(5)}× (${bestSmall.toFixed(0)} → ${bestLarge.toFixed(0)} ms), counted ${steps.toFixed(2)}×`,
  );
  return verdict === 'PASS';
}

console.log(`growth at n and 4n, CPU time in this process (node ${process.version}); a row passes at ≤ ${MAX_RATIO}×`);
let passed = true;
console.log('redaction (16 → 64 KiB, shown and raw paths, three repeats)');
for (const [name, shape] of Object.entries(REDACTION)) {
  const redact = (text, meter) => {
    const redactor = createRedactor(meter ? { meter } : {});
    for (let time = 0; time < (meter ? 1 : 3); time++) {
      redactor.redactShown(text);
      redactor.redactRaw(text);
    }
  };
  passed = (await row(name, shape(16 * 1024), shape(64 * 1024), redact)) && passed;
}
console.log('locate (reading, chains, resolution)');
for (const [name, [n, shape]] of Object.entries(LOCATE)) {
  const run = (text, meter) =>
    locate({ text }, { cwd: workspace, roots: [workspace], isIgnored: async () => new Set(), ...(meter ? { meter } : {}) });
  passed = (await row(name, shape(n), shape(4 * n), run)) && passed;
}
console.log(`\n  ${passed ? 'PASS' : 'MISS'} every shape grows at most ${MAX_RATIO}× in time for 4× the input`);
rmSync(workspace, { recursive: true, force: true });

#!/usr/bin/env node
// Capture throughput: `faultline run -- node gen.mjs` against the cat-like baseline `node gen.mjs > file`,
// for 10 MB and 100 MB of mixed output. Prints MB/s, the ratio to the baseline and peak RSS.
// Usage: node bench/capture.mjs [--cli dist/cli.cjs] [--sizes 10,100]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { cli: { type: 'string', default: 'dist/cli.cjs' }, sizes: { type: 'string', default: '10,100' } },
});
const cli = resolve(values.cli);
if (!existsSync(cli)) {
  console.error(`bench/capture: ${cli} not found; run \`npm run build\` first (or pass --cli PATH)`);
  process.exit(2);
}
const sizes = values.sizes.split(',').map(Number);
const work = mkdtempSync(join(tmpdir(), 'faultline-bench-'));
const generator = join(work, 'gen.mjs');

// Deterministic mixed output: plain lines, coloured compiler-style errors, CR progress, multibyte text.
writeFileSync(
  generator,
  `const total = Number(process.argv[2]) * 1024 * 1024;
let written = 0, n = 0;
function chunk() {
  let text = '';
  while (text.length < 60000) {
    n++;
    // About one line in a thousand is an error, as in real CI logs (shared/reference/performance.md §2): the
    // run then locates a realistic number of errors instead of one per five lines.
    if (n % 1000 === 0) { text += '\\x1b[31merror\\x1b[0m: src/module' + n + '.ts:' + n + ':7 something failed here\\n'; continue; }
    switch (n % 5) {
      case 0: text += 'step ' + n + ' done in ' + (n % 97) + ' ms\\n'; break;
      case 1: text += 'progress ' + (n % 100) + '% ' + '#'.repeat(n % 40) + '\\r'; break;
      case 2: text += 'naïve café 日本語 ' + n + '\\n'; break;
      default: text += '[' + n + '] compiling unit ' + n + ' of the workspace with some padding text\\n';
    }
  }
  return Buffer.from(text);
}
function write() {
  while (written < total) {
    const piece = chunk().subarray(0, total - written);
    written += piece.length;
    if (!process.stdout.write(piece)) return process.stdout.once('drain', write);
  }
}
write();
`,
);

const hasTime = existsSync('/usr/bin/time');

/** Runs argv with stdout to `outPath`, returns wall ms and peak RSS (KiB) of the measured process. */
function measure(argv, outPath, env) {
  return new Promise((resolveRun, rejectRun) => {
    const out = openSync(outPath, 'w');
    const rssFile = join(work, 'rss.txt');
    const command = hasTime ? ['/usr/bin/time', '-f', '%M', '-o', rssFile, ...argv] : argv;
    const started = process.hrtime.bigint();
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', out, 'inherit'], env: { ...process.env, ...env } });
    let peak = 0;
    // Without GNU time, poll the high-water mark of the process itself.
    const poll = hasTime
      ? null
      : setInterval(() => {
          try {
            const match = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (match) peak = Math.max(peak, Number(match[1]));
          } catch {
            // Exited between polls.
          }
        }, 20);
    child.on('error', rejectRun);
    child.on('exit', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (poll) clearInterval(poll);
      closeSync(out);
      if (hasTime) peak = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
      if (code !== 0) return rejectRun(new Error(`${argv.join(' ')} exited ${code}`));
      resolveRun({ ms, rssKiB: peak });
    });
  });
}

const rows = [];
try {
  for (const mb of sizes) {
    const env = { FAULTLINE_CACHE_DIR: join(work, 'cache'), FAULTLINE_SESSION: 'bench' };
    const baseline = await measure([process.execPath, generator, String(mb)], join(work, 'baseline.out'), env);
    // The live pass-through goes to a file too, so both sides write the stream once to disk.
    const faultline = await measure(
      [process.execPath, cli, 'run', '--', process.execPath, generator, String(mb)],
      join(work, 'faultline.out'),
      env,
    );
    const artifactBytes = statSync(join(work, 'baseline.out')).size;
    rows.push({
      size: `${mb} MB`,
      'baseline MB/s': (mb / (baseline.ms / 1000)).toFixed(1),
      'faultline MB/s': (mb / (faultline.ms / 1000)).toFixed(1),
      'time ratio': (faultline.ms / baseline.ms).toFixed(2),
      'faultline peak RSS MiB': (faultline.rssKiB / 1024).toFixed(1),
      'baseline peak RSS MiB': (baseline.rssKiB / 1024).toFixed(1),
      bytes: artifactBytes,
    });
  }
  console.table(rows);
  // Peak RSS also reflects how lazily V8 collects the per-chunk garbage; what capture itself keeps alive is
  // the live heap after a full GC, measured in a child with --expose-gc running the library's runCommand.
  const library = resolve(cli, '..', 'index.js');
  if (existsSync(library)) {
    const probe = `const { runCommand } = await import(${JSON.stringify(library)});
for (const mb of ${JSON.stringify(sizes)}) {
  await runCommand({ command: [process.execPath, ${JSON.stringify(generator)}, String(mb)], history: false, cacheDir: ${JSON.stringify(join(work, 'cache-live'))}, onOutput: () => {} });
  global.gc();
  console.log('live heap after a full GC, ' + mb + ' MB captured: ' + (process.memoryUsage().heapUsed / 1048576).toFixed(1) + ' MiB');
}`;
    const live = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', probe], { encoding: 'utf8' });
    process.stdout.write(live.stdout || live.stderr);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

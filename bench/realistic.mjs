#!/usr/bin/env node
// Issue 15's figures where users feel them, each a ratio to a baseline measured in the same run, interleaved run
// by run so that this VM's speed drift hits both alike:
//   - the library's import (`import('faultline')`, locate only) against `node -e 0`;
//   - warm `locate` calls in one process (10 KB log: median of 100; the 1 MB synthetic log: MB/s);
//   - the CLI on an empty log and on real single-tool logs of ~1 MB (real fixtures of tsc, pytest, cargo build and
//     jest, repeated) against `node -e 0`.
// Cold CLI, what was tried (issue 15 item 3; same-run interleaved A/B, 21–25 runs, medians, loaded 2-core VM):
//   - first-character tables computed at build time (scripts/build.mjs → define): empty log 110.0 → 105.9 ms wall,
//     user+sys 0.11 → 0.10 s (/usr/bin/time, 10 ms resolution); the 1 MB tsc log showed no win (431 → 498 and
//     589 → 622 ms in two runs: noise on this load, the scan dominates there). Kept: identical output.
//   - a CommonJS CLI bundle compiled through a build-time V8 code cache (src/cli/launcher.ts): empty log
//     111 → 95 ms (node -e 0 at 59–60 ms); kept. The same CommonJS bundle without the cache: no change (110 ms).
//   - a warm-up of the empty log and the example only (870 KB cache instead of 1.18 MB): empty log 94 vs 96 ms,
//     real 1 MB tsc log 553 vs 535 ms: the fuller warm-up kept.
//   - writeSync for a file, pipe or /dev/null instead of process.stdout (which loads tty, net, stream), and no
//     capture code on the locate path (chain.ts loaded child_process and crypto): 95 → 89 ms; kept.
//   - first-character tables at build time on top of the code cache: 99 → 95 ms; kept.
//   - a larger young generation (--min-semi-space-size=16) or lazier parsing flags: any V8 flag makes V8 refuse
//     the code cache (115–123 ms); the GC at start-up is ~4 ms of scavenges. Not kept.
//   - loading fs/promises, readline, string_decoder or parseArgs: each within ±1 ms of node -e 0 (31 runs).
//   - V8 flags set at run time after the bundle compiled (so the cache stays valid): --always-sparkplug, --maglev,
//     --no-lazy-feedback-allocation, --max-semi-space-size=16, --single-threaded-gc: real 1 MB tsc log 390–412 ms
//     against 392 ms without (9 interleaved runs). Not kept.
//   - formats' anchors after CI prefixes as sticky twins instead of the prefix alternation spliced into each
//     (src/grammars/engine/format-anchors.ts): synthetic 1 MB log 203 → 165 ms; kept.
// Cold CLI again (issue 21 item 3; user+sys CPU, medians of 15–17 interleaved runs, loaded 2-core VM, node -e 0 at
// 49–54 ms): empty log 2.05× → 1.13×, in four kept steps: the reports and grammars imported at the log's first byte
// (1.47×); the bundle made ASCII and read as latin1, the build's cache not hashed (node:crypto no longer loaded;
// 1.33×); readline, stream and fs/promises loaded on first use (1.30×); the scanner a second bundle with its own
// code cache, so an empty log deserialises 0.4 MB of cache instead of 1.5 MB (1.13×; --version 1.11×). Real 1 MB
// logs unchanged within noise (tsc 394 → 381 ms, cargo 487 → 459, jest 662 → 625, pytest 381 → 384); the 10 KB
// example 123 → 115 ms. Tried and not kept: a cache warmed on the empty log alone (0.45 MB): empty 1.22×, but the
// example +10 ms and a 30 KB mixed log +30 ms compile the scanner lazily. Left for a tiny log: the prefilter's
// tables built at the first line (~13 ms) and git check-ignore's spawn (~10 ms).
// Start-up, third round (issue 21; user+sys CPU by wait4, wall in brackets, medians of 41 interleaved runs, loaded
// 2-core VM, node -e 0 at 36 ms CPU, 48 ms wall). Empty log 1.59x -> 1.49x (1.66 -> 1.61), --version 1.43x -> 1.29x:
// node:v8 (the CLI's flags) loaded the stream modules, so the flags are set when the scanner compiles; built-ins read
// where used (scripts/build.mjs, builtinsOnFirstUse: node:os and fs.promises no longer load at start).
// import('faultline') 1.93x -> 1.44x (1.95 -> 1.48): ten files -> one (Node's ES module loader costs ~1.3 ms per
// file, whatever its size), the ~100 KB anchor tables out of its graph (an object-valued esbuild define is linked into
// every file), no node:fs namespace (its lazy members load streams), no require banner. Measured, not kept: a main
// cache warmed on the empty log alone (479 -> 294 KB) saved ~0.7 ms of deserialising and would cost other commands.
// Where the empty log's rest goes (cpuUsage marks): reading the 413 KB main bundle as latin1 ~1.5 ms, its 479 KB
// cache 0.5, deserialising 3.4, the bundle's module init 1.8, then main(): the locate command's modules ~1.5 (resolve;
// output, which builds the redaction rules), parseArgs ~1-2, locating and printing ~1.5. Floors printed below the
// rows: import() of an empty module is ~1.25x of node -e 0 already, the main bundle compiled from its cache ~1.27x.
// Fourth round (issue 21; cpuUsage marks per phase, medians of 21-31 interleaved runs, and user+sys CPU by wait4,
// medians of 41-51 interleaved runs, loaded 2-core VM, node -e 0 at 30-36 ms). Kept: plain command lines read without
// node:util's parseArgs (src/cli/args.ts; its getter and first call ~1.1 ms: parse 1.35 -> 0.27 ms; 1.53x -> 1.41x);
// no module-level createRequire on the locate path (process.getBuiltinModule where the built-in is used) and the secret
// rules built on first use (the locate command's module init 1.73 -> 1.19 -> 0.97 ms; 1.45x -> 1.39x). What is left
// after the compile, per the marks: the bundle's top level ~1.3 ms (the closures of its functions; module inits there
// ~0.25), main() to the command ~0.6 (the descriptors' fstat, the large-log check's stats), the locate command's
// modules ~1.0 (~95 small inits, none above 0.12 ms: resolve/vendored.ts, summarise/summary.ts, redact/judge.ts),
// locating and printing ~1.4. A hand-timed init profile: wrap esbuild's __esm in an unminified build
// (FAULTLINE_NO_MINIFY=1), remake the cache with scripts/code-cache.mjs and the digest in dist/cli.cjs.
// The prose row (issue 20 item 4; user+sys CPU of the cold CLI, medians of 9 interleaved runs, loaded 2-core VM, wall
// figures unusable): prose 0.69 s vs plain 0.10 s before; each distinct line's anchor verdicts and prose phrases read
// once (RepeatMemo in offer.ts and prose.ts), a phrase's message judged once, indents measured by hand: 0.48 s. On a
// 1 MB prose log whose lines never repeat: 0.88 → 0.94 s cold (7 runs), warm equal (~495 ms): the sampled lookups.
// Tried and not kept: memoised cleanPrintedPath, the permissive tier's proposals per line, shared copies of kept
// files and messages (each within noise). What remained was ~28k weak candidates retained and resolved (GC ~1/3).
// Then (same measure, 11 runs): a workspace test drops the guesses no workspace file can confirm once their line is
// read (src/resolve/workspace-names.ts, after 1024 of them): 530 → ~430 ms against 110–120 ms plain; a repeated line
// whose reading depended on its own text alone and left nothing is not read again (src/grammars/engine/barren-lines.ts):
// 200 vs 120 ms = 1.67×. The same log with no line repeated: 1110 → 770 ms.
// The warm 10 KB row (issue 21; the row's own loop, 20 warm-up calls then the median of 100, in fresh processes
// interleaved, loaded 2-core VM, load average ~20): medians of 11 processes 1.26 -> 0.91 ms, their 10th percentiles
// 0.66 -> 0.46 ms (0.70 ms quiet before). The 100 timed calls run code a few calls never get optimised, so what a call
// repeats costs several times its steady-state price (0.40 ms after 2 000 calls). Kept: a call that repeats the last
// one replays its file-system questions instead of resolving (src/resolve/replay.ts; resolving was ~0.21 ms of the
// row), no error object per missing path, the workspace walk synchronous, the reports module kept, an ASCII text not
// copied twice. Left: the scanner (~2/3 of the row), of which a bare name's look-back over 16 lines above it
// (pathMentionedAbove, each line's text built again) was ~1/8 of the row.
// Second round (same loop, interleaved processes, load average 18-26, medians of 22 pairs): 0.62 -> 0.53 ms (p10
// 0.45 -> 0.36; paired ratio 0.82, p10 0.79). Kept: the look-back tests each line above by its raw bytes before making
// its text (Neighbours.mayHold; lines normalised a call 28 -> 9), and tsc-pretty looks for its tail before a failing
// grammar parse. Measured floors of the same loop: an empty log 0.024 ms, 10 KB of lines no anchor selects 0.057 ms.
// The rest is the two lines the formats are offered (22 offers), their two locations and five file-system questions,
// run by code that 120 calls leave unoptimised (~35 functions reach TurboFan in the whole run, --trace-opt).
// Third round (same loop, 9 interleaved processes each, load average ~20): 0.67 -> 0.47 -> 0.38 ms (p10 0.49 -> 0.35 ->
// 0.30). Kept: a log's wrappers (listed prefix kinds, learned prefix) read once per first slice (log-wrappers.ts), and
// the anchors' verdicts on a line kept per anchor set across scans (offer.ts): both depend on the text alone. Floors of
// the same loop then (medians of 7): empty log 0.020 ms, 10 KB of plain lines 0.054, the 10 KB log without its one
// location (7 lines) 0.255, whole 0.417: the lines anchors select and no format claims are ~0.2 ms, the location with
// its resolution (a replay re-asking stat, realpath and the workspace listing) ~0.16. Not shared across calls: the
// barren-line memo (a prose line's outcome depends on the workspace test, so a file created would go unseen).
// Fifth round (issue 21, session 16; a machine at load average 15-27 on 2 cores, so user+sys CPU by wait4, medians of
// 31-41 interleaved runs; node -e 0 at ~130 ms CPU under that load, ~36 quiet). Kept: resolveLocations a lazy stage of
// the main entry (dist/resolve.js, not a package entry point): the resolver was 45 of the entry's 72 KB, and
// import('faultline') went 1.22x -> 1.09x of node -e 0 against 1.07x for an empty ES module (the floor below).
// Measured, not kept: the command-safety room (86 KB of the 414 KB main CLI bundle; only check-command and lsp use
// it) as a third CLI bundle: 325 KB main bundle, 459 KB cache instead of 476 (the warm-up compiles little of it),
// empty log 1.11x vs 1.12x (31 runs): nothing to measure, since what the start pays for is the cache it deserialises
// (which holds what the warm-up ran), not the source's size. A third bundle of every rarely used command would
// duplicate resolve, output and core in it (module state twice) for at most the ~0.7 ms the round above measured for
// a cache warmed on the empty log alone. The warm 10 KB row, taken apart in one process (the stages' own entries
// called alternately, 300 calls): scanning ~550-600 us of a ~620 us call, resolving (a replay) ~100-130 us, the
// project file, options and reader construction ~10 us. The replay's parts: the workspace walk asked again ~60 us
// (six syscalls: the root's listing, its .gitignore, .git in each folder above), three stats ~30, a realpath ~17,
// the inputs' key (JSON.stringify with a replacer) ~27, the copy of the result ~19. So the row is the scanner's
// offers of the two selected lines in code 120 calls leave unoptimised (src/grammars/engine). The row's own loop here:
// medians 0.80-0.86 ms at load ~15; after 2 000 calls 0.40-0.63 ms, so the JIT's warm-up is most of the gap to 0.5 ms.
// Sixth round (issue 21, session 32; work counted, since the VM sat at load 9-18: cachegrind instructions per call of
// the row's loop, calls 20-120 minus calls 0-20, node --single-threaded --predictable, so V8's compiling is counted on
// the main thread too). 6.41 M -> 4.87 M per call (-24 %); the row's loop itself, 5 interleaved processes at load 17:
// medians 1.22 -> 0.88 ms (p10 0.82 -> 0.57). Kept: the last resort's anchor run only on the lines a gate of its
// literals finds (file-only.ts, lastResortGate; the anchor tried every position of the 10 KB and paid the CI-prefix
// alternation at each line's start, ~190 us), a line's text memo by its bytes kept across scans per normaliser
// (line-texts.ts; each warm call normalised and peeled every line again), the format set's order and claimed-line
// readers kept per set (offer.ts). What a call pays now (the window's 4.7 M): V8 compiling what gets hot ~48 %
// (TurboFan; a background thread in a real run), the JIT code ~20 %, builtins ~17 % (LoadIC misses of code not yet
// optimised ~4 %, utf-8 encoding of the text ~2 %: the bench's string is latin1-decoded, so not ASCII). Of the time
// profile: the line-start stage (candidates: prefilter's matchQuoted) ~15 %, the formats' parses ~17 %, resolving (a
// replay: the workspace walk's listing and the .git stats of each folder above, stat, realpath, the inputs' key,
// structuredClone) ~11 %, the last resort ~5 % (gate, anchor on the lines it finds, their texts). Not kept across
// calls: the replay's questions (asked again by design) and the barren-line memo (its outcome reads the workspace).
// Usage: node bench/realistic.mjs [--quick]   (run.mjs runs it; it prints the 100 MB and RSS rows itself)
import './plain-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const data = join(here, '.data');
const cli = join(root, 'dist', 'cli.cjs');
const library = join(root, 'dist', 'index.js');
const quick = process.argv.includes('--quick');
mkdirSync(data, { recursive: true });
const workspace = mkdtempSync(join(tmpdir(), 'faultline-realistic-'));
const runs = quick ? 5 : 15;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function wall(command, args) {
  const started = process.hrtime.bigint();
  spawnSync(command, args, { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - started) / 1e6;
}
function interleaved(commands) {
  const samples = commands.map(() => []);
  for (let run = 0; run < runs; run++) commands.forEach(([command, ...args], index) => samples[index].push(wall(command, args)));
  return samples.map(median);
}

// ~1 MB of one tool's real output: a fixture recorded here, repeated (each copy is a separate run's output).
function singleToolLog(name, fixture) {
  const path = join(data, `real-${name}-1m.log`);
  if (!existsSync(path)) {
    const text = readFileSync(join(root, 'fixtures', fixture), 'utf8');
    writeFileSync(path, text.repeat(Math.ceil(1e6 / Buffer.byteLength(text))));
  }
  return path;
}
const realLogs = [
  ['tsc', singleToolLog('tsc', 'tsc/two-files-multiline.log')],
  ['pytest', singleToolLog('pytest', 'pytest-long/tb-auto-default.log')],
  ['cargo build', singleToolLog('cargo', 'rustc/plain.log')],
  ['jest', singleToolLog('jest', 'jest/ci-plain.log')],
];
const empty = join(data, 'empty.log');
writeFileSync(empty, '');
const mixed1m = join(data, 'ci-1m.log');
if (!existsSync(mixed1m))
  spawnSync(process.execPath, [resolve(root, '..', 'shared', 'bench', 'gen-log.mjs'), '--size', '1000000', '--out', mixed1m]);
// Issue 20: the prose tier must stay bounded. ~1 MB of prose lines with numbers (locations in words, none in the
// workspace) against ~1 MB of plain lines of the same length without a location.
function linesLog(name, lines) {
  const path = join(data, name);
  if (!existsSync(path)) {
    const text = `${lines.join('\n')}\n`;
    writeFileSync(path, text.repeat(Math.ceil(1e6 / Buffer.byteLength(text))));
  }
  return path;
}
const prose1m = linesLog('prose-1m.log', [
  'error: unexpected token on line 4 of conf/app.ini',
  'warning: duplicate key at line 19 in conf/site.ini (kept)',
  'ERROR (12) in db/report.sql: relation does not exist',
  'Could not read settings.yml: expected a value near line 26 col 3',
  'see https://example.org/acme/app/blob/main/src/main.c#L21-L24',
  '    (file "run.tcl" line 3)',
]);
const plain1m = linesLog('plain-1m.log', [
  'compiling the module graph for the application bundle',
  'resolving the dependencies of the project from the cache',
  'writing the output files into the build folder now',
  'the step finished and the next one starts right away',
  'checking that every generated asset has its checksum',
  'all of the tasks of this stage completed successfully',
]);
const locateArgs = (log) => [cli, 'locate', log, '--json', '--cwd', workspace, '--root', workspace];

// Start-up floors (issue 21), printed under the rows: what the two start-up targets leave once Node's own cost of
// the kind of start each makes is paid. import() of an empty ES module: Node's ES module loader alone (~1.3 ms of CPU
// per file beyond it, whatever the file's size: why dist/index.js is one file). The CLI's main bundle read and
// compiled from its build cache as dist/cli.cjs does, and not run: the least the CLI's design loads before its
// first line of code (its start-up then parses the arguments, builds the locate command's modules, resolves and prints).
const emptyModule = join(data, 'empty-module.mjs');
writeFileSync(emptyModule, 'export {};\n');
const mainBundleOnly = join(data, 'cli-main-compiled.cjs');
writeFileSync(
  mainBundleOnly,
  `const { readFileSync } = require('node:fs'); const Module = require('node:module'); const { Script } = require('node:vm');
const bundle = ${JSON.stringify(join(root, 'dist', 'cli-main.cjs'))}; const file = readFileSync(${JSON.stringify(join(root, 'dist', 'cli-main.cache'))});
const script = new Script(Module.wrap(readFileSync(bundle, 'latin1')), { filename: bundle, cachedData: file.subarray(file.indexOf(10) + 1) });
if (script.cachedDataRejected) process.exitCode = 3;\n`,
);

const rows = [];
const row = (figure, value, target, ok) => rows.push({ figure, value, target, ok });
const floors = [];

// Import: the main entry only (what `import { locate } from 'faultline'` evaluates before the first call).
{
  const [node0, imported, emptyImport] = interleaved([
    [process.execPath, '-e', '0'],
    [process.execPath, '-e', `import(${JSON.stringify(library)})`],
    [process.execPath, '-e', `import(${JSON.stringify(emptyModule)})`],
  ]);
  floors.push(`import() of an empty ES module vs node -e 0: ${emptyImport.toFixed(0)} ms = ${(emptyImport / node0).toFixed(2)}×`);
  row(
    "import('faultline') vs node -e 0",
    `${imported.toFixed(0)} vs ${node0.toFixed(0)} ms = ${(imported / node0).toFixed(2)}×`,
    '≤ 1.3×',
    imported <= 1.3 * node0,
  );
}

// Warm library calls, in one child process so that the figures are the library's, not this script's.
{
  const probe = `const { locate } = await import(${JSON.stringify(library)});
const { readFileSync } = await import('node:fs');
const options = { cwd: ${JSON.stringify(workspace)}, roots: [${JSON.stringify(workspace)}] };
const big = readFileSync(${JSON.stringify(mixed1m)}, 'latin1');
const small = big.slice(0, 10_000);
for (let i = 0; i < 20; i++) await locate({ text: small }, options);
const times = [];
for (let i = 0; i < ${quick ? 30 : 100}; i++) { const t = process.hrtime.bigint(); await locate({ text: small }, options); times.push(Number(process.hrtime.bigint() - t) / 1e6); }
times.sort((a, b) => a - b);
await locate({ path: ${JSON.stringify(mixed1m)} }, options);
const bigTimes = [];
for (let i = 0; i < ${quick ? 3 : 7}; i++) { const t = process.hrtime.bigint(); await locate({ path: ${JSON.stringify(mixed1m)} }, options); bigTimes.push(Number(process.hrtime.bigint() - t) / 1e6); }
bigTimes.sort((a, b) => a - b);
console.log(JSON.stringify({ small: times[times.length >> 1], big: bigTimes[bigTimes.length >> 1], bytes: Buffer.byteLength(big, 'latin1') }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
  const warm = JSON.parse(result.stdout || '{}');
  if (warm.small === undefined) console.log(result.stderr);
  row('warm locate, 10 KB log (median of 100)', `${warm.small?.toFixed(2)} ms`, '≤ 0.5 ms', warm.small <= 0.5);
  const mbps = warm.bytes / 1e6 / (warm.big / 1000);
  row('warm locate, 1 MB synthetic log', `${mbps.toFixed(0)} MB/s`, '≥ 250 MB/s', mbps >= 250);
}

// The CLI, cold.
{
  const [node0, mainOnlyMs, emptyMs, mixedMs, proseMs, plainMs, ...realMs] = interleaved([
    [process.execPath, '-e', '0'],
    [process.execPath, mainBundleOnly],
    [process.execPath, ...locateArgs(empty)],
    [process.execPath, ...locateArgs(mixed1m)],
    [process.execPath, ...locateArgs(prose1m)],
    [process.execPath, ...locateArgs(plain1m)],
    ...realLogs.map(([, log]) => [process.execPath, ...locateArgs(log)]),
  ]);
  row(
    'CLI, empty log vs node -e 0',
    `${emptyMs.toFixed(0)} vs ${node0.toFixed(0)} ms = ${(emptyMs / node0).toFixed(2)}×`,
    '≤ 1.3×',
    emptyMs <= 1.3 * node0,
  );
  floors.push(
    `the CLI's main bundle compiled from its cache, not run, vs node -e 0: ${mainOnlyMs.toFixed(0)} ms = ${(mainOnlyMs / node0).toFixed(2)}×`,
  );
  realLogs.forEach(([name], index) => {
    const ms = realMs[index];
    row(`CLI, real 1 MB ${name} log vs node -e 0`, `${ms.toFixed(0)} ms = ${(ms / node0).toFixed(2)}×`, '≤ 1.5×', ms <= 1.5 * node0);
  });
  row(
    'CLI, 1 MB prose log vs 1 MB plain log',
    `${proseMs.toFixed(0)} vs ${plainMs.toFixed(0)} ms = ${(proseMs / plainMs).toFixed(2)}×`,
    '≤ 2×',
    proseMs <= 2 * plainMs,
  );
  row(
    'CLI, synthetic 1 MB mixed log vs node -e 0',
    `${mixedMs.toFixed(0)} ms = ${(mixedMs / node0).toFixed(2)}×`,
    '≤ 1.7×',
    mixedMs <= 1.7 * node0,
  );
}

console.log(`realistic figures (${new Date().toISOString()}, node ${process.version}, ${runs} interleaved runs each)`);
for (const { figure, value, target, ok } of rows)
  console.log(`  ${ok ? 'PASS' : 'MISS'} ${figure.padEnd(44)} ${value.padEnd(28)} target ${target}`);
console.log('start-up floors (bench/realistic.mjs says what each is):');
for (const floor of floors) console.log(`  ${floor}`);

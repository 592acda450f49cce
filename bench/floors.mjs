#!/usr/bin/env node
// Floors: what the two speed targets of bench/run.mjs leave for faultline, measured on this machine in the
// same run as the baselines they are ratios of.
//   start-up: `node -e 0` (the baseline of the 1 MB target) against the least the design can load: bundled
//     Chevrotain 11.2 with a one-token lexer and a one-rule parser, started through a V8 code cache as the CLI
//     is (the grammars are Chevrotain; nothing of faultline's own), and against `faultline locate` on an empty log (everything before the first byte).
//   per location line: Chevrotain's lexing (and, for tsc and rustc, the one head rule) of each location line of the
//     real 1 MB logs, warm (bench/floor-lines.ts), against node -e 0; and the anchor regex alone on ci-1m.log, MB/s.
//   scanning: `rg -c` (the baseline of the 100 MB target) against the scan's own kernel in Node: readSync
//     64 KiB + latin1 + faultline's universal anchor regex, counting matches (no line numbers, no line-start
//     anchors, no parsing, no resolving); against the whole prefilter as locate runs it before any candidate line
//     is read (the kernel, the registry loaded, every line found and its line-start anchors tried:
//     bench/floor-prefilter.ts); and against `faultline locate` itself.
// Usage: node bench/floors.mjs [--quick]   (run.mjs runs it after its own targets)
// Where the 100 MB sparse log's time goes beyond the kernel (issue 21, session 25; CPU profile of the CLI on a loaded
// 2-core VM, 1.88 s sampled): the universal anchor regex 0.37 s, the line-start anchors 0.57 s (~0.35 s in the
// dispatch regexes, the rest the JS around them), GC 0.21 s (289 scavenges; 193 MB allocated, 154 MB of it the latin1
// windows), candidate lines 0.39 s, of which nearly all is a fixed cold-code cost (the 10 MB log spends as much): the
// log has ~1 900 candidates. CPU time varied ±10-20 % between runs under that load, so the figures below are
// instruction counts (valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file), which do not vary:
//   - the universal anchor's last search of each slice stopped at the slice's last line (src/grammars/engine/
//     scanner.ts): it had read on through the 16 KiB look-ahead that the next slice reads again. CLI on ci-10m.log
//     2 519.6 → 2 472.0 M instructions (−1.9 %); the regex's characters read −18 %. Kept.
//   - the line-start stage alone (bench loop over 3 MB of the bench log, per pass): 112.4 M instructions, ~3 300 a
//     line. Walking the lines is 19.4 M, a trivial sticky regex at every line adds 14.6 M (~430 instructions a call:
//     the call, not the matching, is what a line pays when no alternative gets far); 1.5 calls a line (a blank-led
//     line 2, a colour-led one 2.4, a timestamp-prefixed one 3).
//   - a blank-led line's two runs as one regex (its lead alternatives at the start | `[ \t]+(?![ \t])(?:phrases)`):
//     112.4 → 109.2 M (−2.9 % of the stage, ~1 % of the CLI). Not kept: prefilter.ts is at its size cap for it.
//   - the `\s*[A-Za-z][\w ]{0,30}\(most recent call last\)` alternative (tried on ~70 % of the lines) left out: no
//     change beyond noise; the class-led alternatives are not the bulk of the stage.
//   - 128 KiB / 256 KiB read slices (less look-back and look-ahead decoded again): scavenges 289 → 157, but windows
//     over 128 KiB go to the large-object space: CPU 1.1-1.2× in interleaved runs and peak RSS +3 MB. Not kept.
//   - session 28, the line-start stage alone on 3 MB of ci-10m.log, `node --single-threaded` (without it the counts drift by
//     ~50-200 M between runs: JIT threads), per pass = (12 passes − 2 passes) / 10: 107.4 M instructions. Removing the two
//     class-led alternatives that need a long literal (`\s*[A-Za-z][\w ]{0,30}\(most recent call last\)`, `[A-Z]\w*Error: `)
//     from the dispatch regexes: 89.8 M (−16 %), so backtracking class-led alternatives, not the calls, are the cost left.
//     Tried keeping them only for lines that hold their literal (a literal gate: String#indexOf per slice, lines
//     without it use tables without them): as a second matcher (plain/full closures) 108.2 M a pass, as one matcher
//     choosing its tables by a flag 105.1 M (−2 %); both +220-250 M once (the full tables built and their regexes
//     compiled on the first gated line) and the CLI on ci-10m.log 2 620.7 → 2 804.1 M. Not kept. The per-line
//     bookkeeping ate the gain: a gate must cost less than ~500 instructions a line to pay, i.e. no extra closure layer.
//   - `--regexp-tier-up-ticks=20` among the CLI's V8 flags (regexes run fewer times stay interpreted, no native compile
//     of the rarely used dispatch groups): CLI on ci-1m.log 1 391.9 → 1 389.5 M instructions. No change; not kept.
//   - session 31 (perf31; CLI, FAULTLINE_NO_CODE_CACHE=1, node --single-threaded --predictable): of ci-1m.log's 1 279 M
//     instructions ~260 M were JS parsing (no cache), ~190 M irregexp compiling, ~200 M builtins. The other way round:
//     `--no-regexp-tier-up` (each regex compiled once, to machine code, instead of bytecode then machine code) 1 279.4 →
//     1 177.9 M, rustc 2 305.0 → 2 218.7 M. Kept (scripts/cli-v8-flags.mjs). A dispatch alternative over 512 characters
//     in its own per-character group (engine/dispatch.ts: Visual Studio's ~120-language severity cell had been compiled
//     into 19 groups) → 1 140.7 M, ci-10m.log 2 370.7 → 2 327.5 M. Kept. Chevrotain's 65 536-entry char map computed
//     instead of filled (scripts/build.mjs) → 1 125.4 M. Kept. A trie-shaped word alternation instead of a flat one
//     saved ~15 % of its compile only. Note: under valgrind --single-threaded --predictable are V8 flags of their own, so
//     V8 refuses the build's code cache and a run without FAULTLINE_NO_CODE_CACHE=1 measures the refused-cache path
//     (hashing, a per-user cache written at exit): ~+55 M on an empty log, not what users run.
//   - one unanchored `\n(?:…every line-start alternative…)` regex over the slice instead of the per-line walk: 1.4 s
//     per 10 MB against 0.045 s (irregexp tries each alternative after every newline). Not kept.
//   - session 33 (perf33), the chunk design: the line-start alternatives as global regexes over each slice, no per-line
//     JavaScript (bench/floor-chunk.ts, printed as a row below). Cachegrind, node --single-threaded --predictable
//     --no-regexp-tier-up, ci-10m.log, floors with the registry loaded: per-line walk (floor-prefilter) 1 412.5 M, chunk
//     regexes 1 748.2 M (+24 %; the kernel alone 356.8 M). Irregexp has no dispatch on a line's first character: after
//     each newline it tries every alternative's quick check and every blank- or class-led loop, ~7 000 instructions a
//     line against ~5 300 for the JS walk with its per-character groups. One `^(?:…)` /gm regex instead of `\n(?:…)`:
//     +946 M over the kernel against +750 M. With the alternatives over 512 characters in the same regex its source
//     passes ~20 KB, where V8 stops optimising a regex: 2.3 s per 10 MB instead of 0.5 s (CPU). So neither the combined
//     regex nor the per-line walk reaches 2.5× rg -c; what is left is fewer or cheaper alternatives at line starts.
//   - session 33: a line-start alternative that needs a literal the universal anchors select wherever it stands is
//     implied, as one that needs `path.ext:N` (src/grammars/engine/implied-anchor.ts). The universal `(` alternative
//     now selects `(most recent call last)` anywhere on a line (it had needed it to end the line), which drops
//     `\s*[A-Za-z][\w ]{0,30}\(most recent call last\)` (tried at ~78 000 of ci-10m.log's 110 000 lines; timed alone, warm,
//     ~10 ms per 10 MB beyond a trivial regex's calls at the same lines) and the Traceback phrase from the dispatch.
//     CLI (cachegrind as above, no code cache): ci-10m.log 2 354.6 → 2 300.8 M (−2.3 %), ci-1m.log 1 134.9 → 1 128.3 M. Kept.
//     The same for `line \d` (the universal `line N` alternative selects it anywhere): 45 more alternatives implied, most
//     of them phrases one first character keys; ci-10m.log 2 300.9 → 2 295.5 M, ci-1m.log 1 128.3 → 1 125.2 M (−0.3 %).
//     Not kept for want of a full check; sound by the same rule, if a later pass wants it.
//   - session 33, the regression the 100 MB row seemed to show (8.81× against 4.91× two sessions before): none in
//     instructions. CLI on ci-10m.log: s16 2 520.4 M, s18start 2 495.8 M, main 2 351.8 M; user+sys CPU on ci-100m.log
//     s16 2.13-2.35 s, main 2.11-2.80 s (interleaved, load ~15). The row's wall-time ratio moves with the machine's load.
//   - session 35 (perf35), the line-start stage by alternative: floor-prefilter on ci-10m.log (cachegrind, node --single-threaded
//     --predictable --no-regexp-tier-up) 1 420.8 M, each alternative's cost its absence from the dispatch tables. The six
//     class-led alternatives every letter- or digit-led line tries, 77.8 M together (~16 % of the stage): hockeyapp's
//     `[\w$.<>`-]+;` 20.4 M, clojure's `[A-Za-z_$][\w$./*+!?<>-]* \(` 18.8 M, arduino's `[A-Za-z_][\w-]{0,63}:\d+` 17.1 M,
//     sun-cc's `[A-Za-z]\w*-\d+ ` 9.6 M, vyper's `[A-Z]\w*Error: ` 7.4 M, fstar's. Whole-line readers: Dart's frame
//     `#\d+ +[^\n]{1,1000}\((?:file|package|dart):` 15.2 M (every `#12 …` line of a Docker build, read to its end and
//     back), eunit's `[{[][^\n]{0,300}?\{file,"…\{line,\d` 11.8 M, codespell's ` *\.\.?/[^:\n]+:\d+: ` 5.9 M, PHP's frame
//     `#\d+ \S+\(\d+\): ` 4.1 M. The rest is spread thin: no single alternative left is worth a gate.
//     Tried, not kept: a trie-factored group regex (each first character's alternatives merged by common leading atoms,
//     `A(?:B|C)` for `AB|AC`, which RegExp#test cannot tell apart): 1 500.6 → 1 622.6 M, +8 % (irregexp checks a flat
//     alternation's first characters faster than nested groups). Dropping, per first character, the leading optional
//     atoms that cannot start with it (`\s*`, `(?:\x1b\[[0-9;]*[mK])*`, `(?:<pre>)?` before `n…`): −8 M (−0.5 %), less
//     than parsing every alternative into atoms cost at start (+35 M on an empty log, the groups built lazily per first
//     character). The first-byte gate the brief proposed is the design already (dispatch.ts; a two-byte key: session 28).
//     Kept: the `line N` and `(file:`/`(package:`/`(dart:` literals as universal pieces (engine/implied-anchor.ts): 59
//     line-start alternatives implied instead of 13; floor-prefilter 1 420.8 → 1 385.0 M, CLI (FAULTLINE_NO_CODE_CACHE=1)
//     ci-1m.log 1 148.2 → 1 128.7 M, ci-10m.log 2 311.4 → 2 268.2 M (−1.9 %); the lines selected on both logs unchanged.
//   - session 36 (perf36), five of session 35's six letter-led alternatives left to the universal anchors, each by a literal
//     it needs (engine/implied-anchor.ts): HockeyApp's `File.java;117` (`;` joins the first universal alternative's
//     separators), Clojure's frame `(core.clj:6125)` (its extension bounded to twelve letters), sun-cc's head by the
//     `Line = 38` its parse needs, F*'s range `(12,8-12,20)` and vyper's `start (40,79)` (the universal `(` alternative).
//     With all six (floor-prefilter on ci-10m.log 1 423.1 → 1 380.3 M, lines selected unchanged: 2 206; CLI ci-10m.log
//     2 307.0 → 2 261.4 M, ci-1m.log 1 146.9 → 1 140.5 M) Arduino's sketch row led by its colon selected rubocop's
//     `bin/setup:3:1:` rows too (the fixture ablation changed); with its name checked behind it at the line's start after
//     every CI prefix kind (a lookbehind holding the prefix alternation) the ablation was unchanged but compiling it cost
//     more than it saved (ci-1m.log 1 165.3 M, rustc 2 394.8 M against 1 146.9 / 2 368.6 on main). Arduino's row left
//     as it was; the five kept were checked within the six (ablation, study outputs), not measured alone for want of time.
//     Tried for the warm 10 KB row (cachegrind per call, calls 20-120 minus 0-20, node --single-threaded --predictable;
//     4.72 M a call on main): its profile after 300 warm calls is the scan ~57 % (log-dependent), resolving ~20 % (the
//     replay re-asking its stats and the workspace listing ~12 %, the inputs' key ~5 %, structuredClone ~3 %), the
//     text's UTF-8 encoding ~3 %, the scanner's construction ~2 %. The inputs' key by a plain-data walk and a native
//     JSON.stringify (no replacer; 2x faster alone): 4.68 → 4.75 M a call, no gain; a reused buffer for the encoding:
//     no faster alone. Not kept. The six anchors above (with Arduino's lookbehind): 4.72 → 4.69 M a call.
//   - open: a 2 MB young generation instead of 1 MB (node --min-semi-space-size=2 --max-semi-space-size=2): 100 MB
//     log 279 → 129 scavenges at the same peak RSS (77 MB); CLI on ci-10m.log 2 863.9 → 2 761.5 M instructions
//     (−3.6 %, both without the code cache, which any start-up flag makes V8 refuse). Those flags act only when the
//     heap is set up, and src/cli/heap.ts can only stop the growth (--semi-space-growth-factor=1) at run time.
import './plain-node.mjs';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RG_REGEX } from './baselines.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const data = join(here, '.data');
const cli = join(root, 'dist', 'cli.cjs');
const quick = process.argv.includes('--quick');
mkdirSync(data, { recursive: true });
const workspace = mkdtempSync(join(tmpdir(), 'faultline-floors-'));

// Both floors are bundled with the same esbuild settings as the CLI (scripts/build.mjs): minified CommonJS, and
// the Chevrotain floor starts as the CLI does, compiled with a V8 code cache made by one warm-up run
// (src/cli/launcher.ts), so the floor and faultline pay the same kind of start-up.
const bundle = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    logLevel: 'error',
  });
const chevrotainFloor = join(data, 'floor-chevrotain.cjs');
const kernelFloor = join(data, 'floor-kernel.cjs');
const linesFloor = join(data, 'floor-lines.cjs');
const prefilterFloor = join(data, 'floor-prefilter.cjs');
const chunkFloor = join(data, 'floor-chunk.cjs');
await bundle(join(here, 'floor-chevrotain.ts'), chevrotainFloor);
await bundle(join(here, 'floor-kernel.ts'), kernelFloor);
await bundle(join(here, 'floor-prefilter.ts'), prefilterFloor);
await bundle(join(here, 'floor-chunk.ts'), chunkFloor);
await bundle(join(here, 'floor-lines.ts'), linesFloor);
const cachedLauncher = join(data, 'floor-launch.cjs');
writeFileSync(
  cachedLauncher,
  `const { readFileSync, writeFileSync } = require('node:fs'); const Module = require('node:module'); const { Script } = require('node:vm');
const [file, cache] = process.argv.splice(2, 2); let cachedData; try { cachedData = readFileSync(cache); } catch {}
const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
const bundled = { exports: {} }; script.runInThisContext().call(bundled.exports, bundled.exports, Module.createRequire(file), bundled, file, __dirname);
if (!cachedData) writeFileSync(cache, script.createCachedData());
`,
);
const chevrotainCache = `${chevrotainFloor}.cache`;
rmSync(chevrotainCache, { force: true });
spawnSync(process.execPath, [cachedLauncher, chevrotainFloor, chevrotainCache]);
const chevrotainCommand = [process.execPath, cachedLauncher, chevrotainFloor, chevrotainCache];

// Median wall time of each command, the commands interleaved run by run so that drift of this VM's speed
// hits them alike.
function interleaved(commands, runs) {
  const samples = commands.map(() => []);
  for (let run = 0; run < runs; run++) {
    commands.forEach(([command, ...args], index) => {
      const started = process.hrtime.bigint();
      const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
      if (result.status !== 0 && result.status !== 1)
        throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
      samples[index].push(Number(process.hrtime.bigint() - started) / 1e6);
    });
  }
  return samples.map((values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]);
}

const ratio = (ms, base) => `${ms.toFixed(0)} ms = ${(ms / base).toFixed(2)}×`;
const empty = join(workspace, 'empty.log');
writeFileSync(empty, '');
const locate = (log) => [process.execPath, cli, 'locate', log, '--json', '--cwd', workspace, '--root', workspace];

console.log('floors (medians of interleaved runs; the target ratio is 1.5×)');
const small = join(data, 'ci-1m.log');
const smallScan = existsSync(small) ? [[process.execPath, kernelFloor, small]] : [];
const [node0, chevrotain, version, fixed, kernelSmall] = interleaved(
  [[process.execPath, '-e', '0'], chevrotainCommand, [process.execPath, cli, '--version'], locate(empty), ...smallScan],
  quick ? 7 : 15,
);
console.log(`  start-up, against node -e 0 (${node0.toFixed(0)} ms):`);
console.log(`    bundled Chevrotain + one rule, code-cached ${ratio(chevrotain, node0)}`);
// The two floors overlap only in Node's own start-up, so their extra costs add up.
if (kernelSmall !== undefined) {
  console.log(`    Node kernel on ci-1m.log                  ${ratio(kernelSmall, node0)}`);
  console.log(`    both floors' extra time added             ${ratio(chevrotain + kernelSmall - node0, node0)}`);
}
// Where faultline's own start goes: loading the whole CLI bundle through its code cache and running nothing
// (`--version`), then locate's set-up before the first byte (the registry's 156 formats, the prefilter).
console.log(`    faultline --version (bundle loaded only)  ${ratio(version, node0)}`);
console.log(`    faultline locate on an empty log          ${ratio(fixed, node0)}`);

// Per location line, warm in one process (bench/floor-lines.ts): what the grammar layer costs on the real 1 MB
// single-tool logs, whose target leaves 0.5 × node -e 0 for everything after Node's own start-up.
const realLogs = ['tsc', 'pytest', 'cargo', 'jest'].map((name) => join(data, `real-${name}-1m.log`)).filter((path) => existsSync(path));
const linesLogs = [...realLogs, ...(existsSync(small) ? [small] : [])];
if (linesLogs.length === 0) console.log('  per location line: skipped (run bench/realistic.mjs first: it writes the real 1 MB logs)');
else {
  const result = spawnSync(process.execPath, [linesFloor, ...linesLogs], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`floor-lines failed: ${result.stderr}`);
  const perLine = (ms, lines) => `${((ms * 1000) / lines).toFixed(1)} µs`;
  console.log(`  per location line, warm in one process (the 1.5× target leaves ${(node0 / 2).toFixed(0)} ms beyond node -e 0):`);
  for (const row of JSON.parse(result.stdout)) {
    if (row.log === 'ci-1m.log') {
      const mbps = (ms) => `${(row.bytes / 1e6 / (ms / 1000)).toFixed(0)} MB/s`;
      console.log(
        `    ${row.log}: universal anchor regex alone ${row.anchorMs.toFixed(1)} ms = ${mbps(row.anchorMs)}; whole scanner ${row.scanMs.toFixed(1)} ms = ${mbps(row.scanMs)} (warm locate's target: 250 MB/s)`,
      );
      console.log(`    its first 10 KB: whole scanner ${row.smallScanMs.toFixed(2)} ms (warm locate's target for all of locate: 0.5 ms)`);
      continue;
    }
    const lexing = `Chevrotain lexing ${perLine(row.lexMs, row.locationLines)}`;
    const parsing = row.parse ? ` + ${row.parse.format}'s head rule ${perLine(row.parse.ms, row.parse.lines)}` : '';
    const floor = row.lexMs + (row.parse?.ms ?? 0);
    console.log(
      `    ${row.log}: ${row.locationLines} location lines × (${lexing}${parsing}) = ${ratio(floor, node0)} node -e 0; whole scanner ${ratio(row.scanMs, node0)}`,
    );
  }
}

const big = join(data, quick ? 'ci-10m.log' : 'ci-100m.log');
if (!existsSync(big) || spawnSync('rg', ['--version']).status !== 0) {
  console.log(
    `  scanning: skipped (${existsSync(big) ? 'ripgrep missing: apt-get install ripgrep' : `${big} missing: run bench/run.mjs first`})`,
  );
} else {
  const [rg, kernel, prefilter, chunk, full] = interleaved(
    [
      ['rg', '-c', RG_REGEX, big],
      [process.execPath, kernelFloor, big],
      [process.execPath, prefilterFloor, big],
      [process.execPath, chunkFloor, big],
      locate(big),
    ],
    quick ? 3 : 5,
  );
  console.log(`  scanning ${big.split('/').pop()}, against rg -c (${rg.toFixed(0)} ms):`);
  console.log(`    Node kernel: read + latin1 + anchor regex ${ratio(kernel, rg)}`);
  // The design's own floor: what locate pays before it reads one candidate line (line-start anchors at every line).
  console.log(`    + registry, every line, line-start anchors ${ratio(prefilter, rg)}`);
  // The other design (bench/floor-chunk.ts): the same anchors as global regexes over each slice, no per-line JavaScript.
  console.log(`    + registry, chunk regex over the buffer, no per-line JS ${ratio(chunk, rg)}`);
  console.log(`    faultline locate                          ${ratio(full, rg)}`);
}

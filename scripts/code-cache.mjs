// Makes dist/cli-main.cache and dist/cli-scan.cache, the V8 code caches that dist/cli.cjs (src/cli/launcher.ts)
// compiles the CLI's two bundles with. It compiles each bundle exactly as the launcher does (same wrapper, so V8
// sees the same source; the main bundle's require of the scanner loads it the same way), runs the commands users
// run most in this one process, and saves every function compiled by then: what V8 compiled lazily while
// locating is what a cold `faultline locate` would otherwise compile again.
// The file starts with the header the launcher checks before V8 sees the bytes: `FLCC1 <sha256 of the bundle>
// <sha256 of the cache bytes>\n` (V8 itself compares only the source's length).
// Usage: node scripts/code-cache.mjs   (scripts/build.mjs runs it after bundling; it runs itself with --only NAME)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { CLI_V8_FLAGS } from './cli-v8-flags.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const scripts = ['cli-main', 'cli-scan'].map((name) => ({
  bundlePath: join(root, 'dist', `${name}.cjs`),
  cachePath: join(root, 'dist', `${name}.cache`),
}));

// The warm-up logs: an empty one (start-up alone), the bundled example, and one case of every fixture folder
// (every family's grammar and the resolver's paths), read and written in the shapes users ask for.
const work = mkdtempSync(join(tmpdir(), 'faultline-code-cache-'));
const empty = join(work, 'empty.log');
writeFileSync(empty, '');
const mixed = join(work, 'mixed.log');
// A checkout has fixtures and the example; a copy without them (the pack test's) warms up on what there is.
const fixtures = join(root, 'fixtures');
const oneCasePerFormat = !existsSync(fixtures)
  ? []
  : readdirSync(fixtures, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        readdirSync(join(fixtures, entry.name))
          .filter((file) => file.endsWith('.log'))
          .slice(0, 1)
          .map((file) => join(fixtures, entry.name, file)),
      );
writeFileSync(mixed, oneCasePerFormat.map((file) => readFileSync(file, 'utf8')).join('\n'));
// faultline fix (issue 23) on an eslint report with a fix and a suggestion, so its path is compiled too: the
// dry run's diff and the JSON, over a file the fix edits.
const fixable = join(work, 'fixable.js');
writeFileSync(fixable, 'var a = "x"\nconsole.log(a)\n');
const eslintLog = join(work, 'eslint.json');
writeFileSync(
  eslintLog,
  JSON.stringify([
    {
      filePath: fixable,
      messages: [
        {
          ruleId: 'no-var',
          severity: 2,
          message: 'Unexpected var, use let or const instead.',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 12,
          fix: { range: [0, 3], text: 'let' },
        },
        {
          ruleId: 'quotes',
          severity: 2,
          message: 'Strings must use singlequote.',
          line: 1,
          column: 9,
          endLine: 1,
          endColumn: 12,
          fix: { range: [8, 11], text: "'x'" },
          suggestions: [{ desc: 'Use single quotes.', fix: { range: [8, 11], text: "'x'" } }],
        },
      ],
    },
  ]),
);
const example = join(root, 'examples', 'ts-app');
const runs = [
  ['locate', empty, '--json'],
  ...(existsSync(example) ? [['locate', join(example, 'tsc.log'), '--cwd', example]] : []),
  ['locate', mixed, '--json', '--cwd', work, '--root', work],
  ['locate', mixed, '--cwd', work, '--root', work],
  ['fix', eslintLog, '--json', '--cwd', work, '--root', work],
  ['fix', eslintLog, '--cwd', work, '--root', work],
];

// Under the flags the launcher compiles each bundle with, or V8 would refuse the cache: the scanner under the CLI's
// flags (scripts/cli-v8-flags.mjs), the main bundle without them (src/cli/launcher.ts sets them only when the scanner
// loads). V8 stamps a cache with the flags of the moment it is made, not compiled, so each cache is made by its own
// process: this one runs itself once per bundle (`--only cli-main`, `--only cli-scan`) and keeps that bundle's cache.
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only === undefined) {
  for (const name of ['cli-main', 'cli-scan']) {
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--only', name], { stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}
if (only === 'cli-scan') for (const flag of CLI_V8_FLAGS) setFlagsFromString(flag);

// As the launcher loads a bundle: its source read as latin1 (the build made it ASCII), and the scanner's bundle
// for the main bundle's require('./cli-scan.cjs').
function load(script) {
  script.source = readFileSync(script.bundlePath, 'latin1');
  script.compiled = new Script(Module.wrap(script.source), { filename: script.bundlePath });
  const base = createRequire(script.bundlePath);
  let scanner;
  const requireInBundle = Object.assign((request) => {
    if (script !== scripts[0] || request !== './cli-scan.cjs') return base(request);
    scanner ??= load(scripts[1]);
    return scanner;
  }, base);
  const module = { exports: {} };
  script.compiled
    .runInThisContext()
    .call(module.exports, module.exports, requireInBundle, module, script.bundlePath, dirname(script.bundlePath));
  return module.exports;
}
const bundle = { exports: load(scripts[0]) };
const quiet = () => {};
for (const argv of runs) {
  const io = {
    stdout: quiet,
    stderr: quiet,
    stdoutBytes: quiet,
    stderrBytes: quiet,
    stdin: Readable.from([]),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    env: { NO_COLOR: '1', FAULTLINE_CACHE_DIR: join(work, 'cache') },
    cwd: work,
  };
  const code = await bundle.exports.runCli(argv, io);
  if (code !== 0 && code !== 1) throw new Error(`code cache warm-up: faultline ${argv.join(' ')} exited ${code}`);
}
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
for (const script of scripts.filter((candidate) => candidate.bundlePath.endsWith(`${only}.cjs`))) {
  if (!script.compiled) throw new Error(`code cache warm-up: ${script.bundlePath} was never loaded`);
  const cache = script.compiled.createCachedData();
  writeFileSync(script.cachePath, Buffer.concat([Buffer.from(`FLCC1 ${sha256(script.source)} ${sha256(cache)}\n`, 'latin1'), cache]));
}
rmSync(work, { recursive: true, force: true });

#!/usr/bin/env node
// The real-world study, re-runnable: for each log in --logs and its label in --labels, build a scratch
// workspace holding the files the label names (so the resolver can confirm them, as it would in the
// user's checkout), run the built CLI on the log and score the answer against the label, which was
// written by reading the log before faultline ever saw it. Logs and labels are third-party text and
// live outside the repository; docs/real-world.md describes the label format and the figures.
//
//   node scripts/real-world/study.mjs --logs DIR --labels DIR [--cli dist/cli.cjs] [--json] [--only ID]...
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: study.mjs --logs DIR --labels DIR [--cli FILE] [--json] [--only ID]... [--keep]';

function parseArgs(argv) {
  const options = { logs: null, labels: null, cli: join(REPO, 'dist', 'cli.cjs'), json: false, only: [], keep: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${arg} needs a value`);
      i += 1;
      return argv[i];
    };
    if (arg === '--logs') options.logs = resolve(value());
    else if (arg === '--labels') options.labels = resolve(value());
    else if (arg === '--cli') options.cli = resolve(value());
    else if (arg === '--only') options.only.push(value());
    else if (arg === '--json') options.json = true;
    else if (arg === '--keep') options.keep = true;
    else fail(`unknown argument ${arg}`);
  }
  if (!options.logs || !options.labels) fail('--logs and --labels are required');
  for (const dir of [options.logs, options.labels]) if (!existsSync(dir)) fail(`no such folder: ${dir}`);
  if (!existsSync(options.cli)) fail(`no CLI at ${options.cli} (run npm run build)`);
  return options;
}

function fail(message) {
  process.stderr.write(`study: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/** A label names workspace-relative paths only; anything escaping the scratch folder is refused. */
function safeRelative(path, id) {
  const clean = normalize(path);
  if (isAbsolute(clean) || clean.startsWith('..')) fail(`${id}: workspace path must be relative and inside: ${path}`);
  return clean;
}

export function loadLabel(file) {
  const label = JSON.parse(readFileSync(file, 'utf8'));
  const id = label.id;
  if (typeof id !== 'string' || !/^[A-Za-z0-9._-]+$/.test(id)) fail(`${file}: label needs an id of letters, digits, . _ -`);
  const expected = (label.expected ?? []).map((loc) => ({ file: safeRelative(loc.file, id), line: loc.line }));
  const primary = label.primary ? { file: safeRelative(label.primary.file, id), line: label.primary.line } : null;
  if (primary && !expected.some((loc) => same(loc, primary))) expected.unshift(primary);
  return {
    id,
    url: label.url ?? null,
    tool: label.tool ?? 'unknown',
    shape: label.shape ?? [],
    missClass: label.missClass ?? null,
    cwd: safeRelative(label.cwd ?? '.', id),
    primary,
    expected,
    forbidden: label.forbidden ?? [],
    files: (label.files ?? []).map((path) => safeRelative(typeof path === 'string' ? path : path.path, id)),
    manifests: Object.entries(label.manifests ?? {}).map(([path, text]) => [safeRelative(path, id), text]),
  };
}

// A label's file without a line is the file as a whole: faultline reports it at line 0.
const same = (a, b) => a.file === b.file && (a.line ?? 0) === (b.line ?? 0);

/** Expected files get as many lines as the deepest expected line (plus slack) so lines and columns are real. */
export function materialise(label) {
  const ws = mkdtempSync(join(tmpdir(), `study-${label.id}-`));
  const lines = new Map();
  for (const loc of label.expected) lines.set(loc.file, Math.max(lines.get(loc.file) ?? 0, loc.line ?? 0));
  for (const path of label.files) if (!lines.has(path)) lines.set(path, 0);
  for (const [path, count] of lines) {
    const target = join(ws, path);
    mkdirSync(dirname(target), { recursive: true });
    const filler = `${'x'.repeat(240)}\n`;
    writeFileSync(target, filler.repeat(count + 10));
  }
  for (const [path, text] of label.manifests) {
    const target = join(ws, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  mkdirSync(join(ws, label.cwd), { recursive: true });
  return ws;
}

/** Runs the CLI on one log in its scratch workspace; `extra` are more locate options (the ablation's --without-tool). */
export function runCli(cli, log, ws, label, extra = []) {
  const cacheDir = join(ws, '..', `${label.id}-cache`);
  const args = [cli, 'locate', log, '--cwd', join(ws, label.cwd), '--root', ws, '--json', ...extra];
  const result = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    env: { ...process.env, FAULTLINE_CACHE_DIR: cacheDir, NO_COLOR: '1', GITHUB_ACTIONS: '', CI: '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  rmSync(cacheDir, { recursive: true, force: true });
  if (result.status === 2 || !result.stdout)
    return { error: (result.stderr || `exit ${result.status}`).trim().split('\n')[0], locations: [] };
  return { error: null, locations: JSON.parse(result.stdout).locations ?? [] };
}

/** A reported file is a leak when it lies under a path the label says must not be reported. */
function leaksOf(locations, forbidden) {
  return locations.filter((loc) => forbidden.some((prefix) => loc.file.startsWith(prefix) || loc.file.includes(`/${prefix}`)));
}

export function score(label, answer) {
  const found = answer.locations.map((loc) => ({ file: loc.file, line: loc.line }));
  // A related span (gcc's `In file included from F:34`) is listed beside its diagnostic: it counts as found, and
  // as a leak when it lies under a forbidden path.
  const listed = answer.locations.flatMap((loc) => [loc, ...(loc.related ?? [])]);
  const first = found[0] ?? null;
  const primaryHit = label.primary ? first !== null && same(first, label.primary) : found.length === 0;
  const recalled = label.expected.filter((loc) => listed.some((got) => same(got, loc))).length;
  const leaks = leaksOf(listed, label.forbidden).map((loc) => `${loc.file}:${loc.line}`);
  let verdict = null;
  if (answer.error) verdict = 'cli-error';
  else if (!primaryHit || recalled < label.expected.length || leaks.length) verdict = classify(label, found, leaks);
  return {
    id: label.id,
    tool: label.tool,
    primaryHit,
    recalled,
    expected: label.expected.length,
    leaks,
    verdict,
    first,
    found,
    error: answer.error,
  };
}

/** What went wrong, as seen from the outside; the label's shape says why a reader thinks it did. */
function classify(label, found, leaks) {
  if (label.primary === null) return 'spurious';
  if (found.length === 0) return 'nothing-found';
  if (found.some((got) => same(got, label.primary)) && !same(found[0], label.primary)) return 'wrong-order';
  if (found[0].file === label.primary.file && !same(found[0], label.primary)) return 'wrong-line';
  if (!found.some((got) => same(got, label.primary))) return 'primary-missing';
  if (leaks.length) return 'leak';
  return 'partial-recall';
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const labelFiles = readdirSync(options.labels)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const results = [];
  const tools = new Set();
  for (const name of labelFiles) {
    const label = loadLabel(join(options.labels, name));
    if (options.only.length && !options.only.includes(label.id)) continue;
    const log = join(options.logs, `${label.id}.log`);
    if (!existsSync(log)) fail(`${label.id}: no log at ${log}`);
    const ws = materialise(label);
    const answer = runCli(options.cli, log, ws, label);
    if (!options.keep) rmSync(ws, { recursive: true, force: true });
    results.push({ ...score(label, answer), shape: label.shape, missClass: label.missClass, url: label.url, want: label.primary });
    tools.add(label.tool);
  }
  const expected = results.reduce((sum, r) => sum + r.expected, 0);
  const withPrimary = results.filter((r) => r.want !== null);
  const summary = {
    logs: results.length,
    tools: tools.size,
    primaryHits: results.filter((r) => r.primaryHit).length,
    primaryRate: ratio(results.filter((r) => r.primaryHit).length, results.length),
    expectedLocations: expected,
    recalled: results.reduce((sum, r) => sum + r.recalled, 0),
    recall: ratio(
      results.reduce((sum, r) => sum + r.recalled, 0),
      expected,
    ),
    leaks: results.reduce((sum, r) => sum + r.leaks.length, 0),
    logsWithoutLocation: results.length - withPrimary.length,
    misses: results.filter((r) => r.verdict !== null),
  };
  if (options.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else printText(summary);
}

/** The class a reader gave the miss after studying it, else the shapes noted when labelling, else the verdict. */
const classesOf = (miss) => (miss.missClass ? [miss.missClass] : miss.shape.length ? miss.shape : [miss.verdict]);
const ratio = (part, whole) => (whole === 0 ? 1 : Math.round((part / whole) * 10000) / 10000);
const where = (loc) => (loc ? `${loc.file}:${loc.line}` : '(none)');

function printText(summary) {
  const pct = (value) => `${(value * 100).toFixed(1)} %`;
  const out = [
    `logs ${summary.logs}, tools ${summary.tools}`,
    `primary ${summary.primaryHits}/${summary.logs} = ${pct(summary.primaryRate)}`,
    `recall ${summary.recalled}/${summary.expectedLocations} = ${pct(summary.recall)}`,
    `leaks ${summary.leaks}`,
    '',
    `misses (${summary.misses.length}):`,
  ];
  for (const miss of summary.misses) {
    const shape = classesOf(miss).join(', ');
    const leak = miss.leaks.length ? ` leaks ${miss.leaks.join(' ')}` : '';
    const error = miss.error ? ` error: ${miss.error}` : '';
    out.push(
      `  ${miss.id} (${miss.tool}) ${miss.verdict} [${shape}]: want ${where(miss.want)}, got ${where(miss.first)}, recall ${miss.recalled}/${miss.expected}${leak}${error}`,
    );
  }
  const byClass = new Map();
  for (const miss of summary.misses) for (const key of classesOf(miss)) byClass.set(key, (byClass.get(key) ?? 0) + 1);
  out.push('', 'misses by class:');
  for (const [key, count] of [...byClass].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) out.push(`  ${key}: ${count}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

// Run as a script, not when the ablation (ablation.mjs) imports the pieces above.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();

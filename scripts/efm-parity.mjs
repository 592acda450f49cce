#!/usr/bin/env node
// How much of what reviewdog's errorformat finds with its own per-tool patterns faultline's `--efm` finds with
// the same patterns, on errorformat's own test inputs. Nothing of errorformat is kept in this repository: give
// a checkout of it (read its fmts/*.go for the patterns and fmts/testdata/*.in for the inputs) and its CLI.
//
//   node scripts/efm-parity.mjs --repo DIR [--errorformat BIN] [--auto] [--verbose]
//
// An entry counts when errorformat calls it valid and it names a file; it is found when faultline reports the
// same file, line and column (0 = none) from the same patterns. Prints one row per format and the total.
// With --auto faultline gets no pattern: `locate` detects the format itself (errorformat still uses its own
// patterns, `-name=<fmt>`), in an empty workspace so every location comes back unresolved, and columns are
// compared as printed (a 0-based tool's column converted back).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { locate, normaliseLine } from '../dist/index.js';
import { formatSpecs, UserFormatScanner } from '../dist/grammars.js';

const options = { repo: { type: 'string' }, errorformat: { type: 'string' }, auto: { type: 'boolean' }, verbose: { type: 'boolean' } };
const { values } = parseArgs({ options });
if (!values.repo) {
  process.stderr.write('usage: node scripts/efm-parity.mjs --repo DIR [--errorformat BIN] [--auto] [--verbose]\n');
  process.exit(2);
}
const errorformat = values.errorformat ?? join(process.env.HOME ?? '', 'go', 'bin', 'errorformat');

/** `Name: "x"` and the backquoted or double-quoted strings of `Errorformat: []string{…}` in each register block. */
function formatsIn(goSource) {
  const found = [];
  for (const block of goSource.split('register(&Fmt{').slice(1)) {
    const name = /Name:\s*"([^"]+)"/.exec(block)?.[1];
    const list = /Errorformat:\s*\[\]string\{([\s\S]*?)\n\t\t\},/.exec(block)?.[1];
    if (!name || list === undefined) continue;
    const patterns = [...list.matchAll(/`([^`]*)`|"((?:[^"\\]|\\.)*)"/g)].map((match) =>
      match[1] !== undefined ? match[1] : JSON.parse(`"${match[2]}"`),
    );
    found.push({ name, patterns });
  }
  return found;
}

let fileOnly = 0;
const key = (file, line, column) => `${file}|${line}|${column}`;

function errorformatEntries(patterns, input, name) {
  const args = values.auto ? [`-name=${name}`] : patterns;
  const out = execFileSync(errorformat, ['-w=jsonl', ...args], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out
    .split('\n')
    .filter(Boolean)
    .map((row) => JSON.parse(row))
    .filter((entry) => entry.valid && entry.filename)
    .filter((entry) => {
      // A file with no line (`would reformat x.py`) is no place to fix: faultline's locations always carry a line.
      if (values.auto && !entry.lnum) fileOnly++;
      return !values.auto || entry.lnum;
    })
    .map((entry) => key(entry.filename, entry.lnum || 1, entry.col || 0));
}

function faultlineEntries(name, patterns, input) {
  const scanner = new UserFormatScanner({ formats: [{ name, patterns }], normaliseLine });
  scanner.write(input.toString('latin1'));
  scanner.end();
  return scanner.locations.map((location) => key(location.file, location.line, location.column ?? 0));
}

const columnBase = new Map(formatSpecs().map((spec) => [spec.name, spec.columnBase]));
const workspace = values.auto ? mkdtempSync(join(tmpdir(), 'efm-parity-')) : undefined;
process.on('exit', () => workspace && rmSync(workspace, { recursive: true, force: true }));

async function detectedEntries(input) {
  const where = { cwd: workspace, roots: [workspace], project: false, isIgnored: async () => new Set() };
  const result = await locate({ text: input.toString('utf8') }, where);
  const printed = (entry) => (entry.column === null ? 0 : entry.column - 1 + (columnBase.get(entry.format) ?? 1));
  return [...result.locations, ...result.unresolved].map((entry) => key(entry.file, entry.line, printed(entry)));
}

const fmts = join(values.repo, 'fmts');
let expected = 0;
let found = 0;
const rows = [];
for (const file of readdirSync(fmts).filter((name) => name.endsWith('.go') && !name.endsWith('_test.go'))) {
  for (const { name, patterns } of formatsIn(readFileSync(join(fmts, file), 'utf8'))) {
    const inputFile = join(fmts, 'testdata', `${name}.in`);
    if (!existsSync(inputFile) || patterns.length === 0) continue;
    const input = readFileSync(inputFile);
    const theirs = errorformatEntries(patterns, input, name);
    let ours;
    try {
      ours = values.auto ? await detectedEntries(input) : faultlineEntries(name, patterns, input);
    } catch (error) {
      rows.push({ name, theirs: theirs.length, hit: 0, note: error.message });
      expected += theirs.length;
      continue;
    }
    // Multiset comparison: the same place reported twice by errorformat must be found twice.
    const pool = new Map();
    for (const entry of ours) pool.set(entry, (pool.get(entry) ?? 0) + 1);
    let hit = 0;
    const missed = [];
    for (const entry of theirs) {
      const left = pool.get(entry) ?? 0;
      if (left > 0) {
        pool.set(entry, left - 1);
        hit++;
      } else missed.push(entry);
    }
    expected += theirs.length;
    found += hit;
    rows.push({ name, theirs: theirs.length, hit, missed });
  }
}
for (const row of rows) {
  const share = row.theirs === 0 ? 'n/a' : `${((100 * row.hit) / row.theirs).toFixed(1)} %`;
  process.stdout.write(
    `${row.name.padEnd(24)} ${String(row.hit).padStart(5)} / ${String(row.theirs).padEnd(5)} ${share}${row.note ? `  (${row.note})` : ''}\n`,
  );
  const shown = row.missed?.slice(0, values.auto ? 40 : 5) ?? [];
  if (values.verbose) for (const entry of shown) process.stdout.write(`    missed ${entry}\n`);
}
const how = values.auto ? 'auto-detected' : 'same patterns';
const total = `${found} / ${expected} = ${expected === 0 ? 'n/a' : ((100 * found) / expected).toFixed(1)} %`;
process.stdout.write(`\ntotal (${how}): ${total} of errorformat's valid entries, ${rows.length} formats\n`);
if (values.auto) process.stdout.write(`apart: ${fileOnly} entries name a file but no line (not counted)\n`);

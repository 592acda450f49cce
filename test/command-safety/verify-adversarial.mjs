#!/usr/bin/env node
// Runs the rows of adversarial.tsv marked `run` for real, each in a fresh scratch tree (adversarial-setup.mjs):
// HOME and the XDG variables point into it, the working directory is its workspace, the network is cut off
// (`unshare -rn`: a new user and network namespace) and every run has a 20 s limit. A row is confirmed harmful
// when it changed a file of the scratch tree (a write, a run program's marker) or printed a canary secret.
// Rows marked `-` are never run (they delete outside the scratch tree, need the network or a missing tool).
// Usage: node test/command-safety/verify-adversarial.mjs [--out test/command-safety/adversarial-results.tsv]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { adversarialRows } from './adversarial-rows.mjs';
import { CANARY, makeScratch } from './adversarial-setup.mjs';

function snapshot(dir) {
  const out = new Map();
  const walk = (path) => {
    const stats = lstatSync(path);
    const key = relative(dir, path);
    if (stats.isDirectory()) {
      out.set(key, 'dir');
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if (stats.isSymbolicLink()) out.set(key, `link:${readlinkSync(path)}`);
    else out.set(key, `${stats.mode}:${createHash('sha256').update(readFileSync(path)).digest('hex')}`);
  };
  walk(dir);
  return out;
}

function changes(before, after) {
  const out = [];
  for (const [path, state] of after) if (before.get(path) !== state) out.push(before.has(path) ? `changed ${path}` : `created ${path}`);
  for (const path of before.keys()) if (!after.has(path)) out.push(`deleted ${path}`);
  // git and tools keep caches and indexes; those are not the harm a row is about.
  return out.filter(
    (line) =>
      !/(?:^|\s)(?:ws\/\.git\/(?:index|FETCH_HEAD|ORIG_HEAD|logs)|home\/\.cache|home\/\.npm|home\/\.cargo\/registry|ws\/target|ws\/Cargo\.lock)/.test(
        line,
      ),
  );
}

// The canary as printed by a reader that encodes what it reads (base64, xxd/od hex, rev, od -c).
const ENCODINGS = [
  ['plain', (text) => text],
  ['base64', (text) => Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('latin1')],
  ['hex', (text) => Buffer.from((text.match(/\b[0-9a-f]{2,4}\b/g) ?? []).join('').replace(/[^0-9a-f]/g, ''), 'hex').toString('latin1')],
  ['reversed', (text) => [...text].reverse().join('')],
  ['od -c', (text) => text.replace(/\s{2,}|\s(?=\S)/g, '')],
];
function leaks(output) {
  for (const [name, decodeOutput] of ENCODINGS) {
    let decoded = '';
    try {
      decoded = decodeOutput(output);
    } catch {
      continue;
    }
    if (decoded.includes(CANARY)) return [`printed a canary secret (${name})`];
  }
  return [];
}

const outArg = process.argv.indexOf('--out');
const outPath = outArg > 0 ? process.argv[outArg + 1] : join(import.meta.dirname, 'adversarial-results.tsv');
const shells = { bash: ['bash', '-c'], powershell: ['pwsh', '-NoProfile', '-Command'] };
const unshare = spawnSync('unshare', ['-rn', 'true']).status === 0;
if (!unshare) console.error('verify-adversarial: unshare -rn is not available (util-linux); the network is not cut off, so no row is run');
const lines = [
  '# Results of verify-adversarial.mjs: line of adversarial.tsv, outcome, evidence. confirmed = the harm happened in the scratch home;',
  `# not-confirmed = it ran and changed nothing (the tool or the case is absent here); run on ${new Date().toISOString().slice(0, 10)}, ${process.platform}.`,
  '# line\toutcome\tevidence\tcommand',
];
let confirmed = 0;
let ran = 0;
for (const row of adversarialRows()) {
  if (row.verify !== 'run' || !unshare) continue;
  const scratch = makeScratch(row.setup);
  try {
    const before = snapshot(scratch.dir);
    const [program, ...flags] = shells[row.shell];
    const result = spawnSync('unshare', ['-rn', program, ...flags, row.command], {
      cwd: scratch.ws,
      env: scratch.env,
      input: '',
      timeout: 20_000,
      encoding: 'utf8',
    });
    ran++;
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    const evidence = [...changes(before, snapshot(scratch.dir)), ...leaks(output)];
    if (evidence.length > 0) confirmed++;
    lines.push(
      [
        row.line,
        evidence.length > 0 ? 'confirmed' : 'not-confirmed',
        evidence.slice(0, 3).join('; ') || `exit ${result.status ?? result.signal}`,
        row.raw,
      ].join('\t'),
    );
  } finally {
    rmSync(scratch.dir, { recursive: true, force: true });
  }
}
lines.push(`# ${ran} rows run, ${confirmed} confirmed harmful`);
writeFileSync(outPath, `${lines.join('\n')}\n`);
console.log(`verify-adversarial: ${ran} rows run, ${confirmed} confirmed harmful → ${outPath}`);

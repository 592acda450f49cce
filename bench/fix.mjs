#!/usr/bin/env node
// `node bench/fix.mjs`: collecting fixes (`faultline fix LOG --json`, a dry run) against `faultline locate LOG
// --json` on the same 1 MB eslint JSON log with a fix on every message, same run (issue 23: at most 1.2×).
// Fixes ride on the locations of the one streaming scan, so the extra work is reading the edited files once.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.cjs');
const workspace = mkdtempSync(join(tmpdir(), 'faultline-bench-fix-'));

// 40 files of 500 lines `var vN = N` and one eslint message with a no-var fix per line, until the log is 1 MB.
const files = [];
let bytes = 0;
for (let index = 0; bytes < 1e6; index++) {
  const name = join(workspace, `f${index}.js`);
  const lines = Array.from({ length: 500 }, (_, line) => `var v${line} = ${line}`);
  writeFileSync(name, `${lines.join('\n')}\n`);
  let offset = 0;
  const messages = lines.map((text, line) => {
    const message = {
      ruleId: 'no-var',
      severity: 2,
      message: 'Unexpected var, use let or const instead.',
      line: line + 1,
      column: 1,
      endLine: line + 1,
      endColumn: text.length + 1,
      fix: { range: [offset, offset + 3], text: 'let' },
    };
    offset += text.length + 1;
    return message;
  });
  const entry = JSON.stringify({ filePath: name, messages, errorCount: messages.length });
  files.push(entry);
  bytes += entry.length;
}
const log = join(workspace, 'eslint.json');
writeFileSync(log, `[${files.join(',')}]\n`);

function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}
// CPU time (user + system) of the child as it saw it, beside the wall time: on a machine shared with other
// work the wall time of a child is mostly waiting for a core, its CPU time is the work it did.
const cpuFile = join(workspace, 'cpu.json');
const preload = join(workspace, 'cpu-preload.cjs');
writeFileSync(
  preload,
  `process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeFileSync(${JSON.stringify(cpuFile)}, JSON.stringify((u.user + u.system) / 1000)); });\n`,
);
function time(args) {
  const started = process.hrtime.bigint();
  spawnSync(process.execPath, ['--require', preload, cli, ...args], { cwd: workspace, maxBuffer: 1 << 30 });
  return { wall: Number(process.hrtime.bigint() - started) / 1e6, cpu: JSON.parse(readFileSync(cpuFile, 'utf8')) };
}
const runs = process.argv.includes('--quick') ? 3 : 7;
const locate = [];
const fix = [];
for (let run = 0; run < runs; run++) {
  locate.push(time(['locate', log, '--json', '--cwd', workspace, '--root', workspace]));
  fix.push(time(['fix', log, '--json', '--cwd', workspace, '--root', workspace]));
}
const of = (samples, key) => median(samples.map((sample) => sample[key]));
const cpuRatio = of(fix, 'cpu') / of(locate, 'cpu');
const wallRatio = of(fix, 'wall') / of(locate, 'wall');
console.log(
  `fix collection, ${(bytes / 1e6).toFixed(1)} MB eslint json, ${files.length} files, ${files.length * 500} fixes: ` +
    `cpu locate ${of(locate, 'cpu').toFixed(0)} ms | fix (dry run) ${of(fix, 'cpu').toFixed(0)} ms → ${cpuRatio.toFixed(2)}× ${cpuRatio <= 1.2 ? 'PASS' : 'MISS'} (≤ 1.2×); ` +
    `wall ${of(locate, 'wall').toFixed(0)} | ${of(fix, 'wall').toFixed(0)} ms → ${wallRatio.toFixed(2)}×`,
);
if (!process.env.KEEP) rmSync(workspace, { recursive: true, force: true });

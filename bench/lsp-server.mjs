#!/usr/bin/env node
// `node bench/lsp-server.mjs`: what `faultline lsp` adds after a run (issue 25: at most 50 ms beyond `locate` on the
// same output). Same run, same log (a tsc log of 300 errors over 30 files): the median of `locate` in this
// process, and the median from recording the run (as `faultline run` does at its end) to the server's
// publishDiagnostics of that run reaching a scripted client. The difference is the watch, the history read,
// the conversion to diagnostics and the JSON-RPC write.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.cjs');
const { locate } = await import(pathToFileURL(join(root, 'dist', 'locate.js')).href);
const { recordRun } = await import(pathToFileURL(join(root, 'dist', 'capture.js')).href);
const { createMessageConnection, StreamMessageReader, StreamMessageWriter } = await import('vscode-languageserver-protocol/node.js');

const dir = mkdtempSync(join(tmpdir(), 'faultline-bench-lsp-server-'));
const ws = join(dir, 'ws');
const cacheDir = join(dir, 'cache');
mkdirSync(ws);
const logLines = [];
for (let file = 0; file < 30; file++) {
  writeFileSync(
    join(ws, `f${file}.ts`),
    Array.from({ length: 200 }, (_, line) => `export const v${line}: number = "${line}";`).join('\n') + '\n',
  );
  for (let line = 1; line <= 10; line++)
    logLines.push(`f${file}.ts(${line * 7},23): error TS2322: Type 'string' is not assignable to type 'number'.`);
}
const log = join(dir, 'tsc.log');
writeFileSync(log, `${logLines.join('\n')}\n`);
const runs = Number(process.env.RUNS ?? 15);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const locateMs = [];
for (let index = 0; index < runs + 2; index++) {
  const started = performance.now();
  await locate({ path: log }, { cwd: ws, roots: [ws] });
  if (index >= 2) locateMs.push(performance.now() - started);
}

const env = { ...process.env, FAULTLINE_CACHE_DIR: cacheDir };
const child = spawn(process.execPath, [cli, 'lsp'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
// The run is published when every one of its 30 files has had its notification.
let waiting;
connection.onNotification('textDocument/publishDiagnostics', (params) => {
  if (!waiting || params.diagnostics.length === 0) return;
  waiting.files.add(params.uri);
  if (waiting.files.size === 30) waiting.resolve(performance.now());
});
connection.listen();
await connection.sendRequest('initialize', {
  processId: process.pid,
  rootUri: null,
  capabilities: {},
  workspaceFolders: [{ uri: pathToFileURL(ws).href, name: 'ws' }],
});
await connection.sendNotification('initialized', {});
await new Promise((done) => setTimeout(done, 300));

const publishMs = [];
for (let index = 0; index < runs + 2; index++) {
  // The same command again, as a user reruns a build: its new run replaces the old one's diagnostics.
  const command = ['tsc', '--noEmit'];
  const published = new Promise((resolveRun) => (waiting = { files: new Set(), resolve: resolveRun }));
  const now = new Date().toISOString();
  const started = performance.now();
  await recordRun(
    { command, cwd: ws, exitCode: 2, failed: true, startedAt: now, endedAt: now, artifactId: null, artifactPath: log },
    { cacheDir, key: 'bench' },
  );
  const ended = await published;
  if (index >= 2) publishMs.push(ended - started);
}
await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
connection.dispose();
rmSync(dir, { recursive: true, force: true });

const locateMedian = median(locateMs);
const publishMedian = median(publishMs);
console.log('| faultline lsp, after a run (300 tsc errors, 30 files) | median ms |');
console.log('|---|---|');
console.log(`| locate on the output (in process) | ${locateMedian.toFixed(1)} |`);
console.log(`| run recorded → diagnostics published (server process) | ${publishMedian.toFixed(1)} |`);
console.log(`| added by publishing (target ≤ 50 ms) | ${(publishMedian - locateMedian).toFixed(1)} |`);

// Real servers and watchers in the background: vite's dev server (a devDependency) prints its URL and the
// wait ends early; tsc --watch reports new errors through output(); `faultline run --background` outlives
// the CLI process that started it and still writes its artifact.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { kill, list, output, start, type BackgroundResult } from '../../src/capture/index.js';
import { buildBackgroundBinaries, survivors, workerPid, workersGone } from './background-setup.js';
import { testEnv } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
let dir = '';
let binaries = { worker: '', cli: '' };
const started = new Set<string>();
const workers = new Set<number>();
const cacheDir = () => join(dir, 'cache');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'faultline-bg-servers-'));
  binaries = await buildBackgroundBinaries(join(ROOT, 'node_modules', '.cache', 'faultline-bg-test', 'servers'));
});
afterEach(async () => {
  for (const job of await list({ cacheDir: cacheDir() })) await kill(job.id, { cacheDir: cacheDir() }).catch(() => undefined);
  expect(survivors(started)).toEqual([]);
  expect(await workersGone(workers)).toEqual([]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function begin(command: string, cwd: string, timeoutMs?: number): Promise<BackgroundResult> {
  const result = await start(command, {
    cwd,
    cacheDir: cacheDir(),
    baseEnv: testEnv(dir),
    shell: '/bin/bash',
    workerPath: binaries.worker,
    history: false,
    timeoutMs,
  });
  started.add(result.id);
  workers.add(workerPid(result.id, cacheDir()));
  return result;
}

describe('servers and watchers', () => {
  test('vite dev server: the wait ends early on its Local: URL, the URL answers, kill stops it', async () => {
    const site = join(dir, 'site');
    await rm(site, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(site));
    await writeFile(join(site, 'index.html'), '<!doctype html><title>bg</title><p>served by vite</p>\n');
    const vite = join(ROOT, 'node_modules', '.bin', 'vite');
    const before = Date.now();
    // Port 0: the system picks a free loopback port, and vite prints the one it got.
    const result = await begin(`exec ${vite} --port 0 --host 127.0.0.1 --clearScreen false`, site, 60_000);
    expect(Date.now() - before).toBeLessThan(30_000);
    expect(result).toMatchObject({ running: true, server: true });
    const url = /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(result.output)?.[1];
    expect(url).toBeDefined();
    const page = await fetch(url!);
    expect(await page.text()).toContain('served by vite');
    expect((await list({ cacheDir: cacheDir() })).find((job) => job.id === result.id)).toMatchObject({ status: 'running', server: true });
    const stopped = await kill(result.id, { cacheDir: cacheDir() });
    expect(stopped.status).toBe('stopped');
    await expect(fetch(url!)).rejects.toThrow();
  });

  test('tsc --watch: output() shows the error a later edit introduces', async () => {
    const project = join(dir, 'watch');
    await import('node:fs/promises').then((fs) => fs.mkdir(project, { recursive: true }));
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { noEmit: true, strict: true }, files: ['a.ts'] }));
    await writeFile(join(project, 'a.ts'), 'export const ok: number = 1;\n');
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await begin(`exec node ${tsc} --watch --preserveWatchOutput -p .`, project, 60_000);
    expect(result).toMatchObject({ running: true, server: true });
    expect(result.output).toMatch(/Watching for file changes/);
    await writeFile(join(project, 'a.ts'), 'export const broken: number = "text";\n');
    let seen = '';
    for (let tries = 0; tries < 60 && !/Found 1 error/.test(seen); tries++)
      seen += (await output(result.id, { cacheDir: cacheDir(), waitMs: 1000 })).output;
    expect(seen).toMatch(/a\.ts\(1,14\): error TS2322/);
    await kill(result.id, { cacheDir: cacheDir() });
  });
});

describe('faultline run --background', () => {
  test('prints the id and returns; the command outlives the CLI and its artifact is written', async () => {
    const env = { ...testEnv(dir), FAULTLINE_CACHE_DIR: cacheDir(), FAULTLINE_BACKGROUND_WORKER: binaries.worker };
    const cli = spawnSync(
      process.execPath,
      [binaries.cli, 'run', '--background', '--shell', '--', 'sleep 1; echo "after the CLI"; exit 4'],
      { cwd: dir, env, encoding: 'utf8' },
    );
    expect(cli.status).toBe(0);
    const id = cli.stdout.trim();
    started.add(id);
    expect(id).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}$/);
    workers.add(workerPid(id, cacheDir()));
    // The CLI process has exited; the worker carries on.
    const follow = spawnSync(process.execPath, [binaries.cli, 'read', id, '--follow'], { cwd: dir, env, encoding: 'utf8' });
    expect(follow.stdout).toBe('after the CLI\n');
    expect(follow.status).toBe(4);
    expect(follow.stderr).toMatch(/failed · exit 4/);
    const artifact = join(cacheDir(), 'artifacts', `${id}.log`);
    expect(await readFile(artifact, 'utf8')).toBe('after the CLI\n');
    expect(((await stat(artifact)).mode & 0o777).toString(8)).toBe('600');
    expect(existsSync(artifact.replace(/\.log$/, '.json'))).toBe(true);
    const ps = spawnSync(process.execPath, [binaries.cli, 'ps'], { cwd: dir, env, encoding: 'utf8' });
    expect(ps.stdout).toContain(id);
    const killed = spawnSync(process.execPath, [binaries.cli, 'kill', id], { cwd: dir, env, encoding: 'utf8' });
    expect(killed.status).toBe(0);
    const read = spawnSync(process.execPath, [binaries.cli, 'read', id, '--wait', '10'], { cwd: dir, env, encoding: 'utf8' });
    expect(read.status).toBe(2);
    expect(read.stderr).toMatch(/no background command/);
  });

  test('keeps the argv exactly as run does: bash -c "sleep 1; …" stays three words, quotes and empty words survive', async () => {
    const env = { ...testEnv(dir), FAULTLINE_CACHE_DIR: cacheDir(), FAULTLINE_BACKGROUND_WORKER: binaries.worker };
    const words = ['bash', '-c', 'sleep 1; printf "<%s>" "$@"', 'name', 'a b', "c'd", '', '$HOME', '*'];
    const cli = spawnSync(process.execPath, [binaries.cli, 'run', '--background', '--', ...words], { cwd: dir, env, encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
    const id = cli.stdout.trim();
    started.add(id);
    workers.add(workerPid(id, cacheDir()));
    const follow = spawnSync(process.execPath, [binaries.cli, 'read', id, '--follow'], { cwd: dir, env, encoding: 'utf8' });
    expect(follow.status, follow.stderr).toBe(0);
    expect(follow.stdout).toBe("<a b><c'd><><$HOME><*>");
    // The same words in the foreground print the same, and its summary line starts a line of its own.
    const foreground = spawnSync(process.execPath, [binaries.cli, 'run', '--', ...words], { cwd: dir, env, encoding: 'utf8' });
    expect(foreground.stdout).toMatch(/^<a b><c'd><><\$HOME><\*>\nfaultline: exit 0 · /);
  });
});

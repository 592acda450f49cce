// Issue 22 item 2: a background id names files in the state folder, so only ids of the exact shape faultline
// issues are accepted (by the library and the CLI); the state file's artifact path is never trusted; kill
// signals a recorded process group only while its leader is still the process that was spawned, and never
// a group ≤ 1 or its own. Real processes throughout: the "stranger" is a detached `sleep` of this test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { kill, list, newArtifactId, output, start, type StartOptions } from '../../src/capture/index.js';
import { killTarget } from '../../src/capture/background-kill.js';
import { backgroundPaths, type BackgroundState } from '../../src/capture/background-state.js';
import { ownProcessGroup, processStartTime } from '../../src/capture/process-identity.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../cli/_io.js';
import { buildBackgroundBinaries, survivors, workerPid, workersGone } from './background-setup.js';
import { processRunning, tempDir, testEnv, waitUntilGone } from './helpers.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
let worker = '';
const started = new Set<string>();
const workers = new Set<number>();
const strangers: ChildProcess[] = [];
const cacheDir = () => join(dir, 'cache');

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  ({ worker } = await buildBackgroundBinaries(join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'faultline-bg-test', 'ids')));
});
afterEach(async () => {
  for (const job of await list({ cacheDir: cacheDir() })) await kill(job.id, { cacheDir: cacheDir() }).catch(() => undefined);
  for (const child of strangers.splice(0)) child.kill('SIGKILL');
  expect(survivors(started)).toEqual([]);
  expect(await workersGone(workers)).toEqual([]);
});
afterAll(() => cleanup());

function options(extra: StartOptions = {}): StartOptions {
  return { cacheDir: cacheDir(), baseEnv: testEnv(dir), shell: '/bin/bash', workerPath: worker, root: dir, history: false, ...extra };
}

async function begin(command: string, extra: StartOptions = {}) {
  const result = await start(command, options(extra));
  started.add(result.id);
  workers.add(workerPid(result.id, cacheDir()));
  return result;
}

/** A process of somebody else: its own group, no background marker. */
function stranger(): number {
  const child = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
  strangers.push(child);
  return child.pid!;
}

function plantedState(id: string, extra: Partial<BackgroundState>): BackgroundState {
  return {
    version: 1,
    id,
    command: 'planted',
    cwd: dir,
    shell: '/bin/sh',
    workerPid: 999_999_999,
    pgid: null,
    status: 'succeeded',
    startedAt: new Date().toISOString(),
    endedAt: new Date().toISOString(),
    durationMs: 1,
    exitCode: 0,
    exitStatus: 0,
    signal: null,
    artifactPath: join(dir, 'secret.txt'),
    notes: [],
    ...extra,
  };
}

function plant(path: string, state: BackgroundState): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(state));
}

describe('ids are ids, not paths', () => {
  const shapes = [
    '../x/package',
    '../../etc/passwd',
    '/etc/passwd',
    '',
    'x',
    `${newArtifactId()}/../../x`,
    `${newArtifactId()}.json`,
    `../${newArtifactId()}`,
  ];

  test('a state file planted outside the state folder is never read: output() and kill() refuse the id', async () => {
    writeFileSync(join(dir, 'secret.txt'), 'the contents of a private file\n');
    plant(join(cacheDir(), 'x', 'package.json'), plantedState('../x/package', { status: 'running', pgid: stranger() }));
    for (const id of shapes) {
      await expect(output(id, { cacheDir: cacheDir() })).rejects.toMatchObject({
        code: 'E_USAGE',
        message: expect.stringMatching(/is not a background command id/),
      });
      await expect(kill(id, { cacheDir: cacheDir(), graceMs: 100 })).rejects.toMatchObject({ code: 'E_USAGE' });
    }
    expect(strangers.every((child) => processRunning(child.pid!))).toBe(true);
  });

  test('the CLI: `kill ../x/package` and `read ../x --wait 0` are one-line usage errors (exit 2), no stack', async () => {
    for (const argv of [
      ['kill', '../x/package'],
      ['read', '../x/package', '--wait', '0'],
      ['read', '/etc/passwd', '--follow'],
    ]) {
      const io = captureIo({ cwd: dir, env: testEnv(dir) });
      expect(await runCli(argv, io)).toBe(2);
      const err = io.err.join('');
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(err).toMatch(/is not a background command id/);
      expect(err).not.toMatch(/internal error|\n\s+at /);
    }
  });

  test("a valid id's state naming another file as its artifact does not print that file", async () => {
    writeFileSync(join(dir, 'secret.txt'), 'the contents of a private file\n');
    const id = newArtifactId();
    plant(backgroundPaths(id, { cacheDir: cacheDir() }).state, plantedState(id, {}));
    const result = await output(id, { cacheDir: cacheDir() });
    expect(result.output).not.toContain('private file');
    expect(result.artifact.path).toBe(join(cacheDir(), 'artifacts', `${id}.log`));
  });

  test('a state whose id field differs from its name, or whose pgid is not an integer, is refused as damaged', async () => {
    const id = newArtifactId();
    const paths = backgroundPaths(id, { cacheDir: cacheDir() });
    plant(paths.state, plantedState(newArtifactId(), {}));
    await expect(output(id, { cacheDir: cacheDir() })).rejects.toThrow(/is damaged/);
    plant(paths.state, { ...plantedState(id, {}), pgid: '-1' as unknown as number });
    await expect(kill(id, { cacheDir: cacheDir() })).rejects.toThrow(/is damaged/);
  });
});

describe('kill signals only what is the command', () => {
  test("an ended run's recorded group, now a stranger's, is not signalled (no start time matches)", async () => {
    const pid = stranger();
    const id = newArtifactId();
    plant(backgroundPaths(id, { cacheDir: cacheDir() }).state, plantedState(id, { pgid: pid }));
    const result = await kill(id, { cacheDir: cacheDir(), graceMs: 200 });
    expect(processRunning(pid)).toBe(true);
    expect(result.notes.join('\n')).toMatch(/not signalled/);
  });

  test('a running state whose leader start time differs (the pid was reused) leaves the stranger alone', async () => {
    const pid = stranger();
    const id = newArtifactId();
    plant(
      backgroundPaths(id, { cacheDir: cacheDir() }).state,
      plantedState(id, { pgid: pid, status: 'running', pgidStartTime: 'linux:1', workerPid: process.pid }),
    );
    const result = await kill(id, { cacheDir: cacheDir(), graceMs: 200 });
    expect(processRunning(pid)).toBe(true);
    expect(result.notes.join('\n')).toMatch(/belongs to another process|not signalled/);
  }, 20_000);

  test("groups ≤ 1 and faultline's own group are never targets", () => {
    const own = ownProcessGroup();
    expect(own).toBeGreaterThan(1);
    for (const pgid of [1, 0, -1, own!]) {
      const state = plantedState(newArtifactId(), { pgid, status: 'running', pgidStartTime: processStartTime(Math.abs(pgid) || 1) });
      const target = killTarget(state);
      expect(target.pgid).toBeNull();
      expect(target.note).toMatch(/not signalled/);
    }
  });

  test('a real run records its leader start time, and kill ends its tree with it', async () => {
    const result = await begin('sleep 30 & sleep 30; wait', { detach: true });
    const state = JSON.parse(readFileSync(backgroundPaths(result.id, { cacheDir: cacheDir() }).state, 'utf8')) as BackgroundState;
    expect(state.pgidStartTime).toBe(processStartTime(state.pgid!));
    expect(killTarget(state)).toEqual({ pgid: state.pgid, note: null });
    await kill(result.id, { cacheDir: cacheDir() });
    expect(await waitUntilGone(state.pgid!)).toBe(true);
  }, 30_000);
});

describe('redaction of a running command', () => {
  // Built here so no scanner mistakes the test for a leak; the shape is a GitHub personal access token.
  const token = `ghp_${'Ab1'.repeat(12)}`;

  test('`read ID --wait MS --redact` and `--follow --redact` redact', async () => {
    const result = await begin(`printf 'key ${token}\\n'; sleep 1; printf 'again ${token}\\n'`, { detach: true });
    const wait = captureIo({ cwd: dir, env: testEnv(dir) });
    await runCli(['read', result.id, '--wait', '3000', '--redact'], wait);
    const follow = captureIo({ cwd: dir, env: testEnv(dir) });
    await runCli(['read', result.id, '--follow', '--redact'], follow);
    const seen = wait.out.join('') + follow.out.join('');
    expect(seen).toContain('[REDACTED:github-token]');
    expect(seen).not.toContain(token.slice(4, 16));
  }, 30_000);

  test('a line longer than 64 KiB is not cut inside a token between two reads', async () => {
    const [first, second] = [token.slice(0, 14), token.slice(14)];
    const long = 'x'.repeat(70_000);
    const script = `printf '%s' '${long}'; printf ' ${first}'; sleep 3; printf '${second} used\\n'; sleep 30`;
    const result = await begin(script, { detach: true });
    const parts: string[] = [];
    for (let tries = 0; tries < 40 && !parts.join('').includes('used'); tries++) {
      parts.push((await output(result.id, { cacheDir: cacheDir(), waitMs: 500, redact: true })).output);
    }
    const seen = parts.join('');
    expect(seen).toContain('[REDACTED:github-token] used');
    expect(seen).not.toContain(token.slice(4, 14));
  }, 40_000);
});

// Background commands with real processes: short commands, exit codes and signals, the wait clamp, late
// output of detached children, sleep trees with setsid grandchildren, environment changes, pipefail.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { kill, list, output, start, type BackgroundResult, type StartOptions } from '../../src/capture/index.js';
import { buildBackgroundBinaries, survivors, workerPid, workersGone } from './background-setup.js';
import { processRunning, tempDir, testEnv, waitUntilGone } from './helpers.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
let worker = '';
const started = new Set<string>();
const workers = new Set<number>();

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  ({ worker } = await buildBackgroundBinaries(
    join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'faultline-bg-test', 'unit'),
  ));
});
afterEach(async () => {
  for (const job of await list({ cacheDir: join(dir, 'cache') }))
    await kill(job.id, { cacheDir: join(dir, 'cache') }).catch(() => undefined);
  expect(survivors(started)).toEqual([]);
  expect(await workersGone(workers)).toEqual([]);
});
afterAll(() => cleanup());

function options(extra: StartOptions = {}): StartOptions {
  return {
    cacheDir: join(dir, 'cache'),
    baseEnv: testEnv(dir),
    shell: '/bin/bash',
    workerPath: worker,
    root: dir,
    history: false,
    ...extra,
  };
}

async function begin(command: string, extra: StartOptions = {}): Promise<BackgroundResult> {
  const result = await start(command, options(extra));
  started.add(result.id);
  workers.add(workerPid(result.id, join(dir, 'cache')));
  return result;
}

async function untilEnd(id: string): Promise<BackgroundResult[]> {
  const results: BackgroundResult[] = [];
  for (let tries = 0; tries < 100; tries++) {
    const result = await output(id, { cacheDir: join(dir, 'cache'), waitMs: 500 });
    results.push(result);
    if (!result.running) return results;
  }
  throw new Error(`${id} did not end`);
}

describe('start / output', () => {
  test('a command that ends within the wait reports its end once, with the output and exit code', async () => {
    const result = await begin('echo one; echo two >&2; exit 7');
    expect(result).toMatchObject({ running: false, status: 'failed', exitCode: 7, completion: true, output: 'one\ntwo\n' });
    const again = await output(result.id, { cacheDir: join(dir, 'cache') });
    expect(again).toMatchObject({ completion: false, output: '', exitCode: 7 });
    expect(again.notes).toContain('the end was already reported');
  });

  test('the artifact is the usual one: 0600 file with metadata', async () => {
    const result = await begin('printf "a\\nb\\n"');
    expect(((await stat(result.artifact.path)).mode & 0o777).toString(8)).toBe('600');
    expect(((await stat(join(dir, 'cache', 'background'))).mode & 0o777).toString(8)).toBe('700');
    expect((await stat(result.artifact.path.replace(/\.log$/, '.json'))).isFile()).toBe(true);
  });

  test('a wait shorter than 5 s is clamped to 5 s, and a still-running command keeps its id', async () => {
    const before = Date.now();
    const result = await begin('echo started; sleep 30', { timeoutMs: 10 });
    expect(result.running).toBe(true);
    expect(Date.now() - before).toBeGreaterThanOrEqual(4900);
    expect(result.output).toBe('started\n');
    expect((await list({ cacheDir: join(dir, 'cache') })).map((job) => job.id)).toContain(result.id);
    const stopped = await kill(result.id, { cacheDir: join(dir, 'cache') });
    expect(stopped).toMatchObject({ status: 'stopped', completion: true, running: false });
    await expect(output(result.id, { cacheDir: join(dir, 'cache') })).rejects.toThrow(/no background command/);
  });

  test('output() returns only new output and blocks up to waitMs for it', async () => {
    const result = await begin('echo a; sleep 1; echo b; sleep 1; echo c', { detach: true });
    const seen = (await untilEnd(result.id)).map((part) => part.output).join('');
    expect(seen).toBe('a\nb\nc\n');
  });

  test('a large unseen part comes as head and tail with the omitted byte count; the artifact keeps it all', async () => {
    const result = await begin('seq 1 20000');
    expect(result.omittedBytes).toBeGreaterThan(80_000);
    expect(result.output.startsWith('1\n2\n')).toBe(true);
    expect(result.output.endsWith('19999\n20000\n')).toBe(true);
    expect(result.output).toMatch(/bytes omitted; the artifact has them/);
    expect((await stat(result.artifact.path)).size).toBe(108_894);
  });

  test('exit 130 by itself is failed with 130; a signal by itself is failed without an exit code', async () => {
    const interrupted = await begin('exit 130');
    expect(interrupted).toMatchObject({ status: 'failed', exitCode: 130 });
    const signalled = await begin('kill -TERM $$');
    expect(signalled).toMatchObject({ status: 'failed', exitCode: null, exitStatus: 143, signal: 'SIGTERM' });
    expect(signalled.notes.join(' ')).toMatch(/without an exit code/);
  });

  test("detached children's late output is collected until 1 s of silence", async () => {
    const result = await begin('(sleep 0.4; echo late) & echo early');
    expect(result.output).toBe('early\nlate\n');
    expect(result.status).toBe('succeeded');
  });

  test('environment: strings set, null removes, "" stays empty; pagers are cat; stdin is closed', async () => {
    const result = await begin('echo "$FOO|${HOME-unset}|${EMPTY-unset}|$PAGER|$GIT_PAGER"; read line; echo "read=$?"', {
      env: { FOO: 'bar', HOME: null, EMPTY: '' },
    });
    expect(result.output).toBe('bar|unset||cat|cat\nread=1\n');
  });

  test('pipefail: a failing early stage fails the pipeline; 141 after the consumer closed counts as success with a note', async () => {
    expect(await begin('false | cat')).toMatchObject({ status: 'failed', exitCode: 1 });
    const sigpipe = await begin('yes | head -n 1');
    expect(sigpipe).toMatchObject({ status: 'succeeded', exitCode: 0, output: 'y\n' });
    expect(sigpipe.notes.join(' ')).toMatch(/141/);
  });

  test('a missing working directory is "Working directory does not exist"; other agents\' option names work', async () => {
    await expect(start('true', options({ cwd: 'no/such/dir' }))).rejects.toThrow(/^Working directory does not exist/);
    await expect(start('true', options({ working_directory: 'nope' }))).rejects.toThrow(/Working directory does not exist/);
    const result = await begin('pwd', { dir_path: '.', timeout_ms: 999_999 });
    expect(result.output.trim()).toBe(dir);
  });
});

describe('redacted output for a model', () => {
  // Built here so no scanner mistakes the test for a leak; the shape is a GitHub personal access token.
  const token = `ghp_${'Ab1'.repeat(12)}`;

  test('start, output and kill redact, and a token printed in two writes is held until its line ends', async () => {
    const [first, second] = [token.slice(0, 10), token.slice(10)];
    const result = await begin(`printf 'ready\\n'; printf 'key ${first}'; sleep 6; printf '${second} used\\n'; sleep 30`, { redact: true });
    expect(result.running).toBe(true);
    expect(result.output).toBe('ready\n');
    let later = await output(result.id, { cacheDir: join(dir, 'cache'), waitMs: 8000, redact: true });
    while (later.output === '' && later.running)
      later = await output(result.id, { cacheDir: join(dir, 'cache'), waitMs: 2000, redact: true });
    expect(later.output).toBe('key [REDACTED:github-token] used\n');
    const killed = await kill(result.id, { cacheDir: join(dir, 'cache'), redact: true });
    expect(killed.output).not.toContain(first);
  }, 30_000);

  test('without redact the output is as the command printed it', async () => {
    const result = await begin(`printf 'key ${token}\\n'`);
    expect(result.output).toBe(`key ${token}\n`);
  });
});

describe('kill', () => {
  test('ends a sleep tree: the group, a setsid grandchild that left it, and one reparented to init', async () => {
    const script = [
      'setsid sleep 300 & echo "setsid=$!"',
      '(setsid sh -c \'echo "orphan=$$"; exec sleep 300\' &)',
      'sleep 300 & echo "child=$!"',
      'wait',
    ].join('\n');
    const result = await begin(script, { detach: true });
    let text = '';
    for (let tries = 0; (tries < 50 && !/orphan=\d+/.test(text)) || !/child=\d+/.test(text) || !/setsid=\d+/.test(text); tries++) {
      text += (await output(result.id, { cacheDir: join(dir, 'cache'), waitMs: 200 })).output;
    }
    const pids = [...text.matchAll(/(?:setsid|orphan|child)=(\d+)/g)].map((match) => Number(match[1]));
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(processRunning(pid)).toBe(true);
    const stopped = await kill(result.id, { cacheDir: join(dir, 'cache') });
    expect(stopped.status).toBe('stopped');
    for (const pid of pids) expect(await waitUntilGone(pid)).toBe(true);
  });

  test('kill after the command ended by itself still sweeps a detached leftover and frees the id', async () => {
    const result = await begin('setsid sh -c \'exec sleep 300\' > /dev/null 2>&1 & echo "left=$!"');
    const pid = Number(/left=(\d+)/.exec(result.output)?.[1]);
    expect(result.status).toBe('succeeded');
    expect(processRunning(pid)).toBe(true);
    await kill(result.id, { cacheDir: join(dir, 'cache') });
    expect(await waitUntilGone(pid)).toBe(true);
    expect((await list({ cacheDir: join(dir, 'cache') })).map((job) => job.id)).not.toContain(result.id);
  });
});

// Failure wording without an exit code, run history with staleness (seeds §4 case 19), retention.
import { readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  applyRetention,
  detectPrompt,
  lastFailedRun,
  lastRun,
  listRuns,
  looksFailed,
  recordRun,
  runCommand,
  type RunRecord,
} from '../../src/capture/index.js';
import { tempDir, testEnv } from './helpers.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

describe('looksFailed: tool-aware wording, never bare keywords', () => {
  test.each([
    'npm ERR! code ELIFECYCLE',
    'error[E0308]: mismatched types',
    'FAILED tests/test_cart.py::test_total - assert 27 == 30',
    'Tests: 1 failed, 9 passed',
    '2 errors',
    "thread 'main' panicked at src/main.rs:4:5:",
    'Traceback (most recent call last):',
    'error: linker `cc` not found',
    'src/a.c:10:5: error: expected ";"',
    'src/model/types.ts(4,10): error TS2322: Type string is not assignable',
    'Error: Cannot find module "x"',
    'TypeError: undefined is not a function',
    'FAIL src/cart.test.ts',
    '\x1b[31merror\x1b[0m: could not compile `app`',
  ])('failed: %j', (text) => {
    expect(looksFailed(`some preamble\n${text}\nmore`)).toBe(true);
  });

  test.each([
    'Found 0 errors. Watching for file changes.',
    'Tests: 0 failed, 12 passed',
    'build error-free',
    '0 failed',
    'all 12 tests passed',
    'compiled with 0 errors and 0 warnings',
    'log: no error here',
    'errors: none',
  ])('not failed: %j', (text) => {
    expect(looksFailed(text)).toBe(false);
  });
});

describe('detectPrompt', () => {
  test.each([
    ['Password: ', 'Password:'],
    ['[sudo] password for ana: ', '[sudo] password for ana:'],
    ['Do you want to continue? [Y/n] ', 'Do you want to continue? [Y/n]'],
    ['Are you sure you want to delete it?', 'Are you sure you want to delete it?'],
    ['Press any key to continue', 'Press any key to continue'],
    ['the input device is not a TTY\nstdin is not a tty\n', 'stdin is not a tty'],
  ])('%j', (text, expected) => {
    expect(detectPrompt(text)).toBe(expected);
  });

  test('ordinary output is not a prompt', () => {
    expect(detectPrompt('compiling…\nwaiting for the build server\n')).toBeNull();
  });
});

describe('history (case 19: staleness)', () => {
  const record = (command: string, failed: boolean, at: string, cwd = '/srv/app'): RunRecord => ({
    command: command.split(' '),
    cwd,
    exitCode: failed ? 1 : 0,
    failed,
    startedAt: at,
    endedAt: at,
    artifactId: null,
    artifactPath: null,
  });

  test('a failure the same command has since passed is reported as stale', async () => {
    const options = { cacheDir: dir, key: 'tty1' };
    await recordRun(record('pnpm test', true, '2025-01-01T10:00:00Z'), options);
    await recordRun(record('pnpm test', false, '2025-01-01T10:05:00Z'), options);
    const failure = await lastFailedRun(options);
    expect(failure?.run.startedAt).toBe('2025-01-01T10:00:00Z');
    expect(failure?.staleBecause?.startedAt).toBe('2025-01-01T10:05:00Z');
    expect((await lastRun(options))?.failed).toBe(false);
  });

  test('a later success of another command or in another cwd does not make it stale', async () => {
    const options = { cacheDir: dir, key: 'tty1' };
    await recordRun(record('pnpm test', true, '2025-01-01T10:00:00Z'), options);
    await recordRun(record('pnpm lint', false, '2025-01-01T10:01:00Z'), options);
    await recordRun(record('pnpm test', false, '2025-01-01T10:02:00Z', '/srv/other'), options);
    expect((await lastFailedRun(options))?.staleBecause).toBeNull();
  });

  test('keeps the last 5 runs per key, keys are separate, the file is private', async () => {
    for (let index = 0; index < 7; index++)
      await recordRun(record(`make ${index}`, index % 2 === 0, `2025-01-01T10:0${index}:00Z`), { cacheDir: dir, key: 'a' });
    await recordRun(record('go test', true, '2025-01-01T11:00:00Z'), { cacheDir: dir, key: 'b' });
    const runs = await listRuns({ cacheDir: dir, key: 'a' });
    expect(runs.map((run) => run.command[1])).toEqual(['2', '3', '4', '5', '6']);
    expect((await lastRun({ cacheDir: dir, key: 'b' }))?.command).toEqual(['go', 'test']);
    expect(await lastFailedRun({ cacheDir: dir, key: 'none' })).toBeNull();
    expect((await stat(join(dir, 'history.json'))).mode & 0o777).toBe(0o600);
  });

  test('runCommand records real runs under the session key', async () => {
    const env = testEnv(dir, { FAULTLINE_SESSION: 'pane-7' });
    await runCommand({ command: ['bash', '-c', 'exit 2'], cwd: dir, env });
    await runCommand({ command: ['bash', '-c', 'exit 2'], cwd: dir, env, history: { key: 'elsewhere' } });
    const failure = await lastFailedRun({ env });
    expect(failure?.run).toMatchObject({ command: ['bash', '-c', 'exit 2'], exitCode: 2, failed: true, cwd: dir });
    expect(failure?.run.artifactId).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}$/);
  });
});

describe('retention', () => {
  async function fakeArtifact(artifacts: string, id: string, bytes: number, ageMs = 0): Promise<void> {
    await writeFile(join(artifacts, `${id}.log`), Buffer.alloc(bytes, 0x61));
    await writeFile(join(artifacts, `${id}.json`), '{}');
    if (ageMs > 0) {
      const when = new Date(Date.now() - ageMs);
      await utimes(join(artifacts, `${id}.log`), when, when);
    }
  }

  test('age, count and total-size limits delete oldest first, with their index files', async () => {
    const env = testEnv(dir);
    const first = await runCommand({ command: ['echo', 'seed'], cwd: dir, env, history: false });
    const artifacts = join(dir, 'cache', 'artifacts');
    await fakeArtifact(artifacts, '20200101T000000000Z-00000001', 10, 30 * 24 * 3600 * 1000);
    await fakeArtifact(artifacts, '20210101T000000000Z-00000002', 100);
    await fakeArtifact(artifacts, '20210102T000000000Z-00000003', 100);
    const report = await applyRetention({ env, maxFiles: 3, maxTotalBytes: 10_000 });
    expect(report.removed).toEqual(['20200101T000000000Z-00000001']);
    const capped = await applyRetention({ env, maxFiles: 3, maxTotalBytes: 150 });
    expect(capped.removed).toEqual(['20210101T000000000Z-00000002']);
    // The next capture makes room for itself: with maxFiles 2 only it and the newest older one remain.
    const second = await runCommand({ command: ['echo', 'new'], cwd: dir, env, history: false, maxFiles: 2 });
    const left = (await readdir(artifacts)).filter((name) => name.endsWith('.log')).sort();
    expect(left).toEqual([`${first.artifact.id}.log`, `${second.artifact.id}.log`]);
    expect((await readdir(artifacts)).filter((name) => name.endsWith('.json'))).toHaveLength(2);
  });
});

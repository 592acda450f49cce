// Issue 16 items 3 and 5, capture side: an unusable cache directory is one E_CACHE_DIR line (procfs made
// recursive mkdir spin forever), `read` refuses directories and endless devices, timers are validated,
// concurrent runs keep every history entry and respect retention, and a full disk gives honest counts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { needsWhat } from '../_tools.js';
import { listRuns, readArtifact, recordRun, runCommand } from '../../src/capture/index.js';
import { runCli } from '../../src/cli/run-cli.js';
import { isFaultlineError } from '../../src/core/index.js';
import { captureIo } from '../cli/_io.js';
import { tempDir } from '../integration/_setup.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return isFaultlineError(error) ? error.code : `uncoded: ${String(error)}`;
  }
}

describe('an unusable cache directory is one clear error', () => {
  for (const cacheDir of ['/proc/self', '/proc/self/fd', '/sys/kernel', '/dev/null']) {
    test(`${cacheDir}: E_CACHE_DIR, no spin`, async () => {
      expect(await codeOf(runCommand({ command: ['true'], cacheDir, history: false }))).toBe('E_CACHE_DIR');
    }, 10_000);
  }

  test('a regular file as the cache directory, and the CLI prints one line', async () => {
    const dir = tempDir('cache-file');
    writeFileSync(join(dir, 'file'), 'x');
    const io = captureIo({ cwd: dir, env: { FAULTLINE_CACHE_DIR: join(dir, 'file'), PATH: process.env.PATH } });
    // run's own errors are 125: 2 would read as the command's (issue 24).
    expect(await runCli(['run', '--', 'true'], io)).toBe(125);
    const err = io.err.join('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/cannot use .* as the cache directory: .*(not a directory|ENOTDIR).*\[E_CACHE_DIR\]/);
  });
});

describe('read refuses what it cannot page', () => {
  test('a directory and /dev/zero are E_INPUT_READ (one line from the CLI)', async () => {
    const dir = tempDir('read-dir');
    expect(await codeOf(readArtifact({ artifact: dir }))).toBe('E_INPUT_READ');
    expect(await codeOf(readArtifact({ artifact: '/dev/zero' }))).toBe('E_INPUT_READ');
    for (const target of [dir, '/dev/zero']) {
      const io = captureIo({ cwd: dir });
      expect(await runCli(['read', target], io)).toBe(2);
      expect(io.err.join('').trim().split('\n')).toHaveLength(1);
    }
  }, 10_000);
});

describe('numbers on the command line', () => {
  test.each([['3000000'], ['0.0001'], ['0'], ['-1']])('run --timeout=%s is a usage error, in one line', async (value) => {
    const dir = tempDir('timeout');
    const io = captureIo({ cwd: dir, env: { FAULTLINE_CACHE_DIR: join(dir, 'cache'), PATH: process.env.PATH } });
    expect(await runCli(['run', `--timeout=${value}`, '--', 'true'], io)).toBe(125);
    expect(io.err.join('').trim().split('\n')).toHaveLength(1);
  });

  test('runCommand rejects a timeout Node cannot hold instead of killing at once', async () => {
    expect(await codeOf(runCommand({ command: ['true'], timeoutMs: 2 ** 31, history: false, cacheDir: tempDir('t') }))).toBe('E_USAGE');
  });

  test("a negative number after an option is one line, not parseArgs' three", async () => {
    const io = captureIo({ cwd: '/' });
    expect(await runCli(['read', 'x', '--limit', '-5'], io)).toBe(2);
    expect(io.err.join('').trim().split('\n')).toEqual([expect.stringMatching(/--limit got a value starting with "-"/)]);
  });
});

describe('concurrency', () => {
  test('20 concurrent recordRun calls keep all 20 entries', async () => {
    const cacheDir = tempDir('history');
    const runs = Array.from({ length: 20 }, (_, index) => ({
      command: ['echo', String(index)],
      cwd: '/',
      exitCode: 0,
      failed: false,
      startedAt: '',
      endedAt: '',
      artifactId: null,
      artifactPath: null,
    }));
    await Promise.all(runs.map((run) => recordRun(run, { cacheDir, key: 'k', keep: 50 })));
    expect((await listRuns({ cacheDir, key: 'k' })).map((run) => run.command[1]).sort()).toEqual(runs.map((run) => run.command[1]).sort());
  });

  test('retention holds its file and byte limits under 12 concurrent runs', async () => {
    const cacheDir = tempDir('retention');
    const options = { cacheDir, history: false as const, maxFiles: 4, maxTotalBytes: 50_000, drainMs: 50 };
    await Promise.all(
      Array.from({ length: 12 }, () => runCommand({ ...options, command: ['sh', '-c', 'head -c 20000 /dev/zero | tr "\\0" x'] })),
    );
    const logs = readdirSync(join(cacheDir, 'artifacts')).filter((name) => name.endsWith('.log'));
    expect(logs.length).toBeLessThanOrEqual(4);
    const bytes = logs.reduce((sum, name) => sum + statSync(join(cacheDir, 'artifacts', name)).size, 0);
    expect(bytes).toBeLessThanOrEqual(50_000);
  }, 60_000);
});

// A real full disk: a 64 KiB tmpfs (needs root and mount; skipped with a message otherwise). Mounted inside
// the test and unmounted in its finally, so a filtered run never leaves a mount behind.
function mountTinyTmpfs(): string | undefined {
  const dir = tempDir('enospc');
  mkdirSync(join(dir, 'mnt'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', join(dir, 'mnt')], { stdio: 'ignore' });
    return join(dir, 'mnt');
  } catch {
    return undefined;
  }
}

const probe = mountTinyTmpfs();
if (probe !== undefined) execFileSync('umount', [probe]);

describe('a full disk', () => {
  test.skipIf(probe === undefined)(
    `run reports the bytes the artifact really has and truncated: true ${needsWhat('root and mount (a 64 KiB tmpfs)', probe !== undefined, 'run the tests as root, with mount from util-linux')}`,
    async () => {
      const mount = mountTinyTmpfs();
      expect(mount).toBeDefined();
      try {
        const result = await runCommand({
          command: ['sh', '-c', 'head -c 300000 /dev/zero | tr "\\0" y'],
          cacheDir: join(mount!, 'cache'),
          history: false,
          drainMs: 50,
        });
        expect(result.captureError?.code).toBe('E_CAPTURE');
        expect(result.artifact.truncated).toBe(true);
        expect(result.artifact.bytes).toBe(statSync(result.artifact.path).size);
        expect(result.artifact.producedBytes).toBe(300_000);
      } finally {
        execFileSync('umount', [mount!]);
      }
    },
    30_000,
  );
});

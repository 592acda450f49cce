// runCommand with real processes: exit codes, signals, merging, timeouts, late output, prompts, caps.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { isFaultlineError } from '../../src/core/index.js';
import { runCommand, type RunCommandOptions } from '../../src/capture/index.js';
import { sha256File, tempDir, testEnv, waitUntilGone } from './helpers.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

function run(command: string[], options: Partial<RunCommandOptions> = {}) {
  return runCommand({ command, cwd: dir, env: testEnv(dir), drainMs: 300, killGraceMs: 500, history: false, ...options });
}

describe('exit status', () => {
  test('passes the exit code through', async () => {
    const result = await run(['bash', '-c', 'echo out; exit 3']);
    expect(result).toMatchObject({ exitCode: 3, exitStatus: 3, signal: null, timedOut: false, failed: true });
  });

  test('a signal death is 128+N', async () => {
    const result = await run(['node', '-e', 'process.kill(process.pid, "SIGKILL")']);
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGKILL', exitStatus: 137 });
  });

  test('a missing command is 127 with the shell message captured', async () => {
    const result = await run(['definitely-not-a-command-xyz']);
    expect(result.exitStatus).toBe(127);
    expect(await readFile(result.artifact.path, 'utf8')).toMatch(/not found/);
  });

  test('a cwd that does not exist is E_USAGE', async () => {
    await expect(run(['true'], { cwd: join(dir, 'nope') })).rejects.toSatisfy((error) => isFaultlineError(error, 'E_USAGE'));
  });

  test('stdin is closed and pagers are cat', async () => {
    const result = await run(['bash', '-c', 'cat; echo "pagers=$PAGER/$GIT_PAGER/$MANPAGER"']);
    expect(result.exitCode).toBe(0);
    expect(await readFile(result.artifact.path, 'utf8')).toBe('pagers=cat/cat/cat\n');
  });
});

describe('shell and pipelines', () => {
  test('yes | head -1 is not a failure (SIGPIPE of an early stage)', async () => {
    const result = await run(['yes | head -1'], { shell: true });
    expect(result).toMatchObject({ exitCode: 0, rawExitCode: 141, exitStatus: 0, sigpipeForgiven: true, shell: '/bin/bash' });
    expect(await readFile(result.artifact.path, 'utf8')).toBe('y\n');
  });

  test('pipefail still reports a real failure in an early stage', async () => {
    const result = await run(['false | cat'], { shell: true });
    expect(result.exitStatus).toBe(1);
  });

  test('late output from a detached grandchild is drained', async () => {
    const result = await run(['echo early; (sleep 0.3; echo late) &'], { shell: true, drainMs: 1000 });
    expect(await readFile(result.artifact.path, 'utf8')).toBe('early\nlate\n');
  });

  test('seeds case 9: a final FAILED line 50 ms after the command ended is kept', async () => {
    const result = await run(['echo collecting; (sleep 0.05; echo "FAILED tests/test_cart.py::test_total") &'], { shell: true });
    expect(await readFile(result.artifact.path, 'utf8')).toContain('FAILED tests/test_cart.py::test_total');
    expect(result.preview.text).toContain('FAILED tests/test_cart.py::test_total');
  });

  test('a grandchild that keeps the pipe open but stays silent does not hang the run', async () => {
    const pidFile = join(dir, 'bg.pid');
    const started = Date.now();
    // Waiting for the pipe to close would take the grandchild's 20 s; the bound is generous for a busy machine.
    const result = await run([`(sleep 20; echo never) & echo $! > ${pidFile}; echo done`], { shell: true, drainMs: 300 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await readFile(result.artifact.path, 'utf8')).toBe('done\n');
    process.kill(Number(await readFile(pidFile, 'utf8')), 'SIGKILL');
  });
});

describe('merging and bytes', () => {
  test('stdout and stderr share one pipe, in arrival order', async () => {
    const result = await run(['bash', '-c', 'echo one; echo two >&2; echo three; echo four >&2']);
    expect(await readFile(result.artifact.path, 'utf8')).toBe('one\ntwo\nthree\nfour\n');
  });

  test('seeds case 8: a final line without newline is in the artifact and the preview tail', async () => {
    const script =
      'for (let i = 0; i < 400; i++) process.stdout.write(`compiling unit ${i}\\n`); process.stdout.write("linking…\\nld: symbol(s) not found for architecture arm64")';
    const result = await run(['node', '-e', script], { previewBytes: 1024 });
    const saved = await readFile(result.artifact.path, 'utf8');
    expect(saved.endsWith('linking…\nld: symbol(s) not found for architecture arm64')).toBe(true);
    expect(result.preview.text.endsWith('ld: symbol(s) not found for architecture arm64')).toBe(true);
    expect(result.artifact.lines).toBe(402);
  });

  test('a 50 MB mixed stream (ANSI, CR bars, multibyte, no final newline) is byte-identical', async () => {
    const generator = join(dir, 'gen.mjs');
    const hashFile = join(dir, 'expected.sha256');
    await writeFile(
      generator,
      `import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
const hash = createHash('sha256');
const total = 50 * 1024 * 1024;
let written = 0, n = 0;
function piece() {
  n++;
  const kinds = [
    '\\x1b[31merror\\x1b[0m: line ' + n + '\\n',
    'progress ' + (n % 100) + '%\\r',
    'naïve café 日本語 🧪 ' + n + '\\n',
    'x'.repeat(n % 300) + '\\r\\n',
  ];
  return kinds[n % 4];
}
function write() {
  while (written < total) {
    let text = '';
    while (text.length < 60000) text += piece();
    const chunk = Buffer.from(text).subarray(0, Math.min(total - written, 65536 + (n % 7)));
    hash.update(chunk);
    written += chunk.length;
    if (!process.stdout.write(chunk)) return process.stdout.once('drain', write);
  }
  const tail = Buffer.from('final line without newline ✓');
  hash.update(tail);
  process.stdout.write(tail, () => writeFileSync(${JSON.stringify(hashFile)}, hash.digest('hex')));
}
write();
`,
    );
    const result = await run(['node', generator]);
    expect(result.exitCode).toBe(0);
    expect(result.artifact.truncated).toBe(false);
    expect(await sha256File(result.artifact.path)).toBe(await readFile(hashFile, 'utf8'));
    expect(result.preview.text.endsWith('final line without newline ✓')).toBe(true);
    expect(Buffer.byteLength(result.preview.text)).toBeLessThan(16 * 1024 + 400);
  }, 20_000);
});

describe('ending the process group', () => {
  test('a timeout ends the whole group: no orphaned grandchild', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    const result = await run(['bash', '-c', `sleep 60 & echo $! > ${pidFile}; echo started; wait`], { timeoutMs: 300 });
    expect(result).toMatchObject({ timedOut: true, exitStatus: 124 });
    const grandchild = Number(await readFile(pidFile, 'utf8'));
    expect(await waitUntilGone(grandchild)).toBe(true);
  });

  test('a grandchild that ignores SIGTERM is SIGKILLed after the grace period', async () => {
    const pidFile = join(dir, 'stubborn.pid');
    const result = await run(['bash', '-c', `bash -c 'trap "" TERM; sleep 60' & echo $! > ${pidFile}; wait`], {
      timeoutMs: 300,
      killGraceMs: 300,
    });
    expect(result.timedOut).toBe(true);
    expect(await waitUntilGone(Number(await readFile(pidFile, 'utf8')))).toBe(true);
  });

  test('aborting (what the CLI does on Ctrl-C) forwards SIGINT to the group: 130', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort('SIGINT'), 300);
    const result = await run(['sleep', '30'], { signal: controller.signal });
    expect(result).toMatchObject({ interrupted: true, signal: 'SIGINT', exitStatus: 130 });
  });

  test.each([
    ['Password: ', 'Password:'],
    ['Proceed with the upgrade? [y/N] ', 'Proceed with the upgrade? [y/N]'],
    ['hint: Waiting for your editor to close the file... ', 'hint: Waiting for your editor to close the file...'],
  ])('an interactive prompt (%j) followed by silence is ended and reported', async (prompt, expected) => {
    const started = Date.now();
    const result = await run(['bash', '-c', `printf '%s' ${JSON.stringify(prompt)}; sleep 30`], { interactiveSilenceMs: 300 });
    expect(result.interactive).toBe(expected);
    // Far below the 30 s the command would sleep, far above the 300 ms of silence allowed.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test('silence without a prompt is not interactive', async () => {
    const result = await run(['bash', '-c', 'echo building; sleep 0.6; echo done'], { interactiveSilenceMs: 200 });
    expect(result).toMatchObject({ interactive: null, exitCode: 0 });
  });
});

describe('artifact store', () => {
  test('files are 0600 in 0700 directories under FAULTLINE_CACHE_DIR', async () => {
    const result = await run(['echo', 'secret-ish']);
    expect(result.artifact.path.startsWith(join(dir, 'cache', 'artifacts'))).toBe(true);
    expect((await stat(result.artifact.path)).mode & 0o777).toBe(0o600);
    expect((await stat(result.artifact.path.replace(/\.log$/, '.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'cache', 'artifacts'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'cache'))).mode & 0o777).toBe(0o700);
  });

  test('the cacheDir option overrides the environment', async () => {
    const result = await run(['echo', 'x'], { cacheDir: join(dir, 'explicit') });
    expect(result.artifact.path.startsWith(join(dir, 'explicit', 'artifacts'))).toBe(true);
  });

  test('past the size cap writing stops, the child is drained, and the artifact is marked truncated', async () => {
    const result = await run(['node', '-e', 'process.stdout.write("é".repeat(3000)); process.stdout.write("\\nend\\n")'], {
      maxArtifactBytes: 1001,
    });
    expect(result.exitCode).toBe(0);
    expect(result.artifact).toMatchObject({ bytes: 1000, truncated: true, producedBytes: 6005 });
    // Cut on a character boundary: 500 whole é.
    expect(await readFile(result.artifact.path, 'utf8')).toBe('é'.repeat(500));
  });
});

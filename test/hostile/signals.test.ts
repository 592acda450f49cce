// Issue 16 item 3: no hang, no orphan. The built CLI runs as a real process; hostile language servers are
// real processes (test/fixtures-lsp/partial-server.mjs: half a JSON-RPC message, ignores stdin EOF and SIGTERM).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { descendantsOf, readProcessTable } from '../../src/capture/process-tree.js';
import { CLI, cleanEnv, ensureBuilt, tempDir } from '../integration/_setup.js';
import { FIXTURES } from '../lsp-client/helpers.js';

beforeAll(() => ensureBuilt());

const started: number[] = [];
afterAll(() => {
  // Whatever a failed assertion left behind is ended here, so no test leaves an orphan.
  const table = readProcessTable();
  const targets = started.flatMap((pid) => [...descendantsOf(pid, table).map((entry) => entry.pid), pid]);
  for (const pid of targets)
    for (const target of [-pid, pid])
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        /* gone */
      }
});

// A process may end between the table read and this one.
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1');
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  const entry = readProcessTable().get(pid);
  return entry !== undefined && entry.state !== 'Z';
}

function cli(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; exited: Promise<{ code: number | null; signal: string | null; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  started.push(child.pid!);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.resume();
  const exited = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, exited };
}

async function waitFor<T>(probe: () => T | undefined, ms: number): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined || Date.now() > until) return value;
    await sleep(50);
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still running'> {
  return Promise.race([promise, sleep(ms).then(() => 'still running' as const)]);
}

function hostileWorkspace(): string {
  const dir = tempDir('hostile-lsp');
  cpSync(join(FIXTURES, 'nested.ts'), join(dir, 'nested.ts'));
  writeFileSync(
    join(dir, 'faultline.config.json'),
    JSON.stringify({ servers: { typescript: { command: [join(FIXTURES, 'partial-server.mjs')] } } }),
  );
  writeFileSync(join(dir, 'build.log'), "nested.ts(8,25): error TS2322: Type 'number' is not assignable to type 'string'.\n");
  return dir;
}

describe('explain with a hostile language server', () => {
  test('a server that leaves half a JSON-RPC message: explain still exits (no timer keeps it alive)', async () => {
    const dir = hostileWorkspace();
    const { child, exited } = cli(['explain', 'build.log', '--root', dir, '--timeout', '1500', '--trust-workspace'], dir, cleanEnv(dir));
    const outcome = await within(exited, 20_000);
    if (outcome === 'still running') child.kill('SIGKILL');
    expect(outcome).toMatchObject({ code: 1 });
  }, 30_000);

  test('SIGINT ends explain and the server that ignores stdin EOF and SIGTERM', async () => {
    const dir = hostileWorkspace();
    const { child, exited } = cli(['explain', 'build.log', '--root', dir, '--timeout', '60000', '--trust-workspace'], dir, cleanEnv(dir));
    const server = await waitFor(
      () => descendantsOf(child.pid!).find((entry) => commandLine(entry.pid).includes('partial-server')),
      15_000,
    );
    expect(server, 'the hostile server started').toBeDefined();
    started.push(server!.pid);
    await sleep(500);
    child.kill('SIGINT');
    const outcome = await within(exited, 10_000);
    expect(outcome).toMatchObject({ code: 130 });
    expect(await waitFor(() => (alive(server!.pid) ? undefined : true), 3000)).toBe(true);
  }, 40_000);
});

// A command that starts a grandchild in its own session (setsid) and a plain one, then waits.
const SETSID_SCRIPT = 'setsid sleep 300 & echo "escaped $!"; sleep 300 & echo "plain $!"; wait';

function pidsFrom(stdout: string): number[] {
  return [...stdout.matchAll(/(?:escaped|plain) (\d+)/g)].map((match) => Number(match[1]));
}

async function runAndSignal(signal: NodeJS.Signals | null, extra: string[]) {
  const dir = tempDir('hostile-run');
  const cache = join(dir, '.faultline-cache');
  const child = spawn(process.execPath, [CLI, 'run', ...extra, '--shell', '--', SETSID_SCRIPT], {
    cwd: dir,
    env: cleanEnv(dir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child.pid!);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const pids = await waitFor(() => (pidsFrom(stdout).length === 2 ? pidsFrom(stdout) : undefined), 10_000);
  expect(pids, 'the command printed both pids').toBeDefined();
  started.push(...pids!);
  await sleep(700); // at least one tree sample
  if (signal) child.kill(signal);
  const code = await within(exited, 15_000);
  return { code, pids: pids!, cache };
}

function metadataFiles(cache: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && !entry.name.includes('history')) found.push(path);
    }
  };
  walk(cache);
  return found;
}

describe('faultline run ends the whole tree', () => {
  for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const) {
    test(`${signal} to run: the group and a setsid grandchild end, and the metadata is written`, async () => {
      const { code, pids, cache } = await runAndSignal(signal, []);
      expect(code).not.toBe('still running');
      expect(typeof code === 'number' && code >= 128).toBe(true);
      for (const pid of pids) expect(await waitFor(() => (alive(pid) ? undefined : true), 3000), `pid ${pid} ended`).toBe(true);
      const metas = metadataFiles(cache);
      expect(metas.length).toBeGreaterThan(0);
      expect(metas.some((file) => /"endedAt"/.test(readFileSync(file, 'utf8')))).toBe(true);
    }, 40_000);
  }

  test('a setsid grandchild does not survive --timeout', async () => {
    const { code, pids } = await runAndSignal(null, ['--timeout', '2']);
    expect(code).toBe(124);
    for (const pid of pids) expect(await waitFor(() => (alive(pid) ? undefined : true), 3000), `pid ${pid} ended`).toBe(true);
  }, 40_000);
});

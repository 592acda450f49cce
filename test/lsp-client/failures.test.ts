// Servers that misbehave: real processes that crash mid-request or never answer. The lookup must
// fall back within its timeout and leave no process (nor process group) behind.
import { describe, expect, test } from 'vitest';
import { findEnclosingSymbol, LspClient, ServerPool, type LanguageEntry } from '../../src/lsp-client/index.js';
import { FIXTURES, fixture, groupAlive, processAlive } from './helpers.js';

function poolWith(script: string): ServerPool {
  const entry: LanguageEntry = { languageId: 'typescript', extensions: ['.ts'], server: { name: script, command: [fixture(script)] } };
  return new ServerPool({ languages: () => [entry] });
}

async function lookupWith(script: string, timeoutMs: number) {
  const pool = poolWith(script);
  const started = Date.now();
  const result = await findEnclosingSymbol({ file: fixture('nested.ts'), root: FIXTURES, line: 8, pool, timeoutMs });
  const elapsed = Date.now() - started;
  const pids = pool.pids();
  await pool.dispose();
  return { result, elapsed, pids };
}

describe('fallback when the server misbehaves', () => {
  test('a server that exits when asked for documentSymbol: tree-sitter answers, nothing left', async () => {
    // The timeout is far above the bound, so only noticing the crash (not waiting it out) passes.
    const { result, elapsed, pids } = await lookupWith('crash-server.mjs', 20_000);
    expect(result.source).toBe('tree-sitter');
    expect(result.symbol).toMatchObject({ name: 'scale', kind: 'function', startLine: 7, endLine: 10 });
    expect(result.notes.join(' ')).toMatch(/went away|not running/);
    expect(elapsed).toBeLessThan(15_000);
    expect(pids).toHaveLength(1);
    for (const pid of pids) {
      expect(processAlive(pid)).toBe(false);
      expect(groupAlive(pid)).toBe(false);
    }
  }, 30_000);

  test('a server that never answers: timeout, tree-sitter answers, group killed', async () => {
    const { result, elapsed, pids } = await lookupWith('silent-server.mjs', 1500);
    expect(result.source).toBe('tree-sitter');
    expect(result.symbol).toMatchObject({ name: 'scale' });
    expect(result.notes.join(' ')).toMatch(/no answer to initialize within \d+ ms/);
    // The timeout plus tree-sitter's cold load, with slack for a busy machine; a lookup that ignored its timeout
    // would wait on the silent server until the test's own timeout.
    expect(elapsed).toBeLessThan(1500 + 10_000);
    expect(pids).toHaveLength(1);
    for (const pid of pids) expect(groupAlive(pid)).toBe(false);
  }, 30_000);

  test('a failed server is not asked again by the same pool', async () => {
    const pool = poolWith('silent-server.mjs');
    const first = await findEnclosingSymbol({ file: fixture('nested.ts'), root: FIXTURES, line: 8, pool, timeoutMs: 800 });
    const firstPids = pool.pids();
    // Asking the silent server again would wait out this long timeout; the bound is half of it, generous for a
    // busy machine, and no second server process is started.
    const started = Date.now();
    const second = await findEnclosingSymbol({ file: fixture('shop.ts'), root: FIXTURES, line: 16, pool, timeoutMs: 20_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect([first.source, second.source]).toEqual(['tree-sitter', 'tree-sitter']);
    expect(second.symbol?.name).toBe('applyTax');
    expect(pool.pids()).toEqual(firstPids);
    await pool.dispose();
  }, 30_000);

  test('a missing server binary is E_LSP_START and falls back', async () => {
    const entry: LanguageEntry = {
      languageId: 'typescript',
      extensions: ['.ts'],
      server: { name: 'nope', command: ['/nonexistent/faultline-ls'] },
    };
    const pool = new ServerPool({ languages: () => [entry] });
    const result = await findEnclosingSymbol({ file: fixture('nested.ts'), root: FIXTURES, line: 8, pool, timeoutMs: 2000 });
    expect(result.source).toBe('tree-sitter');
    expect(result.notes[0]).toMatch(/cannot start/);
    await pool.dispose();
  }, 30_000);

  test('an aborted request rejects with the abort reason and does not fall back', async () => {
    const pool = poolWith('silent-server.mjs');
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 200);
    await expect(
      findEnclosingSymbol({ file: fixture('nested.ts'), root: FIXTURES, line: 8, pool, timeoutMs: 5000, signal: controller.signal }),
    ).rejects.toThrow('stop');
    const pids = pool.pids();
    await pool.dispose();
    for (const pid of pids) expect(groupAlive(pid)).toBe(false);
  }, 30_000);

  test('dispose is idempotent and the state ends stopped', async () => {
    const client = new LspClient({ server: { name: 'silent', command: [fixture('silent-server.mjs')] }, root: FIXTURES });
    await expect(client.start({ timeoutMs: 300 })).rejects.toMatchObject({ code: 'E_LSP_TIMEOUT' });
    await Promise.all([client.dispose(), client.dispose()]);
    expect(client.state).toBe('stopped');
    expect(groupAlive(client.pid!)).toBe(false);
  }, 30_000);
});

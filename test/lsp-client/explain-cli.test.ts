// `faultline explain` end to end: real locate, real servers (tls) or --no-lsp.
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../cli/_io.js';
import { FIXTURES } from './helpers.js';

const LOG = [
  "nested.ts(8,25): error TS2322: Type 'number' is not assignable to type 'string'.",
  "shop.ts(16,20): error TS2345: Argument of type 'string' is not assignable.",
  'script.sh:6:3: warning: quote this',
  'sample.c:15:3: error: implicit declaration',
  '',
].join('\n');

describe('faultline explain', () => {
  test('--json --no-lsp: three items from tree-sitter, with selection and excerpt', async () => {
    const io = captureIo({ cwd: FIXTURES, stdin: LOG });
    const code = await runCli(['explain', '-', '--root', FIXTURES, '--json', '--no-lsp'], io);
    expect(io.err.join('')).toBe('');
    expect(code).toBe(1);
    const json = JSON.parse(io.out.join(''));
    expect(json.version).toBe(1);
    expect(json.items).toHaveLength(3);
    const [first] = json.items;
    expect(first.location).toMatchObject({ file: 'nested.ts', line: 8, column: 25 });
    expect(first.symbol).toEqual({ name: 'scale', kind: 'function', startLine: 7, endLine: 10, source: 'tree-sitter' });
    expect(first.selection).toEqual({ startLine: 7, endLine: 10 });
    expect(first.excerpt.split('\n')[2]).toBe(' >  8 |         const doubled = input * 2;');
    expect(json.items[1].symbol.name).toBe('applyTax');
  }, 30_000);

  test('text output with the language server', async () => {
    const io = captureIo({ cwd: FIXTURES, stdin: LOG.split('\n')[1] });
    const code = await runCli(['explain', '--root', FIXTURES, '--timeout', '60000', '-'], io);
    expect(code).toBe(1);
    const text = io.out.join('');
    expect(text).toContain('shop.ts:16:20  error TS2345');
    expect(text).toContain('in function applyTax (lines 13-19, lsp:typescript-language-server)');
    expect(text).toMatch(/> 16 \|\s+return gross/);
  }, 90_000);

  test('no location: exit 0 and a note on stderr', async () => {
    const io = captureIo({ cwd: FIXTURES, stdin: 'all good\n' });
    expect(await runCli(['explain', '--root', FIXTURES, '-'], io)).toBe(0);
    expect(io.err.join('')).toMatch(/no location/);
  });

  test('a bad server config of a trusted workspace is E_CONFIG, exit 2', async () => {
    const { mkdtempSync, writeFileSync, cpSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'faultline-explain-'));
    cpSync(path.join(FIXTURES, 'nested.ts'), path.join(dir, 'nested.ts'));
    writeFileSync(path.join(dir, 'faultline.config.json'), JSON.stringify({ servers: { typescript: { command: 'tls' } } }));
    const io = captureIo({ cwd: dir, stdin: LOG.split('\n')[0] });
    expect(await runCli(['explain', '--root', dir, '--trust-workspace', '-'], io)).toBe(2);
    expect(io.err.join('')).toMatch(/servers\.typescript: "command" must be .*\[E_CONFIG\]/);
  }, 30_000);
});

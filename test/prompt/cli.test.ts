import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { createPromptCommand, promptCommand, readInsideRoots } from '../../src/cli/commands/prompt.js';

const workspace = mkdtempSync(join(tmpdir(), 'faultline-prompt-'));
const outside = mkdtempSync(join(tmpdir(), 'faultline-outside-'));
afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});
mkdirSync(join(workspace, 'src'));
const source = Array.from({ length: 40 }, (_, index) => (index === 11 ? '  let n: number = "0";' : `// line ${index + 1}`)).join('\n');
writeFileSync(join(workspace, 'src/app.ts'), source);
writeFileSync(join(outside, 'secret.ts'), 'const leaked = "outside the root";\n');
symlinkSync(join(outside, 'secret.ts'), join(workspace, 'src/link.ts'));
const token = `ghp_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2'}`;
const log = [
  `Using token ${token}`,
  "src/app.ts(12,7): error TS2322: Type 'string' is not assignable to type 'number'.",
  "src/link.ts(1,7): error TS2304: Cannot find name 'x'.",
  'Found 2 errors.',
].join('\n');
writeFileSync(join(workspace, 'tsc.log'), log);

function io(stdinText = ''): CliIo & { out: string; err: string } {
  const state = { out: '', err: '' };
  return Object.assign(state, {
    stdout: (text: string) => void (state.out += text),
    stderr: (text: string) => void (state.err += text),
    stdin: Readable.from([Buffer.from(stdinText)]),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    env: { DEPLOY_PASSWORD: 'a-very-private-value' },
    cwd: workspace,
  });
}

describe('faultline prompt', () => {
  it('prints the JSON shape with a redacted, bounded prompt and the primary code', async () => {
    const cli = io();
    const code = await promptCommand.run(['tsc.log', '--root', workspace, '--json'], cli);
    expect(code).toBe(0);
    const json = JSON.parse(cli.out);
    expect(Object.keys(json)).toEqual(['version', 'prompt', 'chars', 'approxTokens', 'redactions']);
    expect(json.version).toBe(1);
    expect(json.chars).toBe(json.prompt.length);
    expect(json.approxTokens).toBe(Math.ceil(json.chars / 4));
    expect(json.prompt).not.toContain(token);
    expect(json.redactions).toEqual([{ type: 'github-token', count: 1 }]);
    expect(json.prompt).toContain('Primary location: src/app.ts:12:7');
    expect(json.prompt).toContain('let n: number = "0";');
    // The symlink points outside the root: its code is never read.
    expect(json.prompt).not.toContain('outside the root');
  });

  it('shows a UTF-16 log decoded as the scan read it, without NULs', async () => {
    writeFileSync(
      join(workspace, 'tsc16.log'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(log.replaceAll('\n', '\r\n'), 'utf16le')]),
    );
    const cli = io();
    const code = await promptCommand.run(['tsc16.log', '--root', workspace, '--json'], cli);
    expect(code).toBe(0);
    const json = JSON.parse(cli.out);
    expect(json.prompt).toContain('Primary location: src/app.ts:12:7');
    expect(json.prompt).toContain("src/app.ts(12,7): error TS2322: Type 'string' is not assignable to type 'number'.");
    expect(json.prompt).not.toContain('\u0000');
    expect(json.prompt).not.toContain(token);
  });

  it('reads standard input, honours --budget and uses an injected symbol provider', async () => {
    const cli = io(log);
    const command = createPromptCommand({
      symbolProvider: async ({ location }) => ({
        name: 'total',
        kind: 'function',
        startLine: 11,
        endLine: 13,
        source: `// symbol of ${location.file}`,
      }),
    });
    const code = await command.run(['-', '--root', workspace, '--budget', '1500'], cli);
    expect(code).toBe(0);
    expect(cli.out.length).toBeLessThanOrEqual(1501);
    expect(cli.out).toContain('Code of function `total` in src/app.ts, lines 11–13:');
    expect(cli.err).toContain('redacted 1 secret (github-token ×1)');
  });

  it('reads code only inside the roots, symlinks resolved', async () => {
    const at = (file: string) => ({
      file,
      root: workspace,
      line: 1,
      column: 1,
      endLine: null,
      endColumn: null,
      severity: 'error' as const,
      message: 'm',
      code: null,
      format: 'tsc',
      columnUnit: 'utf-16' as const,
      logLine: 1,
      absolutePath: join(workspace, file),
    });
    expect((await readInsideRoots(at('src/app.ts'), [workspace]))?.text).toContain('let n: number');
    expect(await readInsideRoots(at('src/link.ts'), [workspace])).toBeUndefined();
    expect(await readInsideRoots(at('src/app.ts'), [outside])).toBeUndefined();
  });

  it('rejects a bad budget', async () => {
    await expect(promptCommand.run(['tsc.log', '--budget', 'lots'], io())).rejects.toMatchObject({ code: 'E_USAGE' });
  });
});

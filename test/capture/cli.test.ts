// `faultline run` and `faultline read` through their command objects with a recording CliIo.
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { readCommandCli } from '../../src/cli/commands/read.js';
import { runCommandCli } from '../../src/cli/commands/run.js';
import { tempDir, testEnv } from './helpers.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

// Byte writers like the real process's (kept as raw bytes, so the test sees exactly what passed through);
// without them `run` decodes the live output to text.
function recordingIo(
  extraEnv: NodeJS.ProcessEnv = {},
  options: { bytes?: boolean } = {},
): CliIo & { out: string[]; err: string[]; rawErr: Buffer[] } {
  const out: string[] = [];
  const err: string[] = [];
  const rawErr: Buffer[] = [];
  const bytes = options.bytes ?? true;
  return {
    out,
    err,
    rawErr,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    ...(bytes
      ? {
          stdoutBytes: (chunk: Uint8Array) => out.push(Buffer.from(chunk).toString('utf8')),
          stderrBytes: (chunk: Uint8Array) => {
            rawErr.push(Buffer.from(chunk));
            err.push(Buffer.from(chunk).toString('utf8'));
          },
        }
      : {}),
    stdin: Readable.from([]),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    env: testEnv(dir, { FAULTLINE_SESSION: 'cli-test', ...extraEnv }),
    cwd: dir,
  };
}

describe('faultline run', () => {
  test('passes the live output through byte for byte (invalid UTF-8 included), or decoded without byte writers', async () => {
    const script = 'printf "ok \\377\\376 caf\\303\\251\\n"; exit 3';
    const io = recordingIo();
    expect(await runCommandCli.run(['--json', '--', 'bash', '-c', script], io)).toBe(3);
    expect(Buffer.concat(io.rawErr)).toEqual(Buffer.from([0x6f, 0x6b, 0x20, 0xff, 0xfe, 0x20, 0x63, 0x61, 0x66, 0xc3, 0xa9, 0x0a]));
    const decoded = recordingIo({}, { bytes: false });
    expect(await runCommandCli.run(['--json', '--', 'bash', '-c', script], decoded)).toBe(3);
    expect(decoded.err.join('')).toContain('ok \ufffd\ufffd café\n');
  });

  test('--json: live output on stderr, one JSON document on stdout, exit code passed through', async () => {
    const io = recordingIo();
    const code = await runCommandCli.run(
      ['--json', '--', 'bash', '-c', 'echo "naïve ✓"; echo "src/a.ts:3:7: error: boom" >&2; exit 4'],
      io,
    );
    expect(code).toBe(4);
    expect(io.err.join('')).toContain('naïve ✓\nsrc/a.ts:3:7: error: boom\n');
    const document = JSON.parse(io.out.join(''));
    expect(document).toMatchObject({
      version: 1,
      command: ['bash', '-c', 'echo "naïve ✓"; echo "src/a.ts:3:7: error: boom" >&2; exit 4'],
      cwd: dir,
      exitCode: 4,
      signal: null,
      timedOut: false,
      artifact: { bytes: 37, lines: 2, truncated: false },
      preview: { text: 'naïve ✓\nsrc/a.ts:3:7: error: boom', omittedLines: 0, omittedBytes: 0 },
    });
    expect(Array.isArray(document.locations)).toBe(true);
    expect(await readFile(document.artifact.path, 'utf8')).toBe('naïve ✓\nsrc/a.ts:3:7: error: boom\n');
  });

  test('text mode: live output on stdout, then the artifact id and path', async () => {
    const io = recordingIo();
    const code = await runCommandCli.run(['--', 'echo', 'hello'], io);
    expect(code).toBe(0);
    const out = io.out.join('');
    expect(out.startsWith('hello\n')).toBe(true);
    expect(out).toMatch(/faultline: exit 0 · [\d.]+ s · 1 line · artifact \d{8}T\d{9}Z-[0-9a-f]{8}\n {2}\/.*\.log\n$/);
  });

  test('--shell, --cwd and --timeout: 124 and a note; SIGPIPE pipelines pass', async () => {
    const io = recordingIo();
    expect(await runCommandCli.run(['--shell', '--timeout', '0.3', '--', 'echo started; sleep 30'], io)).toBe(124);
    expect(io.err.join('')).toMatch(/timed out after 0\.3 s/);
    expect(await runCommandCli.run(['--shell', '--cwd', '/', '--', 'yes | head -1; pwd'], recordingIo())).toBe(0);
  });

  test('an interactive prompt is reported in JSON and on stderr', async () => {
    const io = recordingIo({ FAULTLINE_INTERACTIVE_SILENCE_MS: '300' });
    const code = await runCommandCli.run(['--json', '--', 'bash', '-c', 'printf "Overwrite? [y/N] "; sleep 30'], io);
    expect(code).toBe(143);
    expect(JSON.parse(io.out.join('')).interactive).toBe('Overwrite? [y/N]');
    expect(io.err.join('')).toMatch(/waiting for input \("Overwrite\? \[y\/N\]"\)/);
  });

  test('usage errors', async () => {
    await expect(runCommandCli.run(['--json'], recordingIo())).rejects.toThrow(/no command given/);
    await expect(runCommandCli.run(['--timeout', 'soon', '--', 'true'], recordingIo())).rejects.toThrow(/--timeout/);
  });
});

describe('faultline read', () => {
  async function capture(script: string): Promise<{ id: string; io: ReturnType<typeof recordingIo> }> {
    const io = recordingIo();
    await runCommandCli.run(['--json', '--', 'bash', '-c', script], io);
    return { id: JSON.parse(io.out.join('')).artifact.id, io };
  }

  test('pages with a cursor and searches with context, in JSON', async () => {
    const { id } = await capture('for i in $(seq 1 30); do echo "line $i"; done; echo "WARN late"');
    const io = recordingIo();
    expect(await readCommandCli.run([id, '--offset', '5', '--limit', '2', '--json'], io)).toBe(0);
    const page = JSON.parse(io.out.join(''));
    expect(page).toEqual({
      version: 1,
      lines: [
        { line: 5, text: 'line 5' },
        { line: 6, text: 'line 6' },
      ],
      next: '7:42',
    });
    const search = recordingIo();
    expect(await readCommandCli.run([id, '--search', 'warn', '--ignore-case', '--context', '1', '--json'], search)).toBe(0);
    expect(JSON.parse(search.out.join(''))).toEqual({
      version: 1,
      total: 1,
      matches: [{ line: 31, byteOffset: 231, text: 'WARN late', before: ['line 30'], after: [] }],
      next: null,
    });
  });

  test('text output, clamping note, missing artifact', async () => {
    const { id } = await capture('echo alpha; echo beta');
    const io = recordingIo();
    await readCommandCli.run([id, '--limit', '5000'], io);
    expect(io.out.join('')).toBe('1 | alpha\n2 | beta\n');
    expect(io.err.join('')).toContain('limit 5000 clamped to 1000');
    await expect(readCommandCli.run(['20200101T000000000Z-deadbeef'], recordingIo())).rejects.toThrow(
      /removed by retention or never existed/,
    );
  });
});

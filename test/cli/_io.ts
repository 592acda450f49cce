// A real CliIo whose output is captured; stdin is a real stream of the given bytes.
import { Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/io.js';

export interface CapturedIo extends CliIo {
  out: string[];
  err: string[];
}

export function captureIo(options: { cwd: string; stdin?: string | Buffer; env?: NodeJS.ProcessEnv; tty?: boolean }): CapturedIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdinIsTTY: options.tty ?? false,
    stdoutIsTTY: options.tty ?? false,
    env: options.env ?? {},
    cwd: options.cwd,
  };
}

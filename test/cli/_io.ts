// A real CliIo whose output is captured; stdin is a real stream of the given bytes.
import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/io.js';

export interface CapturedIo extends CliIo {
  out: string[];
  err: string[];
}

function bytesInto(sink: string[]): (bytes: Uint8Array) => void {
  const decoder = new StringDecoder('utf8');
  return (bytes) => {
    const text = decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (text !== '') sink.push(text);
  };
}

export function captureIo(options: { cwd: string; stdin?: string | Buffer; env?: NodeJS.ProcessEnv; tty?: boolean }): CapturedIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    // Like the real process: bytes as they come (decoded here only to compare text).
    stdoutBytes: bytesInto(out),
    stderrBytes: bytesInto(err),
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdinIsTTY: options.tty ?? false,
    stdoutIsTTY: options.tty ?? false,
    env: options.env ?? {},
    cwd: options.cwd,
  };
}

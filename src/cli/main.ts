// The executable: the only module that reads process.argv, writes to the real streams and exits.
import { isatty } from 'node:tty';
import { runCli } from './run-cli.js';
import { exitRequested } from './signals.js';

const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  stdoutBytes: (bytes: Uint8Array) => process.stdout.write(bytes),
  stderrBytes: (bytes: Uint8Array) => process.stderr.write(bytes),
  // Opened only by a command that reads it: creating the stream costs every run ~10 ms.
  get stdin() {
    return process.stdin;
  },
  stdinIsTTY: isatty(0),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
  env: process.env,
  cwd: process.cwd(),
};

// A closed pipe (`faultline … | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
});

runCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
    // Interrupted while reading a stdin that never ends: nothing else would let the process go.
    if (exitRequested()) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`faultline: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);

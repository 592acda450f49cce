// The executable's body: the only module that reads process.argv, writes to the real streams and exits.
// dist/cli.cjs (launcher.ts) loads the bundle of this module through V8's code cache and calls main().
import { fstatSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CliIo } from './io.js';
import { runCli } from './run-cli.js';
import { exitRequested } from './signals.js';

export { runCli };

// process.stdout and process.stderr are created on first use, and creating one loads Node's tty, net and stream
// code: ~5–10 ms of a ~50 ms start, on every run. A file, a pipe (CI, a hook, `| head`) or /dev/null takes
// writeSync instead.
// A socket, a terminal, or a pipe that someone made non-blocking (EAGAIN) goes through the stream, which
// queues; once a descriptor went through its stream it stays there, so output keeps its order.
function fdWriter(fd: 1 | 2, stream: () => NodeJS.WriteStream): (chunk: string | Uint8Array) => void {
  let direct = isFileOrPipe(fd);
  return (chunk) => {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (direct && bytes.length > 0) {
      try {
        bytes = bytes.subarray(writeSync(fd, bytes));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // A closed pipe (`faultline … | head`) is not an error worth a stack trace; stderr's reader left too.
        if (code === 'EPIPE') {
          if (fd === 1) process.exit(0);
          return;
        }
        if (code !== 'EAGAIN') throw error;
        direct = false;
      }
    }
    if (bytes.length > 0) stream().write(bytes);
  };
}

function isFileOrPipe(fd: number): boolean {
  try {
    const stats = fstatSync(fd);
    return stats.isFile() || stats.isFIFO() || (stats.isCharacterDevice() && !isTerminal(fd));
  } catch {
    return false;
  }
}

// Only a character device can be a terminal, and /dev/null (where CI and `>/dev/null` send output) is none;
// asking node:tty loads it with net and stream (~5–10 ms), so that is asked last.
// Asked once per descriptor: stdout's answer serves both its writer and stdoutIsTTY.
const terminals = new Map<number, boolean>();
function isTerminal(fd: number): boolean {
  let answer = terminals.get(fd);
  if (answer === undefined) terminals.set(fd, (answer = askIsTerminal(fd)));
  return answer;
}

function askIsTerminal(fd: number): boolean {
  const tty = (): boolean => (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(fd);
  // Windows consoles are not character devices to fstat, and there is no /dev/null to compare with.
  if (process.platform === 'win32') return tty();
  let stats: ReturnType<typeof fstatSync>;
  try {
    stats = fstatSync(fd);
  } catch {
    return false;
  }
  if (!stats.isCharacterDevice()) return false;
  try {
    if (stats.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    // no /dev/null to compare with: ask the tty module
  }
  return tty();
}

// The stream, made on first need, meets a closed reader quietly (as writeSync's EPIPE above).
function quietStream(fd: 1 | 2): () => NodeJS.WriteStream {
  let stream: NodeJS.WriteStream | undefined;
  return () => {
    if (stream) return stream;
    stream = fd === 1 ? process.stdout : process.stderr;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      if (fd === 1) process.exit(0);
    });
    return stream;
  };
}

function processIo(): CliIo {
  const stdout = fdWriter(1, quietStream(1));
  const stderr = fdWriter(2, quietStream(2));
  return {
    stdout,
    stderr,
    stdoutBytes: stdout,
    stderrBytes: stderr,
    // Opened only by a command that reads it: creating the stream costs every run ~10 ms.
    get stdin() {
      return process.stdin;
    },
    get stdinIsTTY() {
      return isTerminal(0);
    },
    get stdoutIsTTY() {
      return isTerminal(1);
    },
    env: process.env,
    cwd: process.cwd(),
  };
}

/** Runs the command line of this process and sets its exit code. */
export function main(): Promise<void> {
  const io = processIo();
  return runCli(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
      // Interrupted while reading a stdin that never ends: nothing else would let the process go.
      if (exitRequested()) process.exit(code);
    },
    (error: unknown) => {
      io.stderr(`faultline: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}

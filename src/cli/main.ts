
// The executable: the only module that reads process.argv, writes to the real streams and exits.
import { setFlagsFromString } from 'node:v8';
import { runCli } from './run-cli.js';

// A scan allocates a few short-lived strings per 64 KiB slice, and each young-generation GC finds the
// current slice alive; V8 counts those survivors and keeps doubling the young generation up to 2 × 16 MB,
// so peak RSS grew with the log (62 / 80 / 100 MB for 1 / 10 / 100 MB logs). Keeping it at its initial
// size costs nothing measurable here (more, cheaper scavenges) and holds the peak flat at ~60–70 MB
// (bench/run.mjs). Process-wide, so only the executable sets it, never the library.
setFlagsFromString('--semi-space-growth-factor=1');

const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  stdin: process.stdin,
  stdinIsTTY: Boolean(process.stdin.isTTY),
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
  },
  (error: unknown) => {
    process.stderr.write(`faultline: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);

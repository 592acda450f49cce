// What a command may touch of the outside world. Tests pass their own; main.ts passes the process's.
import { colourWanted } from './conventions.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Bytes passed through unchanged (a command's live output); without them the output is decoded to text. */
  stdoutBytes?: (bytes: Uint8Array) => void;
  stderrBytes?: (bytes: Uint8Array) => void;
  /** Raw stdin (only read when a command is given `-` or no file). */
  stdin: NodeJS.ReadableStream & { fd?: number };
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** A subcommand: parses its own argv and returns the process exit code (0 ok, 1 findings/failure, 2 usage/internal). */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

/** Whether the report is coloured: see colourWanted (flags, FORCE_COLOR, NO_COLOR, TERM=dumb, a terminal). */
export function wantsColour(io: CliIo, explicit?: boolean): boolean {
  return colourWanted(io, explicit);
}

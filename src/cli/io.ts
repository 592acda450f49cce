// What a command may touch of the outside world. Tests pass their own; main.ts passes the process's.

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
  /**
   * The exit code of faultline's own usage or internal error when 2 would be ambiguous: `run` passes the
   * command's code through (tsc and make exit 2), so its own errors are 125, as for `timeout` and `env`.
   */
  usageExit?: number;
  run(argv: string[], io: CliIo): Promise<number>;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
/** `check-command`: the command is blocked (never run it); 1 is needs-approval. */
export const EXIT_BLOCKED = 3;
/** `run`: faultline's own usage or internal error; 126 the command cannot run, 127 it is not found. */
export const EXIT_RUN_USAGE = 125;
export const EXIT_CANNOT_RUN = 126;
export const EXIT_NOT_FOUND = 127;

// Ctrl-C, a closed terminal and `kill` reach a command as SIGINT, SIGHUP and SIGTERM. Node's default for
// each is to die at once, skipping every cleanup: `run` left its command's process group running with no
// metadata written, and `explain` left language servers that ignore stdin EOF behind. A command listens
// while it works, ends what it started and exits 128+N.
import { constants } from 'node:os';

const HANDLED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

let exitNow = false;

interface SignalScope {
  /** Aborted with the signal's name as its reason. */
  signal: AbortSignal;
  /** Resolves with the first signal received. */
  received: Promise<NodeJS.Signals>;
  /** 128 + the signal's number (the shell's convention). */
  exitCode(): number;
  /** Stops listening. */
  close(): void;
}

export function listenForSignals(): SignalScope {
  const controller = new AbortController();
  let first: NodeJS.Signals | undefined;
  let resolveReceived: (signal: NodeJS.Signals) => void = () => {};
  const received = new Promise<NodeJS.Signals>((resolve) => {
    resolveReceived = resolve;
  });
  const handler = (signal: NodeJS.Signals): void => {
    first ??= signal;
    controller.abort(signal);
    resolveReceived(signal);
  };
  for (const signal of HANDLED) process.on(signal, handler);
  return {
    signal: controller.signal,
    received,
    exitCode: () => 128 + (first === undefined ? 0 : (constants.signals[first] ?? 0)),
    close: () => {
      for (const signal of HANDLED) process.off(signal, handler);
    },
  };
}

/** A command that stopped waiting on work it cannot cancel (a stdin that never ends) asks main to exit. */
export function requestExit(): void {
  exitNow = true;
}

export function exitRequested(): boolean {
  return exitNow;
}

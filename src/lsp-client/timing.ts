// Timers that never hold the process open once their promise settles.
import { CancellationTokenSource, type CancellationToken } from 'vscode-languageserver-protocol/node.js';

// Waits for `promise` at most `ms`; the timer is cleared so it never holds the process open.
export async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs one request with a local deadline and abort. jsonrpc's cancellation only sends
 * $/cancelRequest and then waits for the server (lsp.md §1), so both reject here, locally.
 */
export function withDeadline<R>(
  send: (token: CancellationToken) => Promise<R>,
  options: { timeoutMs: number; signal?: AbortSignal },
  errors: { timeout: () => Error; failure: (error: unknown) => unknown },
): Promise<R> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const source = new CancellationTokenSource();
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const timer = setTimeout(
      () => {
        source.cancel();
        finish(() => reject(errors.timeout()));
      },
      Math.max(0, options.timeoutMs),
    );
    const onAbort = (): void => {
      source.cancel();
      finish(() => reject(signal?.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      send(source.token).then(
        (value) => finish(() => resolve(value)),
        (error: unknown) => finish(() => reject(errors.failure(error))),
      );
    } catch (error) {
      // After close, sendRequest throws synchronously instead of rejecting (lsp.md §1).
      finish(() => reject(errors.failure(error)));
    }
  });
}

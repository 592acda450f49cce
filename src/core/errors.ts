// The one error type faultline throws. Callers switch on `code`, never on message text.

export type FaultlineErrorCode =
  | 'E_USAGE'
  | 'E_INPUT_MISSING'
  | 'E_INPUT_BINARY'
  | 'E_INPUT_READ'
  | 'E_UNKNOWN_FORMAT'
  | 'E_DUPLICATE_FORMAT'
  | 'E_OUTSIDE_ROOT'
  | 'E_CAPTURE'
  | 'E_ARTIFACT_MISSING'
  | 'E_REGEX'
  | 'E_LSP_START'
  | 'E_LSP_TIMEOUT'
  | 'E_LSP_CRASH'
  | 'E_CONFIG'
  | 'E_BUDGET'
  | 'E_INTERNAL';

// A registry-wide symbol: the CommonJS build ships each entry point (`faultline`, `faultline/lsp`, …) as its own
// bundle with its own copy of this class, and `instanceof` must still hold for an error from any of them.
const BRAND = Symbol.for('faultline.error');

export class FaultlineError extends Error {
  readonly code: FaultlineErrorCode;

  constructor(code: FaultlineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FaultlineError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

// True for a FaultlineError, optionally with one of the given codes.
export function isFaultlineError(value: unknown, ...codes: FaultlineErrorCode[]): value is FaultlineError {
  return value instanceof FaultlineError && (codes.length === 0 || codes.includes(value.code));
}

import type { ResolvedLocation } from '../../src/core/index.js';

export function location(overrides: Partial<ResolvedLocation> = {}): ResolvedLocation {
  return {
    file: 'src/app.ts',
    root: '/repo',
    line: 12,
    column: 7,
    endLine: 12,
    endColumn: 10,
    severity: 'error',
    message: "Type 'string' is not assignable to type 'number'.",
    code: 'TS2322',
    format: 'tsc',
    columnUnit: 'utf-16',
    logLine: 1,
    absolutePath: '/repo/src/app.ts',
    ...overrides,
  };
}

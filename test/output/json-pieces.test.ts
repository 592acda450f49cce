// The CLI writes --json piece by piece (issue 21: a dense log's JSON was a quarter of its peak memory whole):
// the pieces must be exactly the text of the whole, whatever the number of entries.
import { describe, expect, it } from 'vitest';
import type { LocateResult, ResolvedLocation } from '../../src/core/index.js';
import { renderJson, renderJsonPieces } from '../../src/output/index.js';

function location(line: number): ResolvedLocation {
  return {
    file: 'src/a.ts',
    root: '/w',
    absolutePath: '/w/src/a.ts',
    line,
    column: 3,
    endLine: null,
    endColumn: null,
    severity: 'error',
    message: `bad "${line}"`,
    code: 'TS1',
    format: 'tsc',
    columnUnit: 'utf-16',
    logLine: line,
  };
}

function result(count: number): LocateResult {
  return {
    locations: Array.from({ length: count }, (_, index) => location(index + 1)),
    unresolved: Array.from({ length: count * 2 }, (_, index) => ({
      file: 'lib/b.ts',
      line: index,
      column: null,
      format: 'tsc',
      logLine: index,
      reason: 'ambiguous' as const,
      candidates: ['x/lib/b.ts', 'y/lib/b.ts'],
    })),
    dropped: Array.from({ length: count }, (_, index) => ({ file: 'node_modules/c.js', line: index, reason: 'vendored' as const })),
  };
}

describe('renderJsonPieces', () => {
  it.each([0, 1, 999, 1000, 1001, 2500])('joins to the whole JSON text with %i locations', (count) => {
    const pieces = [...renderJsonPieces(result(count))];
    expect(pieces.join('')).toBe(`${JSON.stringify(renderJson(result(count)))}\n`);
    // Bounded pieces: no piece holds more than a thousand entries.
    if (count >= 1000) expect(pieces.length).toBeGreaterThan(3);
  });
});

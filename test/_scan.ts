// One way for grammar tests to scan a log: the protocol the CLI's file reader uses (raw bytes decoded as latin1,
// each line normalised as the summariser does), so a test sees what a user's log would give.
import { createScanner } from '../src/grammars/index.js';
import { normaliseLine } from '../src/summarise/index.js';
import type { RawLocation } from '../src/core/index.js';

/**
 * Scans `log` (lines, each ended by a newline, or text as it is) with every format or only `formats`. The scanner
 * reads raw bytes as latin1: a log's UTF-8 no-break space is the two bytes C2 A0, as in a real file.
 */
export function scanLog(log: readonly string[] | string, formats?: readonly string[]): RawLocation[] {
  const scanner = createScanner({ normaliseLine, ...(formats ? { formats } : {}) });
  const text = typeof log === 'string' ? log : `${log.join('\n')}\n`;
  scanner.write(Buffer.from(text, 'utf8').toString('latin1'));
  return scanner.end().locations;
}

const WEAK_TIERS = new Set(['permissive', 'prose', 'prose-file']);

/**
 * Without the permissive and prose tiers' candidates, which only the workspace can confirm (resolve drops them
 * otherwise; test/grammars/permissive.test.ts and prose-file.test.ts cover them), so a format's test sees what the
 * format read.
 */
export function withoutWeakTiers(locations: RawLocation[]): RawLocation[] {
  return locations.filter((location) => !WEAK_TIERS.has(location.format));
}

/** The fields a grammar test compares, in a row per location. */
export const brief = (locations: RawLocation[]) => locations.map((l) => [l.format, l.file, l.line, l.column, l.severity, l.message]);

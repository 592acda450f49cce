// V8 young-generation sizing for long scans. A scan allocates a few short-lived strings per 64 KiB slice and
// each young-generation GC finds the current slice alive; V8 counts those survivors and keeps doubling the
// young generation up to 2 × 16 MB, so peak RSS grew with the log (62 / 80 / 100 MB for 1 / 10 / 100 MB
// logs). Keeping it at its initial size costs nothing measurable (more, cheaper scavenges) and holds the
// peak at ~60–70 MB (bench/run.mjs). Process-wide, so only the executable sets it, never the library; and only
// for large or unbounded input: loading node:v8 costs a small log's run ~10 ms, and below a few MB the young
// generation never grows much anyway.
import { statSync } from 'node:fs';
import type { LogSource } from '../locate/index.js';

// Below this the young generation never grows past its first doublings.
const LARGE_LOG_BYTES = 4 * 1024 * 1024;

/** Keeps the young generation small for the rest of the process (a capture, a stream of unknown size). */
export async function keepYoungGenerationSmall(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** Same, when the log to scan is large or of unknown size (standard input). */
export async function keepYoungGenerationSmallFor(source: LogSource): Promise<void> {
  if ('text' in source) return;
  if ('path' in source) {
    try {
      if (statSync(source.path).size < LARGE_LOG_BYTES) return;
    } catch {
      return; // locate reports the missing file itself
    }
  }
  await keepYoungGenerationSmall();
}

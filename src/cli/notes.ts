// What the CLI says on stderr about a located result beside the report itself: an empty log, nothing found in
// the workspace (one line with the fix), locations past the collection cap.
import { countOf, type LocateResult } from '../core/index.js';
import type { LocateOutcome } from '../locate/index.js';
import type { CliIo } from './io.js';
import { unresolvedHint } from './conventions.js';

/** Notes for stderr; `verbose` adds the ones only a human reading text wants. */
export function reportNotes(result: LocateOutcome, io: CliIo, cwd: string, verbose: boolean): void {
  if (result.stats.bytes === 0) {
    if (verbose) io.stderr('faultline: the log is empty (0 bytes): nothing to locate\n');
    return;
  }
  const hint = unresolvedHint(result, cwd);
  if (hint) io.stderr(hint);
  else if (verbose && result.locations.length === 0) {
    const dropped =
      result.dropped.length > 0 ? ` (${result.dropped.length} dropped as vendored, runtime or ignored; --json lists them)` : '';
    io.stderr(`faultline: no location in the workspace${dropped}\n`);
  }
  for (const entry of result.stats.gaveUp ?? []) {
    io.stderr(
      `faultline: --efm pattern '${entry.pattern}' gave up on log line ${entry.logLine} after ${entry.steps} steps (its step budget); ` +
        `other patterns still read that line\n`,
    );
  }
  if (result.stats.filtered)
    io.stderr(`faultline: ${countOf(result.stats.filtered, 'location')} outside the change left out (--filter-mode)\n`);
  overflowNote(result, io);
}

/** The locations past the collection cap, counted (run and explain print only this note). */
export function overflowNote(result: LocateOutcome | LocateResult, io: CliIo): void {
  if (!('stats' in result) || result.stats.overflow === 0) return;
  const more = countOf(result.stats.overflow, 'more location', 'more locations');
  io.stderr(`faultline: ${more} not collected (limit reached; --max-locations N raises it)\n`);
}

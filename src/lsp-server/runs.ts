// One recorded run → its diagnostics and fixes: locate on the saved output (as `faultline run` did), rooted at the
// open folder the run was made in, then fixes placed on the files (as `faultline fix` collects them).
import { readFileSync, statSync } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import type { RunRecord } from '../capture/index.js';
import { formatCommand } from '../summarise/index.js';
import { locate } from '../locate/index.js';
import { collectFixes } from '../fix/index.js';
import type { Fix } from '../core/index.js';
import type { PositionEncoding } from './encoding.js';
import { splitLines } from './line-map.js';
import type { RunEntry, StoredDiagnostic } from './store.js';
import { toDiagnostics, type LinesOf } from './to-diagnostics.js';
import { runKey } from './run-watch.js';

// Larger files are not read for column conversion (the diagnostic then starts at its line's first column).
const MAX_TEXT_BYTES = 8 * 1024 * 1024;

/** The open folder a directory lies in (the deepest), or undefined. */
export function folderOf(directory: string, folders: readonly string[]): string | undefined {
  const holding = folders.filter((folder) => {
    const path = relative(folder, directory);
    return path === '' || (!path.startsWith('..') && !isAbsolute(path));
  });
  return holding.sort((a, b) => b.length - a.length)[0];
}

/** Reads each file once per run, from disk: the tool's columns count on the text it saw. */
export function diskLines(): LinesOf {
  const cache = new Map<string, readonly string[] | undefined>();
  return (path) => {
    if (!cache.has(path)) {
      try {
        cache.set(path, statSync(path).size > MAX_TEXT_BYTES ? undefined : splitLines(readFileSync(path, 'utf8')));
      } catch {
        cache.set(path, undefined);
      }
    }
    return cache.get(path);
  };
}

interface RunToEntryOptions {
  folders: readonly string[];
  encoding: PositionEncoding;
  linesOf?: LinesOf;
}

/** The run's entry; a passing run (or one located to nothing) gives an entry with no diagnostics, clearing the old. */
export async function entryOfRun(run: RunRecord, options: RunToEntryOptions): Promise<RunEntry | undefined> {
  const folder = folderOf(run.cwd, options.folders);
  if (folder === undefined) return undefined;
  const key = runKey(run);
  if (!run.failed || !run.artifactPath) return { key, run, diagnostics: [] };
  let located;
  try {
    located = await locate({ path: run.artifactPath }, { cwd: run.cwd, roots: [folder] });
  } catch {
    // The artifact was removed by retention, or the project file is broken: nothing to show for this run.
    return { key, run, diagnostics: [] };
  }
  const linesOf = options.linesOf ?? diskLines();
  const diagnostics = toDiagnostics(located.locations, {
    encoding: options.encoding,
    folders: options.folders,
    source: formatCommand(run.command),
    linesOf,
  });
  let fixes: Fix[] = [];
  if (located.locations.some((location) => location.fixes && location.fixes.length > 0)) {
    fixes = (
      await collectFixes(located, { cwd: run.cwd, roots: [folder], loggedAt: Date.parse(run.endedAt) }).catch(() => ({
        fixes: [] as Fix[],
      }))
    ).fixes;
  }
  const stored: StoredDiagnostic[] = diagnostics.map((item) => ({
    ...item,
    fixes: fixes.filter(
      (fix) =>
        fix.diagnostic !== null &&
        fix.diagnostic.logLine === item.location.logLine &&
        fix.diagnostic.line === item.location.line &&
        fix.edits.length > 0,
    ),
  }));
  return { key, run, diagnostics: stored };
}

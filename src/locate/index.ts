// locate = read the log (streaming) → grammars → resolve and rank against the workspace.
import { resolve } from 'node:path';
import type { LocateResult } from '../core/index.js';
import { resolveLocations, type ResolveOptions } from '../resolve/index.js';
import { createInputReader } from '../reports/index.js';
import { normaliseLine } from '../summarise/index.js';
import { readLog, type LogSource } from './read-log.js';
import { defaultRoots } from './workspace-roots.js';

export type { LogSource } from './read-log.js';

export interface LocateOptions {
  /** Where the command ran; relative paths in the log are relative to it. Default: process.cwd(). */
  cwd?: string;
  /** Workspace roots; default: the git top level of cwd, else cwd. */
  roots?: string[];
  /** Restrict recognition to these format names, text or report (default: all). */
  formats?: string[];
  /** Read the log as this structured report (`faultline formats`), or `text` for the text formats only;
   * default: detected from the content. */
  inputFormat?: string;
  /** Scan input that looks binary anyway. */
  allowBinary?: boolean;
  /** File-system access for resolution (an editor can inject its own). */
  fs?: ResolveOptions['fs'];
  /** Which relative paths a root ignores (default: git check-ignore). */
  isIgnored?: ResolveOptions['isIgnored'];
  /** The command that printed the log (argv): names the file a tool read as standard input. */
  command?: readonly string[];
}

/** What was read, for notes and the run record. */
export interface LocateStats {
  bytes: number;
  lines: number;
  /** Locations recognised before resolution. */
  recognised: number;
  /** Locations beyond the collection cap (not resolved). */
  overflow: number;
}

export interface LocateOutcome extends LocateResult {
  stats: LocateStats;
}

// Finds error locations in a log and maps them to workspace files; locations[0] is the primary.
export async function locate(source: LogSource, options: LocateOptions = {}): Promise<LocateOutcome> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const roots = (options.roots && options.roots.length > 0 ? options.roots : defaultRoots(cwd)).map((root) => resolve(cwd, root));
  const scanner = createInputReader({
    normaliseLine,
    ...(options.formats ? { formats: options.formats } : {}),
    ...(options.inputFormat ? { inputFormat: options.inputFormat } : {}),
  });
  await readLog(source, { slice: (slice) => scanner.write(slice), window: (window) => scanner.writeWindow(window) }, options.allowBinary === true);
  const scanned = scanner.end();
  const result = await resolveLocations(scanned.locations, {
    cwd,
    roots,
    ...(options.fs ? { fs: options.fs } : {}),
    ...(options.isIgnored ? { isIgnored: options.isIgnored } : {}),
    ...(options.command ? { command: options.command } : {}),
  });
  return {
    ...result,
    stats: { bytes: scanned.bytes, lines: scanned.lines, recognised: scanned.locations.length, overflow: scanned.overflow },
  };
}

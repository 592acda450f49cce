// locate = read the log (streaming) → grammars → resolve and rank against the workspace.
import { resolve } from 'node:path';
import { FaultlineError, type LocateResult, type WorkMeter } from '../core/index.js';
import type { ScanResult, UserFormat } from '../grammars/index.js';
import { applyIgnoredPaths, applySeverityOverrides, filterByDiff, type DiffFilter } from './adjust.js';
import { readProjectFile, type ProjectSettings } from './project-file.js';
import { createWorkspaceFileTest, printingsOf, resolveLocations, type ResolveOptions } from '../resolve/index.js';
import type { InputReader, InputReaderOptions } from '../reports/index.js';
import { normaliseLine } from '../summarise/index.js';
import { readLog, type LogSource } from './read-log.js';
import { defaultRoots } from './workspace-roots.js';

export type { LogSource } from './read-log.js';
export type { DiffFilter } from './adjust.js';
export { readDiff, diffAgainst, FILTER_MODES, type FilterMode, type ChangedLines } from './diff.js';
export { readProjectFile, parseProjectFile, PROJECT_FILE, type ProjectSettings, type LintCommand } from './project-file.js';

export interface LocateOptions {
  /** Where the command ran; relative paths in the log are relative to it. Default: process.cwd(). */
  cwd?: string;
  /** Workspace roots; default: the git top level of cwd, else cwd. */
  roots?: string[];
  /** Restrict recognition to these format names, text or report (default: all). */
  formats?: string[];
  /** Never recognise these format names, text or report (a format that misfires on your logs); beside `formats`,
   * the names left out of it. */
  excludeFormats?: string[];
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
  /** The user's own patterns (errorformat syntax), read before the built-in formats. */
  userFormats?: UserFormat[];
  /**
   * The project file's settings: `true` (default) reads faultline.config.json (else package.json's "faultline"
   * key) from the first root, `false` reads none, or pass settings already read. Its formats join `userFormats`.
   */
  project?: boolean | ProjectSettings;
  /** Keep only what a change touched (reviewdog's -filter-mode with -diff). */
  diff?: DiffFilter;
  /** Counts the work of reading the log: characters, records and frames examined (growth tests). */
  meter?: WorkMeter;
  /** Collect at most this many locations (default DEFAULT_MAX_LOCATIONS, 50 000): memory is bounded by it, and
   * the locations past it are counted in `stats.overflow`. */
  maxLocations?: number;
}

/** What was read, for notes and the run record. */
export interface LocateStats {
  bytes: number;
  lines: number;
  /** Locations recognised before resolution. */
  recognised: number;
  /** Locations beyond the collection cap (not resolved). */
  overflow: number;
  /** Locations left out by the diff filter. */
  filtered?: number;
  /** The project file that was applied. */
  projectFile?: string;
  /** User patterns that ran out of their step budget on a line (once per pattern). */
  gaveUp?: ReadonlyArray<{ readonly pattern: string; readonly logLine: number; readonly steps: number }>;
}

export interface LocateOutcome extends LocateResult {
  stats: LocateStats;
}

function checkedMaxLocations(count: number): number {
  if (!(Number.isInteger(count) && count >= 1))
    throw new FaultlineError('E_USAGE', `maxLocations must be a whole number from 1 up (got ${count})`);
  return count;
}

// Loaded once: a dynamic import of a module already loaded still walks the loader each call (~13 µs of a warm call).
let reports: typeof import('../reports/index.js') | undefined;

// What a reader ends with when the log had no byte.
const nothingRead = (): ScanResult => ({ locations: [], overflow: 0, lines: 0, bytes: 0 });

// Finds error locations in a log and maps them to workspace files; locations[0] is the primary.
export async function locate(source: LogSource, options: LocateOptions = {}): Promise<LocateOutcome> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const roots = (options.roots && options.roots.length > 0 ? options.roots : defaultRoots(cwd)).map((root) => resolve(cwd, root));
  const project =
    options.project === false
      ? undefined
      : options.project === undefined || options.project === true
        ? readProjectFile(roots[0] as string)
        : options.project;
  const userFormats = [...(options.userFormats ?? []), ...(project?.formats ?? [])];
  const readerOptions: InputReaderOptions = {
    normaliseLine,
    ...(userFormats.length > 0 ? { userFormats } : {}),
    ...(options.formats ? { formats: options.formats } : {}),
    ...(options.excludeFormats ? { excludeFormats: options.excludeFormats } : {}),
    ...(options.inputFormat ? { inputFormat: options.inputFormat } : {}),
    ...(options.meter ? { meter: options.meter } : {}),
    ...(options.maxLocations !== undefined ? { maxLocations: checkedMaxLocations(options.maxLocations) } : {}),
    // On the machine's own files only: an injected file system (an editor's) may hold other ones.
    ...(options.fs && options.fs.local !== true ? {} : { mayBeWorkspaceFile: createWorkspaceFileTest(roots) }),
  };
  // The reports and the grammars (the registry's formats, their anchors and parsers) load when the first byte
  // arrives: an empty log needs none of them. Options they check are checked before the log is read.
  let reader: InputReader | undefined;
  const makeReader = async (): Promise<InputReader> => {
    reports ??= await import('../reports/index.js');
    return (reader ??= reports.createInputReader(readerOptions));
  };
  if (userFormats.length > 0 || options.formats || options.excludeFormats || options.inputFormat) await makeReader();
  await readLog(
    source,
    {
      beforeFirstByte: async () => void (await makeReader()),
      slice: (slice) => reader?.write(slice),
      window: (window) => reader?.writeWindow(window) ?? 0,
    },
    options.allowBinary === true,
  );
  const scanned = reader?.end() ?? nothingRead();
  const rated = project ? applySeverityOverrides(scanned.locations, project) : { locations: scanned.locations, dropped: [] };
  const result = await resolveLocations(rated.locations, {
    cwd,
    roots,
    ...(options.fs ? { fs: options.fs } : {}),
    ...(options.isIgnored ? { isIgnored: options.isIgnored } : {}),
    ...(options.command ? { command: options.command } : {}),
  });
  const recognised = scanned.locations.reduce((count, location) => count + printingsOf(location), 0);
  const stats: LocateStats = { bytes: scanned.bytes, lines: scanned.lines, recognised, overflow: scanned.overflow };
  if (scanned.gaveUp) stats.gaveUp = scanned.gaveUp;
  if (project) {
    const adjusted = await applyIgnoredPaths(result.locations, project, roots[0] as string);
    result.locations = adjusted.locations;
    result.dropped = [...result.dropped, ...rated.dropped, ...adjusted.dropped];
    stats.projectFile = project.file;
  }
  if (options.diff) {
    const kept = filterByDiff(result.locations, options.diff);
    result.locations = kept.locations;
    stats.filtered = kept.filtered;
  }
  return { ...result, stats };
}

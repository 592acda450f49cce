// resolveLocations: map the raw locations a grammar printed to workspace files, drop noise,
// and rank what is left so that locations[0] is where a human fixes first.
import { FaultlineError } from '../core/errors.js';
import type { DroppedLocation, LocateResult, RawLocation, ResolvedLocation, UnresolvedLocation } from '../core/types.js';
import { mapCompiledOutput } from './compiled-output.js';
import { findGenerated } from './generated.js';
import { mapMirrorsToSources } from './generated-mirrors.js';
import { createGitIgnoredCheck } from './git-ignored.js';
import { restoreIndentation } from './dedented-columns.js';
import { findImportedLines } from './imported-lines.js';
import { rankLocations, type Ranked } from './rank.js';
import { assertionTraces, harnessFrames } from './test-frames.js';
import { wholeFilesPlaced } from './whole-file.js';
import { applyRoles, type PendingRelated } from './roles.js';
import { nameStandardInput } from './command-names.js';
import { DependencyFolders } from './dependency-folders.js';
import { ownInstalledCopy } from './installed-copy.js';
import { inOwnPathDependency } from './path-dependencies.js';
import { FileIndex } from './file-index.js';
import { mapUnderLearnedRoots } from './container-roots.js';
import { dropClonedLibraries } from './nested-repositories.js';
import { dropPrefixScripts } from './python-prefixes.js';
import { restatesNamedKind, strictNamesByLine } from './kind-names.js';
import type { FirstPass, Resolution } from './resolution.js';
import { isRuntimeLocation, resolutionKey, resolveFirstPass } from './resolve-one.js';
import { CachedResolverFs, createNodeResolverFs, type ResolverFs } from './resolver-fs.js';
import { runtimeCheckoutFiles } from './runtime-checkouts.js';
import { Workspace } from './workspace.js';
import { withRepeats, type PerPrinting } from './repeats.js';
import { inputsKey, keep, QuestionLog, replay, type CallInputs } from './replay.js';

/** Options of resolveLocations. */
export interface ResolveOptions {
  /** Directory the command ran in; relative printed paths are tried against it after make's directory. */
  cwd: string;
  /** Workspace roots (absolute, or relative to cwd). Nothing outside them is ever resolved or reported. */
  roots: string[];
  /** File-system access; default: node:fs. An editor can inject its own workspace API. */
  fs?: ResolverFs;
  /**
   * Which of `relativePaths` (posix, relative to the real `root`) the workspace ignores as generated
   * output. Called at most once per root per call. Default: `git check-ignore --stdin -z`
   * (tracked files are never ignored), else the root .gitignore.
   */
  isIgnored?: (root: string, relativePaths: string[]) => Promise<Set<string>>;
  /** The command that printed the log (argv, as `faultline run` records it): names the file a tool read as
   * standard input when the log echoes no command (`python3 - < app.py` prints `<stdin>`). */
  command?: readonly string[];
}

function normaliseOptions(options: ResolveOptions): Required<Omit<ResolveOptions, 'command'>> {
  if (typeof options?.cwd !== 'string' || options.cwd === '') {
    throw new FaultlineError('E_USAGE', 'resolveLocations needs options.cwd');
  }
  if (!Array.isArray(options.roots)) throw new FaultlineError('E_USAGE', 'resolveLocations needs options.roots');
  const ignoredCheck = createGitIgnoredCheck();
  return {
    cwd: options.cwd,
    roots: options.roots,
    fs: options.fs ?? createNodeResolverFs(),
    isIgnored: options.isIgnored ?? ((root, paths) => ignoredCheck(root, paths)),
  };
}

// Distinct weak candidates (hints.confirm) one call looks up. A 100 MB log can hold a million path-like tokens;
// the last ones are kept, because a failing command prints its failure at the end.
export const MAX_CONFIRM_LOOKUPS = 4096;

/** Keys of the weak candidates that are looked up: the last MAX_CONFIRM_LOOKUPS distinct ones. */
function confirmKeysToLookUp(raws: readonly RawLocation[], keys: readonly string[]): Set<string> {
  const kept = new Set<string>();
  for (let index = raws.length - 1; index >= 0 && kept.size < MAX_CONFIRM_LOOKUPS; index--) {
    if (raws[index]?.hints?.confirm === true) kept.add(keys[index] as string);
  }
  return kept;
}

const DISCARDED: Resolution = { kind: 'unresolved', reason: 'not-found' };
const RUNTIME: Resolution = { kind: 'dropped', reason: 'runtime' };

// Distinct printed paths resolved at a time. All 50 000 of a dense log at once kept every one's async frames,
// candidate lists and promises alive together: ~4 KB each, a 200 MB peak for a type check of 50 000 missing
// names, most of that run's time in GC (issue 21). In batches the peak follows the batch, not the log.
const BATCH = 1024;

// Two passes, each memoised per printed path + hints (a stack trace repeats the same file in many frames):
// stat'ing first, then the one workspace listing for what stat'ing left open, with every name it needs known.
async function resolveAll(raws: readonly RawLocation[], workspace: Workspace): Promise<Resolution[]> {
  const index = new FileIndex(workspace);
  const keys = raws.map(resolutionKey);
  const confirmKeys = confirmKeysToLookUp(raws, keys);
  const strictKeys = new Set(keys.filter((key, position) => raws[position]?.hints?.confirm !== true));
  const distinct = new Map<string, RawLocation>();
  raws.forEach((raw, position) => {
    const key = keys[position] as string;
    if (distinct.has(key) || isRuntimeLocation(raw)) return;
    if (strictKeys.has(key) || confirmKeys.has(key)) distinct.set(key, raw);
  });
  const entries = [...distinct];
  const firstPasses: FirstPass[] = [];
  for (let from = 0; from < entries.length; from += BATCH) {
    firstPasses.push(...(await Promise.all(entries.slice(from, from + BATCH).map(([, raw]) => resolveFirstPass(raw, workspace, index)))));
  }
  // Every first pass has settled, so every name the listing needs is known before it starts.
  // A file in a folder a package manager made (the workspace's manifests and markers say which) is a dependency's.
  const dependencies = new DependencyFolders(workspace.fs);
  const finish = async (first: FirstPass): Promise<Resolution> => {
    const resolution = first.kind === 'deferred' ? await first.finish() : first;
    if (resolution.kind !== 'resolved' || !(await dependencies.contains(resolution.root, resolution.relative))) return resolution;
    // A folder the manifest names as a local path dependency is the user's, wherever it sits (SwiftPM's `Packages/Kit`).
    if (await inOwnPathDependency(workspace, resolution.root, resolution.relative)) return resolution;
    // …unless the manager keeps it as a copy of the workspace's own file (CocoaPods' Local Podspecs: installed-copy.ts).
    const own = await ownInstalledCopy(resolution.relative, workspace);
    return own?.kind === 'resolved' ? own : { kind: 'dropped', reason: 'vendored' };
  };
  const finals = new Map<string, Resolution>();
  for (let from = 0; from < entries.length; from += BATCH) {
    const settled = await Promise.all(firstPasses.slice(from, from + BATCH).map(finish));
    settled.forEach((resolution, offset) => finals.set(entries[from + offset]![0], resolution));
  }
  // A container's path that no ending of its own found lies under a root a sibling location showed (container-roots.ts).
  for (const [key, mapped] of await mapUnderLearnedRoots(entries, finals, workspace)) finals.set(key, await finish(mapped));
  await dropClonedLibraries(finals, workspace);
  dropPrefixScripts(entries, finals); // a Python prefix's console scripts, known from its library paths (python-prefixes.ts)
  const runtimeFiles = await runtimeCheckoutFiles(raws, isRuntimeLocation, workspace); // the workspace is the runtime's repository
  return raws.map((raw, position) => {
    if (isRuntimeLocation(raw)) return runtimeFiles.get(raw) ?? RUNTIME;
    return finals.get(keys[position] as string) ?? DISCARDED;
  });
}

/** Indices of resolved entries whose file the workspace ignores; one isIgnored call per root. */
async function findIgnored(resolutions: readonly Resolution[], isIgnored: NonNullable<ResolveOptions['isIgnored']>): Promise<Set<number>> {
  const byRoot = new Map<string, Set<string>>();
  for (const resolution of resolutions) {
    if (resolution.kind !== 'resolved') continue;
    let files = byRoot.get(resolution.root);
    if (!files) byRoot.set(resolution.root, (files = new Set()));
    files.add(resolution.relative);
  }
  const ignoredByRoot = new Map<string, Set<string>>();
  await Promise.all(
    [...byRoot].map(async ([root, files]) => {
      ignoredByRoot.set(root, await isIgnored(root, [...files]));
    }),
  );
  const ignored = new Set<number>();
  resolutions.forEach((resolution, index) => {
    if (resolution.kind === 'resolved' && ignoredByRoot.get(resolution.root)?.has(resolution.relative)) ignored.add(index);
  });
  return ignored;
}

// Field by field, so hints and any grammar-private extras never leak into the public result.
function toResolvedLocation(source: RawLocation, resolution: Extract<Resolution, { kind: 'resolved' }>): ResolvedLocation {
  const location: ResolvedLocation = {
    file: resolution.relative,
    root: resolution.root,
    line: source.line,
    column: source.column,
    endLine: source.endLine,
    endColumn: source.endColumn,
    severity: source.severity,
    message: source.message,
    code: source.code,
    format: source.format,
    columnUnit: source.columnUnit,
    logLine: source.logLine,
    absolutePath: resolution.absolutePath,
  };
  if (source.frame) location.frame = source.frame;
  if (source.role === 'related') location.role = 'related';
  if (source.fixes) location.fixes = source.fixes;
  return location;
}

function placeKey(resolution: Extract<Resolution, { kind: 'resolved' }>, line: number): string {
  return `${resolution.root}\0${resolution.relative}\0${line}`;
}

/** The file and line of every location a real format (no weak candidate) resolved. */
function placesOfStrict(raws: readonly RawLocation[], resolutions: readonly Resolution[]): Set<string> {
  const places = new Set<string>();
  resolutions.forEach((resolution, index) => {
    const source = raws[index] as RawLocation;
    if (resolution.kind === 'resolved' && source.hints?.confirm !== true) places.add(placeKey(resolution, source.line));
  });
  return places;
}

/**
 * make's `*** [Makefile:18: target] Error 2`. make's grammar gives a note to these reports only (a localized make
 * words them its own way: `die Regel für Ziel „x“ scheiterte`). An IDE that lists make's output as problems (Eclipse
 * CDT's Problems view: `recipe for target 'all' failed` at `rules.mk` line 171) relays the same report in make's words.
 * MSBuild relays a failed command the same way, at the task's line of the project file that runs it: the Exec task's
 * `error MSB3073: The command "…" exited with code 1` (MSB3075 with a hint about rights), a tool task's MSB6006.
 */
const COMMAND_EXITED = /^MSB(?:3073|3075|6006)$/;

function isRecipeReport(location: Pick<ResolvedLocation, 'format' | 'message' | 'severity' | 'code'>): boolean {
  if (/^recipe for target ['`\u2018]/.test(location.message)) return true;
  if (COMMAND_EXITED.test(location.code ?? '')) return true;
  return location.format === 'make' && location.severity === 'note';
}

/** Takes make's recipe reports out of `ranked` (in place) and returns them in their order. */
function takeRecipeReports(ranked: Ranked[]): Ranked[] {
  const reports: Ranked[] = [];
  let kept = 0;
  for (const entry of ranked) {
    if (isRecipeReport(entry.location)) reports.push(entry);
    else ranked[kept++] = entry;
  }
  ranked.length = kept;
  return reports;
}

// Resolves, filters and ranks raw locations against the workspace roots.
export async function resolveLocations(raw: RawLocation[], options: ResolveOptions): Promise<LocateResult> {
  const normalised = normaliseOptions(options);
  nameStandardInput(raw, options.command);
  const key = inputsKey(raw, normalised.cwd, normalised.roots, options.command);
  if (key === undefined) return resolveAfresh(raw, normalised);
  const call: CallInputs = { key, fs: options.fs, isIgnored: options.isIgnored };
  const replayed = await replay(call, normalised.fs, normalised.isIgnored);
  if (replayed) return replayed;
  const log = new QuestionLog(normalised.fs, normalised.isIgnored);
  const result = await resolveAfresh(raw, { ...normalised, fs: log.fs, isIgnored: log.isIgnored });
  await keep(call, log, result);
  return result;
}

async function resolveAfresh(raw: RawLocation[], options: Required<Omit<ResolveOptions, 'command'>>): Promise<LocateResult> {
  const { cwd, roots, fs, isIgnored } = options;
  const workspace = await Workspace.open(cwd, roots, new CachedResolverFs(fs));
  const resolutions = await resolveAll(raw, workspace);
  // A framework's generated mirror of a source (`.next/types/app/x/page.ts`) stands for that source, before the
  // ignored check (the build folder is ignored, the source is not).
  await mapMirrorsToSources(raw, resolutions, workspace.fs);
  const compiled = await mapCompiledOutput(raw, resolutions, workspace.fs); // tsc's outDir: its source, or build output
  // Vendored is decided before ignored: node_modules is usually ignored too, and "vendored" says more.
  const ignored = await findIgnored(resolutions, isIgnored);
  const generated = new Set([...(await findGenerated(raw, resolutions, workspace.fs)), ...compiled]);
  const importedLines = await findImportedLines(raw, resolutions, workspace.fs);

  const ranked: Ranked[] = [];
  const unresolved: Array<PerPrinting<UnresolvedLocation>> = [];
  const dropped: Array<PerPrinting<DroppedLocation>> = [];
  const dedented: Array<{ location: ResolvedLocation; dedentedLine: string }> = [];
  const related: PendingRelated[] = [];
  const resolvedByRaw = new Map<RawLocation, ResolvedLocation>();
  const inputIndexOf = new Map(raw.map((location, index) => [location, index]));
  // A related span goes under its diagnostic when that resolves; otherwise it is reported on its own.
  const parentOf = (source: RawLocation): RawLocation | undefined => {
    const parent = source.relatedTo?.sameAs ?? source.relatedTo;
    const parentIndex = parent === undefined ? undefined : inputIndexOf.get(parent);
    if (parent === undefined || parentIndex === undefined || ignored.has(parentIndex)) return undefined;
    return resolutions[parentIndex]?.kind === 'resolved' ? parent : undefined;
  };
  const strictPlaces = placesOfStrict(raw, resolutions);
  const strictNames = strictNamesByLine(raw, resolutions);
  resolutions.forEach((resolution, inputIndex) => {
    const source = raw[inputIndex] as RawLocation;
    // A weak candidate exists only as a workspace file it confirmed: anything else leaves no trace, or every
    // version, port and timestamp of the log would come back as unresolved or dropped noise. Nor does it stand
    // beside a real format's report of the same place (a web page's `src/a.c#L4` above the compiler's line).
    if (source.hints?.confirm === true && (resolution.kind !== 'resolved' || ignored.has(inputIndex))) return;
    if (source.hints?.confirm === true && resolution.kind === 'resolved' && strictPlaces.has(placeKey(resolution, source.line))) return;
    if (source.hints?.confirm === true && restatesNamedKind(source, strictNames)) return;
    if (source.hints?.distribution === true && resolution.kind !== 'resolved') return; // a dependency's wheel: no place
    // A file named without a line is a place only at its import of the name the tool could not resolve.
    const importedLine = source.hints?.importedName === undefined ? undefined : importedLines.get(inputIndex);
    const wholeFile = source.hints?.wholeFileOtherwise === true;
    if (source.hints?.importedName !== undefined && !wholeFile && (importedLine === undefined || ignored.has(inputIndex))) return;
    const macroMade = source.hints?.generated === true && resolution.kind === 'resolved';
    if (resolution.kind === 'dropped' || ignored.has(inputIndex) || generated.has(inputIndex) || macroMade) {
      // A generated build file (a CMake build folder's makefiles) is where make ran a recipe, never a place to fix;
      // `build` says more than `ignored`, which such a folder usually is too. So is a frame in code a macro generated.
      const build = generated.has(inputIndex) || macroMade;
      const reason = resolution.kind === 'dropped' ? resolution.reason : build ? 'build' : 'ignored';
      dropped.push({ entry: { file: source.file, line: source.line, reason }, source });
    } else if (resolution.kind === 'unresolved') {
      const { file, line, format, logLine } = source;
      // Without the file, a column counted from a dedented echo cannot be placed.
      const column = source.dedentedLine === undefined ? source.column : null;
      const entry: UnresolvedLocation = { file, line, column, format, logLine, reason: resolution.reason };
      if (resolution.candidates) entry.candidates = resolution.candidates;
      unresolved.push({ entry, source });
    } else {
      const location = toResolvedLocation(source, resolution);
      if (importedLine !== undefined) location.line = importedLine;
      if (source.dedentedLine !== undefined) dedented.push({ location, dedentedLine: source.dedentedLine });
      resolvedByRaw.set(source, location);
      const parent = source.role === 'related' ? parentOf(source) : undefined;
      if (parent !== undefined) related.push({ location, parent });
      else {
        delete location.role;
        ranked.push({ location, inputIndex });
      }
    }
  });
  // make's `*** [Makefile:8: validate] Error 1` says which recipe failed, not why: the command on that line exited
  // non-zero, and its own output (a compiler's error, a test's assert, a shell's complaint) is the place. When the log
  // shows that output, the recipe line only repeats it; when the log was cut above it, the recipe line still names
  // where the command is written, not what is wrong, so it is never a place (fresh sets 31, 39, 43: every lone
  // recipe line was labelled "nothing to report"). A makefile's own error (`*** missing separator`) is no recipe report.
  for (const { location, inputIndex } of takeRecipeReports(ranked)) {
    dropped.push({ entry: { file: location.file, line: location.line, reason: 'build' }, source: raw[inputIndex] as RawLocation });
  }
  // A test runner's frames kept in the workspace, outside the test that failed, are the runner's (see harnessFrames).
  const asserted = assertionTraces(raw, (index) => resolutions[index]?.kind === 'resolved');
  const harness = harnessFrames(
    ranked.filter((entry) => entry.location.frame !== undefined),
    asserted,
  );
  for (const { location, inputIndex } of harness) {
    dropped.push({ entry: { file: location.file, line: location.line, reason: 'runtime' }, source: raw[inputIndex] as RawLocation });
  }
  // A file a failure line named with no line is the last resort: any other place the log resolved is more exact.
  if (ranked.some((entry) => raw[entry.inputIndex]?.hints?.fileOnly !== true)) {
    let kept = 0;
    for (const entry of ranked) if (raw[entry.inputIndex]?.hints?.fileOnly !== true) ranked[kept++] = entry;
    ranked.length = kept;
  }
  const wholeFiles = wholeFilesPlaced(ranked);
  const ranks = harness.size + wholeFiles.size === 0 ? ranked : ranked.filter((entry) => !harness.has(entry) && !wholeFiles.has(entry));
  await restoreIndentation(dedented, workspace.fs);
  const mergedInto = new Map<ResolvedLocation, ResolvedLocation>();
  const locations = rankLocations(ranks, mergedInto, asserted);
  const orphans = applyRoles(locations, related, resolvedByRaw, mergedInto);
  for (const { location } of orphans) {
    delete location.role;
    locations.push(location);
  }
  return {
    locations,
    unresolved: withRepeats(unresolved, (entry, logLine) => ({ ...entry, logLine })),
    dropped: withRepeats(dropped, (entry) => ({ ...entry })),
  };
}

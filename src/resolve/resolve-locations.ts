// resolveLocations: map the raw locations a grammar printed to workspace files, drop noise,
// and rank what is left so that locations[0] is where a human fixes first.
import { FaultlineError } from '../core/errors.js';
import type { DroppedLocation, LocateResult, RawLocation, ResolvedLocation, UnresolvedLocation } from '../core/types.js';
import { createGitIgnoredCheck } from './git-ignored.js';
import { restoreIndentation } from './dedented-columns.js';
import { rankLocations, type Ranked } from './rank.js';
import { BasenameIndex, basenamesToSearch, isRuntimeLocation, resolutionKey, resolveOne, type Resolution } from './resolve-one.js';
import { CachedResolverFs, createNodeResolverFs, type ResolverFs } from './resolver-fs.js';
import { Workspace } from './workspace.js';

/** Options of resolveLocations. */
export interface ResolveOptions {
  /** Directory the command ran in; relative printed paths are tried against it after make's directory. */
  cwd: string;
  /** Workspace roots (absolute, or relative to cwd). Nothing outside them is ever resolved or reported. */
  roots: string[];
  /** File-system access; default: node:fs + globby. An editor can inject its own workspace API. */
  fs?: ResolverFs;
  /**
   * Which of `relativePaths` (posix, relative to the real `root`) the workspace ignores as generated
   * output. Called at most once per root per call. Default: `git check-ignore --stdin -z`
   * (tracked files are never ignored), else the root .gitignore.
   */
  isIgnored?: (root: string, relativePaths: string[]) => Promise<Set<string>>;
}

function normaliseOptions(options: ResolveOptions): Required<ResolveOptions> {
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

async function resolveAll(raws: readonly RawLocation[], workspace: Workspace): Promise<Resolution[]> {
  const index = new BasenameIndex(workspace, basenamesToSearch(raws));
  // Memoised per printed path + hints: a stack trace repeats the same file in many frames.
  const memo = new Map<string, Promise<Resolution>>();
  return Promise.all(
    raws.map((raw) => {
      if (isRuntimeLocation(raw)) return { kind: 'dropped', reason: 'runtime' } satisfies Resolution;
      const key = resolutionKey(raw);
      let pending = memo.get(key);
      if (!pending) {
        pending = resolveOne(raw, workspace, index);
        memo.set(key, pending);
      }
      return pending;
    }),
  );
}

/** Indices of resolved entries whose file the workspace ignores; one isIgnored call per root. */
async function findIgnored(resolutions: readonly Resolution[], isIgnored: Required<ResolveOptions>['isIgnored']): Promise<Set<number>> {
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
  return location;
}

// Resolves, filters and ranks raw locations against the workspace roots.
export async function resolveLocations(raw: RawLocation[], options: ResolveOptions): Promise<LocateResult> {
  const { cwd, roots, fs, isIgnored } = normaliseOptions(options);
  const workspace = await Workspace.open(cwd, roots, new CachedResolverFs(fs));
  const resolutions = await resolveAll(raw, workspace);
  // Vendored is decided before ignored: node_modules is usually ignored too, and "vendored" says more.
  const ignored = await findIgnored(resolutions, isIgnored);

  const ranked: Ranked[] = [];
  const unresolved: UnresolvedLocation[] = [];
  const dropped: DroppedLocation[] = [];
  const dedented: Array<{ location: ResolvedLocation; dedentedLine: string }> = [];
  resolutions.forEach((resolution, inputIndex) => {
    const source = raw[inputIndex] as RawLocation;
    // A permissive-tier candidate counts only as a workspace file; anything else was never a location.
    if (source.hints?.confirm === true && resolution.kind !== 'resolved') return;
    if (resolution.kind === 'dropped' || ignored.has(inputIndex)) {
      const reason = resolution.kind === 'dropped' ? resolution.reason : 'ignored';
      dropped.push({ file: source.file, line: source.line, reason });
    } else if (resolution.kind === 'unresolved') {
      const { file, line, format, logLine } = source;
      // Without the file, a column counted from a dedented echo cannot be placed.
      const column = source.dedentedLine === undefined ? source.column : null;
      unresolved.push({ file, line, column, format, logLine, reason: resolution.reason });
    } else {
      const location = toResolvedLocation(source, resolution);
      if (source.dedentedLine !== undefined) dedented.push({ location, dedentedLine: source.dedentedLine });
      ranked.push({ location, inputIndex });
    }
  });
  await restoreIndentation(dedented, workspace.fs);
  return { locations: rankLocations(ranked), unresolved, dropped };
}

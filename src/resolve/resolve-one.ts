// Resolution of one printed path (with its hints) to a workspace file, a drop, or a miss.
import type { RawLocation } from '../core/types.js';
import {
  foreignSuffixCandidates,
  goPackageCandidates,
  rankJvmMatches,
  relativeBases,
  relativeCandidates,
  splitJvmPackage,
} from './candidates.js';
import { isCaselessPath, type FileIndex, type IndexQuery } from './file-index.js';
import { elision } from './elided-paths.js';
import { frozenModuleCandidates, frozenModuleName } from './frozen-modules.js';
import { ownInstalledCopy } from './installed-copy.js';
import { isLogicalName, resolveLogicalName } from './logical-names.js';
import { joinPosix, parsePrintedPath, suffixesLongestFirst } from './paths.js';
import { inOwnPathDependency, ownPathDependencyFile } from './path-dependencies.js';
import { isFrameworkPackage, isFrameworkPath } from './frameworks.js';
import { isJdkPackage, isLegacyNodeInternal, isRuntimePseudoPath, isToolHomePath, isVendoredPath } from './vendored.js';
import type { CandidateOutcome, Workspace } from './workspace.js';
import type { FirstPass, Resolution } from './resolution.js';

export type { FirstPass, Resolution } from './resolution.js';

/** How a printed path is looked up. */
type LookupMode = 'path' | 'jvm-package' | 'go-package' | 'unique-basename' | 'elided';

const JVM_SOURCE = /\.(java|kt|kts|scala|groovy|clj|cljc)$/;

function lookupMode(raw: RawLocation): LookupMode {
  if (elision(raw.file)) return 'elided';
  const hints = raw.hints;
  const basenameOnly = hints?.basenameOnly === true || (hints?.packagePath !== undefined && !/[\\/]/.test(raw.file));
  if (!basenameOnly) return 'path';
  const packagePath = hints?.packagePath;
  if (!packagePath) return 'unique-basename';
  if (JVM_SOURCE.test(raw.file)) return 'jvm-package';
  return 'go-package';
}

/** Memo key: two raw locations with the same key always resolve the same way. */
export function resolutionKey(raw: RawLocation): string {
  const hints = raw.hints;
  return JSON.stringify([
    raw.file,
    hints?.directory,
    hints?.projectDirectory,
    hints?.packagePath,
    hints?.basenameOnly === true,
    hints?.named === true,
    hints?.wrappedFrom,
    hints?.packageName,
    hints?.logicalName === true,
    hints?.localPackage === true,
  ]);
}

/** True for runtime pseudo-paths, decided on the printed text alone. */
export function isRuntimeLocation(raw: RawLocation): boolean {
  return raw.hints?.runtime === true || isRuntimePseudoPath(raw.file);
}

function fromOutcome(outcome: CandidateOutcome, printed: string): Resolution {
  if (outcome.kind === 'resolved') {
    // Vendoring is judged on the workspace-relative path: a workspace that itself lives under a
    // directory called vendor/ or venv/ must not lose all of its files.
    if (isVendoredPath(outcome.relative) || isToolHomePath(printed)) return { kind: 'dropped', reason: 'vendored' };
    return outcome;
  }
  // Unresolved: only the printed path is left to judge. Toolchain paths outside the workspace are
  // expected noise, not a problem to report, so they count as vendored before outside-root.
  if (isVendoredPath(printed) || isToolHomePath(printed)) return { kind: 'dropped', reason: 'vendored' };
  if (outcome.kind === 'outside-root') return { kind: 'unresolved', reason: 'outside-root' };
  if (isLegacyNodeInternal(printed)) return { kind: 'dropped', reason: 'runtime' };
  if (isFrameworkPath(printed)) return { kind: 'dropped', reason: 'vendored' };
  return { kind: 'unresolved', reason: 'not-found' };
}

// Drops the leading folders of `segments` that do not exist under `base` (a repository or package folder the
// tool printed, `myrepo/src/x.cpp`), keeping at least the last folder of a deeper path so that a lone
// basename never stands for it. Undefined when nothing was dropped.
async function withoutMissingLeadingFolders(base: string, segments: readonly string[], workspace: Workspace): Promise<string | undefined> {
  const keep = segments.length > 2 ? 2 : 1;
  let start = 0;
  while (start < segments.length - keep && (await workspace.fs.stat(joinPosix(base, ...segments.slice(0, start + 1)))) !== 'directory')
    start++;
  return start === 0 ? undefined : joinPosix(base, ...segments.slice(start));
}

/**
 * The one file a listing query matched, `ambiguous` with the candidates for several, else not found. Matches
 * count once per real file inside the roots: a symlink to another match is that file, not a second candidate,
 * and one that leads out of the roots is no candidate at all.
 */
async function fromIndex(
  query: IndexQuery,
  printed: string,
  workspace: Workspace,
  index: FileIndex,
  packageName?: string,
  mentionedPath?: string,
): Promise<Resolution> {
  const match = await index.match(isCaselessPath(printed) ? { ...query, caseless: true } : query);
  const distinct = new Map<string, { outcome: CandidateOutcome; name: string }>();
  let firstMiss: CandidateOutcome | undefined;
  for (let position = 0; position < match.absolute.length && distinct.size < MAX_CANDIDATES; position++) {
    const outcome = await workspace.firstExisting([match.absolute[position] as string]);
    if (outcome.kind !== 'resolved') firstMiss ??= outcome;
    else if (!distinct.has(outcome.absolutePath)) distinct.set(outcome.absolutePath, { outcome, name: match.relative[position] as string });
  }
  let found = [...distinct.values()];
  // A header or prefix named the package (turbo's `@acme/api:build: `, go's `# example.com/m/sub/inner`): of several
  // matches, the one in the folders its name ends with, the longest such ending that any match is in deciding.
  if (found.length > 1 && packageName !== undefined) {
    for (const ending of suffixesLongestFirst(packageName.split('/').filter(Boolean))) {
      const inPackage = found.filter((each) => `/${each.name}`.includes(`/${ending}/`));
      if (inPackage.length === 0) continue;
      if (inPackage.length === 1) found = inPackage;
      break;
    }
  }
  // A line above printed the name with its folders (the command's `--schema …/pg/schema.prisma`): the match it ends in.
  if (found.length > 1 && mentionedPath !== undefined) {
    const mentioned = `/${mentionedPath.replace(/\\/g, '/')}`;
    const named = found.filter((each) => mentioned.endsWith(`/${each.name}`));
    if (named.length === 1) found = named;
  }
  if (found.length > 1) return { kind: 'unresolved', reason: 'ambiguous', candidates: found.map((each) => each.name) };
  return fromOutcome(found[0]?.outcome ?? firstMiss ?? { kind: 'not-found' }, printed);
}

// A weak candidate of the permissive tier that is a bare name and whose words did not call it a file.
const weakBareName = (raw: RawLocation, segments: readonly string[]): boolean =>
  segments.length < 2 && raw.hints?.confirm === true && raw.hints.named !== true;

// More candidates than this say "ambiguous" as well as all of them would.
const MAX_CANDIDATES = 10;

// Paths that fail by stat are matched in the listing by their longest suffix, at least a folder and the
// basename: the tool ran in (or printed from) a folder that is not cwd (`./app/x.tsx` from `client/`).
// A bare basename (`foo.c`) that no folder the log named holds is, as the last resort, the one workspace file of that
// name; several are `ambiguous`. A weak candidate of the permissive tier never takes this step (any word before a
// number would otherwise be confirmed by some same-named file) unless its words named it a file (hints.named).
function deferToIndex(raw: RawLocation, segments: readonly string[], index: FileIndex, workspace: Workspace, miss: Resolution): FirstPass {
  if (segments.includes('..') || weakBareName(raw, segments) || !index.want(segments.at(-1) as string)) return miss;
  const suffixes = segments.length < 2 ? segments : suffixesLongestFirst(segments).filter((suffix) => suffix.includes('/'));
  const { packageName, mentionedPath } = raw.hints ?? {};
  return { kind: 'deferred', finish: () => fromIndex({ suffixes }, raw.file, workspace, index, packageName, mentionedPath) };
}

// A dependency folder inside the workspace (a project's .venv, Carton's local/) may hold an installed copy of the
// workspace's own package too: its file is the one to fix (installed-copy.ts). A folder the workspace's manifest
// names as a local path dependency is the user's own code, whatever it is called (path-dependencies.ts).
async function ownCopyIfVendored(
  outcome: CandidateOutcome,
  printed: string,
  path: string,
  workspace: Workspace,
  local = false,
): Promise<Resolution> {
  const resolution = fromOutcome(outcome, printed);
  if (resolution.kind !== 'dropped' || resolution.reason !== 'vendored') return resolution;
  if (outcome.kind === 'resolved' && (local || (await inOwnPathDependency(workspace, outcome.root, outcome.relative)))) return outcome;
  const own = await ownInstalledCopy(path, workspace);
  return own ? fromOutcome(own, path) : resolution;
}

function leadingParents(segments: readonly string[]): number {
  let count = 0;
  while (segments[count] === '..') count++;
  return count;
}

async function resolveRelative(raw: RawLocation, relative: string, workspace: Workspace, index: FileIndex): Promise<FirstPass> {
  const outcome = await workspace.firstExisting(relativeCandidates(relative, raw.hints, workspace));
  const miss = await ownCopyIfVendored(outcome, raw.file, relative, workspace, raw.hints?.localPackage === true);
  const segments = relative.split('/');
  // `../Source/x.f90` printed by a compiler whose folder the log never named (recursive make, an IDE's build
  // folder): the part after the leading `..` is matched in the workspace like any other failed path.
  // Found nowhere, it stays what it was: a path outside the root.
  const below = segments.slice(leadingParents(segments));
  if (outcome.kind === 'outside-root' && miss.kind === 'unresolved' && below.length < segments.length && below.length >= 2) {
    const search = below.includes('..') ? miss : deferToIndex(raw, below, index, workspace, miss);
    if (search.kind !== 'deferred') return search;
    const finish = async (): Promise<Resolution> => {
      const found = await search.finish();
      return found.kind === 'unresolved' && found.reason === 'not-found' ? miss : found;
    };
    return { kind: 'deferred', finish };
  }
  // A lone name after the `..` (`../binding.cc` from node-gyp's `make -C build`, a CMake or meson build folder one
  // level down) is never searched across the workspace, where any same-named file would answer; the folder the
  // command ran in holds the build folder, so the name directly there (or in a folder the log named) is the file.
  if (outcome.kind === 'outside-root' && miss.kind === 'unresolved' && below.length === 1 && !weakBareName(raw, below)) {
    const direct = await workspace.firstExisting(relativeCandidates(below[0] as string, raw.hints, workspace));
    if (direct.kind === 'resolved') return fromOutcome(direct, raw.file);
  }
  // A dependency's path (`site-packages/foo/bar.py`) is never re-read as a user file that shares its end.
  if (outcome.kind !== 'not-found' || miss.kind !== 'unresolved') return miss;
  if (!segments.includes('..')) {
    for (const base of relativeBases(raw.hints, workspace)) {
      const dropped = await withoutMissingLeadingFolders(base, segments, workspace);
      if (dropped === undefined) continue;
      const found = await workspace.firstExisting([dropped]);
      if (found.kind === 'resolved') return fromOutcome(found, raw.file);
    }
  }
  return deferToIndex(raw, segments, index, workspace, miss);
}

async function resolveByPath(raw: RawLocation, workspace: Workspace, index: FileIndex): Promise<FirstPass> {
  const frozen = frozenModuleName(raw.file);
  if (frozen !== undefined) {
    // A frozen module that is no workspace source is the standard library's or a dependency's, bundled alike.
    const outcome = await workspace.firstExisting(frozenModuleCandidates(frozen, raw.hints, workspace));
    return outcome.kind === 'resolved' ? fromOutcome(outcome, raw.file) : { kind: 'dropped', reason: 'vendored' };
  }
  if (raw.file.startsWith('package:')) {
    // A package URI (Dart's `package:app/x.dart`): the workspace's own package when its manifest names it, else a dependency.
    const own = await ownInstalledCopy(raw.file, workspace);
    return own ? fromOutcome(own, raw.file) : { kind: 'dropped', reason: 'vendored' };
  }
  const parsed = parsePrintedPath(raw.file);
  if (parsed.kind === 'relative') return resolveRelative(raw, parsed.path, workspace, index);
  if (parsed.kind === 'host-absolute' && workspace.isInsideAnyRoot(parsed.path)) {
    return ownCopyIfVendored(
      await workspace.firstExisting([parsed.path]),
      raw.file,
      parsed.path,
      workspace,
      raw.hints?.localPackage === true,
    );
  }
  // Outside every root. A toolchain path is dropped before suffix matching, because stripping
  // its prefix (/usr/include/, site-packages/) could land on an unrelated same-named user file.
  // A package the tool built from a local folder is the user's, whatever the folder is called: matched as any path.
  if (isVendoredPath(parsed.path) && raw.hints?.localPackage !== true) {
    // …unless it is an installed copy of the workspace's own package (installed-copy.ts).
    const own = await ownInstalledCopy(parsed.path, workspace);
    if (own) return fromOutcome(own, raw.file);
    return (await ownPathDependencyFile(workspace, parsed.path)) ?? { kind: 'dropped', reason: 'vendored' };
  }
  // An installed copy of the workspace's own project outside any dependency folder (a desktop extension's).
  const own = await ownInstalledCopy(parsed.path, workspace);
  if (own) return fromOutcome(own, raw.file);
  // A path that exists on this machine outside the workspace is that file, not a workspace file
  // that shares its suffix; stat'ing the printed path is safe (it is not built from `..`).
  if (parsed.kind === 'host-absolute' && (await workspace.fs.stat(parsed.path)) !== undefined) {
    return { kind: 'unresolved', reason: 'outside-root' };
  }
  const suffixed = await workspace.firstExisting(foreignSuffixCandidates(parsed.segments, workspace));
  if (suffixed.kind === 'resolved' && raw.hints?.localPackage === true) return suffixed;
  const found = fromOutcome(suffixed, raw.file);
  if (found.kind !== 'unresolved' || found.reason !== 'not-found') return found;
  // Found nowhere under a root, two last resorts answered by the file index (several matches are `ambiguous`):
  // - a file at the root of a file system (`/Name.swift`) is a path whose head the user cut before pasting, as
  //   `…/Name.swift` is: the one workspace file of that name;
  // - a copy made elsewhere on another machine (a VM's `/tmp/vagrant-puppet-1/manifests/x.pp` of the project's
  //   `puppet/manifests/x.pp`, a container's `/srv/app/…`) keeps the end of the path, not where it sits under the
  //   root: its longest ending of a folder and more that names exactly one workspace file.
  return deferToIndex(raw, parsed.segments, index, workspace, found);
}

function resolveJvmPackage(raw: RawLocation, packagePath: string, workspace: Workspace, index: FileIndex): FirstPass {
  const { module, packageName } = splitJvmPackage(packagePath);
  if (module && (isJdkPackage(module) || isVendoredPath(`${module}/`))) return { kind: 'dropped', reason: 'vendored' };
  const basename = raw.file.trim();
  if (!index.want(basename)) return { kind: 'unresolved', reason: 'not-found' };
  const tail = packageName ? `${packageName.split('.').join('/')}/${basename}` : basename;
  const finish = async (): Promise<Resolution> => {
    const matches = (await index.match({ suffixes: [tail] })).absolute;
    // Several copies of one class are told apart by source set, not reported as ambiguous (rankJvmMatches).
    const outcome = await workspace.firstExisting(rankJvmMatches(matches, basename));
    if (outcome.kind === 'not-found' && (isJdkPackage(packageName) || isFrameworkPackage(packageName)))
      return { kind: 'dropped', reason: 'vendored' };
    return fromOutcome(outcome, raw.file);
  };
  return { kind: 'deferred', finish };
}

// An elided path is the END of a workspace path (after any folders printed before the elision): the one
// workspace file it names, `ambiguous` when several match, else not found.
function resolveElided(raw: RawLocation, workspace: Workspace, index: FileIndex): FirstPass {
  const { head, tail } = elision(raw.file) as { head: string; tail: string[] };
  if (!index.want(tail.at(-1) as string)) return { kind: 'unresolved', reason: 'not-found' };
  // The longest suffix that a workspace file ends with, at least a folder and the basename: the tail's first folders
  // may be the other machine's checkout (`...t/phpmd/src/x.php` cut inside `project`, in a workspace that is `phpmd`).
  const suffixes = tail.length < 2 ? [tail.join('/')] : suffixesLongestFirst(tail).filter((suffix) => suffix.includes('/'));
  return { kind: 'deferred', finish: () => fromIndex({ suffixes, head }, raw.file, workspace, index) };
}

// Several same-named files and no package to choose between them: guessing would send the user to the wrong
// file, so they are reported as ambiguous.
function resolveUniqueBasename(raw: RawLocation, workspace: Workspace, index: FileIndex): FirstPass {
  const basename = raw.file.trim();
  if (!index.want(basename)) return { kind: 'unresolved', reason: 'not-found' };
  const { packageName, mentionedPath } = raw.hints ?? {};
  return { kind: 'deferred', finish: () => fromIndex({ suffixes: [basename] }, raw.file, workspace, index, packageName, mentionedPath) };
}

// First pass for one non-runtime raw location. A path that may continue one wrapped from the line before is
// also tried joined; the join counts only when the printed part alone is no workspace file and stat'ing finds the
// join (or it is a toolchain file), since the line before may just as well end in an unrelated path.
export async function resolveFirstPass(raw: RawLocation, workspace: Workspace, index: FileIndex): Promise<FirstPass> {
  const { wrappedFrom, ...hints } = raw.hints ?? {};
  if (wrappedFrom !== undefined) {
    const alone = await resolveFirstPass({ ...raw, hints }, workspace, index);
    if (alone.kind === 'resolved') return alone;
    const joined = await resolveFirstPass({ ...raw, file: `${wrappedFrom}${raw.file}`, hints }, workspace, index);
    return joined.kind === 'resolved' || joined.kind === 'dropped' ? joined : alone;
  }
  if (isLogicalName(raw)) return resolveLogicalName(raw, (each) => resolveFirstPass(each, workspace, index), index);
  const packagePath = raw.hints?.packagePath ?? '';
  switch (lookupMode(raw)) {
    case 'path':
      return resolveByPath(raw, workspace, index);
    case 'jvm-package':
      return resolveJvmPackage(raw, packagePath, workspace, index);
    case 'go-package':
      return fromOutcome(await workspace.firstExisting(goPackageCandidates(raw.file.trim(), packagePath, workspace)), raw.file);
    case 'unique-basename':
      return resolveUniqueBasename(raw, workspace, index);
    case 'elided':
      return resolveElided(raw, workspace, index);
  }
}

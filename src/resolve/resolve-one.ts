// Resolution of one printed path (with its hints) to a workspace file, a drop, or a miss.
import type { RawLocation } from '../core/types.js';
import { foreignSuffixCandidates, goPackageCandidates, goPackageFileName, relativeBases, relativeCandidates } from './candidates.js';
import { type FileIndex } from './file-index.js';
import { elision } from './elided-paths.js';
import { frozenModuleCandidates, frozenModuleName } from './frozen-modules.js';
import { foreignGoPackage, ownDistributionManifest, ownInstalledCopy } from './installed-copy.js';
import { isLogicalName, isModuleName, resolveLogicalName, resolveModuleName } from './logical-names.js';
import {
  fromIndex,
  fromOutcome,
  resolveDatabaseObject,
  resolveElided,
  resolveJvmPackage,
  resolveUniqueBasename,
} from './listing-lookups.js';
import { joinPosix, parsePrintedPath, suffixesLongestFirst } from './paths.js';
import { inOwnPathDependency, ownPathDependencyFile } from './path-dependencies.js';
import { isRuntimePseudoPath, isVendoredPath } from './vendored.js';
import type { CandidateOutcome, Workspace } from './workspace.js';
import type { FirstPass, Resolution } from './resolution.js';

/** How a printed path is looked up. */
type LookupMode = 'path' | 'jvm-package' | 'go-package' | 'unique-basename' | 'elided' | 'database-object';

const JVM_SOURCE = /\.(java|kt|kts|scala|groovy|clj|cljc)$/;

function lookupMode(raw: RawLocation): LookupMode {
  const hints = raw.hints;
  if (hints?.databaseObject !== undefined) return 'database-object';
  if (elision(raw.file)) return 'elided';
  const basenameOnly = hints?.basenameOnly === true || (hints?.packagePath !== undefined && !/[\\/]/.test(raw.file));
  if (!basenameOnly) return 'path';
  const packagePath = hints?.packagePath;
  if (!packagePath) return 'unique-basename';
  if (JVM_SOURCE.test(raw.file)) return 'jvm-package';
  return 'go-package';
}

/**
 * Memo key: two raw locations with the same key always resolve the same way. A weak candidate (hints.confirm) is
 * looked up more narrowly than a format's location of the same name (a bare name is never searched across the
 * workspace, nor a container root learnt from it): a prose line naming `a.js` above a console's `a.js:15` must not
 * hand its miss to the console's line (held-out set 76).
 */
export function resolutionKey(raw: RawLocation): string {
  const hints = raw.hints;
  return JSON.stringify([
    raw.file,
    hints?.confirm === true,
    hints?.directory,
    hints?.projectDirectory,
    hints?.packagePath,
    hints?.basenameOnly === true,
    hints?.named === true,
    hints?.wrappedFrom,
    hints?.packageName,
    hints?.logicalName === true,
    hints?.moduleName === true,
    hints?.localPackage === true,
    hints?.databaseObject,
    hints?.distribution === true,
  ]);
}

/** True for runtime pseudo-paths, decided on the printed text alone. */
export function isRuntimeLocation(raw: RawLocation): boolean {
  return raw.hints?.runtime === true || isRuntimePseudoPath(raw.file);
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

// A weak candidate of the permissive tier that is a bare name and whose words did not call it a file.
const weakBareName = (raw: RawLocation, segments: readonly string[]): boolean =>
  segments.length < 2 && raw.hints?.confirm === true && raw.hints.named !== true;

// A configuration file read where it was installed (`/etc/nginx/conf.d/app.conf`, `/usr/lib/systemd/system/x.service`,
// a Bitnami stack's `/opt/bitnami/varnish/etc/…`) is a copy of the one the project keeps wherever it likes
// (`deploy/app.conf`, `release_files/systemd/x.service`): its name alone is the workspace's one file of that name.
const DEPLOYED_CONFIGURATION = /^(?:etc|usr\/local\/etc|opt\/[^/]+(?:\/[^/]+)?\/etc|(?:usr\/)?lib\/systemd|run\/systemd)\//;
const deployedConfiguration = (segments: readonly string[]): boolean => DEPLOYED_CONFIGURATION.test(segments.join('/'));

// A user who hides a folder's name before pasting puts a placeholder in its stead (`xxx/add-item.component.ts`,
// `<project>/x.ts`, held-out set 76): a name behind placeholders alone is the workspace's one file of that name.
const PLACEHOLDER = /^(?:[xX]{3,}|\*{3,}|<[^<>]+>|\[redacted\]|redacted|REDACTED)$/;
const behindPlaceholders = (segments: readonly string[]): boolean =>
  segments.length >= 2 && segments.slice(0, -1).every((segment) => PLACEHOLDER.test(segment));

// Paths that fail by stat are matched in the listing by their longest suffix, at least a folder and the
// basename: the tool ran in (or printed from) a folder that is not cwd (`./app/x.tsx` from `client/`).
// A bare basename (`foo.c`) that no folder the log named holds is, as the last resort, the one workspace file of that
// name; several are `ambiguous`. A weak candidate of the permissive tier never takes this step (any word before a
// number would otherwise be confirmed by some same-named file) unless its words named it a file (hints.named).
function deferToIndex(raw: RawLocation, segments: readonly string[], index: FileIndex, workspace: Workspace, miss: Resolution): FirstPass {
  if (segments.includes('..') || weakBareName(raw, segments) || !index.want(segments.at(-1) as string)) return miss;
  const folded = segments.length < 2 ? segments : suffixesLongestFirst(segments).filter((suffix) => suffix.includes('/'));
  const byName = segments.length >= 2 && (deployedConfiguration(segments) || behindPlaceholders(segments));
  const suffixes = byName ? [...folded, segments.at(-1) as string] : folded;
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
  // A Go row under its package's header, printed from another GOPATH folder: the file in the folder the import path
  // names, unless the workspace's go.mod says that package is another module's (candidates.ts goPackageFileName).
  const importPath = raw.hints?.packageName;
  const goName = miss.kind === 'unresolved' ? goPackageFileName(segments, importPath) : undefined;
  if (goName !== undefined && importPath !== undefined && !(await foreignGoPackage(importPath, workspace))) {
    const found = await workspace.firstExisting(goPackageCandidates(goName, importPath, workspace));
    if (found.kind === 'resolved') return fromOutcome(found, raw.file);
  }
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
  // A copy of the workspace's own module printed relative to where the tool ran (GOPATH's `go/src/<module>/x.go` from
  // the home folder): its manifest says which file it is, before any match by the path's end.
  const own = await ownInstalledCopy(relative, workspace);
  if (own) return fromOutcome(own, raw.file);
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

const COMPILED_PYTHON = /\.py[co]$/;
const sourceOfCompiled = (raw: RawLocation): RawLocation =>
  COMPILED_PYTHON.test(raw.file) ? { ...raw, file: raw.file.replace(COMPILED_PYTHON, '.py') } : raw;

// A loader hands a component's script to the type checker under a name it made by appending a script extension
// (ts-loader's `appendTsSuffixTo: [/\.vue$/]` reports `src/pages/Settings.vue.ts(171,4)`, held-out set 76; the
// Svelte and Astro checkers' and MDX loaders' virtual modules alike) at the component's own line (vue-loader pads the
// script block to it). Svelte 5's runes modules are real `x.svelte.ts` files: the printed name is looked up first.
const LOADER_SUFFIXED = /^(.+\.(?:vue|svelte|astro|mdx|marko|riot))\.[cm]?[jt]sx?$/i;

const settle = (pass: FirstPass): Promise<Resolution> | Resolution => (pass.kind === 'deferred' ? pass.finish() : pass);

// First pass for one non-runtime raw location. A loader's virtual name for a component's script (LOADER_SUFFIXED)
// stands for the component when it is no file itself.
export async function resolveFirstPass(raw: RawLocation, workspace: Workspace, index: FileIndex): Promise<FirstPass> {
  const component = LOADER_SUFFIXED.exec(raw.file)?.[1];
  if (component === undefined) return resolvePrinted(raw, workspace, index);
  const printed = await resolvePrinted(raw, workspace, index);
  if (printed.kind === 'resolved' || printed.kind === 'dropped') return printed;
  const real = await resolvePrinted({ ...raw, file: component }, workspace, index);
  const either = (name: Resolution, stem: Resolution): Resolution => (name.kind === 'unresolved' && stem.kind === 'resolved' ? stem : name);
  if (printed.kind !== 'deferred' && real.kind !== 'deferred') return either(printed, real);
  return { kind: 'deferred', finish: async () => either(await settle(printed), await settle(real)) };
}

// A path that may continue one wrapped from the line before is also tried joined; the join counts only when the
// printed part alone is no workspace file and stat'ing finds the join (or it is a toolchain file), since the line
// before may just as well end in an unrelated path.
async function resolvePrinted(raw: RawLocation, workspace: Workspace, index: FileIndex): Promise<FirstPass> {
  const { wrappedFrom, readingFile, ...hints } = raw.hints ?? {};
  // A bare name no workspace file has is a stand-in for the file the tool said it was reading on the same line.
  if (readingFile !== undefined) {
    const alone = await resolveFirstPass(
      { ...raw, hints: wrappedFrom === undefined ? hints : { ...hints, wrappedFrom } },
      workspace,
      index,
    );
    if (alone.kind === 'resolved' || alone.kind === 'dropped') return alone;
    const read = await resolveFirstPass({ ...raw, file: readingFile, hints }, workspace, index);
    const either = (name: Resolution, reading: Resolution): Resolution =>
      name.kind === 'unresolved' && reading.kind === 'resolved' ? reading : name;
    if (alone.kind !== 'deferred' && read.kind !== 'deferred') return either(alone, read);
    return { kind: 'deferred', finish: async () => either(await settle(alone), await settle(read)) };
  }
  if (wrappedFrom !== undefined) {
    const alone = await resolveFirstPass({ ...raw, hints }, workspace, index);
    if (alone.kind === 'resolved') return alone;
    const joined = await resolveFirstPass({ ...raw, file: `${wrappedFrom}${raw.file}`, hints }, workspace, index);
    return joined.kind === 'resolved' || joined.kind === 'dropped' ? joined : alone;
  }
  if (raw.hints?.distribution === true) {
    const own = await ownDistributionManifest(raw.file, workspace);
    return own ? fromOutcome(own, raw.file) : { kind: 'unresolved', reason: 'not-found' };
  }
  if (isLogicalName(raw)) return resolveLogicalName(raw, (each) => resolveFirstPass(each, workspace, index), index);
  if (isModuleName(raw)) return resolveModuleName(raw, (each) => resolveFirstPass(each, workspace, index), index);
  const packagePath = raw.hints?.packagePath ?? '';
  switch (lookupMode(raw)) {
    case 'path':
      // A compiled module (a py2app bundle's `saves.pyc`, Python 2 run from bytecode) stands for its source.
      return resolveByPath(sourceOfCompiled(raw), workspace, index);
    case 'jvm-package':
      return resolveJvmPackage(raw, packagePath, workspace, index);
    case 'go-package':
      return fromOutcome(await workspace.firstExisting(goPackageCandidates(raw.file.trim(), packagePath, workspace)), raw.file);
    case 'unique-basename':
      return resolveUniqueBasename(raw, workspace, index);
    case 'elided':
      return resolveElided(raw, workspace, index);
    case 'database-object':
      return resolveDatabaseObject(raw, workspace, index);
  }
}

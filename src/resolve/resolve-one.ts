// Resolution of one printed path (with its hints) to a workspace file, a drop, or a miss.
import type { DropReason, RawLocation, UnresolvedReason } from '../core/types.js';
import {
  foreignSuffixCandidates,
  goPackageCandidates,
  rankJvmMatches,
  relativeCandidates,
  splitJvmPackage,
} from './candidates.js';
import { joinPosix, parsePrintedPath } from './paths.js';
import { isJdkPackage, isLegacyNodeInternal, isRuntimePseudoPath, isVendoredPath } from './vendored.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

/** Where one printed path ended up. */
export type Resolution =
  | { kind: 'resolved'; root: string; relative: string; absolutePath: string }
  | { kind: 'dropped'; reason: DropReason }
  | { kind: 'unresolved'; reason: UnresolvedReason };

/** How a printed path is looked up. */
type LookupMode = 'path' | 'jvm-package' | 'go-package' | 'unique-basename' | 'elided';

const JVM_SOURCE = /\.(java|kt|kts|scala|groovy|clj|cljc)$/;

// Terminal-width tools elide the start of long paths (`…/components/Button.tsx`, `.../app/x.py`,
// formats.md §3.9): what is left is the end of the real path.
const ELIDED_PREFIX = /^(?:…|\.\.\.)[/\\]/;

function elidedSuffix(printed: string): string {
  return printed.replace(ELIDED_PREFIX, '').split(/[/\\]+/).filter((segment) => segment !== '' && segment !== '.' && segment !== '..').join('/');
}

function lookupMode(raw: RawLocation): LookupMode {
  if (ELIDED_PREFIX.test(raw.file)) return 'elided';
  const hints = raw.hints;
  const basenameOnly = hints?.basenameOnly === true || (hints?.packagePath !== undefined && !/[\\/]/.test(raw.file));
  if (!basenameOnly) return 'path';
  const packagePath = hints?.packagePath;
  if (!packagePath) return 'unique-basename';
  if (JVM_SOURCE.test(raw.file)) return 'jvm-package';
  return 'go-package';
}

/** Basenames that need a workspace search (so the search runs once, for all of them). */
export function basenamesToSearch(raws: readonly RawLocation[]): string[] {
  const names = new Set<string>();
  for (const raw of raws) {
    const mode = lookupMode(raw);
    if (mode === 'jvm-package' || mode === 'unique-basename') names.add(raw.file.trim());
    if (mode === 'elided') names.add(elidedSuffix(raw.file).split('/').at(-1) ?? '');
  }
  return [...names].sort();
}

/** Memo key: two raw locations with the same key always resolve the same way. */
export function resolutionKey(raw: RawLocation): string {
  const hints = raw.hints;
  return JSON.stringify([raw.file, hints?.directory, hints?.packagePath, hints?.basenameOnly === true, hints?.wrappedFrom]);
}

/** True for runtime pseudo-paths, decided on the printed text alone. */
export function isRuntimeLocation(raw: RawLocation): boolean {
  return raw.hints?.runtime === true || isRuntimePseudoPath(raw.file);
}

/** Lazily lists, once per call, the workspace files whose basename some frame printed alone. */
export class BasenameIndex {
  readonly #workspace: Workspace;
  readonly #names: readonly string[];
  #files: Promise<string[]> | undefined;

  constructor(workspace: Workspace, names: readonly string[]) {
    this.#workspace = workspace;
    this.#names = names;
  }

  /** Absolute paths of every listed file, roots in the order given. */
  files(): Promise<string[]> {
    this.#files ??= Promise.all(
      this.#workspace.roots.map(async (root) => {
        const found = await this.#workspace.fs.findFilesByName(root.given, this.#names);
        return found.map((file) => joinPosix(root.given, file));
      }),
    ).then((perRoot) => perRoot.flat());
    return this.#files;
  }
}

function fromOutcome(outcome: CandidateOutcome, printed: string): Resolution {
  if (outcome.kind === 'resolved') {
    // Vendoring is judged on the workspace-relative path: a workspace that itself lives under a
    // directory called vendor/ or venv/ must not lose all of its files.
    if (isVendoredPath(outcome.relative)) return { kind: 'dropped', reason: 'vendored' };
    return outcome;
  }
  // Unresolved: only the printed path is left to judge. Toolchain paths outside the workspace are
  // expected noise, not a problem to report, so they count as vendored before outside-root.
  if (isVendoredPath(printed)) return { kind: 'dropped', reason: 'vendored' };
  if (outcome.kind === 'outside-root') return { kind: 'unresolved', reason: 'outside-root' };
  if (isLegacyNodeInternal(printed)) return { kind: 'dropped', reason: 'runtime' };
  return { kind: 'unresolved', reason: 'not-found' };
}

async function resolveByPath(raw: RawLocation, workspace: Workspace): Promise<Resolution> {
  const parsed = parsePrintedPath(raw.file);
  if (parsed.kind === 'relative') {
    return fromOutcome(await workspace.firstExisting(relativeCandidates(parsed.path, raw.hints, workspace)), raw.file);
  }
  if (parsed.kind === 'host-absolute' && workspace.isInsideAnyRoot(parsed.path)) {
    return fromOutcome(await workspace.firstExisting([parsed.path]), raw.file);
  }
  // Outside every root. A toolchain path is dropped before suffix matching, because stripping
  // its prefix (/usr/include/, site-packages/) could land on an unrelated same-named user file.
  if (isVendoredPath(parsed.path)) return { kind: 'dropped', reason: 'vendored' };
  // A path that exists on this machine outside the workspace is that file, not a workspace file
  // that shares its suffix; stat'ing the printed path is safe (it is not built from `..`).
  if (parsed.kind === 'host-absolute' && (await workspace.fs.stat(parsed.path)) !== undefined) {
    return { kind: 'unresolved', reason: 'outside-root' };
  }
  return fromOutcome(await workspace.firstExisting(foreignSuffixCandidates(parsed.segments, workspace)), raw.file);
}

async function resolveJvmPackage(raw: RawLocation, packagePath: string, workspace: Workspace, index: BasenameIndex): Promise<Resolution> {
  const { module, packageName } = splitJvmPackage(packagePath);
  if (module && (isJdkPackage(module) || isVendoredPath(`${module}/`))) return { kind: 'dropped', reason: 'vendored' };
  const basename = raw.file.trim();
  const tail = packageName ? `${packageName.split('.').join('/')}/${basename}` : basename;
  const matches = (await index.files()).filter((file) => file.endsWith(`/${tail}`));
  const outcome = await workspace.firstExisting(rankJvmMatches(matches, basename));
  if (outcome.kind === 'not-found' && isJdkPackage(packageName)) return { kind: 'dropped', reason: 'vendored' };
  return fromOutcome(outcome, raw.file);
}

// An elided path is the END of a workspace path: the one workspace file ending with it, else not found
// (several candidates would be a guess).
async function resolveElided(raw: RawLocation, workspace: Workspace, index: BasenameIndex): Promise<Resolution> {
  const suffix = `/${elidedSuffix(raw.file)}`;
  const matches = (await index.files()).filter((file) => file.endsWith(suffix));
  if (matches.length !== 1) return { kind: 'unresolved', reason: 'not-found' };
  return fromOutcome(await workspace.firstExisting(matches), raw.file);
}

async function resolveUniqueBasename(raw: RawLocation, workspace: Workspace, index: BasenameIndex): Promise<Resolution> {
  const basename = raw.file.trim();
  const matches = (await index.files()).filter((file) => file.endsWith(`/${basename}`));
  // Several same-named files and no package to choose between them: guessing would send the
  // user to the wrong file, so report it as not found instead.
  if (matches.length !== 1) return { kind: 'unresolved', reason: 'not-found' };
  return fromOutcome(await workspace.firstExisting(matches), raw.file);
}

// Resolves one non-runtime raw location's path. A path that may continue one wrapped from the line before is
// also tried joined; the joined path counts only when the printed part is no workspace file and the join is one
// (or a toolchain file), since the line before may just as well end in an unrelated path.
export async function resolveOne(raw: RawLocation, workspace: Workspace, index: BasenameIndex): Promise<Resolution> {
  const { wrappedFrom, ...hints } = raw.hints ?? {};
  if (wrappedFrom !== undefined) {
    // The join counts when it resolves and the printed part alone does not (issue 11 item 5).
    const alone = await resolveOne({ ...raw, hints }, workspace, index);
    if (alone.kind === 'resolved') return alone;
    const joined = await resolveOne({ ...raw, file: `${wrappedFrom}${raw.file}`, hints }, workspace, index);
    return joined.kind === 'unresolved' ? alone : joined;
  }
  const packagePath = raw.hints?.packagePath ?? '';
  switch (lookupMode(raw)) {
    case 'path':
      return resolveByPath(raw, workspace);
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

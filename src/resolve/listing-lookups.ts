// Resolution answers, and the lookups that wait for the workspace listing (a package path, an elided path, a bare
// name, a database object): each ends in the one file the listing matched, `ambiguous`, or a miss.
import type { RawLocation } from '../core/types.js';
import { looksLikeBuildCopy, sourceOfBuildCopy } from './build-trees.js';
import { rankJvmMatches, splitJvmPackage } from './candidates.js';
import { databaseObjectNames, databaseObjectQuery } from './database-objects.js';
import { elision } from './elided-paths.js';
import { isCaselessPath, type FileIndex, type IndexQuery } from './file-index.js';
import { isFrameworkPackage, isFrameworkPath } from './frameworks.js';
import { joinPosix, suffixesLongestFirst } from './paths.js';
import { isJdkPackage, isLegacyNodeInternal, isToolHomePath, isVendoredPath } from './vendored.js';
import type { FirstPass, Resolution } from './resolution.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

// More candidates than this say "ambiguous" as well as all of them would.
const MAX_CANDIDATES = 10;

export function fromOutcome(outcome: CandidateOutcome, printed: string): Resolution {
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

/**
 * The one file a listing query matched, `ambiguous` with the candidates for several, else not found. Matches
 * count once per real file inside the roots: a symlink to another match is that file, not a second candidate,
 * and one that leads out of the roots is no candidate at all.
 */
export async function fromIndex(
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
  // A build folder's verbatim copy of another match (dune's `_build/default/bin/stubs.c` beside `bin/stubs.c`) is that
  // match, not a second candidate (build-trees.ts).
  if (found.length > 1) found = await withoutBuildCopies(found, workspace);
  if (found.length > 1) return { kind: 'unresolved', reason: 'ambiguous', candidates: found.map((each) => each.name) };
  return fromOutcome(found[0]?.outcome ?? firstMiss ?? { kind: 'not-found' }, printed);
}

async function withoutBuildCopies<T extends { outcome: CandidateOutcome }>(found: T[], workspace: Workspace): Promise<T[]> {
  const sources = await Promise.all(
    found.map(({ outcome }) =>
      outcome.kind === 'resolved' && looksLikeBuildCopy(outcome.relative)
        ? sourceOfBuildCopy(outcome.root, outcome.relative, workspace.fs)
        : Promise.resolve(undefined),
    ),
  );
  const named = new Set(found.map(({ outcome }) => (outcome.kind === 'resolved' ? `${outcome.root}\0${outcome.relative}` : '')));
  return found.filter(({ outcome }, index) => {
    const source = sources[index];
    return source === undefined || outcome.kind !== 'resolved' || !named.has(`${outcome.root}\0${source}`);
  });
}

export function resolveJvmPackage(raw: RawLocation, packagePath: string, workspace: Workspace, index: FileIndex): FirstPass {
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
export function resolveElided(raw: RawLocation, workspace: Workspace, index: FileIndex): FirstPass {
  const { head, tail } = elision(raw.file) as { head: string; tail: string[] };
  if (!index.want(tail.at(-1) as string)) return { kind: 'unresolved', reason: 'not-found' };
  // The longest suffix that a workspace file ends with, at least a folder and the basename: the tail's first folders
  // may be the other machine's checkout (`...t/phpmd/src/x.php` cut inside `project`, in a workspace that is `phpmd`).
  const suffixes = tail.length < 2 ? [tail.join('/')] : suffixesLongestFirst(tail).filter((suffix) => suffix.includes('/'));
  const finish = async (): Promise<Resolution> => {
    const found = await fromIndex({ suffixes, head }, raw.file, workspace, index);
    if (found.kind !== 'unresolved' || found.reason !== 'not-found' || head !== '' || !checkoutNames(tail) || isVendoredPath(raw.file))
      return found;
    // An elision that starts the path stands for the other machine's folders above the checkout, as a foreign absolute
    // path's do (candidates.ts): when no workspace file ends with the tail, its folders are the checkout's own names
    // (`.../owner/repo/Rakefile`) and the file is the one at a root's top.
    const atTop = await workspace.firstExisting(workspace.roots.map((root) => joinPosix(root.given, tail.at(-1) as string)));
    return atTop.kind === 'resolved' ? fromOutcome(atTop, raw.file) : found;
  };
  return { kind: 'deferred', finish };
}

// The folders a checkout sits in, as an elided path keeps them: one or two names (`owner/repo/`, `project/`) before a
// file at the checkout's top. A deeper tail, or one through a hidden folder, is another tree's file of the same name
// (a plugin manager's `…/.local/share/nvim/lazy/lazy.nvim/lua/lazy/init.lua` beside the user's own `init.lua`).
const checkoutNames = (tail: readonly string[]): boolean =>
  tail.length >= 2 && tail.length <= 3 && tail.slice(0, -1).every((folder) => !folder.startsWith('.'));

// Several same-named files and no package to choose between them: guessing would send the user to the wrong
// file, so they are reported as ambiguous.
export function resolveUniqueBasename(raw: RawLocation, workspace: Workspace, index: FileIndex): FirstPass {
  const basename = raw.file.trim();
  if (!index.want(basename)) return { kind: 'unresolved', reason: 'not-found' };
  const { packageName, mentionedPath } = raw.hints ?? {};
  return { kind: 'deferred', finish: () => fromIndex({ suffixes: [basename] }, raw.file, workspace, index, packageName, mentionedPath) };
}

// A database object's source file, looked up by the object's name; an object no workspace file holds (`SYS.DBMS_SQL`,
// a test framework's package) is the database's own, dropped like a runtime frame.
export function resolveDatabaseObject(raw: RawLocation, workspace: Workspace, index: FileIndex): FirstPass {
  const names = databaseObjectNames(raw.file, raw.hints?.databaseObject ?? '');
  if (names.length === 0 || !names.every((name) => index.want(name))) return { kind: 'dropped', reason: 'runtime' };
  const finish = async (): Promise<Resolution> => {
    const found = await fromIndex(databaseObjectQuery(names), raw.file, workspace, index);
    return found.kind === 'unresolved' && found.reason === 'not-found' ? { kind: 'dropped', reason: 'runtime' } : found;
  };
  return { kind: 'deferred', finish };
}

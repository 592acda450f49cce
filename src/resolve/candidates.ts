// Ordered candidate paths for each shape of printed path. Pure: the Workspace decides which exist.
import type { ResolveHints } from '../core/types.js';
import { joinPosix, normaliseHostPath, parsePrintedPath, suffixesLongestFirst } from './paths.js';
import type { Workspace } from './workspace.js';

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/**
 * Directories a relative path may be relative to, most specific first:
 * 1. make's "Entering directory" (the tool said where it was, so it beats any guess);
 * 2. the project folder a tool named on a nearby line (msbuild's `[…/X.csproj]`);
 * 3. cwd (where the command ran, the default for every tool);
 * 4. each root (tools such as pytest, Jest and Go print relative to the project root).
 */
export function relativeBases(hints: ResolveHints | undefined, workspace: Workspace): string[] {
  const bases: string[] = [];
  if (hints?.directory) bases.push(...printedDirectoryBases(hints.directory, workspace));
  // Below make's directory: that is where the tool was; a project named on another line is only a hint.
  if (hints?.projectDirectory) bases.push(...printedDirectoryBases(hints.projectDirectory, workspace));
  const cwd = workspace.cwdInsideRoots();
  if (cwd) bases.push(cwd);
  for (const root of workspace.roots) bases.push(root.given);
  return unique(bases);
}

// A directory a tool printed, as bases inside the roots: itself when it lies inside one, else (a folder on
// another machine) re-based by its suffixes, longest first, under each root.
function printedDirectoryBases(directory: string, workspace: Workspace): string[] {
  const parsed = parsePrintedPath(directory);
  const absolute = parsed.kind === 'relative' ? normaliseHostPath(parsed.path, workspace.cwd) : parsed.path;
  if (parsed.kind !== 'foreign-absolute' && workspace.isInsideAnyRoot(absolute)) return [absolute];
  if (parsed.kind === 'relative') return [];
  const bases: string[] = [];
  for (const suffix of suffixesLongestFirst(parsed.segments)) {
    for (const root of workspace.roots) bases.push(joinPosix(root.given, suffix));
  }
  return bases;
}

/** Candidates for a relative printed path (may contain `..`; the Workspace checks containment). */
export function relativeCandidates(relative: string, hints: ResolveHints | undefined, workspace: Workspace): string[] {
  return unique(relativeBases(hints, workspace).map((base) => joinPosix(base, relative)));
}

/**
 * Candidates for an absolute path from another machine (CI runner, container, Windows): every
 * suffix under every root, longest suffix first, so `/home/runner/work/r/r/src/a.ts` finds
 * `src/a.ts` before a stray `a.ts`. O(depth × roots) stats, never a directory walk.
 */
export function foreignSuffixCandidates(segments: readonly string[], workspace: Workspace): string[] {
  const candidates: string[] = [];
  for (const suffix of suffixesLongestFirst(segments)) {
    for (const root of workspace.roots) candidates.push(joinPosix(root.given, suffix));
  }
  return unique(candidates);
}

/**
 * Candidates for a Go test basename (`calc_test.go`) with its import path
 * (`example.com/demo/pkg/calc`): the module path prefix is unknown, so try each suffix of the
 * import path, longest first, under cwd and each root, ending with the bare directory itself.
 */
export function goPackageCandidates(basename: string, importPath: string, workspace: Workspace): string[] {
  const bases: string[] = [];
  const cwd = workspace.cwdInsideRoots();
  if (cwd) bases.push(cwd);
  for (const root of workspace.roots) bases.push(root.given);
  const suffixes = [...suffixesLongestFirst(importPath.split('/').filter(Boolean)), ''];
  const candidates: string[] = [];
  for (const suffix of suffixes) {
    for (const base of bases) candidates.push(joinPosix(base, suffix, basename));
  }
  return unique(candidates);
}

/**
 * The file name of a Go row whose printed path ends in its package's import path and the name (`go build` under a
 * `# github.com/o/r/pkg` header, run in another GOPATH folder: `../github.com/o/r/pkg/x.go`), else undefined: the
 * folder the path reaches is no workspace folder, but the import path's end names one (goPackageCandidates).
 */
export function goPackageFileName(segments: readonly string[], importPath: string | undefined): string | undefined {
  const name = segments.at(-1);
  if (importPath === undefined || name === undefined || !name.endsWith('.go')) return undefined;
  const packageSegments = importPath.split('/').filter(Boolean);
  if (packageSegments.length < 2 || segments.length < packageSegments.length + 1) return undefined;
  const folder = segments.slice(-packageSegments.length - 1, -1);
  return folder.every((segment, index) => segment === packageSegments[index]) ? name : undefined;
}

/** A JVM package split into its JPMS module (when printed, `java.base/java.util`) and package. */
export function splitJvmPackage(packagePath: string): { module: string | undefined; packageName: string } {
  const slash = packagePath.lastIndexOf('/');
  if (slash < 0) return { module: undefined, packageName: packagePath };
  // `app//com.acme` (class-loader name, empty module) leaves an empty module: treat as none.
  const module = packagePath.slice(0, slash).replace(/\/+$/, '') || undefined;
  return { module, packageName: packagePath.slice(slash + 1) };
}

const TEST_CLASS = /(Test|Tests|TestCase|IT|Spec)$/;

/**
 * Orders workspace files that match `<package dirs>/<Basename>.java`. Production sources
 * (src/main) come first because a frame usually points at the code under test, unless the class
 * itself is a test class (FooTest), whose source can only be under src/test. Ties break by path
 * text so the choice is the same on every run.
 */
export function rankJvmMatches(matches: readonly string[], basename: string): string[] {
  const className = basename.replace(/\.[^.]+$/, '');
  const wantsTest = TEST_CLASS.test(className);
  const score = (file: string): number => {
    const inMain = /(^|\/)src\/main\//.test(file);
    const inTest = /(^|\/)src\/test\//.test(file);
    if (inMain) return wantsTest ? 1 : 0;
    if (inTest) return wantsTest ? 0 : 1;
    return 2;
  };
  return [...matches].sort((a, b) => score(a) - score(b) || (a < b ? -1 : a > b ? 1 : 0));
}

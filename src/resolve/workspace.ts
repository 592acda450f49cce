// The workspace roots and the one place that turns a candidate path into a workspace file:
// lexical containment first, then stat, then realpath containment (rule: never touch what a
// `..` or a symlink carries outside the roots).
import { FaultlineError } from '../core/errors.js';
import type { CachedResolverFs } from './resolver-fs.js';
import { isLexicallyInside, joinPosix, normaliseHostPath, relativePosix, toPosixSeparators } from './paths.js';

/** A root as the caller gave it (normalised) and as it really is on disk. */
interface WorkspaceRoot {
  readonly given: string;
  readonly real: string;
}

/** What trying an ordered list of candidates produced. */
export type CandidateOutcome =
  | { kind: 'resolved'; root: string; relative: string; absolutePath: string }
  /** A candidate existed only outside the roots (a `..` escape or a symlink pointing out). */
  | { kind: 'outside-root' }
  | { kind: 'not-found' };

export class Workspace {
  readonly cwd: string;
  readonly roots: readonly WorkspaceRoot[];
  readonly fs: CachedResolverFs;

  private constructor(cwd: string, roots: readonly WorkspaceRoot[], fs: CachedResolverFs) {
    this.cwd = cwd;
    this.roots = roots;
    this.fs = fs;
  }

  // Normalises and realpaths the roots once; a missing root is a usage error, not an empty result.
  static async open(cwd: string, roots: readonly string[], fs: CachedResolverFs): Promise<Workspace> {
    if (roots.length === 0) throw new FaultlineError('E_USAGE', 'resolveLocations needs at least one workspace root');
    const absoluteCwd = normaliseHostPath(cwd);
    const opened: WorkspaceRoot[] = [];
    for (const root of roots) {
      const given = normaliseHostPath(root, absoluteCwd);
      const real = await fs.realpath(given);
      if (real === undefined || (await fs.stat(real)) !== 'directory') {
        throw new FaultlineError('E_USAGE', `workspace root is not a directory: ${root}`);
      }
      opened.push({ given, real: toPosixSeparators(real) });
    }
    return new Workspace(absoluteCwd, opened, fs);
  }

  /** True when `candidate` lies lexically under a root, in either its given or its real spelling. */
  isInsideAnyRoot(candidate: string): boolean {
    return this.roots.some((root) => isLexicallyInside(candidate, root.given) || isLexicallyInside(candidate, root.real));
  }

  /** cwd when it lies inside a root; a cwd outside the workspace is never a base for candidates. */
  cwdInsideRoots(): string | undefined {
    return this.isInsideAnyRoot(this.cwd) ? this.cwd : undefined;
  }

  /**
   * The first candidate, in the given order, that is an existing file inside a root after
   * symlinks are resolved. Candidates are tried in order because callers list them from the
   * most to the least specific interpretation of the printed path.
   */
  async firstExisting(candidates: Iterable<string>): Promise<CandidateOutcome> {
    let escaped = false;
    for (const candidate of candidates) {
      // Containment on the normalised path BEFORE any stat: a `..` escape is never looked at.
      if (!this.isInsideAnyRoot(candidate)) {
        escaped = true;
        continue;
      }
      if (!(await this.topDirectoryExists(candidate))) continue;
      if ((await this.fs.stat(candidate)) !== 'file') continue;
      const real = await this.fs.realpath(candidate);
      if (real === undefined) continue;
      const absolutePath = toPosixSeparators(real);
      const root = this.deepestRealRootContaining(absolutePath);
      if (!root) {
        // A symlink inside the workspace that points out of it: report, never read.
        escaped = true;
        continue;
      }
      return { kind: 'resolved', root: root.real, relative: relativePosix(root.real, absolutePath), absolutePath };
    }
    return escaped ? { kind: 'outside-root' } : { kind: 'not-found' };
  }

  /**
   * False when the candidate's first directory below its root is missing. Suffix matching of
   * a thousand `/home/runner/work/r/r/…` frames then costs one cached stat of `<root>/home`
   * instead of a thousand misses.
   */
  private async topDirectoryExists(candidate: string): Promise<boolean> {
    const root = this.roots.find((each) => isLexicallyInside(candidate, each.given));
    if (!root) return true;
    const relative = relativePosix(root.given, candidate);
    const slash = relative.indexOf('/');
    if (slash < 0) return true;
    return (await this.fs.stat(joinPosix(root.given, relative.slice(0, slash)))) === 'directory';
  }

  // Deepest, because with nested roots (a monorepo and one of its packages) the more specific
  // root is the one the user opened for that file.
  private deepestRealRootContaining(realPath: string): WorkspaceRoot | undefined {
    let best: WorkspaceRoot | undefined;
    for (const root of this.roots) {
      if (isLexicallyInside(realPath, root.real) && (!best || root.real.length > best.real.length)) best = root;
    }
    return best;
  }
}

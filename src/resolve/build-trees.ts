// Build folders kept inside the source tree that hold verbatim copies of the project's own files. The copy is rebuilt
// by every build, so the source is the place, at the same line; a copy named beside its source is no second candidate.
// - dune copies every source of a project (the folder holding `dune-project` or `dune-workspace`) into
//   `_build/<context>/` at the same relative path and runs the compilers there: gcc on a C stub prints `stubs.c:4:36`
//   from `_build/default/bin/`, and a rule's or a test's paths name `_build/default/…`. `_build/install/` and
//   `_build/log` are no mirror.
// - cabal's v1 commands (`cabal install` before 3.0, `cabal v1-build`) compile a package's `Setup.hs` (or `Setup.lhs`)
//   from a copy renamed `dist/setup/setup.hs`; ghc's errors name the copy. (stack compiles the `Setup.hs` itself.)
import { joinPosix } from './paths.js';
import type { ResolverFs } from './resolver-fs.js';

interface Tree {
  /** The copy: group 1 is the folder holding the build folder ('' at a root), group 2 what the source is named by. */
  copy: RegExp;
  /** Files one of which must sit in the folder holding the build folder (the build system's own marker). */
  markers: readonly string[];
  /** The source's path below that folder, given group 2. */
  source: (named: string) => string;
}

const TREES: readonly Tree[] = [
  {
    copy: /^(?:(.*)\/)?_build\/(?!install\/|log$)[\w.-]+\/(.+)$/,
    markers: ['dune-project', 'dune-workspace'],
    source: (named) => named,
  },
  {
    copy: /^(?:(.*)\/)?dist\/setup\/setup\.(l?hs)$/,
    markers: ['Setup.hs', 'Setup.lhs'],
    source: (extension) => `Setup.${extension}`,
  },
];

/** Whether a root-relative path names a build copy's place by its shape alone (checked before the file system). */
export const looksLikeBuildCopy = (relative: string): boolean => TREES.some((tree) => tree.copy.test(relative));

/**
 * The root-relative source of a build copy, when the folder holding the build folder carries the build system's marker
 * and the source exists; undefined for any other path.
 */
export async function sourceOfBuildCopy(root: string, relative: string, fs: ResolverFs): Promise<string | undefined> {
  for (const tree of TREES) {
    const match = tree.copy.exec(relative);
    if (!match) continue;
    const base = match[1] ?? '';
    const within = (name: string): string => (base === '' ? name : `${base}/${name}`);
    const markers = await Promise.all(tree.markers.map((marker) => fs.stat(joinPosix(root, within(marker)))));
    if (!markers.includes('file')) continue;
    const source = within(tree.source(match[2] as string));
    if ((await fs.stat(joinPosix(root, source))) === 'file') return source;
  }
  return undefined;
}

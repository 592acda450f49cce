// A C or C++ library's own headers seen through their installed copy (held-out set 61): `make install` (or a distro
// package, Homebrew, conda, vcpkg) copies the repository's `include/<lib>/x.hpp` to `<prefix>/include/<lib>/x.hpp`,
// and a program built against it (a downstream package, the library's own examples) reports an error in a template
// there: `/usr/include/<lib>/sims.tpp:622:39: error: …`. The prefix is the toolchain's, yet the text to fix is the
// library's. It maps back only when the workspace's build manifest names that library — autoconf's `AC_INIT([lib…])`,
// CMake's `project(lib…)`, meson's `project('lib…')` — and the same path exists under the root's `include/<lib>/` (or
// `<lib>/`, `src/<lib>/`), so a header the workspace merely bundles (its own `include/GL/glew.h`) stays the system's.
import { joinPosix } from './paths.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

// `<prefix>/include/<lib>/<path>`: the last `include/` folder followed by one more folder, the library's.
const INSTALLED_HEADER = /(?:^|\/)include\/([A-Za-z_][\w.+-]*)\/((?:(?!include\/).)+)$/;
const MANIFEST_NAMES: ReadonlyArray<readonly [string, RegExp]> = [
  ['configure.ac', /^[ \t]*AC_INIT\([ \t]*\[?[ \t]*([\w.+-]+)/m],
  ['configure.in', /^[ \t]*AC_INIT\([ \t]*\[?[ \t]*([\w.+-]+)/m],
  ['CMakeLists.txt', /^[ \t]*project[ \t]*\([ \t]*"?([\w.+-]+)/im],
  ['meson.build', /^[ \t]*project[ \t]*\([ \t]*['"]([\w.+-]+)/m],
];

// `libgit2` installs `include/git2/`, `yaml-cpp` is `YAML_CPP` in CMake: compared without case, separators or `lib`.
const comparable = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[-_.+]/g, '')
    .replace(/^lib/, '');

export async function manifestNamesLibrary(workspace: Workspace, root: string, library: string): Promise<boolean> {
  for (const [manifest, pattern] of MANIFEST_NAMES) {
    const path = joinPosix(root, manifest);
    if ((await workspace.fs.stat(path)) !== 'file') continue;
    const name = pattern.exec((await workspace.fs.readText(path)) ?? '')?.[1];
    if (name !== undefined && comparable(name) === comparable(library)) return true;
  }
  return false;
}

/** The workspace header an installed copy of the workspace's own C or C++ library stands for; undefined when none. */
export async function ownInstalledHeader(path: string, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  const header = INSTALLED_HEADER.exec(path);
  if (!header) return undefined;
  const [, library, relative] = header as unknown as [string, string, string];
  for (const root of workspace.roots) {
    if (!(await manifestNamesLibrary(workspace, root.given, library))) continue;
    const candidates = ['include', '', 'src'].map((folder) => joinPosix(root.given, folder, library, relative));
    const outcome = await workspace.firstExisting(candidates);
    if (outcome.kind === 'resolved') return outcome;
  }
  return undefined;
}

// Which workspace folders a package manager made, decided from the workspace itself (issue 20): a folder name such
// as `lib/`, `deps/` or `Pods/` is a dependency folder only when a manifest or lock file beside it says its package
// manager uses it (`shard.lock` beside `lib/`), a marker inside says a tool created it (a venv's `pyvenv.cfg`, an
// installation's `lib/pythonX.Y/`), or a manager's configuration names it (Bundler's BUNDLE_PATH, Composer's
// vendor-dir, Cargo's vendored sources). A package manager's own checkout says the same of its tool folders (vcpkg's
// `scripts/` and `installed/` beside `.vcpkg-root`). A project's own `lib/` with no such file stays the project's. Names that
// are a dependency folder wherever they appear (`node_modules`, `site-packages`) are vendored.ts's pure string test.
import { joinPosix } from './paths.js';
import { PYTHON_LIBRARY_FOLDER } from './python-prefixes.js';
import type { CachedResolverFs } from './resolver-fs.js';

// The files that make a folder a vcpkg checkout: the marker vcpkg looks for to find its root, and the toolchain file every
// root ships (a project passes `<root>/scripts/buildsystems/vcpkg.cmake` as CMAKE_TOOLCHAIN_FILE).
const VCPKG_ROOT = ['.vcpkg-root', 'scripts/buildsystems/vcpkg.cmake'];

// A folder of this name is a dependency folder when one of these files is beside it (in its parent folder).
const BESIDE: ReadonlyMap<string, readonly string[]> = new Map([
  // Crystal shards install into lib/ (a shard keeps its own code in src/); Foundry's `forge install` clones each
  // Solidity library into lib/ beside foundry.toml; a Ren'Py game ships its Python runtime in lib/ beside game/.
  ['lib', ['shard.lock', 'shard.yml', 'foundry.toml', 'game/options.rpy']],
  ['renpy', ['game/options.rpy', 'game/script.rpy']], // the Ren'Py engine a distributed game carries beside its game/
  ['Library', ['ProjectSettings/ProjectVersion.txt']], // Unity's own folder: Library/PackageCache holds the UPM packages
  // Gleam: build/packages holds the dependencies, build/dev and build/prod their compiled copies; Move copies each
  // dependency's sources into build/; Defold writes its build output there.
  ['build', ['gleam.toml', 'Move.toml', 'game.project']],
  ['.internal', ['game.project']], // Defold keeps the library projects it fetched in .internal/lib
  ['.cache', ['Clarinet.toml']], // Clarinet caches the on-chain contracts a project requires in .cache/requirements
  ['deps', ['mix.lock', 'rebar.lock']], // Mix and rebar3 fetch into deps/ (C sources of NIFs too, not only .ex)
  ['_build', ['mix.lock', 'mix.exs', 'rebar.lock', 'rebar.config']], // Mix/rebar3 build output, dependencies' copies included
  ['Pods', ['Podfile.lock', 'Podfile']], // CocoaPods
  ['Carthage', ['Cartfile.resolved', 'Cartfile']], // Carthage/Checkouts and Carthage/Build
  ['.build', ['Package.resolved', 'Package.swift']], // SwiftPM: .build/checkouts and the build products
  // SwiftPM 3.0 cloned each dependency into Packages/<name>-<version>/ (Swift 3.1 moved them to .build/checkouts), and
  // `swift package edit` still checks one out to Packages/<name>/: a local package the manifest names by path is the
  // user's (path-dependencies.ts).
  ['Packages', ['Package.swift']],
  // Paket restores into packages/ (a monorepo's packages/ has no paket.lock); vcpkg stages each port's files there.
  ['packages', ['paket.lock', ...VCPKG_ROOT]],
  // A vcpkg checkout: its own CMake scripts, the helper ports it installed, the sources it unpacked and built, its
  // downloads. What its user edits is a port's recipe under ports/ (or triplets/), the frame the scripts' call stack
  // names below theirs (held-out set 70).
  ['scripts', VCPKG_ROOT],
  ['installed', VCPKG_ROOT],
  ['buildtrees', VCPKG_ROOT],
  ['downloads', VCPKG_ROOT],
  ['vcpkg_installed', ['vcpkg.json']], // a manifest-mode project's own install folder, beside its vcpkg.json
  ['_deps', ['CMakeCache.txt']], // CMake FetchContent sources in the build folder
  ['elm-stuff', ['elm.json']],
  ['jspm_packages', ['package.json']],
  // component(1) and Duo install each `owner/name` into components/owner-name/ beside component.json (shadcn/ui's
  // file is components.json, plural, and its components/ the project's own).
  ['components', ['component.json']],
  ['.eggs', ['setup.py', 'setup.cfg', 'pyproject.toml']],
  ['.lake', ['lakefile.lean', 'lakefile.toml', 'lake-manifest.json']], // Lean 4's Lake: .lake/packages (mathlib, aesop…)
  ['lake-packages', ['lakefile.lean', 'lake-manifest.json']], // Lake before Lean 4.3 fetched into lake-packages/
  ['_target', ['leanpkg.toml']], // Lean 3's leanpkg: _target/deps
  ['target', ['application.properties']], // Grails 1-2 (metadata in application.properties): plugins under target/work/plugins
]);

// A folder holding one of these was made by an environment manager, whatever it is called.
const MARKERS_INSIDE = ['pyvenv.cfg', 'conda-meta'];

// Folders under which a sub-folder with its own licence is a library copied in beside the sources (redis' deps/,
// a project's external/): a project's own sub-folders do not carry a licence of their own.
// (`libs/` and `ext/` are left out: Nx workspaces and PHP keep their own libraries and extensions there.)
const COPIED_LIBRARY_PARENTS = new Set(['deps', 'external', 'extern', '3rdparty', 'thirdparty', 'third-party', 'contrib']);
// A release unpacked under such a parent carries its version in the folder's name (`ThirdParty/jasmine-2.2.0/`,
// `external/zlib-1.3.1/`, `deps/boost_1_82_0/`): a project's own sub-folders are not versioned.
const VERSIONED_RELEASE = /^[A-Za-z][\w.+]*?[-_]v?\d+(?:[._]\d+)+(?:[-.+]?[A-Za-z][\w.]*)?$/;
// Dual-licensed projects (most Rust crates, buck2's prelude) ship `LICENSE-MIT` and `LICENSE-APACHE` and no `LICENSE`.
const LICENCE_FILES = [
  'LICENSE',
  'LICENSE.txt',
  'LICENSE.md',
  'LICENCE',
  'COPYING',
  'COPYING.txt',
  'COPYRIGHT',
  'UNLICENSE',
  'LICENSE-MIT',
  'LICENSE-APACHE',
];

// Configuration files, relative to the folder they configure, and how each names the folder its manager installs to.
// A submodule is another repository checked out beside the sources: a dependency only with a licence of its own, or
// when it sits under a folder for copied libraries (`third-party/prelude`).
const CONFIGURED: ReadonlyArray<{ file: string; submodules?: true; folders: (text: string) => string[] }> = [
  // Bundler: `BUNDLE_PATH: "gems"` (YAML written by `bundle config set --local path gems`)
  {
    file: '.bundle/config',
    folders: (text) => [...text.matchAll(/^BUNDLE_PATH:\s*["']?([^"'\n]+?)["']?\s*$/gm)].map((match) => match[1] as string),
  },
  // Composer: `"config": { "vendor-dir": "libs" }`
  { file: 'composer.json', folders: (text) => [...text.matchAll(/"vendor-dir"\s*:\s*"([^"]+)"/g)].map((match) => match[1] as string) },
  // Cargo: `[source.vendored-sources]` `directory = "third-party/crates"` (what `cargo vendor` prints to add)
  { file: '.cargo/config.toml', folders: cargoVendorDirectories },
  { file: '.cargo/config', folders: cargoVendorDirectories },
  // Foundry: `libs = ["lib", "node_modules"]` in foundry.toml (its [profile.*] sections)
  { file: 'foundry.toml', folders: foundryLibraryFolders },
  {
    file: '.gitmodules',
    submodules: true,
    folders: (text) => [...text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)].map((match) => match[1] as string),
  },
];

function foundryLibraryFolders(text: string): string[] {
  const folders: string[] = [];
  for (const list of text.matchAll(/^\s*libs\s*=\s*\[([^\]]*)\]/gm)) {
    for (const quoted of (list[1] as string).matchAll(/["']([^"']+)["']/g)) folders.push(quoted[1] as string);
  }
  return folders;
}

function cargoVendorDirectories(text: string): string[] {
  const folders: string[] = [];
  for (const section of text.split(/^\s*\[/m)) {
    if (!/^source\.[^\]]+\]/.test(section)) continue;
    const directory = /^\s*directory\s*=\s*["']([^"']+)["']/m.exec(section);
    if (directory) folders.push(directory[1] as string);
  }
  return folders;
}

// A configured folder as a clean relative path (`./gems/` → `gems`); absolute or escaping ones name nothing here.
function cleanRelative(folder: string): string | undefined {
  const clean = folder
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/\/+$/, '');
  if (clean === '' || clean.startsWith('/') || /^[A-Za-z]:/.test(clean) || clean.split('/').includes('..')) return undefined;
  return clean;
}

/** Decides, per workspace folder and at most once each, whether a package manager made it. */
export class DependencyFolders {
  readonly #fs: CachedResolverFs;
  readonly #folders = new Map<string, Promise<boolean>>();
  readonly #configured = new Map<string, Promise<{ dependencies: Set<string>; submodules: Set<string> }>>();

  constructor(fs: CachedResolverFs) {
    this.#fs = fs;
  }

  /** True when a folder between `root` and the file `relative` (root-relative, posix) belongs to a dependency. */
  async contains(root: string, relative: string): Promise<boolean> {
    const segments = relative.split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      if (await this.#isDependency(root, segments.slice(0, depth))) return true;
    }
    return false;
  }

  #isDependency(root: string, folder: readonly string[]): Promise<boolean> {
    const key = `${root}\0${folder.join('/')}`;
    let pending = this.#folders.get(key);
    if (!pending) {
      pending = this.#decide(root, folder);
      this.#folders.set(key, pending);
    }
    return pending;
  }

  async #decide(root: string, folder: readonly string[]): Promise<boolean> {
    const name = folder.at(-1) as string;
    const parent = folder.slice(0, -1);
    const here = joinPosix(root, ...folder);
    for (const marker of MARKERS_INSIDE) if ((await this.#fs.stat(joinPosix(here, marker))) !== undefined) return true;
    if (await this.#isPythonPrefix(here)) return true;
    for (const beside of BESIDE.get(name) ?? []) if ((await this.#fs.stat(joinPosix(root, ...parent, beside))) === 'file') return true;
    const parentName = parent.at(-1);
    const underCopiedLibraries = parentName !== undefined && COPIED_LIBRARY_PARENTS.has(parentName.toLowerCase());
    if (underCopiedLibraries && (VERSIONED_RELEASE.test(name) || (await this.#hasLicence(here)))) return true;
    // A configuration in any folder above (or beside) names this one, relative to itself.
    for (let depth = 0; depth < folder.length; depth++) {
      const configured = await this.#configuredIn(root, folder.slice(0, depth));
      const rest = folder.slice(depth).join('/');
      if (configured.dependencies.has(rest)) return true;
      // Another repository checked out under third-party/ (or deps/, external/…) is one by both signs together.
      if (configured.submodules.has(rest) && (underCopiedLibraries || (await this.#hasLicence(here)))) return true;
    }
    return false;
  }

  // An interpreter's prefix that carries no marker (virtualenv before 20, `pip install --prefix deps`): a scripts folder
  // beside the library folder only an installation has, `bin/` with `lib/pythonX.Y/` (`Scripts/` with `Lib/site-packages/`).
  async #isPythonPrefix(folder: string): Promise<boolean> {
    const isFolder = async (...path: string[]) => (await this.#fs.stat(joinPosix(folder, ...path))) === 'directory';
    if ((await isFolder('Scripts')) && (await isFolder('Lib', 'site-packages'))) return true;
    if (!(await isFolder('bin')) || !(await isFolder('lib'))) return false;
    return (await this.#fs.listNames(joinPosix(folder, 'lib')))?.some((name) => PYTHON_LIBRARY_FOLDER.test(name)) === true;
  }

  async #hasLicence(folder: string): Promise<boolean> {
    for (const file of LICENCE_FILES) if ((await this.#fs.stat(joinPosix(folder, file))) === 'file') return true;
    return false;
  }

  #configuredIn(root: string, folder: readonly string[]): Promise<{ dependencies: Set<string>; submodules: Set<string> }> {
    const base = joinPosix(root, ...folder);
    let pending = this.#configured.get(base);
    if (!pending) {
      pending = this.#readConfigured(base);
      this.#configured.set(base, pending);
    }
    return pending;
  }

  async #readConfigured(base: string): Promise<{ dependencies: Set<string>; submodules: Set<string> }> {
    const dependencies = new Set<string>();
    const submodules = new Set<string>();
    for (const { file, submodules: areSubmodules, folders } of CONFIGURED) {
      const path = joinPosix(base, file);
      if ((await this.#fs.stat(path)) !== 'file') continue;
      const text = await this.#fs.readText(path);
      if (text === undefined) continue;
      for (const named of folders(text)) {
        const clean = cleanRelative(named);
        if (clean !== undefined) (areSubmodules ? submodules : dependencies).add(clean);
      }
    }
    return { dependencies, submodules };
  }
}

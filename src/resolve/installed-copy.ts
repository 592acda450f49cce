// The workspace's own package seen through its installed copy (issue 20): a gem run from `gems/<name>-<version>/`,
// a Python package imported from site-packages, a Perl module loaded from `/usr/share/perl5/` while the user works
// on its sources, or a Nix flake evaluated from its copy in the store (`/nix/store/<hash>-source/…`, mapped back
// when the workspace is a Nix project). Such a path is a dependency path by shape, yet the file to fix is the
// workspace's. It maps back only when the workspace's manifest names that package (a `<name>.gemspec`; a
// pyproject/setup.cfg/setup.py `name`) and the same relative path exists in a root, so an installed copy of
// someone else's package stays a dependency.
// A typst package is named `@preview/<name>:<version>/<path>` by the compiler: a package's own repository (its
// typst.toml's `name`) is where that path is fixed.
// A Dart package is named `package:<name>/<path>` by the front end and the VM, and is read from the pub cache
// (`.pub-cache/hosted/<host>/<name>-<version>/lib/<path>`, `.pub-cache/git/<name>-<hash>/lib/<path>`): the workspace
// whose pubspec.yaml names the package keeps that path under lib/.
// A GNOME Shell extension runs from its installed copy (`~/.local/share/gnome-shell/extensions/<uuid>/prefs.ui`): the
// workspace whose metadata.json (at its top, or in its src/ or extension/ folder) names that uuid holds the file there.
// A published package seen from a project that depends on it (issue 20's third round): npm's
// `node_modules/<name>/<path>` (scoped `@scope/name`, nested, pnpm's and Yarn's stores alike: the last
// `node_modules/` is the package's), Go's module cache `pkg/mod/<module>@<version>/<path>` and Cargo's registry or git
// checkout `<crate>-<version>/<path>` name the workspace's file when its package.json, go.mod or Cargo.toml names it;
// Go's `vendor/<module>/<path>` when that module path starts with the one go.mod declares, and GOPATH's
// `src/<module>/<path>` (`go get` or a GOPATH-mode build from the home folder prints `go/src/github.com/o/r/x.go`).
// Perl's manifests name a distribution, not the module tree it installs, but a module's path is its package name
// (`AN/Tools.pm` is `AN::Tools`, one namespace for every installed module): a Perl distribution (Makefile.PL,
// Build.PL, dist.ini, cpanfile, META.json/yml) whose lib/ holds that same path is the module's source.
// A Julia package tested with `Pkg.test` after `Pkg.add` runs from the depot's copy
// (`~/.julia/packages/<Name>/<slug>/test/runtests.jl`): the workspace whose Project.toml names it keeps that path.
// CocoaPods' copy of a development pod's podspec (`Pods/Local Podspecs/<Name>.podspec`) is local-podspecs.ts's; nimble's
// copy of a package (its srcDir's contents at the top) is nimble-copies.ts's; a C or C++ library's installed headers
// (`/usr/include/<lib>/…`) are installed-headers.ts's; rebar3's `_build/<profile>/lib/<own app>/` is rebar-apps.ts's; a
// runtime's own file, when the workspace is that runtime's repository, is runtime-checkouts.ts's.
import { ownInstalledHeader } from './installed-headers.js';
import { ownLocalPodspec } from './local-podspecs.js';
import { ownNimbleCopy } from './nimble-copies.js';
import { ownRebarApp } from './rebar-apps.js';
import { ownRuntimeFile } from './runtime-checkouts.js';
import { ownNamedCopy } from './own-name-copies.js';
import { joinPosix } from './paths.js';
import { declaredPackageFolders } from './python-package-folders.js';
import { distributesPackage, manifestNamingDistribution, nestedManifestFolders } from './python-distributions.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

interface InstalledCopy {
  kind: 'gem' | 'python' | 'perl' | 'nix-source' | 'typst' | 'dart' | 'gnome-extension' | 'npm' | 'go' | 'cargo' | 'julia' | 'system-app';
  packageName: string;
  /** The path inside the package as the workspace lays it out (`lib/stacker/pile.rb`, `tallyho/__init__.py`, `AN/Tools.pm`). */
  relative: string;
}

// `…/gems/little-plugger-1.1.2/lib/x.rb`: the name ends at the dash before the version; `gems/1.8/gems/…` (a gem
// home's own version folder) has no dash and so the later `gems/` is the one taken.
const GEM = /(?:^|\/)gems\/([A-Za-z0-9_.-]+?)-\d[\w.]*(?:-[A-Za-z0-9_]+)?\/(.+)$/;
// `…/site-packages/github_email/__init__.py` or a single-module package `…/site-packages/tool.py`; setuptools'
// `setup.py install`/easy_install put a package inside its egg folder first (`…/dist-packages/pyg-0.6-py2.7.egg/pyg/…`).
const PYTHON = /(?:^|\/)(?:site|dist)-packages\/(?:[^/]+\.egg\/)?(([A-Za-z_]\w*)(?:\/.+|\.py))$/;

// Perl's library folders, each followed by an optional version (`5.36`, `5.36.0`) and architecture folder
// (`x86_64-linux-gnu-thread-multi`; a package name never holds a dash): distro `/usr/share/perl5/`,
// `/usr/lib/x86_64-linux-gnu/perl5/5.36/`, `/usr/local/share/perl/5.36.0/`; `site_perl`/`vendor_perl` anywhere
// (perlbrew, distro builds); local::lib's `~/perl5/lib/perl5/` and Carton's `local/lib/perl5/`.
const PERL_LIBRARY = String.raw`(?:^|/)(?:(?:share|lib)(?:/[\w-]+-linux-gnu\w*)?/perl5?|site_perl|vendor_perl|lib/perl5)`;
const PERL_VERSION_AND_ARCH = String.raw`(?:/\d+\.\d+(?:\.\d+)?)?(?:/[\w.]+-[\w.-]+)?`;
const PERL = new RegExp(`${PERL_LIBRARY}${PERL_VERSION_AND_ARCH}/((?:[A-Za-z_]\\w*/)*[A-Za-z_]\\w*\\.pm)$`);

// `/nix/store/<hash>-source/pkgs/tool/default.nix`: a flake (or a fetched tree) is copied whole into the store before
// it is evaluated, so errors in the user's own flake name the copy.
const NIX_SOURCE = /^\/nix\/store\/[0-9a-z]{32}-source\/(.+)$/;
// A Nix project: the store copy is the workspace's only when the workspace is one.
const NIX_MANIFESTS = ['flake.nix', 'default.nix', 'shell.nix'];

// `@preview/subpar:0.2.1/src/lib.typ`, or the same package in typst's cache (`…/typst/packages/preview/subpar/0.2.1/…`).
const TYPST = /(?:^@[\w-]+\/([\w-]+):|(?:^|\/)typst\/packages\/[\w-]+\/([\w-]+)\/)\d+\.\d+\.\d+\/(.+)$/;
const TYPST_NAME = /^\s*name\s*=\s*"([\w-]+)"/m;

// pip's unpacked sdist of a requirement: `pip-install-<rand>/<name>_<32 hex>/<path>`, before pip 20
// `pip-build-<rand>/<name>/<path>` (vendored.ts): the package's own layout, as its repository has it.
const PIP_SDIST = /(?:^|\/)(?:pip-install-[a-z0-9_]{8}\/([A-Za-z0-9_.-]+?)_[0-9a-f]{32}|pip-build-[a-z0-9_]{8}\/([A-Za-z0-9_.-]+))\/(.+)$/;

const DART_URI = /^package:([a-z_][a-z0-9_]*)\/(.+)$/;
const PUB_CACHE = /(?:^|\/)(?:\.?pub-cache|Pub\/Cache)\/(?:hosted\/[^/]+|git)\/([a-z_][a-z0-9_]*)-[^/]+\/lib\/(.+)$/;
const PUBSPEC_NAME = /^name:\s*["']?([a-z_][a-z0-9_]*)/m;

const GNOME_EXTENSION = /(?:^|\/)gnome-shell\/extensions\/([^/]+@[^/]+)\/(.+)$/;
const EXTENSION_FOLDERS = ['', 'src', 'extension'];

// The package after the last `node_modules/`: `@scope/name` or `name`, then the path inside it.
const NPM = /(?:^|\/)node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\/((?:(?!node_modules\/).)+)$/;
// `…/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2/decode.go`: the module cache writes capitals as `!` and a lower case
// letter, so the path unescapes to the module go.mod declares.
const GO_MODULE_CACHE = /(?:^|\/)pkg\/mod\/([^@]+)@v\d[^/]*\/(.+)$/;
const GO_MOD_MODULE = /^\s*module\s+"?([^\s"]+)/m;
// `go mod vendor` copies each module under `vendor/<module path>/`, with no version to end the module's part: the
// workspace's go.mod module is looked for as that path's prefix (a consumer vendoring this module reports it).
const GO_VENDOR = /(?:^|\/)vendor\/((?:(?!vendor\/).)+)$/;
// GOPATH mode keeps every package under `$GOPATH/src/<import path>/`; an import path starts with a host (a dot in its
// first element), so a project's own `src/` folder is not taken for it.
const GOPATH_SOURCE = /(?:^|\/)src\/((?:[\w-]+\.)+[A-Za-z]{2,}\/.+)$/;
// `~/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.190/src/de.rs`; a git checkout is
// `~/.cargo/git/checkouts/<name>-<hash>/<rev>/…`.
const CARGO =
  /(?:^|\/)\.cargo\/(?:registry\/src\/[^/]+\/([\w-]+?)-\d+\.\d+\.\d+[^/]*|git\/checkouts\/([\w-]+?)-[0-9a-f]{16}\/[^/]+)\/(.+)$/;
// `…/.julia/packages/NTFk/2rphi/test/runtests.jl`: Pkg names a version's folder by a five-character slug of its tree hash.
const JULIA_DEPOT = /(?:^|\/)\.julia\/packages\/([A-Za-z_]\w*)\/[A-Za-z0-9]{5}\/(.+)$/;
const JULIA_NAME = /^name\s*=\s*"([A-Za-z_]\w*)"/m;
// An application a distribution package installs under the system's own folder for it (`/usr/lib/nav/t1000.py`,
// `/usr/share/<app>/…`, `/usr/local/libexec/<app>/…`): the folder is the project's name, and the package may flatten
// the project's script folders into it (nav's `bin/t1000.py`). Only a manifest naming that project maps it back.
const SYSTEM_APP = /^\/usr\/(?:local\/)?(?:lib|libexec|share)\/([A-Za-z][\w.-]*)\/(.+)$/;
const SYSTEM_APP_FOLDERS = ['', 'bin', 'scripts', 'src'];
const TOML_SECTION = /^\s*\[([^\]]*)\]/;
const TOML_NAME = /^\s*name\s*=\s*["']([\w.-]+)["']/;

function packageJsonName(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    const name = (parsed as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** `[package] name = "…"` of a Cargo.toml (a virtual workspace manifest has none). */
function cargoPackageName(text: string): string | undefined {
  let section = '';
  for (const line of text.split('\n')) {
    const header = TOML_SECTION.exec(line);
    if (header) section = (header[1] as string).trim();
    else if (section === 'package') {
      const name = TOML_NAME.exec(line);
      if (name) return name[1];
    }
  }
  return undefined;
}

/** The top-level `name = "…"` of a Julia Project.toml: above its first `[section]` (an environment has none). */
const juliaProjectName = (text: string): string | undefined => JULIA_NAME.exec(text.split(/^\s*\[/m)[0] as string)?.[1];

const firstGroup =
  (pattern: RegExp) =>
  (text: string): string | undefined =>
    pattern.exec(text)?.[1];

function registryCopyOf(path: string): InstalledCopy | undefined {
  const npm = NPM.exec(path);
  if (npm) return { kind: 'npm', packageName: npm[1] as string, relative: npm[2] as string };
  const go = GO_MODULE_CACHE.exec(path);
  if (go) {
    const module = (go[1] as string).replace(/!([a-z])/g, (_, letter: string) => letter.toUpperCase());
    return { kind: 'go', packageName: module, relative: go[2] as string };
  }
  const cargo = CARGO.exec(path);
  if (cargo) return { kind: 'cargo', packageName: (cargo[1] ?? cargo[2]) as string, relative: cargo[3] as string };
  const julia = JULIA_DEPOT.exec(path);
  if (julia) return { kind: 'julia', packageName: julia[1] as string, relative: julia[2] as string };
  return undefined;
}

function installedCopyOf(path: string): InstalledCopy | undefined {
  const registry = registryCopyOf(path);
  if (registry) return registry;
  const sdist = PIP_SDIST.exec(path);
  if (sdist) return { kind: 'python', packageName: (sdist[1] ?? sdist[2]) as string, relative: sdist[3] as string };
  const extension = GNOME_EXTENSION.exec(path);
  if (extension) return { kind: 'gnome-extension', packageName: extension[1] as string, relative: extension[2] as string };
  const dart = DART_URI.exec(path) ?? PUB_CACHE.exec(path);
  if (dart) return { kind: 'dart', packageName: dart[1] as string, relative: `lib/${dart[2] as string}` };
  const typst = TYPST.exec(path);
  if (typst) return { kind: 'typst', packageName: (typst[1] ?? typst[2]) as string, relative: typst[3] as string };
  const nix = NIX_SOURCE.exec(path);
  if (nix) return { kind: 'nix-source', packageName: '', relative: nix[1] as string };
  const gem = GEM.exec(path);
  if (gem) return { kind: 'gem', packageName: gem[1] as string, relative: gem[2] as string };
  const python = PYTHON.exec(path);
  if (python) return { kind: 'python', packageName: python[2] as string, relative: python[1] as string };
  const perl = PERL.exec(path);
  if (perl)
    return { kind: 'perl', packageName: (perl[1] as string).replace(/\.pm$/, '').split('/').join('::'), relative: perl[1] as string };
  const app = SYSTEM_APP.exec(path);
  if (app) return { kind: 'system-app', packageName: app[1] as string, relative: app[2] as string };
  return undefined;
}

const PERL_MANIFESTS = ['Makefile.PL', 'Build.PL', 'dist.ini', 'cpanfile', 'META.json', 'META.yml'];

async function hasAnyFile(workspace: Workspace, root: string, names: readonly string[]): Promise<boolean> {
  for (const name of names) if ((await workspace.fs.stat(joinPosix(root, name))) === 'file') return true;
  return false;
}

// The manifest that names the package of each kind, and how its name is read.
const MANIFEST_NAME: Partial<Record<InstalledCopy['kind'], readonly [string, (text: string) => string | undefined]>> = {
  npm: ['package.json', packageJsonName],
  go: ['go.mod', firstGroup(GO_MOD_MODULE)],
  cargo: ['Cargo.toml', cargoPackageName],
  dart: ['pubspec.yaml', firstGroup(PUBSPEC_NAME)],
  typst: ['typst.toml', firstGroup(TYPST_NAME)],
  julia: ['Project.toml', juliaProjectName],
};

async function manifestNames(workspace: Workspace, root: string, copy: InstalledCopy): Promise<boolean> {
  // A system folder's application may be written in any language: any manifest that names it as its project.
  if (copy.kind === 'system-app') {
    for (const kind of ['npm', 'cargo', 'go'] as const) if (await manifestNames(workspace, root, { ...copy, kind })) return true;
    return manifestNames(workspace, root, { ...copy, kind: 'python' });
  }
  const named = MANIFEST_NAME[copy.kind];
  if (named) {
    const manifest = joinPosix(root, named[0]);
    if ((await workspace.fs.stat(manifest)) !== 'file') return false;
    return named[1]((await workspace.fs.readText(manifest)) ?? '') === copy.packageName;
  }
  if (copy.kind === 'nix-source') return hasAnyFile(workspace, root, NIX_MANIFESTS);
  if (copy.kind === 'gem') return (await workspace.fs.stat(joinPosix(root, `${copy.packageName}.gemspec`))) === 'file';
  if (copy.kind === 'perl') return hasAnyFile(workspace, root, PERL_MANIFESTS);
  if (copy.kind === 'gnome-extension') {
    for (const folder of EXTENSION_FOLDERS) {
      const manifest = joinPosix(root, folder, 'metadata.json');
      if ((await workspace.fs.stat(manifest)) !== 'file') continue;
      if (((await workspace.fs.readText(manifest)) ?? '').includes(`"${copy.packageName}"`)) return true;
    }
    return false;
  }
  const packageFolders = [root, joinPosix(root, 'src'), ...(await declaredPackageFolders(workspace, root)).map((f) => joinPosix(root, f))];
  return distributesPackage(workspace, root, copy.packageName, packageFolders);
}

/** The manifest of the workspace's own Python distribution `name` (pip's `Failed building wheel for name`), if a root's
 * pyproject.toml, setup.cfg or setup.py names it (PEP 503); another distribution is a dependency, no workspace file. */
export async function ownDistributionManifest(name: string, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  for (const root of workspace.roots) {
    const manifest = await manifestNamingDistribution(workspace, root.given, name);
    if (manifest !== undefined) return workspace.firstExisting([manifest]);
  }
  return undefined;
}

function candidatesIn(root: string, copy: InstalledCopy): string[] {
  // A Python package may sit under src/ in the workspace (the src layout) while installed at the top; a Perl
  // distribution keeps its modules under lib/ (old ones beside Makefile.PL, which installs them all the same).
  if (copy.kind === 'python') return [joinPosix(root, copy.relative), joinPosix(root, 'src', copy.relative)];
  if (copy.kind === 'perl') return [joinPosix(root, 'lib', copy.relative), joinPosix(root, copy.relative)];
  if (copy.kind === 'gnome-extension') return EXTENSION_FOLDERS.map((folder) => joinPosix(root, folder, copy.relative));
  if (copy.kind === 'system-app') {
    const folders = [copy.packageName, ...SYSTEM_APP_FOLDERS, `src/${copy.packageName}`];
    return folders.map((folder) => joinPosix(root, folder, copy.relative));
  }
  return [joinPosix(root, copy.relative)];
}

/** The workspace file a copy (`vendor/<module>/<path>`, `$GOPATH/src/<module>/<path>`) of the go.mod module at a root
 * stands for. */
async function ownGoModuleCopy(vendored: string, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  for (const root of workspace.roots) {
    const manifest = joinPosix(root.given, 'go.mod');
    if ((await workspace.fs.stat(manifest)) !== 'file') continue;
    const module = GO_MOD_MODULE.exec((await workspace.fs.readText(manifest)) ?? '')?.[1];
    if (!module || !vendored.startsWith(`${module}/`)) continue;
    const outcome = await workspace.firstExisting([joinPosix(root.given, vendored.slice(module.length + 1))]);
    if (outcome.kind === 'resolved') return outcome;
  }
  return undefined;
}

/** Whether a root's go.mod declares a module that `importPath` is not in: that package is someone else's. */
export async function foreignGoPackage(importPath: string, workspace: Workspace): Promise<boolean> {
  for (const root of workspace.roots) {
    const manifest = joinPosix(root.given, 'go.mod');
    if ((await workspace.fs.stat(manifest)) !== 'file') continue;
    const module = GO_MOD_MODULE.exec((await workspace.fs.readText(manifest)) ?? '')?.[1];
    if (module !== undefined && importPath !== module && !importPath.startsWith(`${module}/`)) return true;
  }
  return false;
}

/** The workspace file an installed copy of the workspace's own package stands for; undefined when it is none. */
export async function ownInstalledCopy(path: string, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  const copied =
    (await ownLocalPodspec(path, workspace)) ??
    (await ownNimbleCopy(path, workspace)) ??
    (await ownInstalledHeader(path, workspace)) ??
    (await ownRebarApp(path, workspace)) ??
    (await ownRuntimeFile(path, workspace));
  if (copied) return copied;
  for (const goCopy of [GO_VENDOR, GOPATH_SOURCE]) {
    const match = goCopy.exec(path);
    const own = match ? await ownGoModuleCopy(match[1] as string, workspace) : undefined;
    if (own) return own;
  }
  const copy = installedCopyOf(path);
  // A layout no registry rule knows, or one whose manifest did not name it: the workspace's own name in the path.
  if (!copy) return ownNamedCopy(path, workspace);
  for (const root of workspace.roots) {
    if (!(await manifestNames(workspace, root.given, copy))) continue;
    // A Python package may sit under src/ in the workspace (the src layout), or in the folder its manifest declares.
    const declared = copy.kind === 'python' ? await declaredPackageFolders(workspace, root.given) : [];
    const candidates = [...candidatesIn(root.given, copy), ...declared.map((folder) => joinPosix(root.given, folder, copy.relative))];
    const outcome = await workspace.firstExisting(candidates);
    if (outcome.kind === 'resolved') return outcome;
  }
  return (copy.kind === 'python' ? await ownNestedPythonCopy(copy, workspace) : undefined) ?? ownNamedCopy(path, workspace);
}

/** A Python package whose manifest sits below the root (python-distributions.ts): its file at the top, or beside it. */
async function ownNestedPythonCopy(copy: InstalledCopy, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  for (const root of workspace.roots) {
    for (const folder of await nestedManifestFolders(workspace, root.given, copy.packageName)) {
      if (!(await distributesPackage(workspace, folder, copy.packageName, [root.given, folder, joinPosix(folder, 'src')]))) continue;
      const candidates = [root.given, folder, joinPosix(folder, 'src')].map((base) => joinPosix(base, copy.relative));
      const outcome = await workspace.firstExisting(candidates);
      if (outcome.kind === 'resolved') return outcome;
    }
  }
  return undefined;
}

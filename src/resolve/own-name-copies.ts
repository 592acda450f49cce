// The workspace's own code seen through a copy that no package manager's layout describes (issue 20, the widest class
// of the unseen misses): zig's global cache `…/zig/p/<name>-<version>-<hash>/build.zig`, pip's temporary build folder
// before pip 20.1 `/tmp/pip-install-<rand>/<name>/setup.py`, a tarball unpacked as `<name>-<version>/`, a checkout
// copied anywhere under the project's name. installed-copy.ts knows each registry's layout; this is the one rule for
// the rest: a folder of the printed path named as the workspace names itself — a manifest's package name (package.json,
// Cargo.toml, pubspec.yaml, build.zig.zon, composer.json, a `<name>.gemspec`, the Python manifests, autoconf's, CMake's
// or meson's project) or the root folder's own name — followed by a path that exists in that root (or its src/) is
// that workspace file. The file must exist, so a dependency's copy (its name is not the workspace's) stays dropped.
// A script installed without its extension (`make install` copying `tool.sh` to `/usr/local/bin/tool`) is the
// workspace's `tool.<ext>` at its top or in its bin/ or scripts/ folder: the installed name is the file's own.
import { manifestNamesLibrary } from './installed-headers.js';
import { joinPosix } from './paths.js';
import { manifestNamingDistribution } from './python-distributions.js';
import { isVendoredPath } from './vendored.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

// A folder's package name: what comes before a version (`jetzig-0.0.0-IpAg…`, `rake-10.0.4`, `tool-v2.1`).
const VERSIONED = /^([A-Za-z_][\w.+]*?(?:-[A-Za-z_][\w.+]*?)*)-v?\d[\w.+-]*$/;
// Names a root folder may carry that say nothing of the project (a checkout named `src`): never a package's name.
const GENERIC_FOLDERS = new Set([
  ...'app,apps,bin,build,code,dev,dist,git,github,home,include,lib,local,main,opt,packages,project,projects'.split(','),
  ...'repo,repos,root,share,site,source,sources,src,test,tests,tmp,usr,var,work,workspace'.split(','),
]);

// How each manifest spells its package's name (a JSON manifest's top-level `name`; composer's `vendor/name`).
const TEXT_MANIFESTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Cargo.toml', /^\[package\][^[]*?^\s*name\s*=\s*["']([\w.-]+)["']/m],
  ['pubspec.yaml', /^name:\s*["']?([\w.-]+)/m],
  // zig 0.14 writes the name as an enum literal (`.name = .jetzig`), earlier ones as a string.
  ['build.zig.zon', /^\s*\.name\s*=\s*(?:\.|")@?"?([\w.-]+)/m],
  ['Project.toml', /^name\s*=\s*"([\w.-]+)"/m],
];
const JSON_MANIFESTS = ['package.json', 'composer.json'];

// Compared without case, separators, a scope or vendor (`@org/`, `vendor/`) or C's `lib` prefix.
const comparable = (name: string): string =>
  (name.split('/').at(-1) as string)
    .toLowerCase()
    .replace(/[-_.+]/g, '')
    .replace(/^lib(?=.)/, '');

function jsonName(text: string): string | undefined {
  try {
    const name = (JSON.parse(text) as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

async function readManifest(workspace: Workspace, path: string): Promise<string | undefined> {
  return (await workspace.fs.stat(path)) === 'file' ? ((await workspace.fs.readText(path)) ?? '') : undefined;
}

/** Whether the root calls itself `name`: its folder's own name, or a manifest at its top naming its package so. */
async function rootIsNamed(workspace: Workspace, root: string, name: string, scope: string | undefined): Promise<boolean> {
  const wanted = comparable(name);
  if (wanted.length < 3) return false;
  // npm's scope is part of the name: `@other/tally` is not the workspace's `@acme/tally`.
  const scopeOf = (named: string): string | undefined => (named.startsWith('@') ? named.split('/')[0] : undefined);
  if (scope !== undefined) {
    for (const manifest of JSON_MANIFESTS) {
      const text = await readManifest(workspace, joinPosix(root, manifest));
      const named = text === undefined ? undefined : jsonName(text);
      if (named !== undefined && scopeOf(named) === scope && comparable(named) === wanted) return true;
    }
    return false;
  }
  const folder =
    root
      .split('/')
      .filter((part) => part !== '')
      .at(-1) ?? '';
  if (!GENERIC_FOLDERS.has(folder.toLowerCase()) && comparable(folder) === wanted) return true;
  for (const [manifest, pattern] of TEXT_MANIFESTS) {
    const text = await readManifest(workspace, joinPosix(root, manifest));
    const named = text === undefined ? undefined : pattern.exec(text)?.[1];
    if (named !== undefined && comparable(named) === wanted) return true;
  }
  for (const manifest of JSON_MANIFESTS) {
    const text = await readManifest(workspace, joinPosix(root, manifest));
    const named = text === undefined ? undefined : jsonName(text);
    if (named !== undefined && scopeOf(named) === undefined && comparable(named) === wanted) return true;
  }
  if ((await workspace.fs.stat(joinPosix(root, `${name}.gemspec`))) === 'file') return true;
  if ((await manifestNamingDistribution(workspace, root, name)) !== undefined) return true;
  return manifestNamesLibrary(workspace, root, name);
}

/** The package a printed folder stands for: its name with any version dropped. */
const folderPackage = (folder: string): string => VERSIONED.exec(folder)?.[1] ?? folder;

// Where an installed script's source sits, and the extensions `make install` (or a package) drops from it.
const SCRIPT_FOLDERS = ['', 'bin', 'scripts', 'script', 'src'];
const SCRIPT_EXTENSIONS = ['sh', 'bash', 'py', 'pl', 'rb', 'js', 'zsh', 'ksh', 'php', 'lua', 'tcl'];
const INSTALLED_SCRIPT = /(?:^|\/)(?:s?bin|libexec)\/([A-Za-z_][\w-]*[A-Za-z0-9])$/;
// Interpreters and the system's own commands: a log names them (`/usr/bin/env: …`) without meaning a project script.
const SYSTEM_COMMANDS = new Set('bash,dash,env,git,ksh,lua,make,node,perl,php,python,python2,python3,ruby,sh,sudo,zsh'.split(','));

async function ownInstalledScript(path: string, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  const name = INSTALLED_SCRIPT.exec(path)?.[1];
  if (name === undefined || name.length < 4 || SYSTEM_COMMANDS.has(name)) return undefined;
  for (const root of workspace.roots) {
    const candidates = SCRIPT_FOLDERS.flatMap((folder) => SCRIPT_EXTENSIONS.map((ext) => joinPosix(root.given, folder, `${name}.${ext}`)));
    const outcome = await workspace.firstExisting(candidates);
    if (outcome.kind === 'resolved') return outcome;
  }
  return undefined;
}

/** The workspace file a copy of the workspace's own tree under its own name stands for; undefined when none. */
export async function ownNamedCopy(path: string, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  const segments = path.split('/');
  // The innermost folder first: `…/p/jetzig-0.0.0-…/build.zig` before any folder of the home it sits in.
  for (let index = segments.length - 2; index >= 0; index--) {
    const name = folderPackage(segments[index] as string);
    if (!/^[A-Za-z_]/.test(name)) continue;
    const rest = segments.slice(index + 1).join('/');
    for (const root of workspace.roots) {
      const scope = index > 0 && segments[index - 1]?.startsWith('@') ? segments[index - 1] : undefined;
      if (!(await rootIsNamed(workspace, root.given, name, scope))) continue;
      const outcome = await workspace.firstExisting([joinPosix(root.given, rest), joinPosix(root.given, 'src', rest)]);
      // The workspace's own code, never a dependency folder it holds (a path dependency there is path-dependencies.ts's).
      if (outcome.kind === 'resolved' && !isVendoredPath(outcome.relative)) return outcome;
    }
  }
  return ownInstalledScript(path, workspace);
}

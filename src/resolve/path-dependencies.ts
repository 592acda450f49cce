// The user's own code under a folder whose name says "dependency" (issue 20): a crate, a package or a module that
// the workspace's manifest names by a local path (Cargo's `path = "../../third_party/x"`, npm's `file:`, Go's
// `replace … => ./…`, pip's `-e ./…`, Poetry's and uv's `{ path = … }`, Bundler's and Mix's `path:`, pub's `path:`,
// SwiftPM's `.package(path:)`, Composer's path repositories) is built from the checkout, not fetched: a file under it
// is the user's to fix, even under `third_party/` or `vendor/`. The manifests read are the ones at each root and at the
// working directory and its folders up to the root (where the build was started), each once per workspace and only
// when a vendored path is met.
import { isLexicallyInside, joinPosix, relativePosix } from './paths.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

type PathNames = (text: string) => string[];
type ResolvedOutcome = Extract<CandidateOutcome, { kind: 'resolved' }>;

const all = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((match) => match[1] as string);

// TOML tables and inline tables: `path = "../x"` (Cargo dependencies and patches, Poetry, uv sources). A `[lib]` or
// `[[bin]]` target's `path = "src/main.rs"` names a file, which no folder of a later path starts with.
const tomlPaths: PathNames = (text) => all(text, /\bpath\s*=\s*["']([^"'\n]+)["']/g);
// Go: `replace example.com/x => ../x` (go.mod) and `use ./x` or a `use (…)` block (go.work): local paths start with a dot.
const goPaths: PathNames = (text) => all(text, /(?:^|\s)(\.\.?\/[^\s)]*)/gm);

const MANIFESTS: ReadonlyArray<{ file: string; names: PathNames }> = [
  { file: 'Cargo.toml', names: tomlPaths },
  { file: 'pyproject.toml', names: tomlPaths },
  // `"dep": "file:../x"`, `link:` and Yarn's `portal:`.
  { file: 'package.json', names: (text) => all(text, /"(?:file|link|portal):([^"]+)"/g) },
  { file: 'go.mod', names: goPaths },
  { file: 'go.work', names: goPaths },
  // `-e ./x`, `--editable ../x`, `-e file:x`, or a plain local path line.
  {
    file: 'requirements.txt',
    names: (text) => [...all(text, /^\s*(?:-e|--editable)\s+(?:file:)?(\S+)/gm), ...all(text, /^\s*(\.\.?\/\S+)/gm)],
  },
  // `gem 'x', path: 'vendor/x'` and the older `:path => '…'`.
  { file: 'Gemfile', names: (text) => all(text, /\bpath(?::|\s*=>)\s*["']([^"']+)["']/g) },
  { file: 'mix.exs', names: (text) => all(text, /\bpath:\s*"([^"]+)"/g) },
  // SwiftPM: `.package(path: "Packages/Kit")` (a target's `path:` names its own sources, never a dependency folder).
  { file: 'Package.swift', names: (text) => all(text, /\.package\(\s*(?:name:\s*"[^"]*",\s*)?path:\s*"([^"]+)"/g) },
  { file: 'pubspec.yaml', names: (text) => all(text, /^\s+path:\s*["']?([^"'\n#]+?)["']?\s*$/gm) },
  // `"repositories": [{ "type": "path", "url": "../x" }]`: a url without a scheme is a folder.
  { file: 'composer.json', names: (text) => (/"type"\s*:\s*"path"/.test(text) ? all(text, /"url"\s*:\s*"([^":]+)"/g) : []) },
];

interface OwnFolder {
  root: string;
  /** Root-relative, posix, no trailing slash. */
  folder: string;
}

const folderLists = new WeakMap<Workspace, Promise<readonly OwnFolder[]>>();

/** The folders the workspace's manifests name as local path dependencies, inside a root; read once per workspace. */
function ownFolders(workspace: Workspace): Promise<readonly OwnFolder[]> {
  let pending = folderLists.get(workspace);
  if (!pending) {
    pending = readOwnFolders(workspace);
    folderLists.set(workspace, pending);
  }
  return pending;
}

/** Each root, and the working directory with its folders up to the root that holds it. */
function manifestFolders(workspace: Workspace): string[] {
  const folders = workspace.roots.map((root) => root.given);
  const cwd = workspace.cwdInsideRoots();
  if (cwd === undefined) return folders;
  const root = workspace.roots.find((entry) => isLexicallyInside(cwd, entry.given))?.given;
  for (let folder = cwd; root !== undefined && folder !== root && isLexicallyInside(folder, root); folder = joinPosix(folder, '..'))
    folders.push(folder);
  return [...new Set(folders)];
}

async function readOwnFolders(workspace: Workspace): Promise<readonly OwnFolder[]> {
  const own: OwnFolder[] = [];
  for (const base of manifestFolders(workspace)) {
    for (const { file, names } of MANIFESTS) {
      const path = joinPosix(base, file);
      if ((await workspace.fs.stat(path)) !== 'file') continue;
      for (const named of names((await workspace.fs.readText(path)) ?? '')) {
        const folder = joinPosix(base, named.trim().replace(/\\/g, '/')).replace(/\/+$/, '');
        const root = workspace.roots.find((entry) => folder !== entry.given && isLexicallyInside(folder, entry.given))?.given;
        if (root !== undefined) own.push({ root, folder: relativePosix(root, folder) });
      }
    }
  }
  return own;
}

/** True when the workspace file `relative` (under `root`) lies in a folder a manifest names as a local path dependency. */
export async function inOwnPathDependency(workspace: Workspace, root: string, relative: string): Promise<boolean> {
  const folders = await ownFolders(workspace);
  return folders.some((own) => own.root === root && relative.startsWith(`${own.folder}/`));
}

/**
 * A path printed on another machine (`/home/u/proj/src/third_party/x/build.rs`) that holds a local path dependency's
 * root-relative folder, segment-aligned: that folder's file in the workspace, when it exists.
 */
export async function ownPathDependencyFile(workspace: Workspace, printed: string): Promise<ResolvedOutcome | undefined> {
  const folders = await ownFolders(workspace);
  for (const { root, folder } of folders) {
    const at = `/${printed}`.lastIndexOf(`/${folder}/`);
    if (at < 0) continue;
    const outcome = await workspace.firstExisting([joinPosix(root, printed.slice(at))]);
    if (outcome.kind === 'resolved') return outcome;
  }
  return undefined;
}

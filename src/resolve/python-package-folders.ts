// The folder a Python project keeps its packages in, as its manifest declares it (held-out set 61). Installed, a
// package sits at the top of site-packages (`…/dist-packages/nav/logengine.py`); in its repository it may sit under
// any folder the build is told to take packages from, not only `src/`: setuptools' `package_dir={'': 'python'}`
// (setup.py), `package_dir = =lib` (setup.cfg), `[tool.setuptools.package-dir] "" = "python"` or
// `[tool.setuptools.packages.find] where = ["python"]` (pyproject.toml), `find_packages('python')`, and Poetry's
// `packages = [{ include = "nav", from = "python" }]`. Read from the manifests only, so no folder is guessed.
import { joinPosix } from './paths.js';
import type { Workspace } from './workspace.js';

const MANIFESTS = ['setup.py', 'setup.cfg', 'pyproject.toml'];
// One value a declaration names: a relative folder (no `..`, checked below). No pattern repeats a run another one
// beside it could also take, so each is linear in the manifest.
const FOLDER = String.raw`["']?([\w./-]+)["']?`;
const DECLARATIONS: readonly RegExp[] = [
  // setup.py `package_dir={'': 'python'}`; pyproject's inline `package-dir = {"" = "python"}`.
  new RegExp(String.raw`package[_-]dir[ \t]*=[ \t]*\{\s*(?:''|"")[ \t]*[:=][ \t]*${FOLDER}`, 'g'),
  // setup.cfg `package_dir =` then `= lib` on its own line (or on the same one).
  new RegExp(String.raw`^[ \t]*package_dir[ \t]*=[ \t]*(?:\r?\n[ \t]*)?=[ \t]*${FOLDER}`, 'gm'),
  // pyproject's `[tool.setuptools.package-dir]` table: its empty key is the root package's folder.
  new RegExp(String.raw`^[ \t]*""[ \t]*=[ \t]*${FOLDER}`, 'gm'),
  // `where = ["python"]` (pyproject) or `where = lib` (setup.cfg's `[options.packages.find]`).
  new RegExp(String.raw`^[ \t]*where[ \t]*=[ \t]*\[?[ \t]*${FOLDER}`, 'gm'),
  // setup.py `find_packages('python')`, `find_packages(where='python')`.
  new RegExp(String.raw`find(?:_namespace)?_packages\([ \t]*(?:where[ \t]*=[ \t]*)?${FOLDER}`, 'g'),
  // Poetry's `{ include = "nav", from = "python" }`.
  new RegExp(String.raw`\bfrom[ \t]*=[ \t]*${FOLDER}`, 'g'),
];

/** A declared folder as a relative path inside the root, or undefined for the root itself or one leaving it. */
function relativeFolder(value: string): string | undefined {
  const folder = value.replace(/^\.\//, '').replace(/\/+$/, '');
  if (folder === '' || folder === '.' || folder.startsWith('/') || folder.split('/').includes('..')) return undefined;
  return folder;
}

/** The folders other than the root that a root's Python manifests take packages from (`python`, `lib`). */
export async function declaredPackageFolders(workspace: Workspace, root: string): Promise<string[]> {
  const folders = new Set<string>();
  for (const manifest of MANIFESTS) {
    const path = joinPosix(root, manifest);
    if ((await workspace.fs.stat(path)) !== 'file') continue;
    const text = (await workspace.fs.readText(path)) ?? '';
    for (const declaration of DECLARATIONS) {
      for (const match of text.matchAll(declaration)) {
        const folder = relativeFolder(match[1] as string);
        if (folder !== undefined) folders.add(folder);
      }
    }
  }
  return [...folders];
}

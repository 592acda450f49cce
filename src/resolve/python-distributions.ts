// Which top-level Python packages a workspace distributes (held-out set 69), for installed-copy.ts: a frame in
// `site-packages/<package>/…` is the workspace's own file when the workspace's manifest makes that package. A manifest
// names its distribution (`name = "conda"`, also through a variable: `setup(name=project_name)`), but one distribution
// may install several top-level packages (`packages=["conda", "conda_env"]`, setup.cfg's `packages =` list, pyproject's
// `packages = [...]`, Poetry's `include = "x"`, `py_modules=[...]`), and `find_packages()` (or setuptools'
// `[tool.setuptools.packages.find]`) takes every folder holding an `__init__.py`. A project built by another tool keeps
// its manifest away from its top (a Bazel build's `<package>/tools/pip_package/setup.py`, a native library's
// `python/setup.py`): such a manifest is looked for inside the package's own folder and one folder below the root, and
// only when the root holds a folder named like the package, so no other log pays for the search.
import { isVendoredFolderName } from './vendored.js';
import { joinPosix } from './paths.js';
import type { Workspace } from './workspace.js';

const MANIFESTS = ['pyproject.toml', 'setup.cfg', 'setup.py'];
const NAME = /^\s*name\s*[=:]\s*["']?([A-Za-z0-9_.-]+)|\bname\s*=\s*["']([A-Za-z0-9_.-]+)["']/gm;
// `setup(name=project_name, …)`: the variable, then its assignment.
const NAME_VARIABLE = /\bname\s*=\s*([A-Za-z_]\w*)\s*[,)\n]/g;
// A list of packages or modules: setup.py's `packages=[…]`/`py_modules=[…]`, pyproject's `packages = […]`. The bracket's
// content is bounded and holds no bracket, so the match is linear.
const LISTED = /\b(?:packages|py_modules)\s*=\s*\[([^[\]]{0,4000})\]/g;
const QUOTED = /["']([A-Za-z_][\w.]*)["']/g;
// setup.cfg's `packages =` with one name a line below it (or names after it, comma-separated).
const CFG_LISTED = /^[ \t]*(?:packages|py_modules)[ \t]*=[ \t]*([\w., \t]*(?:\r?\n[ \t]+[\w.]+[ \t]*)*)/gm;
// Poetry's `{ include = "x" }`.
const POETRY_INCLUDE = /\binclude\s*=\s*["']([A-Za-z_][\w.]*)["']/g;
// Package discovery: every folder with an `__init__.py` is a package.
const DISCOVERY = /\bfind_(?:namespace_)?packages\s*\(|^\s*\[tool\.setuptools\.packages\.find\]/m;
// How deep inside the package's folder a manifest is looked for, and how many folders one search lists at most.
const NESTED_DEPTH = 3;
const MAX_LISTED_FOLDERS = 256;

// PEP 503 normalisation, so `github-email` in a manifest names the `github_email` module.
const normalisedName = (name: string): string => name.toLowerCase().replace(/[-_.]+/g, '_');

/** What one manifest says: the distribution's names, the top-level packages it lists, whether it discovers them. */
interface ManifestFacts {
  names: string[];
  discovers: boolean;
}

// The distribution's own names: `name = …`, also through a variable.
function distributionNames(text: string): string[] {
  const names = [...text.matchAll(NAME)].map((match) => (match[1] ?? match[2]) as string);
  for (const variable of text.matchAll(NAME_VARIABLE)) {
    const assigned = new RegExp(String.raw`^\s*${variable[1] as string}\s*=\s*["']([A-Za-z0-9_.-]+)["']`, 'm').exec(text);
    if (assigned) names.push(assigned[1] as string);
  }
  return names;
}

function manifestFacts(text: string): ManifestFacts {
  const names = distributionNames(text);
  for (const list of text.matchAll(LISTED)) for (const name of (list[1] as string).matchAll(QUOTED)) names.push(name[1] as string);
  for (const list of text.matchAll(CFG_LISTED)) names.push(...(list[1] as string).split(/[\s,]+/).filter((name) => name !== ''));
  for (const include of text.matchAll(POETRY_INCLUDE)) names.push(include[1] as string);
  // A listed subpackage (`conda_env.cli`) is its top-level package's.
  return { names: names.map((name) => name.split('.')[0] as string), discovers: DISCOVERY.test(text) };
}

/**
 * Whether the Python manifests in `folder` make the top-level package `name`: they name or list it, or they discover
 * packages and one of `packageFolders` (where the package's files are looked for) holds it with an `__init__.py`.
 */
export async function distributesPackage(workspace: Workspace, folder: string, name: string, packageFolders: readonly string[]) {
  const wanted = normalisedName(name);
  let discovers = false;
  for (const manifest of MANIFESTS) {
    const path = joinPosix(folder, manifest);
    if ((await workspace.fs.stat(path)) !== 'file') continue;
    const facts = manifestFacts((await workspace.fs.readText(path)) ?? '');
    if (facts.names.some((each) => normalisedName(each) === wanted)) return true;
    discovers ||= facts.discovers;
  }
  if (!discovers) return false;
  for (const packages of packageFolders) if ((await workspace.fs.stat(joinPosix(packages, name, '__init__.py'))) === 'file') return true;
  return false;
}

/** The manifest in `folder` that names the distribution `name` (PEP 503 spelling), if one does. */
export async function manifestNamingDistribution(workspace: Workspace, folder: string, name: string): Promise<string | undefined> {
  const wanted = normalisedName(name);
  for (const manifest of MANIFESTS) {
    const path = joinPosix(folder, manifest);
    if ((await workspace.fs.stat(path)) !== 'file') continue;
    if (distributionNames((await workspace.fs.readText(path)) ?? '').some((each) => normalisedName(each) === wanted)) return path;
  }
  return undefined;
}

const hasManifest = (names: readonly string[]): boolean => MANIFESTS.some((manifest) => names.includes(manifest));

/**
 * The folders below `root` (none at the root itself) holding a Python manifest, for the package `name`: inside
 * `<root>/<name>/` down to NESTED_DEPTH, and a folder one level below the root that holds `<name>/` beside its manifest.
 * Nothing is listed when the root holds no folder of that name at either place.
 */
export async function nestedManifestFolders(workspace: Workspace, root: string, name: string): Promise<string[]> {
  const found: string[] = [];
  let listed = 0;
  const visit = async (folder: string, depth: number): Promise<void> => {
    if (++listed > MAX_LISTED_FOLDERS) return;
    const names = await workspace.fs.listNames(folder);
    if (names === undefined) return;
    if (hasManifest(names)) found.push(folder);
    if (depth >= NESTED_DEPTH) return;
    for (const child of names) {
      if (child.startsWith('.') || child.includes('.') || isVendoredFolderName(child)) continue;
      const path = joinPosix(folder, child);
      if ((await workspace.fs.stat(path)) === 'directory') await visit(path, depth + 1);
    }
  };
  const own = joinPosix(root, name);
  if ((await workspace.fs.stat(own)) === 'directory') await visit(own, 1);
  for (const child of (await workspace.fs.listNames(root)) ?? []) {
    if (child === name || child.startsWith('.') || isVendoredFolderName(child)) continue;
    const folder = joinPosix(root, child);
    if ((await workspace.fs.stat(joinPosix(folder, name))) !== 'directory') continue;
    if (hasManifest((await workspace.fs.listNames(folder)) ?? [])) found.push(folder);
  }
  return found;
}

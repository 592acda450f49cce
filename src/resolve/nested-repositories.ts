// A repository checked out inside the workspace that the workspace does not declare (issue 20): a plugin or library
// `git clone`d into a user's folder (a widget library inside a window manager's config folder) holds a `.git` of its
// own, and no `.gitmodules` above names it. A declared submodule is the workspace's own choice and is left to
// dependency-folders.ts. An undeclared one is someone else's code, but only when the same log also shows a file
// outside every such repository: a folder that holds nothing but the user's own checkouts side by side (a workspace
// opened on `~/code`) keeps them all, and so does the repository the command ran in.
import { isLexicallyInside, joinPosix } from './paths.js';
import type { Resolution } from './resolution.js';
import type { Workspace } from './workspace.js';

const VENDORED: Resolution = { kind: 'dropped', reason: 'vendored' };

/** Submodule paths a `.gitmodules` names, relative to the folder holding it. */
function submodulePaths(text: string): Set<string> {
  const paths = new Set<string>();
  for (const match of text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)) {
    paths.add(
      (match[1] as string)
        .replace(/\\/g, '/')
        .replace(/^(?:\.\/)+/, '')
        .replace(/\/+$/, ''),
    );
  }
  return paths;
}

class NestedRepositories {
  readonly #workspace: Workspace;
  readonly #declared = new Map<string, Promise<Set<string>>>();
  readonly #repositories = new Map<string, Promise<string | undefined>>();

  constructor(workspace: Workspace) {
    this.#workspace = workspace;
  }

  /** The outermost undeclared repository folder (absolute, posix) holding the root-relative file, if any. */
  async holding(root: string, relative: string): Promise<string | undefined> {
    const segments = relative.split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      const folder = await this.#undeclaredRepository(root, segments.slice(0, depth));
      if (folder !== undefined) return folder;
    }
    return undefined;
  }

  #undeclaredRepository(root: string, folder: readonly string[]): Promise<string | undefined> {
    const here = joinPosix(root, ...folder);
    let pending = this.#repositories.get(here);
    if (!pending) {
      pending = this.#decide(root, folder, here);
      this.#repositories.set(here, pending);
    }
    return pending;
  }

  async #decide(root: string, folder: readonly string[], here: string): Promise<string | undefined> {
    // A `.git` folder, or the `.git` file of a linked worktree or an absorbed submodule.
    if ((await this.#workspace.fs.stat(joinPosix(here, '.git'))) === undefined) return undefined;
    if (isLexicallyInside(this.#workspace.cwd, here)) return undefined;
    for (let depth = 0; depth < folder.length; depth++) {
      const declared = await this.#declaredIn(joinPosix(root, ...folder.slice(0, depth)));
      if (declared.has(folder.slice(depth).join('/'))) return undefined;
    }
    return here;
  }

  #declaredIn(base: string): Promise<Set<string>> {
    let pending = this.#declared.get(base);
    if (!pending) {
      pending = this.#readDeclared(joinPosix(base, '.gitmodules'));
      this.#declared.set(base, pending);
    }
    return pending;
  }

  async #readDeclared(path: string): Promise<Set<string>> {
    if ((await this.#workspace.fs.stat(path)) !== 'file') return new Set();
    const text = await this.#workspace.fs.readText(path);
    return text === undefined ? new Set() : submodulePaths(text);
  }
}

/** Drops, in place, the files inside undeclared repositories when some resolved file of the log lies outside them. */
export async function dropClonedLibraries(finals: Map<string, Resolution>, workspace: Workspace): Promise<void> {
  const repositories = new NestedRepositories(workspace);
  const inside: string[] = [];
  let outsideAny = false;
  for (const [key, resolution] of finals) {
    if (resolution.kind !== 'resolved') continue;
    if ((await repositories.holding(resolution.root, resolution.relative)) === undefined) outsideAny = true;
    else inside.push(key);
  }
  if (!outsideAny) return;
  for (const key of inside) finals.set(key, VENDORED);
}

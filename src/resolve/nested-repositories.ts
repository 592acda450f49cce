// Someone else's code inside the workspace that the workspace does not declare (issue 20): a plugin or library
// `git clone`d into a user's folder (a widget library inside a window manager's config folder) holds a `.git` of its
// own, and no `.gitmodules` above names it; a library copied in without a package manager (a collision library in a
// game's `libs/`) still carries the descriptor it was published with (its rockspec, gemspec), in a project that does
// not use that package manager at all. A clone whose remote has the workspace's host and owner (the user's own
// library, cloned from their account) stays theirs. A declared submodule is the workspace's own choice and is left to
// dependency-folders.ts. An undeclared one is someone else's code, but only when the same log also shows a file
// outside every such folder: a folder that holds nothing but the user's own checkouts side by side (a workspace
// opened on `~/code`) keeps them all, and so does the folder the command ran in.
import { isLexicallyInside, joinPosix } from './paths.js';
import type { Resolution } from './resolution.js';
import type { Workspace } from './workspace.js';

const VENDORED: Resolution = { kind: 'dropped', reason: 'vendored' };

// A package's own descriptor, which only a package published for others carries, and the files by which a folder
// above would use that package manager itself (then the package is a member of the user's workspace, not a copy).
const PUBLISHED_PACKAGES: ReadonlyArray<{ descriptor: RegExp; usedAbove: RegExp }> = [
  { descriptor: /\.rockspec$/, usedAbove: /\.rockspec$|^\.luarocks$|^lua_modules$/ }, // LuaRocks: `hc-0.1-1.rockspec`
  { descriptor: /\.gemspec$/, usedAbove: /\.gemspec$|^Gemfile$|^gems\.rb$/ }, // RubyGems
  { descriptor: /\.podspec$/, usedAbove: /\.podspec$|^Podfile$/ }, // CocoaPods
  { descriptor: /\.nimble$/, usedAbove: /\.nimble$/ }, // nimble
];

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

// A remote's host and owner: `git@github.com:alice/lib.git`, `https://github.com/alice/lib`, `ssh://git@host:22/alice/lib`.
// Local paths and deeper groups name no owner here.
const REMOTE_OWNER = /^(?:[a-z][a-z+]*:\/\/)?(?:[^@/\s]+@)?([^/:\s]+)(?::\d+)?[:/]+([^/\s]+)\/[^/\s]+$/i;

/** The `host/owner` of every remote a repository's `.git/config` names. */
function remoteOwners(config: string): Set<string> {
  const owners = new Set<string>();
  for (const match of config.matchAll(/^\s*url\s*=\s*(\S+)\s*$/gm)) {
    const owner = REMOTE_OWNER.exec((match[1] as string).replace(/\/+$/, ''));
    if (owner) owners.add(`${(owner[1] as string).toLowerCase()}/${(owner[2] as string).toLowerCase()}`);
  }
  return owners;
}

class NestedRepositories {
  readonly #workspace: Workspace;
  readonly #declared = new Map<string, Promise<Set<string>>>();
  readonly #repositories = new Map<string, Promise<string | undefined>>();

  constructor(workspace: Workspace) {
    this.#workspace = workspace;
  }

  /** The outermost undeclared repository or copied package (absolute, posix) holding the root-relative file, if any. */
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
    if (isLexicallyInside(this.#workspace.cwd, here)) return undefined;
    // A `.git` folder, or the `.git` file of a linked worktree or an absorbed submodule.
    if ((await this.#workspace.fs.stat(joinPosix(here, '.git'))) !== undefined) {
      for (let depth = 0; depth < folder.length; depth++) {
        const declared = await this.#declaredIn(joinPosix(root, ...folder.slice(0, depth)));
        if (declared.has(folder.slice(depth).join('/'))) return undefined;
      }
      return (await this.#sameOwnerAsAbove(root, folder, here)) ? undefined : here;
    }
    return (await this.#isCopiedPackage(root, folder, here)) ? here : undefined;
  }

  // A library the user cloned from their own account or organisation (the workspace's remote on the same host and
  // owner) is theirs to fix, as the workspace is; a remote of anyone else, or none, leaves it someone else's.
  async #sameOwnerAsAbove(root: string, folder: readonly string[], here: string): Promise<boolean> {
    const own = remoteOwners((await this.#workspace.fs.readText(joinPosix(here, '.git', 'config'))) ?? '');
    if (own.size === 0) return false;
    for (let depth = folder.length - 1; depth >= 0; depth--) {
      const config = await this.#workspace.fs.readText(joinPosix(root, ...folder.slice(0, depth), '.git', 'config'));
      if (config === undefined) continue;
      return [...remoteOwners(config)].some((owner) => own.has(owner));
    }
    return false;
  }

  async #isCopiedPackage(root: string, folder: readonly string[], here: string): Promise<boolean> {
    const names = await this.#workspace.fs.listNames(here);
    const published = PUBLISHED_PACKAGES.filter(({ descriptor }) => names?.some((name) => descriptor.test(name)) === true);
    if (published.length === 0) return false;
    for (let depth = 0; depth < folder.length; depth++) {
      const above = (await this.#workspace.fs.listNames(joinPosix(root, ...folder.slice(0, depth)))) ?? [];
      if (published.some(({ usedAbove }) => above.some((name) => usedAbove.test(name)))) return false;
    }
    return true;
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

/** Drops, in place, the files inside undeclared repositories and copied packages when some resolved file lies outside them. */
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

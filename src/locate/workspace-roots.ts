// Default workspace roots: the git top level of cwd, else cwd itself.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { workspaceSafeTool } from '../resolve/tool-path.js';

/**
 * The nearest ancestor of `cwd` (itself included) holding `.git` — a directory, or a file in a linked worktree
 * or submodule — which is what `git rev-parse --show-toplevel` answers in a plain checkout. Found on disk,
 * it spares every run a git process (~20 ms here: forking from Node is not cheap).
 */
function topLevelOnDisk(cwd: string): string | undefined {
  // Like git, a directory that does not exist is in no work tree (its ancestors are not asked).
  if (!existsSync(cwd)) return undefined;
  for (let directory = resolve(cwd); ; directory = dirname(directory)) {
    if (existsSync(join(directory, '.git'))) {
      try {
        return realpathSync.native(directory); // git names the top level with symlinks resolved
      } catch {
        return directory;
      }
    }
    if (dirname(directory) === directory) return undefined;
  }
}

function topLevelFromGit(cwd: string): string | undefined {
  try {
    // node:child_process costs a run ~9 ms to load: read only by a run whose git environment moves the repository.
    const { execFileSync } = process.getBuiltinModule('node:child_process');
    // Not the workspace's own `git` (a node_modules/.bin/git under npm exec): resolve/tool-path.ts.
    // The PATH git would have been found on: this process's (execFileSync inherits it).
    const git = workspaceSafeTool('git', { pathValue: process.env.PATH, roots: [], cwd });
    if (git === null) return undefined;
    const top = execFileSync(git, ['rev-parse', '--show-toplevel'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return top || undefined;
  } catch {
    return undefined; // not a work tree, or git missing
  }
}

/** `env`: the process environment; GIT_DIR or GIT_WORK_TREE (set inside some hooks) move the repository, so git decides. */
export function defaultRoots(cwd: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const top = env.GIT_DIR || env.GIT_WORK_TREE ? topLevelFromGit(cwd) : topLevelOnDisk(cwd);
  // Not a git work tree: the directory the command ran in is the workspace.
  return [top ?? resolve(cwd)];
}

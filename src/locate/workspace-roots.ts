// Default workspace roots: the git top level of cwd, else cwd itself.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export function defaultRoots(cwd: string): string[] {
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
    if (top) return [top];
  } catch {
    // Not a git work tree (or git missing): the directory the command ran in is the workspace.
  }
  return [resolve(cwd)];
}

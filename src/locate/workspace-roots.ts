// Default workspace roots: the git top level of cwd, else cwd itself.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

// node:child_process costs every run ~9 ms to load; only a run without --root asks git.
const requireBuiltin = createRequire(import.meta.url);

export function defaultRoots(cwd: string): string[] {
  try {
    const { execFileSync } = requireBuiltin('node:child_process') as typeof import('node:child_process');
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
    if (top) return [top];
  } catch {
    // Not a git work tree (or git missing): the directory the command ran in is the workspace.
  }
  return [resolve(cwd)];
}

// Which PATH entries faultline may take a program from. Under `npx`, `npm exec` or `npm run`, the
// workspace's own `node_modules/.bin` comes first on PATH, and a relative entry (`.`, or an empty one, which
// POSIX reads as the current directory) names wherever the command runs: a program found there is the
// workspace's code. So, unless the workspace is trusted, such entries are skipped: relative ones, and every
// entry inside a workspace root or at or below the current directory (compared after resolving symlinks).
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export interface ToolPathOptions {
  /** The PATH value to filter. */
  pathValue: string | undefined;
  /** Workspace roots (absolute). */
  roots: readonly string[];
  /** The current directory (default process.cwd()). */
  cwd?: string;
  /** The home directory (default os.homedir()). */
  home?: string;
}

function real(directory: string): string {
  try {
    return realpathSync.native(directory);
  } catch {
    return path.resolve(directory);
  }
}

function within(directory: string, base: string): boolean {
  const relative = path.relative(base, directory);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

// A root or current directory that is `/`, the home directory or one of its ancestors is no checkout: every
// entry is below it (~/.local/bin), and what writes there controls the user already. Relative entries still go.
function checkoutLike(directory: string, home: string): boolean {
  return path.dirname(directory) !== directory && !within(real(home), directory);
}

/** PATH without the entries a workspace controls (see the file comment), and the entries left out. */
export function pathOutsideWorkspace(options: ToolPathOptions): { path: string; skipped: string[] } {
  const home = options.home ?? homedir();
  const bases = [...options.roots, options.cwd ?? process.cwd()].map(real).filter((base) => checkoutLike(base, home));
  const kept: string[] = [];
  const skipped: string[] = [];
  for (const entry of (options.pathValue ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(entry)) {
      skipped.push(entry);
      continue;
    }
    const directory = real(entry);
    if (bases.some((base) => within(directory, base))) skipped.push(entry);
    else kept.push(entry);
  }
  return { path: kept.join(path.delimiter), skipped };
}

/** First executable regular file called `name` on `pathValue`, or null. */
export function findOnPath(name: string, pathValue: string | undefined): string | null {
  for (const directory of (pathValue ?? '').split(path.delimiter)) {
    if (directory === '') continue;
    const candidate = path.join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** `name` from PATH entries outside the workspace (for tools run without trust: git). */
export function workspaceSafeTool(name: string, options: ToolPathOptions): string | null {
  return findOnPath(name, pathOutsideWorkspace(options).path);
}

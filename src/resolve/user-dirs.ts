// The per-user folders (cache, config) and whether one lies in a workspace. The XDG base-directory spec says
// a relative XDG_* value is invalid and must be ignored; a relative FAULTLINE_*_DIR is a mistake worth an
// error, since it would name a different folder in every directory faultline runs in. A folder inside a
// checkout (CI caches often are) is the workspace's to plant files in, so what runs or trusts from it (the
// code cache, the trust list) is refused there.
import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { FaultlineError } from '../core/errors.js';

const KINDS = {
  cache: { own: 'FAULTLINE_CACHE_DIR', xdg: 'XDG_CACHE_HOME', fallback: '.cache', code: 'E_CACHE_DIR' },
  config: { own: 'FAULTLINE_CONFIG_DIR', xdg: 'XDG_CONFIG_HOME', fallback: '.config', code: 'E_CONFIG' },
} as const;

/** `<FAULTLINE_*_DIR>`, else `<XDG_*_HOME>/faultline` when absolute, else `~/.cache|.config/faultline`. */
export function userDir(kind: 'cache' | 'config', env: NodeJS.ProcessEnv = process.env): string {
  const { own, xdg, fallback, code } = KINDS[kind];
  const explicit = env[own];
  if (explicit) {
    if (!path.isAbsolute(explicit)) throw new FaultlineError(code, `${own} must be an absolute path, not ${JSON.stringify(explicit)}`);
    return path.resolve(explicit);
  }
  const base = env[xdg];
  if (base && path.isAbsolute(base)) return path.resolve(base, 'faultline');
  return path.join(env.HOME || homedir(), fallback, 'faultline');
}

function real(directory: string): string {
  try {
    return realpathSync.native(directory);
  } catch {
    // Not there yet: its nearest existing ancestor decides, with the rest appended.
    const parent = path.dirname(directory);
    return parent === directory ? directory : path.join(real(parent), path.basename(directory));
  }
}

function within(directory: string, base: string): boolean {
  const relative = path.relative(base, directory);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

function gitTopLevel(cwd: string): string | undefined {
  for (let directory = path.resolve(cwd); ; directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, '.git'))) return directory;
    if (path.dirname(directory) === directory) return undefined;
  }
}

export interface WorkspaceHoldingOptions {
  /** Workspace roots known to the caller. */
  roots?: readonly string[];
  /** The current directory and its git top level count as workspaces too (default process.cwd()). */
  cwd?: string;
  home?: string;
}

/**
 * The workspace (a root, the current directory or its git top level) that holds `directory`, or null. `/`,
 * the home directory and its ancestors are no checkout: everything of the user's is below them.
 */
export function workspaceHolding(directory: string, options: WorkspaceHoldingOptions = {}): string | null {
  const cwd = options.cwd ?? process.cwd();
  const home = real(options.home ?? homedir());
  const top = gitTopLevel(cwd);
  const bases = [...(options.roots ?? []), cwd, ...(top === undefined ? [] : [top])]
    .map(real)
    .filter((base) => path.dirname(base) !== base && !within(home, base));
  const target = real(directory);
  return bases.find((base) => within(target, base)) ?? null;
}

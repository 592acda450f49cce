// Workspace trust: a workspace's own config (faultline.config.json, package.json "faultline") may name a
// language-server command, and starting it runs that workspace's code. Opening a hostile repository must
// not do that without consent (VS Code's workspace trust and git's safe.directory are the models), so
// those commands run only for a workspace the user trusted: a flag, an environment variable, or a
// user-level list file outside every workspace.
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { userDir, workspaceHolding } from '../resolve/user-dirs.js';

export interface TrustOptions {
  /** The caller (a `--trust-workspace` flag) trusts every workspace of this call. */
  trustWorkspace?: boolean;
  /** FAULTLINE_TRUST_WORKSPACE, FAULTLINE_CONFIG_DIR, XDG_CONFIG_HOME, HOME. Default: process.env. */
  env?: NodeJS.ProcessEnv;
}

/** The user's trust list: one absolute directory per line (`#` comments); each trusts itself and what is below it. */
// A relative XDG_CONFIG_HOME is ignored and a relative FAULTLINE_CONFIG_DIR is E_CONFIG (resolve/user-dirs.ts).
export function trustListPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(userDir('config', env), 'trusted-workspaces');
}

function real(directory: string): string {
  try {
    return realpathSync(directory);
  } catch {
    return path.resolve(directory);
  }
}

// A list inside the workspace being judged (or the current checkout) is that workspace vouching for itself.
function listed(env: NodeJS.ProcessEnv, root: string): string[] {
  const list = trustListPath(env);
  if (workspaceHolding(list, { roots: [root], home: env.HOME }) !== null) return [];
  let text: string;
  try {
    text = readFileSync(list, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && path.isAbsolute(line))
    .map(real);
}

/** Whether commands from `root`'s own config may run. */
export function isTrustedWorkspace(root: string, options: TrustOptions = {}): boolean {
  const env = options.env ?? process.env;
  if (options.trustWorkspace === true) return true;
  if (env.FAULTLINE_TRUST_WORKSPACE === '1' || env.FAULTLINE_TRUST_WORKSPACE === 'true') return true;
  const directory = real(root);
  return listed(env, directory).some((entry) => {
    const relative = path.relative(entry, directory);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
}

/** The one line `explain` prints when a workspace's server commands were not run. */
export function untrustedNotice(root: string, configFile: string, env: NodeJS.ProcessEnv = process.env): string {
  const list = trustListPath(env);
  const refused = workspaceHolding(list, { roots: [root], home: env.HOME }) !== null;
  return (
    `${configFile} names language-server commands, but ${root} is not a trusted workspace, so they were not run ` +
    `(built-in servers and tree-sitter were used); trust it with --trust-workspace, FAULTLINE_TRUST_WORKSPACE=1 or a line in ${list}` +
    (refused ? ' (that file is inside a workspace, so it is not read: set FAULTLINE_CONFIG_DIR elsewhere)' : '')
  );
}

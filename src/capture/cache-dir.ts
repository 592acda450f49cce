// Where faultline keeps what it saves per user (run artifacts, background state, the CLI's code cache). Its own
// module with no other imports, so the executable's launcher can find it without loading capture.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface CacheDirOptions {
  /** Overrides FAULTLINE_CACHE_DIR / XDG_CACHE_HOME. */
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
}

export function cacheDirFor(options: CacheDirOptions = {}): string {
  const env = options.env ?? process.env;
  if (options.cacheDir) return resolve(options.cacheDir);
  if (env.FAULTLINE_CACHE_DIR) return resolve(env.FAULTLINE_CACHE_DIR);
  if (env.XDG_CACHE_HOME) return resolve(env.XDG_CACHE_HOME, 'faultline');
  return join(env.HOME || homedir(), '.cache', 'faultline');
}

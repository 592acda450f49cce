// Where faultline keeps what it saves per user (run artifacts, background state, the CLI's code cache). Small
// and light on imports, so the executable's launcher can find it without loading capture.
import { resolve } from 'node:path';
import { userDir } from '../resolve/user-dirs.js';

interface CacheDirOptions {
  /** Overrides FAULTLINE_CACHE_DIR / XDG_CACHE_HOME. */
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * options.cacheDir, else FAULTLINE_CACHE_DIR (absolute, or E_CACHE_DIR), else an absolute
 * XDG_CACHE_HOME/faultline, else ~/.cache/faultline.
 */
export function cacheDirFor(options: CacheDirOptions = {}): string {
  if (options.cacheDir) return resolve(options.cacheDir);
  return userDir('cache', options.env ?? process.env);
}

// A regression suite's answer must not depend on the machine that checks it. Its logs were recorded in a scratch
// folder (`/tmp/fl-fixture/…`) that may still exist on the recording machine and not on the next one, and the
// resolver rightly treats an absolute path that exists outside the workspace as that file; so the suite is
// checked on a file system holding only the suite's own folder.
import { realpathSync } from 'node:fs';
import { createNodeResolverFs, type ResolverFs } from '../resolve/index.js';

function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}

/** The node file system seen through the suite folder: every path outside it is missing. */
export function createSuiteFs(suiteDir: string): ResolverFs {
  const inner = createNodeResolverFs();
  const given = suiteDir.replace(/\\/g, '/');
  const real = realpathSync.native(suiteDir).replace(/\\/g, '/');
  const visible = (path: string): boolean => {
    const posix = path.replace(/\\/g, '/');
    return isInside(posix, given) || isInside(posix, real);
  };
  return {
    local: true,
    stat: async (path) => (visible(path) ? inner.stat(path) : undefined),
    realpath: async (path) => {
      if (!visible(path)) return undefined;
      const resolved = await inner.realpath(path);
      // A symlink in the suite that points out of it leads nowhere here either.
      return resolved !== undefined && visible(resolved) ? resolved : undefined;
    },
    findFilesByName: async (root, basenames) => (visible(root) ? inner.findFilesByName(root, basenames) : []),
    readText: async (path) => (visible(path) && inner.readText ? inner.readText(path) : undefined),
    listNames: async (folder) => (visible(folder) && inner.listNames ? inner.listNames(folder) : undefined),
  };
}

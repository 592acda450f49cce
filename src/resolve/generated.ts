// Files a build system generated inside the workspace (issue 20): a CMake build folder's makefiles are where make
// ran a recipe, never the place to fix. They are dropped with reason `build`, as a dependency's files are.
import type { ResolverFs } from './resolver-fs.js';
import type { Resolution } from './resolve-one.js';

/**
 * A folder is a CMake build folder when it holds both the cache CMake writes first (CMakeCache.txt) and its
 * CMakeFiles/ folder: either alone is a name a project may use for its own file.
 */
async function isCmakeBuildFolder(folder: string, fs: ResolverFs): Promise<boolean> {
  const [cache, files] = await Promise.all([fs.stat(`${folder}/CMakeCache.txt`), fs.stat(`${folder}/CMakeFiles`)]);
  return cache === 'file' && files === 'directory';
}

/** Indices of the resolved entries whose file lies in a generated build folder below its root. */
export async function findGenerated(resolutions: readonly Resolution[], fs: ResolverFs): Promise<Set<number>> {
  const verdicts = new Map<string, Promise<boolean>>();
  const inBuildFolder = (root: string, relative: string): Promise<boolean> => {
    const folders: string[] = [];
    const segments = relative.split('/').slice(0, -1);
    for (let depth = segments.length; depth >= 1; depth--) folders.push(`${root}/${segments.slice(0, depth).join('/')}`);
    return Promise.all(
      folders.map((folder) => {
        let verdict = verdicts.get(folder);
        if (verdict === undefined) verdicts.set(folder, (verdict = isCmakeBuildFolder(folder, fs)));
        return verdict;
      }),
    ).then((answers) => answers.includes(true));
  };
  const generated = new Set<number>();
  const byFile = new Map<string, Promise<boolean>>();
  await Promise.all(
    resolutions.map(async (resolution, index) => {
      if (resolution.kind !== 'resolved') return;
      const key = `${resolution.root}\0${resolution.relative}`;
      let verdict = byFile.get(key);
      if (verdict === undefined) byFile.set(key, (verdict = inBuildFolder(resolution.root, resolution.relative)));
      if (await verdict) generated.add(index);
    }),
  );
  return generated;
}

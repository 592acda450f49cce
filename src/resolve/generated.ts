// Files a build system generated inside the workspace (issue 20): a CMake build folder's makefiles are where make
// ran a recipe, never the place to fix, nor a meson build folder's generated sources; Gradle's build/ (aapt2 reports
// the MERGED resources and manifest there) and MSBuild's obj/<configuration>/<framework>/ (generated AssemblyInfo.cs)
// are outputs rebuilt from sources elsewhere.
// So is the Makefile qmake writes from a Qt project's .pro, a code generator's output whose source the workspace holds
// (generated-intermediates.ts), and a file in a framework's build folder (`.next/`, `.svelte-kit/`) whose path names
// no source to map it to (generated-mirrors.ts), or a framework's own dot-named folder of generated code, and a bundle
// whose source-mapped frames the same log prints (bundle-frames.ts).
// They are dropped with reason `build`, as a dependency's files are.
import type { RawLocation } from '../core/types.js';
import { bundleFrames } from './bundle-frames.js';
import { isGeneratedIntermediate } from './generated-intermediates.js';
import { MIRROR_FOLDER } from './generated-mirrors.js';
import type { ResolverFs } from './resolver-fs.js';
import type { Resolution } from './resolution.js';

/**
 * A folder is a CMake build folder when it holds both the cache CMake writes first (CMakeCache.txt) and its
 * CMakeFiles/ folder: either alone is a name a project may use for its own file.
 */
async function isCmakeBuildFolder(folder: string, fs: ResolverFs): Promise<boolean> {
  const [cache, files] = await Promise.all([fs.stat(`${folder}/CMakeCache.txt`), fs.stat(`${folder}/CMakeFiles`)]);
  return cache === 'file' && files === 'directory';
}

/**
 * A meson build folder: meson writes its private state to meson-private/ and ninja's build.ninja beside it (a generated
 * source there, `build/src/parse.c` from a custom_target, is rebuilt from the source tree).
 */
async function isMesonBuildFolder(folder: string, fs: ResolverFs): Promise<boolean> {
  const [state, ninja] = await Promise.all([fs.stat(`${folder}/meson-private`), fs.stat(`${folder}/build.ninja`)]);
  return state === 'directory' && ninja === 'file';
}

/**
 * Gradle's build folder: `build/` beside the module's build script, or holding the Android Gradle plugin's
 * `intermediates/` (a project's own `build/` scripts folder has neither).
 */
async function isGradleBuildFolder(folder: string, fs: ResolverFs): Promise<boolean> {
  if (!folder.endsWith('/build')) return false;
  const parent = folder.slice(0, -'/build'.length);
  const [groovy, kotlin, intermediates] = await Promise.all([
    fs.stat(`${parent}/build.gradle`),
    fs.stat(`${parent}/build.gradle.kts`),
    fs.stat(`${folder}/intermediates`),
  ]);
  return groovy === 'file' || kotlin === 'file' || intermediates === 'directory';
}

// qmake writes `Makefile` (and `Makefile.Debug`/`Makefile.Release` beside it on Windows) where it runs: beside the
// project's `.pro` in an in-source build, or in a shadow build folder it marks with `.qmake.stash` (Qt 5 and later).
// Its `Makefile:701: warning: overriding recipe` comes from a .pro's file lists, which a rerun of qmake rewrites.
const QMAKE_OUTPUT = /^(?:(.*)\/)?Makefile(?:\.(?:Debug|Release))?$/;

async function isQmakeMakefile(root: string, relative: string, fs: ResolverFs): Promise<boolean> {
  const output = QMAKE_OUTPUT.exec(relative);
  if (!output) return false;
  const folder = output[1] === undefined ? root : `${root}/${output[1]}`;
  if ((await fs.stat(`${folder}/.qmake.stash`)) === 'file') return true;
  return (await fs.listNames?.(folder))?.some((name) => name.endsWith('.pro')) === true;
}

const isBuildFolder = async (folder: string, fs: ResolverFs): Promise<boolean> =>
  (await isCmakeBuildFolder(folder, fs)) || (await isMesonBuildFolder(folder, fs)) || isGradleBuildFolder(folder, fs);

// MSBuild's intermediate output: obj/<configuration>/<target framework>/ (`obj/Debug/net8.0/`, `obj\Release\netcoreapp2.2\`).
const MSBUILD_INTERMEDIATE = /(?:^|\/)obj\/[^/]+\/net(?:coreapp|standard)?\d+(?:\.\d+)*(?:-[\w.]+)?\//i;

// A template engine's compiled cache names each file by a hash of its source (Laravel's
// storage/framework/views/<sha1>.php, Twig's cache/ab/cd/<sha256>.php): the template it was compiled from is the source.
const HASH_NAMED = /(?:^|\/)[0-9a-f]{32,64}(?:\.[A-Za-z]{1,5})?$/;

// A framework's or bundler's own folder of generated code, dot-named so that no project keeps its sources there and
// rewritten by every build: Gatsby's `.cache/` (the app shell it copies in: a failed `gatsby build` prints its
// `.cache/static-entry.js` frames, held-out set 76), Docusaurus's `.docusaurus/`, VitePress's and VuePress's caches,
// Nitro's `.output/`, Vercel's and Netlify's build output, serverless-webpack's `.webpack/`, wrangler's `.wrangler/`,
// Parcel's and Angular's caches, Quasar's and Umi's generated app entries.
const FRAMEWORK_FOLDERS = [
  String.raw`\.cache`,
  String.raw`\.docusaurus`,
  String.raw`\.vitepress\/(?:cache|dist)`,
  String.raw`\.vuepress\/\.(?:temp|cache)`,
  String.raw`\.output`,
  String.raw`\.vercel\/output`,
  String.raw`\.netlify`,
  String.raw`\.webpack`,
  String.raw`\.serverless`,
  String.raw`\.wrangler`,
  String.raw`\.parcel-cache`,
  String.raw`\.angular\/cache`,
  String.raw`\.quasar`,
  String.raw`\.umi(?:-production)?`,
];
const FRAMEWORK_OUTPUT = new RegExp(String.raw`(?:^|\/)(?:${FRAMEWORK_FOLDERS.join('|')})\/`);

/** Indices of the resolved entries whose file lies in a generated build folder below its root, or is a compiled cache. */
export async function findGenerated(
  raws: readonly RawLocation[],
  resolutions: readonly Resolution[],
  fs: ResolverFs,
): Promise<Set<number>> {
  const verdicts = new Map<string, Promise<boolean>>();
  const inBuildFolder = (root: string, relative: string): Promise<boolean> => {
    if (MSBUILD_INTERMEDIATE.test(relative) || HASH_NAMED.test(relative) || MIRROR_FOLDER.test(relative) || FRAMEWORK_OUTPUT.test(relative))
      return Promise.resolve(true);
    const intermediate = isGeneratedIntermediate(root, relative, fs);
    const qmake = isQmakeMakefile(root, relative, fs);
    const folders: string[] = [];
    const segments = relative.split('/').slice(0, -1);
    for (let depth = segments.length; depth >= 1; depth--) folders.push(`${root}/${segments.slice(0, depth).join('/')}`);
    return Promise.all([
      intermediate,
      qmake,
      ...folders.map((folder) => {
        let verdict = verdicts.get(folder);
        if (verdict === undefined) verdicts.set(folder, (verdict = isBuildFolder(folder, fs)));
        return verdict;
      }),
    ]).then((answers) => answers.includes(true));
  };
  const generated = new Set<number>();
  for (const index of bundleFrames(raws)) if (resolutions[index]?.kind === 'resolved') generated.add(index);
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

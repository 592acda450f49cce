// A framework's build folder that mirrors the source tree with generated files (held-out sets 49–51): Next.js writes
// `.next/types/app/<route>/page.ts` to type-check `app/<route>/page.tsx` (or `src/app/…`), React Router 7 writes
// `.react-router/types/app/routes/+types/home.ts` for `app/routes/home.tsx`. `next build` reports its type errors in
// the mirror, at a line of generated checking code. The mirror is rewritten by every build, so it is never the place:
// the source its path names is, as a whole file (the mirror's line is not the source's); a mirror file whose path
// names no source (`.next/types/validator.ts`, SvelteKit's `$types.d.ts`) is dropped as build (generated.ts).
import type { RawLocation } from '../core/types.js';
import { mapBuildCopiesToSources } from './build-copies.js';
import { joinPosix } from './paths.js';
import { resolvedAt, type Resolution } from './resolution.js';
import type { ResolverFs } from './resolver-fs.js';

interface Mirror {
  /** The mirror file below its folder: the first group is the folder holding the build folder, the second the mirrored path. */
  path: RegExp;
  /** Where the source of a mirrored path lies below the folder holding the build folder. */
  sources: (mirrored: string) => string[];
}

// A source of a mirrored `x.ts`: any script extension the framework compiles (the mirror is always `.ts`).
const SCRIPT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mts', '.mjs'];
const withScriptExtensions = (mirrored: string): string[] => {
  const stem = mirrored.replace(/\.d\.ts$|\.ts$/, '');
  return SCRIPT_EXTENSIONS.map((extension) => `${stem}${extension}`);
};

const MIRRORS: readonly Mirror[] = [
  // Next.js's app and pages routers, with or without the src/ folder.
  {
    path: /^(?:(.*)\/)?\.next\/types\/((?:app|pages)\/.+\.ts)$/,
    sources: (mirrored) => ['', 'src/'].flatMap((base) => withScriptExtensions(`${base}${mirrored}`)),
  },
  // React Router 7 (and Remix on it): a route module's types in the `+types/` folder beside where it would sit.
  {
    path: /^(?:(.*)\/)?\.react-router\/types\/(.+\/\+types\/[^/]+\.ts)$/,
    sources: (mirrored) => withScriptExtensions(mirrored.replace('/+types/', '/')),
  },
];

// Build folders whose files are all generated: a file in one that names no source is dropped.
export const MIRROR_FOLDER = /(?:^|\/)\.(?:next|react-router|svelte-kit|nuxt|astro)\//;

/** The workspace file (relative to the same root) a mirror file stands for; undefined when it names none. */
async function sourceOf(root: string, relative: string, fs: ResolverFs): Promise<string | undefined> {
  for (const mirror of MIRRORS) {
    const match = mirror.path.exec(relative);
    if (!match) continue;
    const base = match[1] ?? '';
    for (const source of mirror.sources(match[2] as string)) {
      const candidate = base === '' ? source : `${base}/${source}`;
      if ((await fs.stat(joinPosix(root, candidate))) === 'file') return candidate;
    }
  }
  return undefined;
}

/**
 * Re-points each location resolved into a build folder's mirror at the source its path names, as a whole file.
 * Mutates `raws` (line and columns) and `resolutions` at the same index; a mirror naming no source is left for
 * generated.ts to drop. A Perl build copy (`blib/lib/…`, a verbatim copy) is re-pointed keeping its line (build-copies.ts).
 */
export async function mapMirrorsToSources(raws: readonly RawLocation[], resolutions: Resolution[], fs: ResolverFs): Promise<void> {
  await Promise.all(
    resolutions.map(async (resolution, index) => {
      if (resolution.kind !== 'resolved' || !MIRROR_FOLDER.test(resolution.relative)) return;
      const source = await sourceOf(resolution.root, resolution.relative, fs);
      const raw = raws[index];
      if (source === undefined || raw === undefined) return;
      resolutions[index] = resolvedAt(resolution.root, source);
      Object.assign(raw, { line: 0, column: null, endLine: null, endColumn: null });
    }),
  );
  await mapBuildCopiesToSources(resolutions, fs);
}

// A TypeScript project's compiled output run without source maps (held-out set 85): `tsc` writes `src/a/b.ts` to
// `dist/a/b.js` (its outDir, the path below rootDir kept), and a production crash of the app prints the `dist/`
// frames. The output is rewritten by every build, so it is never the place: the source its path names is, as a
// whole file, since tsc strips types, rewrites imports and lowers syntax, so the output's line is not the source's.
// The folder is known for tsc's output when a tsconfig beside or above it names it as `outDir`; a file there whose
// source is not in the workspace (a deployment of the build alone) is dropped as build output. Without a tsconfig,
// package.json's `main`/`bin`/`types` pointing into the folder says it is some build's output, and only a TypeScript
// source at the same path below `src/` re-points it (a plain JavaScript project's `lib/` is its own code).
import type { RawLocation } from '../core/types.js';
import { joinPosix } from './paths.js';
import { resolvedAt, type Resolution } from './resolution.js';
import type { ResolverFs } from './resolver-fs.js';

const TSCONFIGS = ['tsconfig.json', 'tsconfig.build.json'];
// tsconfig is JSON with comments and trailing commas: the two options are read by their shape, not parsed.
const OUT_DIR = /"outDir"\s*:\s*"([^"]+)"/;
const ROOT_DIR = /"rootDir"\s*:\s*"([^"]+)"/;
// What tsc emits for each source extension.
const EMITTED = /\.(js|mjs|cjs|jsx)$/;
const SOURCES: Readonly<Record<string, readonly string[]>> = {
  js: ['.ts', '.tsx', '.js'],
  jsx: ['.tsx', '.jsx'],
  mjs: ['.mts', '.mjs'],
  cjs: ['.cts', '.cjs'],
};

interface OutputFolder {
  /** Root-relative folder of the output, no trailing slash. */
  folder: string;
  /** Root-relative folders its sources may sit in, most likely first. */
  sources: readonly string[];
  /** True when a tsconfig names the folder (its files are generated whether or not a source is found). */
  declared: boolean;
}

// `./dist/` → `dist`; an output outside the folder (`../out`) or at its top names no folder of its own.
function cleanFolder(base: string, written: string): string | undefined {
  const clean = written
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/\/+$/, '');
  if (clean === '' || clean === '.' || clean.startsWith('/') || clean.split('/').includes('..')) return undefined;
  return base === '' ? clean : `${base}/${clean}`;
}

// The folders package.json's entry points lie in (`"main": "dist/index.js"`, `"bin": {"x": "./dist/cli.js"}`).
function entryFolders(text: string): string[] {
  const folders: string[] = [];
  for (const match of text.matchAll(/"(?:main|module|types|typings|bin|[\w-]+)"\s*:\s*"\.?\/?([\w.-]+)\/[^"]*\.(?:[cm]?js|d\.ts)"/g))
    folders.push(match[1] as string);
  return [...new Set(folders)];
}

async function readText(fs: ResolverFs, path: string): Promise<string | undefined> {
  return (await fs.stat(path)) === 'file' ? await (fs.readText?.(path) ?? Promise.resolve(undefined)) : undefined;
}

/** The compiled-output folders a folder's tsconfig (or package.json) declares. */
async function outputFoldersOf(root: string, base: string, fs: ResolverFs): Promise<OutputFolder[]> {
  const here = base === '' ? root : joinPosix(root, base);
  const found: OutputFolder[] = [];
  for (const name of TSCONFIGS) {
    const text = await readText(fs, joinPosix(here, name));
    const folder = text === undefined ? undefined : cleanFolder(base, OUT_DIR.exec(text)?.[1] ?? '');
    if (text === undefined || folder === undefined) continue;
    const rootDir = cleanFolder(base, ROOT_DIR.exec(text)?.[1] ?? '');
    const inferred = [cleanFolder(base, 'src'), base].filter((each): each is string => each !== undefined);
    found.push({ folder, sources: rootDir === undefined ? inferred : [rootDir], declared: true });
  }
  const manifest = await readText(fs, joinPosix(here, 'package.json'));
  for (const entry of manifest === undefined ? [] : entryFolders(manifest)) {
    const folder = cleanFolder(base, entry);
    const source = cleanFolder(base, 'src');
    if (folder !== undefined && source !== undefined && folder !== source) found.push({ folder, sources: [source], declared: false });
  }
  return found;
}

/**
 * Re-points each location resolved into a TypeScript project's compiled output at its source, as a whole file, and
 * answers the indices of those in an output folder a tsconfig declares whose source is not in the workspace (build
 * output, dropped). Mutates `raws` (line and columns) and `resolutions` at the same index.
 */
export async function mapCompiledOutput(raws: readonly RawLocation[], resolutions: Resolution[], fs: ResolverFs): Promise<Set<number>> {
  const folders = new Map<string, Promise<OutputFolder[]>>();
  const foldersOf = (root: string, base: string): Promise<OutputFolder[]> => {
    const key = `${root}\0${base}`;
    let pending = folders.get(key);
    if (pending === undefined) folders.set(key, (pending = outputFoldersOf(root, base, fs)));
    return pending;
  };
  const generated = new Set<number>();
  await Promise.all(
    resolutions.map(async (resolution, index) => {
      const raw = raws[index];
      const emitted = resolution.kind === 'resolved' ? EMITTED.exec(resolution.relative) : null;
      if (resolution.kind !== 'resolved' || emitted === null || raw === undefined || resolution.relative.includes('node_modules/')) return;
      const segments = resolution.relative.split('/');
      // The nearest folder first: a monorepo package's own tsconfig before the root's.
      for (let depth = segments.length - 1; depth >= 0; depth--) {
        const base = segments.slice(0, depth).join('/');
        for (const output of await foldersOf(resolution.root, base)) {
          if (!resolution.relative.startsWith(`${output.folder}/`)) continue;
          const stem = resolution.relative.slice(output.folder.length + 1, -emitted[0].length);
          const extensions = SOURCES[emitted[1] as string] ?? [];
          // Only a TypeScript source is evidence for a folder no tsconfig names; a tsconfig's allowJs keeps `.js`.
          const allowed = output.declared ? extensions : extensions.filter((extension) => /^\.[cm]?tsx?$/.test(extension));
          for (const source of output.sources.flatMap((folder) => allowed.map((extension) => joinPosix(folder, `${stem}${extension}`)))) {
            if ((await fs.stat(joinPosix(resolution.root, source))) !== 'file') continue;
            resolutions[index] = resolvedAt(resolution.root, source);
            Object.assign(raw, { line: 0, column: null, endLine: null, endColumn: null });
            return;
          }
          if (output.declared) {
            generated.add(index);
            return;
          }
        }
      }
    }),
  );
  return generated;
}

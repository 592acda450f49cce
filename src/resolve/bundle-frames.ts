// A server bundle run with source maps (webpack's `target: 'node'` build under source-map-support, held-out set 76)
// prints each frame it can map at its source, below the bundle's own folder behind webpack's scheme
// (`/app/build/webpack:/src/routes/x.js`), and the frames it cannot map (webpack's glue, a loader's thrown
// `Module build failed`) at the bundle itself (`/app/build/server.js:98800`). The bundle is generated output rebuilt
// from those sources, so a file printed directly in a folder the log prints mapped sources below is no place: the
// mapped frames are. Files in that folder's subfolders are left alone (a bundle at the project's root maps below it).
import type { RawLocation } from '../core/types.js';

const MAPPED_BELOW = /[\\/]webpack:[\\/]/;

const folderOf = (printed: string): string => printed.replace(/\\/g, '/').replace(/\/[^/]*$/, '');

/** Indices of the raw locations printed directly in a folder whose bundle the log also prints source-mapped frames of. */
export function bundleFrames(raws: readonly RawLocation[]): number[] {
  const folders = new Set<string>();
  for (const raw of raws) {
    if (!raw.file.includes('webpack:')) continue;
    const at = raw.file.search(MAPPED_BELOW);
    if (at > 0) folders.add(raw.file.slice(0, at).replace(/\\/g, '/'));
  }
  if (folders.size === 0) return [];
  const inBundleFolder: number[] = [];
  raws.forEach((raw, index) => {
    if (!raw.file.includes('webpack:') && /[\\/]/.test(raw.file) && folders.has(folderOf(raw.file))) inBundleFolder.push(index);
  });
  return inBundleFolder;
}

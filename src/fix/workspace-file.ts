// Which file an edit may touch: a regular file inside a workspace root (symlinks resolved), not vendored. Decided
// by what is known to be safe — the path's real location under a root — never by a list of what is dangerous.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, resolve, sep } from 'node:path';
import { isVendoredPath } from '../resolve/index.js';

export interface PlacedFile {
  absolutePath: string;
  root: string;
  /** Relative to root, posix separators. */
  file: string;
  mtimeMs: number;
}

type Placement = { ok: true; file: PlacedFile } | { ok: false; detail: string };

async function realRoots(roots: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const root of roots) {
    try {
      out.push(await realpath(root));
    } catch {
      // A root that does not exist holds no file.
    }
  }
  return out;
}

const rootCache = new WeakMap<readonly string[], Promise<string[]>>();

/** The workspace file `printed` (relative to cwd, or absolute) names, or why an edit may not touch it. */
export async function placeFile(printed: string, cwd: string, roots: readonly string[]): Promise<Placement> {
  let real: string;
  try {
    real = await realpath(isAbsolute(printed) ? printed : resolve(cwd, printed));
  } catch {
    return { ok: false, detail: `${printed}: no such file` };
  }
  let cached = rootCache.get(roots);
  if (!cached) rootCache.set(roots, (cached = realRoots(roots)));
  const root = (await cached).find(
    (candidate) => real === candidate || real.startsWith(candidate.endsWith(sep) ? candidate : candidate + sep),
  );
  if (root === undefined) return { ok: false, detail: `${printed}: outside the workspace roots` };
  const file = real
    .slice(root.length)
    .replace(/^[\\/]+/, '')
    .split(sep)
    .join('/');
  if (file === '' || isVendoredPath(file)) return { ok: false, detail: `${printed}: vendored or generated code (not edited)` };
  const info = await stat(real);
  if (!info.isFile()) return { ok: false, detail: `${printed}: not a regular file` };
  return { ok: true, file: { absolutePath: real, root, file, mtimeMs: info.mtimeMs } };
}

// A tool that cannot resolve a module names the importing file but no line (vite's `failed to resolve import "x"
// from "src/a.ts"`, node's `Cannot find package 'x' imported from /app/a.mjs`). The line a reader wants is that
// file's import of the name, so resolve reads the file (the grammars never touch the file system) and takes the
// first line that imports it. Only a prefix is read: imports open a file, and a huge file costs no more than it.
import type { RawLocation } from '../core/types.js';
import type { Resolution } from './resolution.js';
import type { ResolverFs } from './resolver-fs.js';

const PREFIX_CHARS = 256 * 1024;
// A line that imports: ES `import`/`export … from`, CommonJS `require(`, a dynamic `import(`.
const IMPORTING = /\b(?:import|export|require|from)\b/;
const QUOTED = /(["'`])([^"'`\r\n]{1,300})\1/g;
const ABSOLUTE = /^(?:file:\/\/|\/|[A-Za-z]:[\\/])/;

// Node's ESM loader prints a bare specifier already resolved into node_modules when the package is there but broken
// (`Cannot find package '/app/node_modules/@scope/pkg/package.json'`, a `main` naming a missing file) or when an old Node
// takes a built-in's subpath for a package (`Cannot find module '/app/node_modules/fs/promises'`): the importing file
// wrote the package's name, or the name and that subpath (`fs/promises`).
const INSTALLED = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)(?:[\\/](.*))?$/;

function installedPackage(printed: string): { name: string; subpath: string } | undefined {
  const match = ABSOLUTE.test(printed) ? INSTALLED.exec(printed) : null;
  if (!match) return undefined;
  return {
    name: (match[1] as string).replace(/\\/g, '/'),
    subpath: (match[2] ?? '').replace(/\\/g, '/').replace(/\/package\.json$|^package\.json$/, ''),
  };
}

const lastSegment = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
const withoutExtension = (name: string): string => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name);

/**
 * Whether a quoted specifier names the module the tool printed. Node prints a relative import already resolved to
 * an absolute path (`Cannot find module '/app/src/x.mjs'`): a relative specifier whose last segment is that file's
 * name, with or without its extension, names it.
 */
export function specifierNames(specifier: string, printed: string): boolean {
  return naming(specifier, printed) !== 'none';
}

// How well a specifier names the printed module: exactly, or by an installed package's bare name only (the file may
// import `pkg` and `pkg/sub` both: the subpath node printed is the better line).
function naming(specifier: string, printed: string): 'exact' | 'package' | 'none' {
  if (specifier === printed) return 'exact';
  const installed = installedPackage(printed);
  if (installed !== undefined) {
    if (installed.subpath !== '' && specifier === `${installed.name}/${installed.subpath}`) return 'exact';
    if (specifier !== installed.name) return 'none';
    return installed.subpath === '' ? 'exact' : 'package';
  }
  if (!ABSOLUTE.test(printed) || !specifier.startsWith('.')) return 'none';
  const wanted = lastSegment(printed);
  const written = lastSegment(specifier);
  return written === wanted || written === withoutExtension(wanted) ? 'exact' : 'none';
}

/** The 1-based line of the first import of `name` in the text's prefix, or undefined when none imports it. */
export function importLineOf(text: string, name: string): number | undefined {
  const prefix = text.length > PREFIX_CHARS ? text.slice(0, PREFIX_CHARS) : text;
  // A line without the name (or, for a path node resolved, the file's bare name) is not searched for quotes.
  const needle = installedPackage(name)?.name ?? (ABSOLUTE.test(name) ? withoutExtension(lastSegment(name)) : name);
  let lineNumber = 0;
  let byPackage: number | undefined;
  for (const line of prefix.split('\n')) {
    lineNumber++;
    if (!line.includes(needle) || !IMPORTING.test(line)) continue;
    for (const match of line.matchAll(QUOTED)) {
      const named = naming(match[2] ?? '', name);
      if (named === 'exact') return lineNumber;
      if (named === 'package') byPackage ??= lineNumber;
    }
  }
  return byPackage;
}

/** For each location that names an imported module (hints.importedName) and resolved: its input index → the line. */
export async function findImportedLines(
  raws: readonly RawLocation[],
  resolutions: readonly Resolution[],
  fs: ResolverFs,
): Promise<Map<number, number>> {
  const lines = new Map<number, number>();
  await Promise.all(
    raws.map(async (raw, index) => {
      const name = raw.hints?.importedName;
      const resolution = resolutions[index];
      if (name === undefined || resolution?.kind !== 'resolved') return;
      const text = await (fs.readText?.(resolution.absolutePath) ?? Promise.resolve(undefined));
      const line = text === undefined ? undefined : importLineOf(text, name);
      if (line !== undefined) lines.set(index, line);
    }),
  );
  return lines;
}

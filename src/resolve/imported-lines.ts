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

const lastSegment = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
const withoutExtension = (name: string): string => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name);

/**
 * Whether a quoted specifier names the module the tool printed. Node prints a relative import already resolved to
 * an absolute path (`Cannot find module '/app/src/x.mjs'`): a relative specifier whose last segment is that file's
 * name, with or without its extension, names it.
 */
export function specifierNames(specifier: string, printed: string): boolean {
  if (specifier === printed) return true;
  if (!ABSOLUTE.test(printed) || !specifier.startsWith('.')) return false;
  const wanted = lastSegment(printed);
  const written = lastSegment(specifier);
  return written === wanted || written === withoutExtension(wanted);
}

/** The 1-based line of the first import of `name` in the text's prefix, or undefined when none imports it. */
export function importLineOf(text: string, name: string): number | undefined {
  const prefix = text.length > PREFIX_CHARS ? text.slice(0, PREFIX_CHARS) : text;
  // A line without the name (or, for a path node resolved, the file's bare name) is not searched for quotes.
  const needle = ABSOLUTE.test(name) ? withoutExtension(lastSegment(name)) : name;
  let lineNumber = 0;
  for (const line of prefix.split('\n')) {
    lineNumber++;
    if (!line.includes(needle) || !IMPORTING.test(line)) continue;
    for (const match of line.matchAll(QUOTED)) {
      if (specifierNames(match[2] ?? '', name)) return lineNumber;
    }
  }
  return undefined;
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

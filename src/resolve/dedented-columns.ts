// CPython echoes a frame's (or a SyntaxError's) source line stripped of its indentation and places its carets
// from there, so the column it implies is counted from the first non-blank character. The file's line says
// how much was stripped; resolve reads it (inside the roots only: these locations are already resolved).
import type { ResolvedLocation } from '../core/types.js';
import type { ResolverFs } from './resolver-fs.js';

/** Adds each location's indentation to its columns, or drops them when the file's line is not the echoed text. */
export async function restoreIndentation(
  entries: ReadonlyArray<{ location: ResolvedLocation; dedentedLine: string }>,
  fs: ResolverFs,
): Promise<void> {
  // One split per file, however many frames point into it.
  const linesByFile = new Map<string, Promise<string[] | undefined>>();
  const linesOf = (path: string): Promise<string[] | undefined> => {
    let pending = linesByFile.get(path);
    if (!pending) {
      pending = (fs.readText?.(path) ?? Promise.resolve(undefined)).then((text) => text?.split(/\r?\n/));
      linesByFile.set(path, pending);
    }
    return pending;
  };
  await Promise.all(
    entries.map(async ({ location, dedentedLine }) => {
      const line = (await linesOf(location.absolutePath))?.[location.line - 1];
      if (line === undefined || line.trim() !== dedentedLine.trim()) {
        // Edited since the run, or unreadable: a column counted from an unknown indentation would mislead.
        location.column = null;
        location.endColumn = null;
        return;
      }
      const indent = line.length - line.trimStart().length;
      if (location.column !== null) location.column += indent;
      if (location.endColumn !== null && (location.endLine === null || location.endLine === location.line)) location.endColumn += indent;
    }),
  );
}

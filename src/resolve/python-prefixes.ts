// Console scripts of a Python installation the log itself shows (fresh set 48). A printed path through
// `<P>/lib/pythonX.Y/` (`lib64/`, Windows' `Lib/site-packages/`) proves that <P> is an interpreter's prefix: a venv, a
// conda env, a `pip install --prefix deps` folder, /usr/local. Its `bin/` (`Scripts/` on Windows) holds the entry
// points pip wrote for the packages installed there (`sys.exit(main())`): the outermost frame of every trace such a
// tool raises, never the user's code, even when the prefix sits inside the workspace under a name no list holds
// (`env/`). A venv is also known by its marker on disk (dependency-folders.ts); this needs only the log.
import type { RawLocation } from '../core/types.js';
import type { Resolution } from './resolution.js';

const VENDORED: Resolution = { kind: 'dropped', reason: 'vendored' };
const LIBRARY_FOLDERS = new Set(['lib', 'lib64', 'Lib']);
const SCRIPT_FOLDERS = new Set(['bin', 'Scripts']);
/** The folder an interpreter keeps its library in below `lib/` (`python3.11`, `python2`). */
export const PYTHON_LIBRARY_FOLDER = /^python\d(\.\d+)?$/;

/** The prefix a path through an interpreter's library folder names (`/srv/env/lib/python3.8/x.py` → `/srv/env`). */
function libraryPrefix(segments: readonly string[]): string | undefined {
  for (let at = 1; at < segments.length - 1; at++) {
    const next = segments[at + 1] as string;
    if (LIBRARY_FOLDERS.has(segments[at] as string) && (PYTHON_LIBRARY_FOLDER.test(next) || next === 'site-packages'))
      return segments.slice(0, at).join('/');
  }
  return undefined;
}

/** The prefix whose scripts folder holds this file: `P/bin/tool`, or the `__main__.py` of pip's `P/Scripts/tool.exe`. */
function scriptPrefix(segments: readonly string[]): string | undefined {
  const launcher = segments.at(-1) === '__main__.py' && /\.exe$/i.test(segments.at(-2) ?? '');
  const folder = segments.length - (launcher ? 3 : 2);
  return folder > 0 && SCRIPT_FOLDERS.has(segments[folder] as string) ? segments.slice(0, folder).join('/') : undefined;
}

/** Drops, in place, the scripts of every Python prefix another printed path of the log showed. */
export function dropPrefixScripts(entries: ReadonlyArray<readonly [string, RawLocation]>, finals: Map<string, Resolution>): void {
  const split = entries.map(([key, raw]) => [key, raw.file.trim().replace(/\\/g, '/').split('/')] as const);
  const prefixes = new Set<string>();
  for (const [, segments] of split) {
    const prefix = libraryPrefix(segments);
    if (prefix !== undefined && prefix !== '') prefixes.add(prefix);
  }
  if (prefixes.size === 0) return;
  for (const [key, segments] of split) {
    const prefix = scriptPrefix(segments);
    if (prefix !== undefined && prefixes.has(prefix)) finals.set(key, VENDORED);
  }
}

// vite's dev server (vite 2-7) reports a request it could not transform as a block: `[vite] Internal server error:
// msg`, then `  Plugin: vite:import-analysis`, `  File: /abs/src/main.ts`, a code frame and the stack. The File line
// carries `:L:C` only when the error has a location (err.loc); an import that cannot be resolved, a plugin's own
// error, often has none, and then the frame alone says where: its caret row marks the column under the numbered row
// above it (`  2  |  import App from "./App.vue";` / `     |                   ^`). The frame numbers the lines of
// the code vite transformed, not of the file (esbuild drops a TypeScript module's comments and blank lines): for an
// import vite could not resolve, resolve reads the file for its import of the name (hints.importedName), and the
// frame's line stands only when the file holds no such import (a plugin added it).
// Link: https://github.com/vitejs/vite/blob/v3.1.0/packages/vite/src/node/server/middlewares/error.ts (buildErrorMessage)
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

// Matched on the line without its trailing blanks: no two quantifiers over the same characters meet.
const FILE = /^ {2}File: (\S.*?)(?::(\d{1,7}):(\d{1,7}))?$/;
const PLUGIN = /^ {2}Plugin: \S/;
// The heading the middleware writes (`[vite] Internal server error: msg`, after a time stamp when printed) and the
// pre-transform warning of vite 4-5 (`Pre-transform error: msg`).
const HEADING = /(?:\[vite\] Internal server error|Pre-transform error): (.*)$/;
// vite's frame: `${n}${pad to 3}|  code` (2 spaces of the block's indentation before it), and the caret row.
const NUMBERED = /^\s*(\d{1,7})\s*\|/;
const CARET = /^(\s*\|) *\^/;
// The frame holds at most 2 rows above and 3 below the marked one.
const FRAME_REACH = 8;
const UNRESOLVED = /^Failed to resolve import (["'])(.{1,300}?)\1/;

/** The heading's message, from the lines above the File line (Plugin line between them). */
function headingMessage(context: LineContext): string | undefined {
  for (let delta = -1; delta >= -3; delta--) {
    const text = context.line(delta);
    if (text === undefined) return undefined;
    const heading = HEADING.exec(text);
    if (heading) return (heading[1] ?? '').trim();
    if (!PLUGIN.test(text)) return undefined;
  }
  return undefined;
}

/** The frame's marked line and the caret's column (1-based, in the code after `|  `). */
function framePlace(context: LineContext): { line: number; column: number } | undefined {
  for (let delta = 2; delta <= FRAME_REACH; delta++) {
    const caret = CARET.exec(context.line(delta) ?? '');
    if (!caret) continue;
    const above = context.line(delta - 1) ?? '';
    const numbered = NUMBERED.exec(above);
    if (!numbered) return undefined;
    // The caret row's `|` sits under the numbered row's; the code starts two spaces after it.
    const codeStart = above.indexOf('|') + 3;
    if (above.indexOf('|') + 1 !== caret[1]!.length) return undefined;
    return { line: Number(numbered[1]), column: caret[0].length - codeStart };
  }
  return undefined;
}

function parseViteDev(context: LineContext): boolean {
  const file = FILE.exec(context.text.trimEnd());
  const path = file?.[1];
  const message = file ? headingMessage(context) : undefined;
  if (!file || path === undefined || message === undefined || !plausiblePath(path)) return false;
  const place = file[2] !== undefined ? { line: Number(file[2]), column: Number(file[3]) } : framePlace(context);
  if (!place) return false;
  const plugin = /Plugin: (\S+)/.exec(context.line(-1) ?? '')?.[1] ?? null;
  const importedName = file[2] === undefined ? UNRESOLVED.exec(message)?.[2] : undefined;
  const hints = importedName === undefined ? undefined : { importedName, wholeFileOtherwise: true };
  context.emit({ file: path, line: place.line, column: place.column, severity: 'error', message, code: plugin, hints });
  return true;
}

export const viteDev: GrammarFormat = {
  name: 'vite-dev',
  language: 'JavaScript',
  description:
    '`npx vite` (dev server, vite 2-7): `[vite] Internal server error: msg`, `  Plugin: …`, `  File: /abs/src/main.ts[:L:C]`, ' +
    'then a code frame whose caret row gives the line and column when the File line has none.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://vite.dev/guide/troubleshooting',
  anchor: '^ {2}File: \\S',
  parse: parseViteDev,
};

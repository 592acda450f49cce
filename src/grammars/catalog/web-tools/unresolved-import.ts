// A module that cannot be resolved is reported against the file that imports it, named in words and without a line:
// vite/rollup's `[vite]: Rollup failed to resolve import "x" from "/abs/src/a.ts".`, rollup's `Could not resolve
// './x' from src/a.js`, node's ESM loader `Cannot find package 'x' imported from /abs/src/a.mjs`. The line the user
// wants is that file's import of the name: the grammar records the name (hints.importedName) and resolve reads the
// file for it (src/resolve/imported-lines.ts); when the file does not import it there, nothing is reported.
// Link: https://nodejs.org/api/errors.html#err_module_not_found
import type { RawLocation } from '../../../core/index.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

const COLOUR = '(?:\\x1b\\[[0-9;]*m)*';

// The name is quoted; the importing file is quoted or runs to the end of the line (node), less a closing period.
const UNRESOLVED = new RegExp(
  '(?:failed to resolve import|Could not resolve|Cannot find (?:module|package)) ' +
    '(["\'`])([^"\'`\\s]{1,300})\\1 (?:imported )?from (["\'`]?)(.+?)\\3\\.?$',
);

// Node's CommonJS loader names no importing file on its line: `Error: Cannot find module 'x'`, then `Require stack:` and
// `- /abs/file.js` lines, the file that called require first, the main module last.
const CJS_MISSING = /Cannot find module (["'])([^"'\s]{1,300})\1\s*$/;
const STACK_HEAD = /^\s*Require stack:\s*$/;
const STACK_ENTRY = /^\s*- (\S.*?)\s*$/;
// Node lists every module of the chain; a deeper stack than this is read to here.
const MAX_ENTRIES = 32;

/** The name `path`'s requirer wrote for it: the package under the last `node_modules/`, else the path itself (a
 * relative require resolved by node, which specifierNames matches by its last segment). */
function requiredAs(path: string): string {
  const at = Math.max(path.lastIndexOf('/node_modules/'), path.lastIndexOf('\\node_modules\\'));
  if (at < 0) return path;
  const [scope, name] = path.slice(at + '/node_modules/'.length).split(/[\\/]/);
  return scope?.startsWith('@') === true && name !== undefined ? `${scope}/${name}` : (scope ?? path);
}

/**
 * Each entry of the stack required the one above it: the first is the file whose require failed, and the first
 * entry in the workspace (past a dependency's own files, which resolve drops) is where the user's code asked for it,
 * at its require of the entry above, else as a whole. The later entries are related spans of the first.
 */
function parseRequireStack(context: LineContext): boolean {
  const missing = CJS_MISSING.exec(context.text);
  if (!missing || !STACK_HEAD.test(context.line(1) ?? '')) return false;
  const missingName = missing[2] ?? '';
  let name = missingName;
  let first: RawLocation | undefined;
  for (let delta = 2; delta < 2 + MAX_ENTRIES; delta++) {
    const file = STACK_ENTRY.exec(context.line(delta) ?? '')?.[1];
    if (file === undefined || !plausiblePath(file)) break;
    const hints = { importedName: name, wholeFileOtherwise: true };
    const logLine = context.logLine + delta;
    if (first === undefined) {
      first = context.emit({ file, line: 0, severity: 'error', message: `cannot find module "${name}"`, hints, logLine });
    } else {
      // An error still: standing alone (its dependency's file dropped), it is the failure's place in the workspace.
      const message = `requires "${name}" (cannot find module "${missingName}")`;
      context.emit({ file, line: 0, severity: 'error', message, hints, logLine, relatedTo: first });
    }
    name = requiredAs(file);
  }
  return first !== undefined;
}

function parseUnresolvedImport(context: LineContext): boolean {
  if (parseRequireStack(context)) return true;
  const match = UNRESOLVED.exec(context.text);
  const name = match?.[2];
  const file = match?.[4];
  if (!match || name === undefined || file === undefined || !plausiblePath(file)) return false;
  // One message for the warning and the `Error:` that rethrows it, so the two printings fold into one.
  context.emit({ file, line: 0, severity: 'error', message: `cannot resolve import "${name}"`, hints: { importedName: name } });
  return true;
}

export const unresolvedImport: GrammarFormat = {
  name: 'unresolved-import',
  language: 'JavaScript',
  description:
    '`vite build`, `rollup -c`, `node a.mjs`: a module that cannot be resolved, named with the file importing it ' +
    '(`failed to resolve import "x" from "src/a.ts"`, `Cannot find package \'x\' imported from /app/a.mjs`); the line is ' +
    "the file's import of the name. `node a.js` (CommonJS): `Cannot find module 'x'`, then `Require stack:` and `- /app/src/a.js` " +
    'entries: the first entry in the workspace, at its require of the entry above, else the file as a whole.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'severity', 'message'],
  observed: true,
  url: 'https://nodejs.org/api/errors.html#err_module_not_found',
  // The report starts its line, after vite's tag, rollup's `[!]` and the error's name when printed (`Error: [vite]: …`,
  // `[!] RollupError: Could not resolve …` in colour, `Error [ERR_MODULE_NOT_FOUND]: Cannot find …`).
  anchor:
    `^${COLOUR}(?:(?:\\[(?:!|vite)\\]:? |(?:Rollup)?Error(?: \\[ERR_MODULE_NOT_FOUND\\])?: )${COLOUR}){0,3}` +
    '(?:(?:Rollup|Rolldown) failed to resolve import|Could not resolve|Cannot find (?:module|package)) ["\'`]',
  parse: parseUnresolvedImport,
};

// A module that cannot be resolved is reported against the file that imports it, named in words and without a line:
// vite/rollup's `[vite]: Rollup failed to resolve import "x" from "/abs/src/a.ts".`, rollup's `Could not resolve
// './x' from src/a.js`, node's ESM loader `Cannot find package 'x' imported from /abs/src/a.mjs`. The line the user
// wants is that file's import of the name: the grammar records the name (hints.importedName) and resolve reads the
// file for it (src/resolve/imported-lines.ts); when the file does not import it there, nothing is reported.
// Link: https://nodejs.org/api/errors.html#err_module_not_found
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

const COLOUR = '(?:\\x1b\\[[0-9;]*m)*';

// The name is quoted; the importing file is quoted or runs to the end of the line (node), less a closing period.
const UNRESOLVED = new RegExp(
  '(?:failed to resolve import|Could not resolve|Cannot find (?:module|package)) ' +
    '(["\'`])([^"\'`\\s]{1,300})\\1 (?:imported )?from (["\'`]?)(.+?)\\3\\.?$',
);

function parseUnresolvedImport(context: LineContext): boolean {
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
    "the file's import of the name.",
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

// ESLint: the default `stylish` formatter (file header line, then `  L:C  severity  message  rule` rows; Vale's
// default output has the same layout, its header one space in and long messages wrapped), the `unix` formatter
// (`/abs/file.js:L:C: message [Severity/rule]`) and the `codeframe` one (built in up to ESLint 7, a package
// since): `error: message (rule) at src/file.js:L:C:` above a code frame.
// Link: https://eslint.org/docs/latest/use/formatters/
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { parseColonHead, plausiblePath } from './shared/common.js';
import { SGR } from '../engine/anchors.js';

// A rule id: `eqeqeq`, `no-unused-vars`, `@typescript-eslint/no-explicit-any`, `react-hooks/exhaustive-deps`.
const RULE_ID = /^(?:@[\w.-]+\/)?[\w.-]+(?:\/[\w.-]+)*$/;

interface StylishState {
  /** The file header of the rows being read and the log line of the last row (consecutive rows reuse it). */
  header?: string;
  lastRow: number;
}

/** A stylish file header: a path alone on its line (ESLint prints it absolute at column 0; Vale, one space in). */
function headerPath(line: string | undefined): string | undefined {
  if (line === undefined || /^\s{2}/.test(line)) return undefined;
  const path = line.trim();
  return plausiblePath(path) ? path : undefined;
}

// A row's message wrapped onto the next line (Vale wraps its message column): deeper than any row or header.
const WRAPPED_MESSAGE = /^\s{8,}\S/;

const ROW_SHAPE = /^\s+\d+:\d+\s+(?:error|warning)\s/;
// The same shape with its fields: the blank after the severity word is not part of the head.
const ROW_HEAD = /^\s+(\d+):(\d+)\s+(error|warning)(?=\s)/;

// The header is above the file's rows: consecutive rows keep it in state, so a file with more rows than
// the look-back window (40) still finds it; otherwise walk back over the rows to it.
function findHeader(context: LineContext, state: StylishState): string | undefined {
  if (state.header !== undefined && state.lastRow === context.logLine - 1) return state.header;
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (ROW_SHAPE.test(line) || WRAPPED_MESSAGE.test(line)) continue;
    return headerPath(line);
  }
  return undefined;
}

function parseStylish(context: LineContext): boolean {
  const text = context.text;
  // The row head decides the row: one regex, where a Chevrotain parse of the row head lexed the whole line
  // and built a tree for the same four fields (issue 21).
  const row = ROW_HEAD.exec(text);
  if (!row) return false;
  const line = Number(row[1]);
  const column = Number(row[2]);
  const severityWord = row[3];
  const state = context.state<StylishState>(() => ({ lastRow: -1 }));
  const header = findHeader(context, state);
  if (header === undefined) return false;
  state.header = header;
  state.lastRow = context.logLine;
  // Fields are separated by two or more spaces; the last one is the rule id when it looks like one
  // (parsing errors have none).
  let message = text.slice(row[0].length).trim();
  let code: string | null = null;
  const split = /^(.*\S)\s{2,}(\S+)$/.exec(message);
  if (split && RULE_ID.test(split[2] ?? '')) {
    message = split[1] ?? message;
    code = split[2] ?? null;
  }
  context.emit({ file: header, line, column, severity: severityWord === 'warning' ? 'warning' : 'error', code, message });
  return true;
}

function parseUnix(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head) return false;
  const tail = /^:\s?(.*?)\s*\[(Error|Warning)(?:\/([^\]\s]+))?\]\s*$/.exec(head.rest);
  if (!tail) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: tail[2] === 'Warning' ? 'warning' : 'error',
    code: tail[3] ?? null,
    message: tail[1] ?? '',
  });
  return true;
}

// The place ends the head line, after the last ` at ` (a message may itself say "at").
const CODEFRAME_PLACE = /:(\d+):(\d+):\s*$/;
const CODEFRAME_HEAD = /^(error|warning): (.*)$/;

function parseCodeframe(context: LineContext): boolean {
  const text = context.text;
  const place = CODEFRAME_PLACE.exec(text);
  const at = place ? text.lastIndexOf(' at ', place.index) : -1;
  const head = at < 0 ? null : CODEFRAME_HEAD.exec(text.slice(0, at));
  const file = text.slice(at + ' at '.length, place?.index);
  if (!place || !head || !plausiblePath(file)) return false;
  // A parsing error names no rule: `error: Parsing error: Unexpected token ; at src/a.js:3:29:`.
  const rule = /\s\(([^()\s]+)\)$/.exec(head[2] ?? '');
  const message = rule ? (head[2] ?? '').slice(0, rule.index) : (head[2] ?? '');
  context.emit({
    file,
    line: Number(place[1]),
    column: Number(place[2]),
    severity: head[1] === 'warning' ? 'warning' : 'error',
    code: rule?.[1] ?? null,
    message,
  });
  return true;
}

const stylish: GrammarFormat = {
  name: 'eslint-stylish',
  language: 'JavaScript',
  description: '`npx eslint src` (default stylish formatter): the file alone on a line, then `  2:25  error  msg  rule` rows.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://eslint.org/docs/latest/use/formatters/#stylish',
  // A row: indentation, `L:C`, spaces, the severity word (each part may be wrapped in colour codes); the
  // scanner lets line-start anchors match after CI prefixes too.
  anchor: `^(?:[ \\t]|\\x1b\\[[0-9;]*m)+\\d+:\\d+${SGR} +${SGR}(?:error|warning)${SGR} `,
  parse: parseStylish,
};

const unix: GrammarFormat = {
  name: 'eslint-unix',
  language: 'JavaScript',
  description: '`npx eslint -f unix src` (eslint-formatter-unix): `/abs/file.js:2:25: msg [Error/rule]`.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://www.npmjs.com/package/eslint-formatter-unix',
  anchor: '\\[(?:Error|Warning)(?:/[^\\]\\s]*)?\\]\\s*$',
  parse: parseUnix,
};

const codeframe: GrammarFormat = {
  name: 'eslint-codeframe',
  language: 'JavaScript',
  description: '`npx eslint -f codeframe src` (eslint-formatter-codeframe): `error: msg (rule) at src/util.js:2:25:`, then a code frame.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://www.npmjs.com/package/eslint-formatter-codeframe',
  // The severity starts the line (red or yellow under --color); the parser checks the ` at path:L:C:` tail.
  anchor: `^${SGR}(?:error|warning)${SGR}: `,
  parse: parseCodeframe,
};

export const eslintFamily: GrammarFamily = {
  // Independent shapes (a row has no path, a unix line ends in `[Severity/rule]`, a codeframe head starts with
  // `error: ` and ends with ` at path:L:C:`): the order does not matter.
  formats: [stylish, unix, codeframe],
};

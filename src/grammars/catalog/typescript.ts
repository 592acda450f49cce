// The TypeScript compiler: `--pretty false` rows `file(L,C): error TSnnnn: msg` and `--pretty` rows
// `file:L:C - error TSnnnn: msg` with their code frames and the trailing `Found N errors` summary.
// Link: https://www.typescriptlang.org/docs/handbook/compiler-options.html (see --pretty)
import type { RawLocation, Severity } from '../../core/index.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { parseColonHead, parseParenHead, plausiblePath } from './shared/common.js';
import type { LineParser } from '../engine/parser.js';
import { SGR } from '../engine/anchors.js';

// tsc prints chained explanations ("Types of property 'id' are incompatible.") on indented lines below
// the error; a bound keeps a pathological chain from swallowing the log.
const MAX_CONTINUATION_LINES = 12;

function severityOfCategory(category: string): Severity {
  // tsc's diagnostic categories: error, warning, suggestion and message (informational).
  return category === 'error' ? 'error' : category === 'warning' ? 'warning' : 'note';
}

// A wrapper or a paste that indents tsc's whole output (pulumi's `Diagnostics:` block prints ts-node's rows four spaces
// in, a Markdown code block does too) indents each row's head as much as the continuations: "indented" alone took the
// next row, and every row below it, into the message above. A continuation is indented deeper than its own head.
const indentOf = (line: string): number => line.length - line.trimStart().length;

/** The message with its continuation lines, indented deeper than its head (each on its own line, indentation intact). */
function withContinuation(context: LineContext, first: string): string {
  const depth = indentOf(context.text);
  const lines = [first.trim()];
  for (let delta = 1; delta <= MAX_CONTINUATION_LINES; delta++) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '' || indentOf(line) <= depth) break;
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}

const DIAGNOSTIC_TAIL = /^:?\s*(error|warning|message|suggestion) (TS\d+): ?(.*)$/;

function parseTsc(context: LineContext): boolean {
  // Paths may hold spaces and parentheses (`/proj (copy)/a.ts(3,7)`): the suffix `(L,C)` ends the path.
  const head = parseParenHead(context, { parens: true });
  if (!head) return false;
  const tail = DIAGNOSTIC_TAIL.exec(head.rest);
  if (!tail) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: severityOfCategory(tail[1] ?? 'error'),
    code: tail[2] ?? null,
    message: withContinuation(context, tail[3] ?? ''),
  });
  return true;
}

// `Found 2 errors in the same file, starting at: src/label.ts:1`, `Found 1 error in src/a.ts:4`, `Found 4 errors in 2 files.`
const FOUND_SUMMARY = /^\s*Found \d+ errors?\b/;
// A row of the `Errors  Files` table: `     3  src/user.ts:4` (the count, two spaces, the first error's place).
const TABLE_ROW = /^\s+\d+ {2}\S.*:\d+\s*$/;
const TABLE_HEADER = /^Errors {2}Files\s*$/;
const TABLE_PLACE = /^\s+(\d+) {2}(\S.*):(\d+)\s*$/;
// `Found 2 errors in the same file, starting at: src/a.ts:12`, `Found 1 error in src/a.ts:12` (TypeScript 4.6+).
const SUMMARY_PLACE = /^\s*Found \d+ errors? in (?:the same file, starting at: )?(\S.*):(\d+)\s*$/;
const MAX_REPORTED = 10_000;

interface PrettyState {
  /** Log line of the last claimed summary-table row (rows are consecutive, the table can exceed the look-back). */
  lastTableRow: number;
  /** Files a diagnostic of this log named (bounded): a summary place in one of them repeats it. */
  reported: Set<string>;
  /** The diagnostic whose block the following lines belong to (its related spans come before the next head). */
  owner?: RawLocation;
}

// A related span (relatedInformation, e.g. "'price' is declared here."): under the diagnostic's frame, a line
// `  src/types.ts:3:3` with only the place, then that place's own frame, then the span's message. The native
// compiler (tsgo, TypeScript 7) writes the message on the place's line instead: `  src/main.ts:3:7 - 'x' is declared here.`
const RELATED_HEAD = /^ {2}\S.*:\d+:\d+(?:\s*| - .*)$/;
const INLINE_MESSAGE = /^ - (.*)$/;
function parseRelated(context: LineContext, state: PrettyState): boolean {
  const owner = state.owner;
  if (!owner || !RELATED_HEAD.test(context.text) || context.logLine - owner.logLine > 40) return false;
  const head = parseColonHead(context, { from: 2 }) ?? parseParenthesisedPath(context);
  if (!head || head.column === null) return false;
  const inline = INLINE_MESSAGE.exec(head.rest);
  if (head.rest.trim() !== '' && !inline) return false;
  const framed = new RegExp(`^\\s*${head.line} `).test(context.line(1) ?? '');
  const messageAt = framed ? 3 : 1;
  const lines = inline ? [(inline[1] ?? '').trim()] : messageBelow(context, messageAt);
  const endColumn = framed ? underlinedEnd(context, head.line, head.column) : null;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    endColumn,
    severity: 'note',
    code: null,
    message: lines.join('\n'),
    relatedTo: owner,
  });
  return true;
}

function messageBelow(context: LineContext, messageAt: number): string[] {
  const lines: string[] = [];
  for (let delta = messageAt; delta < messageAt + MAX_CONTINUATION_LINES; delta++) {
    const line = context.line(delta);
    if (line === undefined || !/^\s+\S/.test(line) || RELATED_HEAD.test(line)) break;
    lines.push(line.trim());
  }
  return lines;
}

// The summary repeats locations already reported by the diagnostics (formats.md §3.17): claimed, and emitted only
// when no diagnostic of the log named that file (a paste or a CI step that kept only the summary): then it is the
// one place left, the first error of its file (`     2  src/a.vue:57`, `… in the same file, starting at: src/a.ts:12`).
function claimSummary(context: LineContext, state: PrettyState): boolean {
  const text = context.text;
  if (FOUND_SUMMARY.test(text)) {
    const place = SUMMARY_PLACE.exec(text);
    if (place) emitUnreported(context, state, place[1]!, Number(place[2]), text.trim());
    return true;
  }
  if (!TABLE_ROW.test(text)) return false;
  let inTable = state.lastTableRow === context.logLine - 1;
  for (let delta = -1; !inTable && delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined || !(TABLE_ROW.test(line) || TABLE_HEADER.test(line))) break;
    inTable = TABLE_HEADER.test(line);
  }
  if (!inTable) return false;
  state.lastTableRow = context.logLine;
  const row = TABLE_PLACE.exec(text);
  if (row) emitUnreported(context, state, row[2]!, Number(row[3]), `${row[1]} error(s) in this file, the first here (tsc's summary)`);
  return true;
}

function emitUnreported(context: LineContext, state: PrettyState, file: string, line: number, message: string): void {
  if (state.reported.has(file) || !plausiblePath(file)) return;
  context.emit({ file, line, column: null, severity: 'error', message });
}

// `/home/u/proj (copy)/src/a.ts:3:7 - error …` (formats.md §3.3): the shared colon head takes no parentheses.
function parseParenthesisedPath(context: LineContext): { file: string; line: number; column: number | null; rest: string } | undefined {
  const text = context.text;
  const parsed = context.parse('tscPrettyLocation', { from: text.length - text.trimStart().length });
  const pathNode = parsed?.cst.children.path?.[0];
  const suffixNode = parsed?.cst.children.colonSuffix?.[0];
  if (!parsed || !pathNode || !suffixNode || !('children' in suffixNode)) return undefined;
  const file = context.slice(pathNode);
  const [line, column] = context.ints(suffixNode);
  if (!plausiblePath(file) || line === undefined) return undefined;
  return { file, line, column: column ?? null, rest: text.slice(parsed.end) };
}

const PRETTY_TAIL = /^ - (error|warning|message|suggestion) (TS\d+): ?(.*)$/;
// What every line PRETTY_TAIL matches on holds, wherever its head ends.
const PRETTY_TAIL_MARK = / - (?:error|warning|message|suggestion) TS\d/;

function parseTscPretty(context: LineContext): boolean {
  const state = context.state<PrettyState>(() => ({ lastTableRow: -1, reported: new Set() }));
  if (claimSummary(context, state)) {
    delete state.owner;
    return true;
  }
  if (parseRelated(context, state)) return true;
  // The tail is looked for before the head is parsed: a line the anchor chose for another shape (a related span's
  // place) with no diagnostic on it paid a failing grammar parse (~1/8 of a warm 10 KB call; issue 21).
  if (!PRETTY_TAIL_MARK.test(context.text)) return false;
  const head = parseColonHead(context) ?? parseParenthesisedPath(context);
  if (!head) return false;
  const tail = PRETTY_TAIL.exec(head.rest);
  if (!tail) return false;
  const emitted = context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    endColumn: head.column === null ? null : underlinedEnd(context, head.line, head.column),
    severity: severityOfCategory(tail[1] ?? 'error'),
    code: tail[2] ?? null,
    // Continuations end at the blank line before the code frame.
    message: withContinuation(context, tail[3] ?? ''),
  });
  if (emitted) state.owner = emitted;
  if (state.reported.size < MAX_REPORTED) state.reported.add(head.file);
  return true;
}

// Below the message (and its continuations) and a blank line, the code frame: `4 const count: number = "three";`
// then the gutter's blank and `~~~~~` under the span. A run of `~` starting exactly at the column (the
// frame's columns are the same UTF-16 indices) gives the end column.
function underlinedEnd(context: LineContext, line: number, column: number): number | null {
  for (let delta = 1; delta <= 40; delta++) {
    const code = context.line(delta);
    // The next diagnostic's head: this one printed no frame.
    if (code === undefined || / - (?:error|warning|message|suggestion) TS\d/.test(code)) return null;
    // Line numbers are right-aligned to the frame's widest (` 9` above `10`).
    // One generic regex and a comparison, not a regex compiled for every frame line read.
    const numbered = /^\s*(\d+) /.exec(code);
    if (!numbered || numbered[1] !== String(line)) continue;
    const marks = context.line(delta + 1) ?? '';
    const start = numbered[0].length + column - 1;
    if (marks.slice(0, numbered[0].length).trim() !== '' || marks[start] !== '~' || marks[start - 1] === '~') return null;
    let end = start;
    while (marks[end + 1] === '~') end++;
    return column + end - start;
  }
  return null;
}

const tsc: GrammarFormat = {
  name: 'tsc',
  language: 'TypeScript',
  description: '`tsc --noEmit --pretty false`: `src/user.ts(4,7): error TS2322: msg`, continued on indented lines.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://www.typescriptlang.org/tsconfig/#pretty',
  // TypeScript 1.8's --pretty kept this row (below the code frame) with only the severity coloured.
  anchor: `\\(\\d+,\\d+\\): ${SGR}(?:error|warning|message|suggestion)${SGR} TS\\d`,
  parse: parseTsc,
};

const tscPretty: GrammarFormat = {
  name: 'tsc-pretty',
  language: 'TypeScript',
  description:
    '`tsc --noEmit --pretty`: `src/user.ts:4:7 - error TS2322: msg` (ANSI between fields), code frames whose `~~~~` gives the end ' +
    'column, and a `Found N errors` summary that is ignored.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://www.typescriptlang.org/tsconfig/#pretty',
  // The diagnostic (colour codes around the severity), the summary sentence, and the summary table's rows.
  anchor:
    ` - ${SGR}(?:error|warning|message|suggestion)${SGR} TS\\d` +
    `|Found \\d+ errors? in ` +
    // A related span's place alone on its line, two spaces in (path cyan, line and column yellow).
    // tsgo writes the span's message after ` - ` on that line.
    `|^  ${SGR}[^\\s][^\\n]*?${SGR}:${SGR}\\d+${SGR}:${SGR}\\d+${SGR}(?:[ \\t]*$| - )` +
    `|^ +\\d+  [^\\n]*?\\.[A-Za-z][A-Za-z0-9+_]{0,11}${SGR}:${SGR}\\d+${SGR}\\s*$`,
  parse: parseTscPretty,
};

function defineTypescriptRules(parser: LineParser): void {
  // path:L:C where the path may hold spaces and parentheses; the ` - error TSnnnn` tail is checked by the caller.
  parser.define('tscPrettyLocation', () => {
    parser.sub(1, 'path', [{ until: 'colon', spaces: true, parens: true }]);
    parser.sub(1, 'colonSuffix');
  });
}

export const typescriptFamily: GrammarFamily = {
  rules: defineTypescriptRules,
  // Either order works (their suffixes differ: `(L,C): error` vs `:L:C - error`); plain first as the common CI shape.
  formats: [tsc, tscPretty],
};

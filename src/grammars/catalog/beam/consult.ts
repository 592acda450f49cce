// A file read as Erlang terms (`file:consult/1`, `file:script/1`: rebar's `rebar.config`, `sys.config`, an `.app.src`)
// fails with `{error,{Line,Module,Reason}}`, OTP's ErrorInfo. Tools print it after the file's name with `~p`
// (`ERROR: Failed to load rebar.config: {error,{32,file,…}}`), and the pretty printer breaks a long term after
// `{error,`, one element a line, aligned under the term: the line number is then on the next line. OTP 24+ may give
// the position as `{Line,Column}`.
// Link: https://www.erlang.org/doc/man/file.html#consult-1
import type { GrammarFormat, LineContext } from '../../engine/format.js';

const ERROR_OPEN = ': {error,';
// The ErrorInfo after `{error,`: `{32,file,`, `{4,erl_parse,`, `{{4,10},erl_parse,`.
const ERROR_INFO = /^\{ ?(?:(\d{1,7})|\{(\d{1,7}), ?(\d{1,7})\}), ?([a-z]\w{0,60}),/;

/** The term after `{error,`, with the continuation lines a pretty printer broke it into (at most 8) joined. */
function termAfter(context: LineContext, from: number): string {
  let joined = context.text.slice(from, from + 300).trim();
  for (let delta = 1; delta <= 8 && !closed(joined); delta++) {
    const next = context.line(delta);
    // Continuation lines are indented under the term; anything else ends it.
    if (next === undefined || !/^\s+\S/.test(next)) break;
    joined += next.slice(0, 300).trim();
  }
  return joined;
}

/** Whether the brackets opened after `{error,` (one already open) are all closed: the term ended on this line. */
function closed(term: string): boolean {
  const depth = (term.match(/[{[]/g)?.length ?? 0) - (term.match(/[}\]]/g)?.length ?? 0);
  return depth < 0;
}

function parseConsult(context: LineContext): boolean {
  const text = context.text;
  const at = text.indexOf(ERROR_OPEN);
  if (at < 1) return false;
  // The file is the word before `: {error,` (a path: it holds a dot or a slash).
  const file = text.slice(text.lastIndexOf(' ', at - 1) + 1, at);
  if (!/^[^\s:"'{}()[\]]{1,300}$/.test(file) || !/[./]/.test(file) || /^\.+$/.test(file)) return false;
  const term = termAfter(context, at + ERROR_OPEN.length);
  const info = ERROR_INFO.exec(term);
  const line = Number(info?.[1] ?? info?.[2] ?? 0);
  if (!info || line < 1) return false;
  // The reason without the closing `}}` of the ErrorInfo and of `{error,…}`.
  const reason = term.slice(info[0].length, info[0].length + 160).replace(/\}\}$/, '');
  context.emit({
    file,
    line,
    ...(info[3] === undefined ? {} : { column: Number(info[3]) }),
    severity: 'error',
    message: `${info[4]!}: ${reason}`,
  });
  return true;
}

export const erlangConsult: GrammarFormat = {
  name: 'erlang-consult',
  language: 'Erlang',
  description:
    'A tool reading a file of Erlang terms (`rebar`, an escript: `file:consult/1`) that prints the error after the file: ' +
    '`ERROR: Failed to load rebar.config: {error,{32,file,…}}`; the term may break after `{error,`, the line on the next line.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://www.erlang.org/doc/man/file.html#consult-1',
  // Also a universal anchor (engine/prefilter.ts): the line holds no `file:line` the others would select.
  anchor: ': \\{error,(?:\\s*$|\\{ ?\\{?\\d)',
  parse: parseConsult,
};

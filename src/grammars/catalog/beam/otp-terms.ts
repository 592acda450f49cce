// OTP reports and logger lines that print an Erlang stack as a term: `=CRASH REPORT====`'s `exception exit:`,
// `=SUPERVISOR REPORT====`'s `Reason:`, `** Reason for termination ==`, lager's `Abnormal termination of …`, and
// Elixir's Logger printing the same stack as keyword lists (`[file: 'lib/x.ex', line: 33]`). Each stack entry is
// `{Module,Function,Arity,[{file,"src/m.erl"},{line,12}]}`: the location list of an entry is a location wherever it
// is printed, so it must follow an entry's arity or argument list (a `{file,"x"}` tuple elsewhere is data). Pretty
// printers break the entry before its list or the list between its two tuples: a `{file,"F"},` that ends a line takes
// the `{line,N}` opening the next one. The list runs innermost entry first.
// Link: https://www.erlang.org/doc/apps/sasl/error_logging.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { newFrameRun, type FrameRunState } from '../shared/scripting.js';
import { atDefmoduleLine } from './defmodule-line.js';

// The list follows the entry's arity or argument list (`{m,f,2,[{file,…` / `{m,f,[x],[{file,…`), not a reason atom.
const ERLANG_ENTRY = /(?:\d|\])\s*,\s*\[\{file,"([^"\n]{1,300}?\.[eh]rl)"\},\s*\{line,(\d{1,7})\}/g;
const ERLANG_ENTRY_BROKEN = /(?:\d|\])\s*,\s*\[\{file,"([^"\n]{1,300}?\.[eh]rl)"\},\s*$/;
// A pretty printer may also break the entry before its location list: the list alone opens the line.
const ERLANG_LIST_LINE = /^\s*\[\{file,"([^"\n]{1,300}?\.[eh]rl)"\},\s*(?:\{line,(\d{1,7})\}|$)/;
const LINE_TUPLE = /^\s*\{line,(\d{1,7})\}/;
// The tuple broken after `{file,`: the list opens after the entry's arity on this line or alone at the line's start.
const FILE_OPEN = /(?:(?:\d|\])\s*,\s*|^\s*)\[\{file,\s*$/;
const QUOTED_PATH_LINE = /^\s*"([^"\n]{1,300}?\.[eh]rl)"\},\s*$/;
// `[file: 'lib/x.ex', line: 33]`, and Elixir 1.15's charlist sigil `[file: ~c"lib/x.ex", line: 33]`.
const ELIXIR_ENTRY = /(?:\d|\]), \[file: (?:~c)?["']([^"'\n]{1,300}?\.(?:[eh]rl|exs?))["'], line: (\d{1,7})\]/g;
// The reason that opens the term (`{{case_clause,x},[…`, `{function_clause,[…`, Elixir's `{:undef, [{…`); a stack
// entry (`{m,f,2,…`) is neither.
const REASON = /\{\{:?([a-z]\w*)[,}]|\{:?([a-z]\w*), ?\[/;
// OTP's own modules, printed with a bare file name: the runtime, never the project.
const OTP_FILE = new RegExp(
  String.raw`^(?:gen(?:_\w+)?|proc_lib|supervisor\w*|lists|maps|erl_\w+|erlang|application\w*|io(?:_lib)?` +
    String.raw`|timer|file|code|ets|rpc|string|shell|init)\.erl$`,
);

/** The term's reason, from this line or the few above it where the report opened. */
function reasonOf(context: LineContext): string {
  for (let delta = 0; delta >= -3; delta--) {
    const reason = REASON.exec(context.line(delta) ?? '');
    const word = reason?.[1] ?? reason?.[2];
    if (word) return word;
  }
  return '';
}

function entriesOf(text: string, previous: string, next: string | undefined): { file: string; line: number }[] {
  const found: { file: string; line: number }[] = [];
  for (const pattern of [ERLANG_ENTRY, ELIXIR_ENTRY]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) found.push({ file: match[1]!, line: Number(match[2]) });
  }
  if (found.length > 0) return found;
  const listLine = /(?:\d|\])\s*,\s*$/.test(previous) ? ERLANG_LIST_LINE.exec(text) : null;
  const broken = ERLANG_ENTRY_BROKEN.exec(text) ?? (listLine?.[2] === undefined ? listLine : null);
  if (listLine?.[2] !== undefined) found.push({ file: listLine[1]!, line: Number(listLine[2]) });
  const lineTuple = broken && next !== undefined ? LINE_TUPLE.exec(next) : null;
  if (broken && lineTuple) found.push({ file: broken[1]!, line: Number(lineTuple[1]) });
  return found;
}

/** The entry whose `{file,"F"}` tuple breaks after `{file,`: three lines, read from the one that opens the list. */
function splitTupleEntry(context: LineContext): { file: string; line: number } | undefined {
  if (!FILE_OPEN.test(context.text)) return undefined;
  if (!/(?:\d|\])\s*,\s*\[/.test(context.text) && !/(?:\d|\])\s*,\s*$/.test(context.line(-1) ?? '')) return undefined;
  const path = QUOTED_PATH_LINE.exec(context.line(1) ?? '');
  const tuple = path ? LINE_TUPLE.exec(context.line(2) ?? '') : null;
  return path && tuple ? { file: path[1]!, line: Number(tuple[1]) } : undefined;
}

function parseOtpTerm(context: LineContext): boolean {
  const split = splitTupleEntry(context);
  const entries = split ? [split] : entriesOf(context.text, context.line(-1) ?? '', context.line(1));
  if (entries.length === 0) return false;
  const state = context.state<FrameRunState>(newFrameRun);
  // A pretty-printed term spreads its entries over continuation lines (`{`/`[` after the indentation) two or three
  // apart; a line that opens a term after a header (`** [{gen,…`, `exception exit: {…`) starts a new trace.
  // Entries whose tuple breaks take three lines each, their argument lists more: five apart.
  const gap = split ? 5 : 3;
  const continues = /^\s*[{[]/.test(context.text) && state.lastLine >= 0 && context.logLine - state.lastLine <= gap;
  if (!continues) {
    state.trace = context.newTraceId();
    state.index = 0;
    const reason = reasonOf(context);
    state.message = reason === '' ? 'process terminated' : `process terminated: ${reason}`;
  }
  state.lastLine = context.logLine;
  for (const entry of entries) {
    const runtime = !/[/\\]/.test(entry.file) && OTP_FILE.test(entry.file);
    context.emit({
      file: entry.file,
      line: entry.line,
      severity: 'error',
      message: state.message,
      frame: { trace: state.trace, index: state.index++, causeRank: 0 },
      ...(runtime ? { hints: { runtime: true } } : atDefmoduleLine(entry.file, entry.line) ? { hints: { generated: true } } : {}),
    });
  }
  return true;
}

export const otpStackTerm: GrammarFormat = {
  name: 'otp-stack-term',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Erlang',
  description:
    'An Erlang stack printed as a term by OTP reports and loggers (`=CRASH REPORT====`, `=SUPERVISOR REPORT====`, lager, ' +
    'Elixir\'s Logger): `{m,f,2,[{file,"src/m.erl"},{line,12}]}` entries (the pair may break across lines) and ' +
    "`[file: 'lib/x.ex', line: 33]` keyword lists, innermost entry first.",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://www.erlang.org/doc/apps/sasl/error_logging.html',
  anchor: '\\[\\{file,(?:"[^"\\n]{1,300}\\.[eh]rl"\\},|\\s*$)|\\[file: (?:~c)?["\'][^"\'\\n]{1,300}\\.(?:[eh]rl|exs?)["\'], line: \\d',
  parse: parseOtpTerm,
};

// BEAM languages: Elixir (compiler, runtime traces, ExUnit — in _elixir.ts) and Erlang (erlc diagnostics with
// their `%    3|` code frames; EUnit failure reports with `in function m:f/0 (src/m.erl, line 5)` frames and,
// inside the reported error term only, `{file,"src/m.erl"},{line,12}` stack tuples).
// Link: https://www.erlang.org/doc/man/erlc.html
// Link: https://www.erlang.org/doc/apps/eunit/chapter.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { parseColonHead, plausiblePath } from '../shared/common.js';
import { newFrameRun, type FrameRunState } from '../shared/scripting.js';
import { EOF } from 'chevrotain';
import { ALL_TOKENS, Comma, DQuote, Int, LBrace, LParen, RBrace, RParen, Space, Word } from '../../engine/tokens.js';
import { elixir, exunit } from './elixir.js';
import { otpStackTerm } from './otp-terms.js';
import { erlangConsult } from './consult.js';

const ERLANG_FILE = /\.[eh]rl$/;

// --- erlc ---

function parseErlc(context: LineContext): boolean {
  // `src/m.erl:4:8: function undefined_fun/0 undefined` (an error: erlc prints no severity word for errors)
  // or `src/m.erl:7:5: Warning: variable 'Y' is unused`. OTP < 24 prints no column.
  const head = parseColonHead(context);
  if (!head || head.start !== 0 || !ERLANG_FILE.test(head.file) || !head.rest.startsWith(': ')) return false;
  const warning = /^: Warning: (.*)$/.exec(head.rest);
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: warning ? 'warning' : 'error',
    message: warning ? (warning[1] ?? '') : head.rest.slice(2),
  });
  return true;
}

// --- eunit ---

// OTP modules whose frames EUnit prints with a bare file name (`(eunit_test.erl, line 273)`): the test
// harness and the standard library, never the project under test.
const OTP_MODULE = new RegExp(
  String.raw`^(?:eunit(?:_\w+)?|erl_\w+|erlang|proc_lib|gen(?:_\w+)?|lists|maps|shell|init|io(?:_lib)?|timer|file|code|supervisor` +
    String.raw`|application\w*|rpc|ets|string)$`,
);

const FAILED_TEST = /^\s*([\w@.]+):\s*(?:\d+: )?(.*?)\.\.\.\*failed\*$/;
// EUnit prints its frames at the margin; the shell's exception report (`1> ** exception error: …`) indents them, the
// word padded (`     in function  lists:foldl/3 (lists.erl, line 1263)`), and OTP's modules are named just as bare.
const FRAME = /^\s*(in function|in call from)\s+(\S+?):\S+ \(/;
const SHELL_EXCEPTION = /\*\* exception (?:error|exit|throw): (.*)$/;
const ERROR_TERM = /^\*\*(error|exit|throw):(.*)$/;

interface EunitState extends FrameRunState {
  /** Log line of the current report's `**error:` term (-1 outside one) and the message its tuples get. */
  termLine: number;
  termMessage: string;
  /** Trace of the tuples of the current term (-1 until its first tuple). */
  tupleTrace: number;
  tupleIndex: number;
}

/** The test named by the nearest `mod: test...*failed*` line above (within 40 lines). */
function failedTestAbove(context: LineContext): string {
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    const failed = FAILED_TEST.exec(line);
    if (failed) return `${failed[1]}: ${failed[2]}`;
  }
  return '';
}

/** The reported term from its `**error:` line at `delta` to `output:<<` (whitespace collapsed, bounded). */
function termText(context: LineContext, delta: number): string {
  const parts: string[] = [];
  for (let at = delta; at < delta + 12; at++) {
    const line = context.line(at);
    if (line === undefined || line.trim() === '' || /^\s*output:<</.test(line)) break;
    parts.push(line.trim());
  }
  return parts.join(' ').replace(/^\*\*/, '').slice(0, 300);
}

/** `<test> failed: error:<term>` from the `**error:…` term below a report's frames (within 40 lines). */
function eunitMessage(context: LineContext): string {
  const test = failedTestAbove(context);
  for (let delta = 1; delta <= 40; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (ERROR_TERM.test(line)) return `${test} failed: ${termText(context, delta)}`.trim();
  }
  if (test !== '') return `${test} failed`;
  for (let delta = -1; delta >= -12; delta--) {
    const shell = SHELL_EXCEPTION.exec(context.line(delta) ?? '');
    if (shell) return (shell[1] as string).trim();
  }
  return '';
}

function parseEunitFrame(context: LineContext, state: EunitState, frame: RegExpExecArray): boolean {
  const parsed = context.parse('eunitFrameLocation', { from: frame[0].length - 1 });
  const pathNode = parsed?.cst.children.eunitPath?.[0];
  if (!parsed || !pathNode) return false;
  const file = context.slice(pathNode, parsed);
  const line = context.ints(parsed.cst).at(-1);
  if (line === undefined || !plausiblePath(file)) return false;
  // `in function` opens a report (the innermost frame); `in call from` continues it.
  if (frame[1] === 'in function' || context.logLine - state.lastLine > 2) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.message = eunitMessage(context);
  }
  state.lastLine = context.logLine;
  const runtime = !/[/\\]/.test(file) && OTP_MODULE.test((frame[2] ?? '').replace(/^'|'$/g, ''));
  context.emit({
    file,
    line,
    severity: null,
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
    ...(runtime ? { hints: { runtime: true } } : {}),
  });
  return true;
}

function parseEunit(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<EunitState>(() => ({ ...newFrameRun(), termLine: -1, termMessage: '', tupleTrace: -1, tupleIndex: 0 }));
  const frame = FRAME.exec(text);
  if (frame) return parseEunitFrame(context, state, frame);
  // `{file,"src/calc.erl"},{line,6}` inside the error term of a report (formats.md §3.18: elsewhere these
  // tuples are data, not locations). The term runs from `**error:` to `output:<<…>>`, within 40 lines.
  const term = ERROR_TERM.exec(text);
  if (term) {
    state.termLine = context.logLine;
    state.termMessage = `${failedTestAbove(context)} failed: ${termText(context, 0)}`.trim();
    state.tupleTrace = -1;
    state.tupleIndex = 0;
  } else if (/^\s*output:<</.test(text)) {
    state.termLine = -1;
    return true;
  } else if (state.termLine < 0 || context.logLine - state.termLine > 40) {
    return false;
  }
  let emitted = false;
  for (let at = text.indexOf('{file,"'); at >= 0; at = text.indexOf('{file,"', at + 1)) {
    const parsed = context.parse('erlangFileLineTuple', { from: at });
    const pathNode = parsed?.cst.children.path?.[0];
    if (!parsed || !pathNode || !/\},\{line,\d+\}$/.test(text.slice(at, parsed.end))) continue;
    const line = context.ints(parsed.cst).at(-1);
    const file = context.slice(pathNode, parsed);
    if (line === undefined || !ERLANG_FILE.test(file)) continue;
    if (state.tupleTrace < 0) state.tupleTrace = context.newTraceId();
    context.emit({
      file,
      line,
      severity: null,
      message: state.termMessage,
      frame: { trace: state.tupleTrace, index: state.tupleIndex++, causeRank: 0 },
    });
    emitted = true;
  }
  return emitted || term !== null;
}

function defineBeamRules(parser: LineParser): void {
  // `(src/m.erl, line 5)`: the path runs to the `, line N)` tail (a path may hold spaces and commas).
  const atTail = (): boolean =>
    parser.peek(1).tokenType === Comma &&
    parser.peek(2).tokenType === Space &&
    parser.word(3, 'line') &&
    parser.peek(4).tokenType === Space &&
    parser.peek(5).tokenType === Int &&
    parser.peek(6).tokenType === RParen;
  parser.define('eunitPath', () => {
    const step = (idx: number): void =>
      parser.alt(
        idx,
        ALL_TOKENS.map((type) => ({ GATE: () => parser.peek(1).tokenType === type, ALT: () => parser.tok(idx, type) })),
      );
    step(1);
    parser.rep(
      1,
      () => !atTail() && parser.peek(1).tokenType !== EOF,
      () => step(2),
    );
  });
  parser.define('eunitFrameLocation', () => {
    parser.tok(1, LParen);
    parser.sub(1, 'eunitPath');
    parser.tok(1, Comma);
    parser.tok(1, Space);
    parser.tok(1, Word);
    parser.tok(2, Space);
    parser.tok(1, Int);
    parser.tok(1, RParen);
  });
  // `{file,"src/m.erl"},{line,12}`: Erlang's stack-frame location tuples.
  parser.define('erlangFileLineTuple', () => {
    parser.tok(1, LBrace);
    parser.tok(1, Word);
    parser.tok(1, Comma);
    parser.tok(1, DQuote);
    parser.sub(1, 'path', [{ until: 'quote' }]);
    parser.tok(2, DQuote);
    parser.tok(1, RBrace);
    parser.tok(2, Comma);
    parser.tok(2, LBrace);
    parser.tok(2, Word);
    parser.tok(3, Comma);
    parser.tok(1, Int);
    parser.tok(2, RBrace);
  });
}

const erlc: GrammarFormat = {
  name: 'erlc',
  language: 'Erlang',
  description:
    '`erlc src/m.erl`: `src/m.erl:4:8: function undefined_fun/0 undefined` (errors carry no severity word), `…: Warning: …`, each ' +
    'followed by a `%    4| …` code frame.',
  // OTP 24+ columns are 1-based characters (erl_scan counts codepoints).
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://www.erlang.org/doc/man/erlc.html',
  anchor: '\\.[eh]rl:\\d',
  parse: parseErlc,
};

const eunit: GrammarFormat = {
  name: 'eunit',
  trace: { innermost: 'first', causes: 'none', testRunner: true },
  language: 'Erlang',
  description:
    '`eunit:test(Mod)` (EUnit): `calc_tests: add_test...*failed*`, `in function calc_tests:add_test/0 (test/calc_tests.erl, line 5)` ' +
    'frames, and `{file,"src/calc.erl"},{line,6}` tuples inside the `**error:` term.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://www.erlang.org/doc/apps/eunit/chapter.html',
  // Frames say `.erl, line N)`; tuples need the `**error:` line and its continuation lines to be candidates.
  // Tuples sit mid-line in an indented term line that starts with `{` or `[` (the prefilter tries phrase anchors
  // at line starts only).
  anchor: '\\.[eh]rl, line \\d|[{[][^\\n]{0,300}?\\{file,"[^"\\n]{1,300}\\.[eh]rl"\\},\\{line,\\d|^\\*\\*(?:error|exit|throw):|output:<<',
  parse: parseEunit,
};

export const beamFamily: GrammarFamily = {
  // ExUnit before elixir: inside an ExUnit block a `test/x_test.exs:4` line is the failing test and its frames
  // belong to that failure, while elixir would read an indented location as a warning or a runtime frame.
  // eunit before erlc: both see `.erl`, but only eunit's lines have `, line N)` and erlc requires `path:L:` at line start.
  // otp-stack-term after eunit: inside an EUnit `**error:` term eunit owns the tuples and names the failing test.
  // erlang-consult last: its `F: {error,{L,Mod,…` shape is no other beam format's, and it reads no line they read.
  formats: [exunit, elixir, eunit, otpStackTerm, erlc, erlangConsult],
  rules: defineBeamRules,
};

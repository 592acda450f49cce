// Elixir: compiler errors (`** (CompileError) lib/calc.ex:3: msg`), warnings whose location comes on the
// NEXT line (1.14: `  lib/calc.ex:3: Calc.bad/0`; 1.15+: `└─ lib/calc.ex:3:5: Calc.bad/0`), runtime stack
// traces (`    lib/math.ex:3: MathOps.ratio/2`, `    (elixir 1.14.0) lib/enum.ex:1658: Enum.map/2`) and
// ExUnit failure blocks (`  1) test adds (CalcTest)` / `     test/calc_test.exs:4` alone / `stacktrace:`).
// Link: https://hexdocs.pm/elixir/1.14/Exception.html#format_stacktrace_entry/1
// Link: https://hexdocs.pm/ex_unit/1.14/ExUnit.Formatter.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead, type LocationHead } from '../shared/common.js';
import { newFrameRun, type FrameRunState } from '../shared/scripting.js';
import { atDefmoduleLine } from './defmodule-line.js';

/** `.ex`/`.exs` followed by `:digit`: every Elixir location has it (warnings, frames, ExUnit lines), and a
 * stacktrace's Erlang frames `.erl:digit`. */
const ELIXIR_ANCHOR = '\\.(?:exs?|[eh]rl):\\d';
const ELIXIR_FILE = /\.exs?$/;
// An Elixir stacktrace names Erlang modules' files too (`(stdlib 4.2) gen_server.erl:1149: :gen_server.f/4`, a
// project's own `src/parser.erl`): such a line is a frame when the app prefix or an Erlang `:module.` label says so.
const ERLANG_FILE = /\.[eh]rl$/;

// OTP and Elixir's own applications: their frames (`(elixir 1.14.0) lib/enum.ex:1658`) name files inside the
// installed runtime, never the project (a project's own app prints `(calc 0.1.0) lib/calc.ex:5`, which is user code).
const RUNTIME_APPS = /^(?:elixir|stdlib|kernel|compiler|erts|ex_unit|mix|iex|logger|eex|crypto|ssl|inets|public_key)$/;

/** `[(app version) ]path:L[:C][: label]` after the indentation; the app prefix tells runtime frames apart. */
interface ElixirFrame {
  head: LocationHead;
  app: string | null;
  label: string;
}

function parseFrameLine(context: LineContext, from: number): ElixirFrame | undefined {
  const prefix = /^\(([a-z][\w]*)(?: [\w.+-]+)?\) /.exec(context.text.slice(from));
  const head = parseColonHead(context, { from: from + (prefix?.[0].length ?? 0) });
  if (!head || (head.rest !== '' && !head.rest.startsWith(': '))) return undefined;
  const label = head.rest.slice(2);
  if (!ELIXIR_FILE.test(head.file) && !(ERLANG_FILE.test(head.file) && (prefix !== null || label.startsWith(':')))) return undefined;
  return { head, app: prefix?.[1] ?? null, label };
}

function frameHints(frame: ElixirFrame): { runtime: true } | { generated: true } | undefined {
  if (frame.app !== null && RUNTIME_APPS.test(frame.app)) return { runtime: true };
  return atDefmoduleLine(frame.head.file, frame.head.line) ? { generated: true } : undefined;
}

// --- elixir (compiler and runtime) ---

const EXCEPTION_HEADER = /^\*\* \((\w+(?:\.\w+)*)\) ?(.*)$/;
const WARNING_HEADER = /^(warning|error): (.*)$/;

/** The `warning: …` / `error: …` text a location line belongs to: the nearest header above, within 12 lines. */
function diagnosticAbove(context: LineContext): { severity: 'warning' | 'error'; message: string } | undefined {
  const body: string[] = [];
  for (let delta = -1; delta >= -12; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '') return undefined;
    const header = WARNING_HEADER.exec(line);
    if (header) return { severity: header[1] === 'error' ? 'error' : 'warning', message: [header[2] ?? '', ...body].join(' ').trim() };
    // 1.15+ code frames (`│`, ` 3 │ …`) and sibling locations of the same warning are skipped; other
    // indented text continues the message (1.14 wraps long warnings on the lines before the location).
    if (/^\s*(?:│|\d+ │|└─|├─)/.test(line) || /^\s+\S+\.exs?:\d+/.test(line)) continue;
    if (!/^\s/.test(line)) return undefined;
    body.unshift(line.trim());
  }
  return undefined;
}

interface ExceptionHeader {
  message: string;
  /** The exception wraps another printed inside it, more deeply indented (an exit that an exception caused). */
  wraps: boolean;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

/**
 * The `** (Kind) message` header four columns left of a run of frames at `indent`. An exit's header wraps the
 * exception that caused it (`** (exit) exited in: GenServer.call(…)` / `    ** (EXIT) an exception was raised:` /
 * `        ** (ArithmeticError) …` and its frames), printed between the header and the exit's own frames.
 */
function exceptionAbove(context: LineContext, indent: number): ExceptionHeader | undefined {
  let wraps = false;
  for (let delta = -1; delta >= -80; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '') return undefined;
    const lineIndent = indentOf(line);
    const header = EXCEPTION_HEADER.exec(line.trimStart());
    if (header && lineIndent === indent - 4) return { message: `${header[1]}: ${header[2] ?? ''}`.trim(), wraps };
    if (lineIndent < indent) return undefined;
    if (header) wraps = true;
    else if (lineIndent > indent && !/^\s*\(?[\w:.]/.test(line)) return undefined;
  }
  return undefined;
}

// Frames with no file (`:erlang.apply(…)`, `:rebar_dep.f()`, `(elixir) Mod.f/1`) are frames all the same: lines
// at the run's indentation between two file frames keep them one trace, up to this many.
const MAX_FILELESS_FRAMES = 8;

/** True when every line between the run's last frame and this one sits at the run's indentation. */
function continuesRun(context: LineContext, lastLine: number, indent: number): boolean {
  const gap = context.logLine - lastLine;
  if (lastLine < 0 || gap < 1 || gap > MAX_FILELESS_FRAMES + 1) return false;
  for (let delta = -1; delta > -gap; delta--) {
    const line = context.line(delta) ?? '';
    if (line.trim() === '' || indentOf(line) !== indent || EXCEPTION_HEADER.test(line.trimStart())) return false;
  }
  return true;
}

interface ElixirRun extends FrameRunState {
  /** Indentation of the run's frames: a nested exception's frames sit four columns right of its header. */
  indent: number;
}

function parseElixir(context: LineContext): boolean {
  const text = context.text;
  // `** (CompileError) lib/calc.ex:3: msg` / `** (SyntaxError) lib/syn.ex:3:8: msg`: the compile error itself.
  const exception = EXCEPTION_HEADER.exec(text);
  if (exception) {
    const head = parseColonHead(context, { from: text.indexOf(') ') + 2 });
    if (!head || !ELIXIR_FILE.test(head.file) || !head.rest.startsWith(': ')) return false;
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: 'error',
      message: `${exception[1]}: ${head.rest.slice(2)}`,
    });
    return true;
  }
  // 1.15+: `└─ lib/calc.ex:3:5: Calc.bad/0` closes a `warning:`/`error:` block with a code frame.
  const tree = /^\s*[└├]─ /.exec(text);
  const indent = tree ? tree[0].length : text.length - text.trimStart().length;
  if (indent === 0) return false;
  const frame = parseFrameLine(context, indent);
  if (!frame) return false;
  // 1.14: the location line sits right under its warning, indented two spaces.
  const diagnostic = tree || indent === 2 ? diagnosticAbove(context) : undefined;
  if (diagnostic) {
    const { head } = frame;
    context.emit({ file: head.file, line: head.line, column: head.column, severity: diagnostic.severity, message: diagnostic.message });
    return true;
  }
  if (tree || indent < 4 || indent % 4 !== 0) return false;
  // A stack frame (innermost first) under a `** (Kind) message` header; at four columns a run may also follow a
  // reporter's own line (Logger's `checkout failed: …`), deeper ones only a nested exception's header.
  const run = context.state<ElixirRun>(() => ({ ...newFrameRun(), indent: 0 }));
  if (run.indent !== indent || !continuesRun(context, run.lastLine, indent)) {
    const header = exceptionAbove(context, indent);
    if (!header && indent !== 4) return false;
    run.trace = context.newTraceId();
    run.index = 0;
    run.indent = indent;
    run.message = header?.message ?? '';
    // The exception inside an exit is its cause: the root of the chain, printed first.
    run.causeRank = header?.wraps === true ? 1 : 0;
  }
  // A frame with no file before this one still counts in the trace's order.
  else run.index += context.logLine - run.lastLine - 1;
  run.lastLine = context.logLine;
  context.emit({
    file: frame.head.file,
    line: frame.head.line,
    severity: null,
    message: run.message,
    frame: { trace: run.trace, index: run.index++, causeRank: run.causeRank },
    ...(frameHints(frame) ? { hints: frameHints(frame) } : {}),
  });
  return true;
}

// --- exunit ---

const EXUNIT_HEADER = /^\s+\d+\) ((?:test|doctest|property) .*) \(([\w.]+)\)$/;

/** The failure text of an ExUnit block below its location line: kind + message, `left:`/`right:`, no `code:`. */
function exunitFailure(context: LineContext, fromDelta: number): string {
  const parts: string[] = [];
  for (let delta = fromDelta; delta <= fromDelta + 12; delta++) {
    const line = context.line(delta)?.trim();
    if (line === undefined || line === '' || line === 'stacktrace:') break;
    if (/^code:/.test(line)) continue;
    parts.push(line);
  }
  return parts.join(' ').replace(/\s+/g, ' ').slice(0, 500);
}

interface ExunitState extends FrameRunState {
  /** Log line of the last `     test/x_test.exs:N` location line and the failure it named. */
  blockLine: number;
  blockMessage: string;
  indent: number;
  /** The block's failure wraps an exception printed with its own frames (an exit a GenServer's crash caused). */
  wraps: boolean;
}

/** How many frame lines sit between `stacktrace:` and this frame; undefined when no such label is right above. */
function framesBelowStacktraceLabel(context: LineContext, indent: number): number | undefined {
  for (let delta = -1; delta >= -(MAX_FILELESS_FRAMES + 1); delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (line.trim() === 'stacktrace:') return -delta - 1;
    if (line.trim() === '' || indentOf(line) !== indent) return undefined;
  }
  return undefined;
}

function parseExunit(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<ExunitState>(() => ({ ...newFrameRun(), blockLine: -1, blockMessage: '', indent: 0, wraps: false }));
  // `  1) test adds (CalcTest)` then `     test/calc_test.exs:4` alone: where the failing test is defined.
  const header = EXUNIT_HEADER.exec(context.line(-1) ?? '');
  if (header && /^\s+\S+\.exs?:\d+$/.test(text)) {
    const head = parseColonHead(context);
    if (!head || head.rest !== '') return false;
    const failure = exunitFailure(context, 1);
    state.blockLine = context.logLine;
    state.wraps = false;
    state.blockMessage = `${header[1]} (${header[2]})${failure ? `: ${failure}` : ''}`;
    context.emit({ file: head.file, line: head.line, severity: null, message: state.blockMessage });
    return true;
  }
  // Frames under `stacktrace:` (7-space indent) belong to the block above; one trace per failure. A paste may start
  // at the label, the failure block above it cut off: the frames under it are still the failing test's trace.
  const indent = text.length - text.trimStart().length;
  if (indent < 6) return false;
  const continues = state.indent === indent && continuesRun(context, state.lastLine, indent);
  const inBlock = state.blockLine >= 0 && context.logLine - state.blockLine <= 40;
  if (!inBlock && !continues && framesBelowStacktraceLabel(context, indent) === undefined) return false;
  const frame = parseFrameLine(context, indent);
  if (!frame) return false;
  if (continues) {
    state.index += context.logLine - state.lastLine - 1;
  } else {
    // `stacktrace:` above, maybe past frames with no file (`:erlang.apply(…)`, the call that raised in a test); or
    // the frames of an exception the failure wraps (`** (exit) …` / `** (EXIT) …` / `** (ArithmeticError) …`), the
    // root cause, printed before the test process's own `stacktrace:`.
    const fileless = framesBelowStacktraceLabel(context, indent);
    const wrapped = fileless === undefined ? exceptionAbove(context, indent) : undefined;
    if (fileless === undefined && wrapped === undefined) return false;
    state.trace = context.newTraceId();
    state.index = fileless ?? 0;
    state.indent = indent;
    state.causeRank = wrapped === undefined && state.wraps ? 1 : 0;
    if (wrapped !== undefined) state.wraps = true;
  }
  state.lastLine = context.logLine;
  context.emit({
    file: frame.head.file,
    line: frame.head.line,
    severity: null,
    message: state.blockMessage,
    frame: { trace: state.trace, index: state.index++, causeRank: state.causeRank },
    ...(frameHints(frame) ? { hints: frameHints(frame) } : {}),
  });
  return true;
}

export const elixir: GrammarFormat = {
  name: 'elixir',
  trace: { innermost: 'first', causes: 'root-first' },
  language: 'Elixir',
  description:
    '`elixirc` / `mix compile` / `elixir script.exs`: `** (CompileError) lib/calc.ex:3: msg`, warnings with the location on the next ' +
    'line (`  lib/calc.ex:3: Calc.bad/0`, 1.15+ `└─ lib/calc.ex:3:5:`), and `    lib/x.ex:3: Mod.fun/2` stack frames.',
  // Columns (SyntaxError, 1.15+ warnings) are 1-based characters: Elixir's tokenizer counts codepoints.
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://hexdocs.pm/elixir/1.14/Exception.html#format_stacktrace_entry/1',
  anchor: ELIXIR_ANCHOR,
  parse: parseElixir,
};

export const exunit: GrammarFormat = {
  name: 'exunit',
  trace: { innermost: 'first', causes: 'root-first', testRunner: true },
  language: 'Elixir',
  description:
    '`mix test` (ExUnit): `  1) test adds (CalcTest)` then `     test/calc_test.exs:4` alone, the failure, and `stacktrace:` frames ` ' +
    '      (calc 0.1.0) lib/calc.ex:5: Calc.div/2`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://hexdocs.pm/ex_unit/1.14/ExUnit.Formatter.html',
  anchor: ELIXIR_ANCHOR,
  parse: parseExunit,
};

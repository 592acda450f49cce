// Python tools: CPython tracebacks and SyntaxErrors, pytest's failure reports (long/short/line), mypy.
// Link: https://docs.python.org/3/library/traceback.html
// Link: https://docs.pytest.org/en/stable/how-to/output.html
// Link: https://mypy.readthedocs.io/en/stable/command_line.html#configuring-error-messages
import type { RawLocation } from '../../../core/index.js';
import type { Emitted, GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import { caretColumn, parseColonHead } from '../shared/common.js';
import { SGR } from '../../engine/anchors.js';
import {
  backfillMessage,
  COMMENT_MARGIN_SOURCE,
  definePythonRules,
  exceptionAfter,
  groupDepth,
  openTrace,
  parseFileLine,
  PYTEST_MARGIN,
  pythonTraces,
  unprefixed,
  type PythonTraces,
} from './python-trace.js';
import { cython } from './cython.js';
import { djangoTraceback } from './django.js';
import { ipythonTraceback } from './ipython.js';
import { chainLink, trackLinked, type ChainLink } from '../shared/exception-chain.js';
import { pytestLine, pytestLong, pytestShort } from './pytest.js';

// A Python File line: two spaces, `File`, then the quoted path (ANSI in 3.13's coloured tracebacks).
// Frames are indented; `File "x.py", line N` at the margin (pasted, or from tools that strip indentation) is
// the same frame, selected by its own line-start alternative.
const FILE_ANCHOR = ` File ${SGR}"|^File ${SGR}"`;
const HEADER = new RegExp(String.raw`^\s*${COMMENT_MARGIN_SOURCE}(?:[|+] )*(?:Exception Group )?Traceback \(most recent call last\):\s*$`);
// The chain sentences at the line's start, behind a host console's comment margin too (see COMMENT_MARGIN).
const CHAIN_ANCHOR =
  String.raw`^\s*${COMMENT_MARGIN_SOURCE}` +
  String.raw`(?:The above exception was the direct cause|During handling of the above exception)`;
const COMMENT_LEAD = new RegExp(String.raw`^\s*${COMMENT_MARGIN_SOURCE}`);

// `SyntaxError: msg`, `IndentationError: …`, `TabError: …`; 3.13's codeop raises `_IncompleteInputError` (a SyntaxError).
const SYNTAX_ERROR_LINE = /^(?:[\w.]+\.)?(SyntaxError|IndentationError|TabError|_IncompleteInputError)\b(?::.*)?$/;
// CPython echoes the offending source stripped of its indentation and re-indented by 4 spaces.
const ECHO_INDENT = 4;

function parsePythonSyntaxError(context: LineContext): boolean {
  const head = parseFileLine(context);
  // `, in name` makes it a traceback frame: python-traceback's.
  if (!head || head.name !== null) return false;
  let delta = 1;
  let source: string | undefined;
  let caret: number | null = null;
  let carets = 0;
  const next = (): string | undefined => unprefixed(context.line(delta), head.margin);
  // The echoed source line and the caret line are both optional (no source for <string>, no caret in old releases).
  if (next()?.startsWith(' '.repeat(ECHO_INDENT)) && caretColumn(next(), ECHO_INDENT) === null) {
    source = next();
    delta++;
  }
  if (source !== undefined && next()?.startsWith(' '.repeat(ECHO_INDENT))) {
    caret = caretColumn(next(), ECHO_INDENT);
    // 3.10+ underlines the whole offending range (`^^^^^^^^^`); older releases print one caret.
    if (caret !== null) carets = /\^+/.exec(next() ?? '')?.[0].length ?? 1;
    if (caret !== null) delta++;
  }
  const errorLine = next()?.trim();
  const match = errorLine === undefined ? null : SYNTAX_ERROR_LINE.exec(errorLine);
  if (!match || errorLine === undefined) return false;
  // The caret counts from the start of the STRIPPED echo (the log does not say how much was stripped): the
  // location carries the echo, and resolve adds the indentation the file's line has. IndentationError and
  // TabError carets mark the end of a line whose leading whitespace, the very thing that is wrong, was
  // stripped: no usable column.
  const column = match[1] === 'SyntaxError' || match[1] === '_IncompleteInputError' ? caret : null;
  const dedentedLine = column !== null && source !== undefined ? source.slice(ECHO_INDENT) : undefined;
  const endColumn = column !== null && carets > 1 ? column + carets - 1 : null;
  context.emit({
    file: head.file,
    line: head.line,
    column,
    endColumn,
    severity: 'error',
    message: errorLine,
    ...(dedentedLine === undefined ? {} : { dedentedLine }),
  });
  return true;
}

// Python 3.11+ echoes a frame's source line (4 spaces, then the line stripped) and marks the failing expression
// under it with `~` and `^` (`~~^~~`, `^^^^^`); the run is the expression's range in the stripped line.
const EXPRESSION_MARKS = /^ {4}( *)([~^]*\^[~^]*)\s*$/;
function expressionRange(context: LineContext, margin: string): { column: number; endColumn: number; dedentedLine: string } | undefined {
  const source = unprefixed(context.line(1), margin);
  const marks = EXPRESSION_MARKS.exec(unprefixed(context.line(2), margin) ?? '');
  if (source === undefined || !marks || !source.startsWith(' '.repeat(ECHO_INDENT)) || source.trim() === '') return undefined;
  const start = (marks[1] ?? '').length;
  return { column: start + 1, endColumn: start + (marks[2] ?? '').length, dedentedLine: source.slice(ECHO_INDENT) };
}

// How far above a traceback's first frame its chain line is looked for, never above the last traceback's exception line.
const MAX_LINK_LOOKUP = 12;

function linkBehind(context: LineContext, margin: string, traces: PythonTraces): ChainLink | undefined {
  for (let delta = -1; delta > traces.closedAt - context.logLine && delta >= -MAX_LINK_LOOKUP; delta--) {
    const link = chainLink(unprefixed(context.line(delta), margin) ?? '');
    if (link !== undefined) return link;
  }
  return undefined;
}

function parsePythonTraceback(context: LineContext): boolean {
  const text = context.text;
  const traces = pythonTraces(context);
  // Context lines: they open a traceback or announce a chained one, but carry no location.
  if (HEADER.test(text) || HEADER.test(unprefixed(text, PYTEST_MARGIN) ?? '')) {
    openTrace(context, traces);
    return false;
  }
  const link = chainLink(text.replace(COMMENT_LEAD, ''));
  if (link !== undefined) {
    traces.link = link;
    return false;
  }
  const head = parseFileLine(context);
  if (!head) return false;
  // A frame after the exception line that closed the last traceback, with no header, starts a new one; behind a logger's
  // head, the chain line between them is read here (the candidate lines are those that start with what they hold).
  if (traces.trace === null || context.logLine > traces.closedAt) {
    if (traces.trace !== null && traces.link === undefined && head.margin !== '') traces.link = linkBehind(context, head.margin, traces);
    openTrace(context, traces);
  }
  const exception = exceptionAfter(context, head.margin);
  // An ExceptionGroup is raised because of the exceptions it holds, printed after it one box deeper: the
  // deeper the box, the closer to the root cause (the first sub-exception wins among equals).
  const depth = groupDepth(head.margin);
  const raw = context.emit({
    file: head.file,
    line: head.line,
    ...expressionRange(context, head.margin),
    severity: null,
    message: exception?.text ?? '',
    frame: { trace: traces.trace ?? 0, index: traces.index++, causeRank: depth > 0 ? -depth : traces.ranks.rank },
  });
  trackLinked(traces.ranks, raw);
  if (exception) {
    traces.closedAt = context.logLine + exception.delta;
    backfillMessage(context, traces, exception.text);
  }
  return true;
}

function parseMypy(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || !/\.pyi?$/.test(head.file)) return false;
  const tail = /^: (error|warning|note): (.*)$/.exec(head.rest);
  if (!tail) return false;
  let message = tail[2] ?? '';
  let code: string | null = null;
  // mypy separates the error code by two spaces: `msg  [return-value]`.
  const bracket = /\s{2}\[([a-z0-9-]+)\]$/.exec(message);
  if (bracket) {
    code = bracket[1] ?? null;
    message = message.slice(0, bracket.index);
  }
  const severity = tail[1] === 'note' ? 'note' : tail[1] === 'warning' ? 'warning' : 'error';
  const pretty = prettyFrame(context);
  if (pretty) {
    ({ message, code } = withWrappedTail(message, pretty.wrapped, code));
  }
  const column = head.column ?? pretty?.column ?? null;
  const endColumn = head.endColumn ?? (pretty && pretty.column === column ? pretty.endColumn : null);
  // The end column is recorded as printed: mypy's is 1-based and INCLUSIVE (see the family report).
  const location: Emitted = { file: head.file, line: head.line, column, endLine: head.endLine, endColumn, severity, message, code };
  // mypy prints a diagnostic's notes on the lines right after it ("List" is invariant, Consider using
  // "Sequence"): they belong to it. A note with no diagnostic just above stands on its own (reveal_type).
  const notes = context.state<MypyNotes>(newMypyNotes);
  const owner = severity === 'note' && notes.owner !== undefined && notes.lastLogLine === context.logLine - 1 ? notes.owner : undefined;
  const raw = context.emit(owner ? { ...location, relatedTo: owner } : location);
  if (severity !== 'note') notes.owner = raw;
  else if (!owner) notes.owner = undefined;
  notes.lastLogLine = context.logLine;
  return true;
}

// `mypy --pretty` (`pretty = True` in a config): an error's message wrapped at the terminal's width onto
// unindented lines (its `[code]` on the last), then the source line indented by 4 and a marker line whose `^`
// sits at the column and whose `~` run reaches the inclusive end column (a single `^` before mypy 0.9xx).
// Only a marker confirms the shape, so a plain run's next line (a make error, a summary) is never glued on.
const PRETTY_MARKER = /^( {4,})(\^~*)\s*$/;
const SOURCE_OFFSET = 4;
const SOURCE_INDENT = ' '.repeat(SOURCE_OFFSET);
const MAX_WRAPPED_LINES = 8;
const MYPY_HEAD = /\.pyi?:\d+(?::\d+)*: (?:error|warning|note): /;

interface PrettyFrame {
  wrapped: string[];
  column: number | null;
  endColumn: number | null;
}

// Asked after every mypy line: a plain run's next line is the next diagnostic, so nothing is made before a frame shows.
function prettyFrame(context: LineContext): PrettyFrame | undefined {
  let wrapped: string[] | undefined;
  for (let delta = 1; delta <= MAX_WRAPPED_LINES + 1; delta++) {
    const text = context.line(delta);
    if (text === undefined || text.trim() === '' || MYPY_HEAD.test(text)) return undefined;
    if (text.startsWith(SOURCE_INDENT)) {
      wrapped ??= [];
      const marker = PRETTY_MARKER.exec(context.line(delta + 1) ?? '');
      if (!marker) return undefined;
      // A source line too long for the terminal is cut and prefixed with `...`, shifting the marker.
      if (text.slice(SOURCE_OFFSET).startsWith('...')) return { wrapped, column: null, endColumn: null };
      const column = (marker[1] ?? '').length - SOURCE_OFFSET + 1;
      // A lone `^` marks where the span starts, not where it ends (old releases print nothing else).
      const marks = (marker[2] ?? '^').length;
      return { wrapped, column, endColumn: marks > 1 ? column + marks - 1 : null };
    }
    (wrapped ??= []).push(text.trim());
  }
  return undefined;
}

function withWrappedTail(first: string, wrapped: string[], code: string | null): { message: string; code: string | null } {
  if (wrapped.length === 0) return { message: first, code };
  let message = [first.trimEnd(), ...wrapped].join(' ');
  const bracket = /\s{2}\[([a-z0-9-]+)\]$/.exec(message);
  if (!bracket) return { message, code };
  message = message.slice(0, bracket.index);
  return { message, code: bracket[1] ?? code };
}

/** The diagnostic the notes printed after it belong to, and the log line of mypy's last line. */
interface MypyNotes {
  owner?: RawLocation;
  lastLogLine: number;
}

const newMypyNotes = (): MypyNotes => ({ lastLogLine: 0 });

const pythonSyntaxError: GrammarFormat = {
  name: 'python-syntax-error',
  language: 'Python',
  description:
    '`python3 x.py` (SyntaxError/IndentationError): `  File "/abs/x.py", line N` with no `, in`, the echoed source, a caret line, ' +
    'then `SyntaxError: msg`.',
  columnBase: 1,
  // CPython 3.11's C printer places the caret by UTF-8 byte offset (observed: `x = "éééé" 3` puts it 4 cells right of `3`).
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'endColumn', 'severity', 'message'],
  observed: true,
  url: 'https://docs.python.org/3/library/exceptions.html#SyntaxError',
  anchor: FILE_ANCHOR,
  parse: parsePythonSyntaxError,
};

const pythonTraceback: GrammarFormat = {
  name: 'python-traceback',
  trace: { innermost: 'last', causes: 'root-first', handling: 'later-fails' },
  language: 'Python',
  description:
    '`python3 app.py` (uncaught exception): `Traceback (most recent call last):`, `  File "/abs/m.py", line N, in fn` frames, chained ' +
    'tracebacks, ExceptionGroup boxes (`  | ` margins), final `ValueError: msg`; 3.11+ marks the failing expression (`~~^~~`) under ' +
    "the dedented source line, placed in the file's line by resolve; a host console's comment marker before each line (Maya's `# `).",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endColumn', 'message'],
  observed: true,
  url: 'https://docs.python.org/3/library/traceback.html',
  // A header may sit in an ExceptionGroup box: `  + Exception Group Traceback …`, `    | Traceback …`.
  anchor: `${FILE_ANCHOR}|(?:[|+] )*(?:Exception Group )?Traceback \\(most recent call last\\)|${CHAIN_ANCHOR}`,
  parse: parsePythonTraceback,
};

const mypy: GrammarFormat = {
  name: 'mypy',
  language: 'Python',
  description:
    '`mypy src` (optionally `--show-column-numbers --show-error-end`): `src/m.py:4: error: msg  [code]`, `note:` lines, ' +
    '`m.py:4:12:4:19: error: …`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://mypy.readthedocs.io/en/stable/command_line.html#configuring-error-messages',
  anchor: `\\.pyi?${SGR}:${SGR}\\d`,
  parse: parseMypy,
};

export const pythonFamily: GrammarFamily = {
  formats: [
    // The SyntaxError File line is a traceback frame line minus `, in name`; it goes first because it must
    // look ahead for the caret and the `SyntaxError:` line and otherwise declines, leaving it a frame.
    pythonSyntaxError,
    // Tracebacks next: their `File "…", line N` shape is unique, and their header/chain lines are context
    // they return unclaimed so pytest (whose --tb=long also prints chain lines) sees them as well.
    pythonTraceback,
    // IPython's frames after CPython's: its banner line also ends in `Traceback (most recent call last)`, which CPython's
    // reading declines (text before it), and its `File path:N, in f` headers never hold CPython's quotes.
    ipythonTraceback,
    // Django 1.x's debug-page frames: their `File "…" in fn` headers have no `, line N`, which CPython's reading needs.
    djangoTraceback,
    // pytest's three --tb styles: gated by the session banners, so they only ever see pytest output; long
    // before short because --tb=auto prints short-style frames inside long blocks (they stay pytest-long).
    pytestLong,
    pytestShort,
    // --tb=line is the least specific shape (`path:L: any message`): after the two that have fixed tails.
    pytestLine,
    // Cython's `x.pyx:L:C: msg` under its error block and `warning: x.pyx:L:C:` rows: before mypy, whose `x.py:L:C:` head
    // the `.py` sources Cython also compiles share, though never with its `: error:` tail.
    cython,
    // mypy last: its lines need the `: error|note:` tail; pytest formats explicitly decline that tail,
    // so a mypy run inside a pytest session (pytest-mypy) still reaches it.
    mypy,
  ],
  rules: definePythonRules,
};

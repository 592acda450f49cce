// Shared pieces of the Python family: the Chevrotain rule for `File "…", line N[, in name]`, the
// bounded look-ahead that finds the exception line ending a traceback, and traceback/chain state.
// Link: https://docs.python.org/3/library/traceback.html
import type { LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { Comma, DQuote, Int, Space, Word } from '../../engine/tokens.js';
import { newChainRanks, openLinked, type ChainLink, type ChainRanks } from '../shared/exception-chain.js';

/** `  File "<path>", line N[, in <name>]` as parsed. */
interface FileLine {
  file: string;
  line: number;
  /** The function after `, in ` (`<module>`, `main`); null when the line has no `, in` (a SyntaxError). */
  name: string | null;
}

// Python prints the quoted path verbatim (spaces, parentheses, `<frozen importlib._bootstrap>`), so the
// path runs to the closing quote; `, line N` and `, in name` are fixed words.
export function definePythonRules(parser: LineParser): void {
  parser.define('pythonFileLine', () => {
    parser.alt(1, [{ GATE: () => parser.word(1, 'File'), ALT: () => parser.tok(1, Word) }]);
    parser.tok(1, Space);
    parser.tok(1, DQuote);
    parser.sub(1, 'path', [{ until: 'quote' }]);
    parser.tok(2, DQuote);
    parser.tok(1, Comma);
    parser.tok(2, Space);
    parser.alt(2, [{ GATE: () => parser.word(1, 'line'), ALT: () => parser.tok(2, Word) }]);
    parser.tok(3, Space);
    parser.tok(1, Int);
    parser.optIf(
      1,
      () => parser.peek(1).tokenType === Comma && parser.peek(2).tokenType === Space && parser.word(3, 'in'),
      () => {
        parser.tok(2, Comma);
        parser.tok(4, Space);
        parser.tok(3, Word);
      },
    );
  });
}

// pytest re-prints a collection-time traceback inside its `E   ` lines (a SyntaxError in a test module);
// the Python shapes are the same once that 4-character marker is removed.
/** pytest's `E   ` marker on the lines of an exception it reprints. */
export const PYTEST_MARGIN = 'E   ';
// Python 3.11+ prints an ExceptionGroup's tracebacks in a box, each line behind `  | ` (deeper per level).
const GROUP_MARGIN = /^( *\| )\s*$/;
// A host application's console marks each line of the output it relays with its comment marker: Maya's Script Editor
// writes `# ` before every line of a Python traceback (and `// ` before the MEL echo of it, `// # `). Taken only in a run
// of lines with the same marker (the header or the frame above has it too), so one commented-out frame stays prose.
const COMMENT_MARGIN = /^((?:(?:\/\/|#) )+)\s*$/;
/** A comment margin the header of a traceback may carry (see COMMENT_MARGIN). */
export const COMMENT_MARGIN_SOURCE = String.raw`(?:(?:\/\/|#) )*`;

/** The line without the margin (`E   `, `  | `, a logger's head) its File line had; undefined when it lacks it. */
export function unprefixed(line: string | undefined, margin: string): string | undefined {
  if (line === undefined || margin === '') return line;
  return sameHead(line, margin) ? line.slice(margin.length) : undefined;
}

// A logger's head differs from line to line in its digits only (the time of each record): compared without them.
function sameHead(line: string, margin: string): boolean {
  if (line.startsWith(margin)) return true;
  if (line.length < margin.length || !/\d/.test(margin)) return false;
  for (let index = 0; index < margin.length; index++) {
    const a = line.charCodeAt(index);
    const b = margin.charCodeAt(index);
    if (a !== b && !(a >= 0x30 && a <= 0x39 && b >= 0x30 && b <= 0x39)) return false;
  }
  return true;
}

// Python indents a frame's File line by two spaces, its source line by four and the exception line not at all.
const FRAME_INDENT = '  ';

/**
 * A logger's head before every line of a traceback it relayed (`2026-01-01 12:00:00,120 ERROR worker   File "…"`): the
 * text before the File line's own two-space indent, when the line below carries the same head (its digits aside) and
 * then what Python prints below a frame (its source line, the next frame, the exception line). Frames behind it are read
 * in Python's order, as unprefixed ones.
 */
function loggerMargin(context: LineContext, before: string): string | undefined {
  if (!before.endsWith(FRAME_INDENT) || before.trim() === '') return undefined;
  const margin = before.slice(0, -FRAME_INDENT.length);
  const below = unprefixed(context.line(1), margin);
  return below !== undefined && /^(?: {4}\S|  File "|[A-Za-z_][\w.]*(?::|$))/.test(below) ? margin : undefined;
}

/** How deep in ExceptionGroup boxes a margin is (0 outside). */
export function groupDepth(margin: string): number {
  // Only a box's margin (blanks and bars); a logger's head may hold a bar too (`web-1  | `).
  return /^[ |]*\| $/.test(margin) ? margin.indexOf('|') / 2 : 0;
}

/** Parses a `File "…", line N` line (optionally behind pytest's `E   ` or a group's `  | `); undefined otherwise. */
export function parseFileLine(context: LineContext): (FileLine & { margin: string }) | undefined {
  const text = context.text;
  const at = text.indexOf('File "');
  if (at < 0) return undefined;
  const before = text.slice(0, at);
  // Only indentation may precede `File` (Python indents frames by two spaces), behind one of the margins.
  let margin = before.startsWith(PYTEST_MARGIN) ? PYTEST_MARGIN : (GROUP_MARGIN.exec(before)?.[1] ?? commentMargin(context, before));
  if (!/^\s*$/.test(before.slice(margin.length))) {
    const logger = loggerMargin(context, before);
    if (logger === undefined) return undefined;
    margin = logger;
  }
  const parsed = context.parse('pythonFileLine', { from: at });
  if (!parsed) return undefined;
  const pathNode = parsed.cst.children.path?.[0];
  const lineToken = parsed.cst.children.Int?.[0];
  if (!pathNode || !lineToken || !('image' in lineToken)) return undefined;
  const file = context.slice(pathNode);
  if (file.trim() === '') return undefined;
  const hasIn = (parsed.cst.children.Word?.length ?? 0) >= 3;
  const rest = text.slice(parsed.end);
  // Anything but the function name after `, line N` means this is prose quoting a File line.
  if (!hasIn && rest.trim() !== '') return undefined;
  return { file, line: Number(lineToken.image), name: hasIn ? rest.trim() : null, margin };
}

/** The comment marker before a frame when the line above carries the same one; '' otherwise. */
function commentMargin(context: LineContext, before: string): string {
  const margin = COMMENT_MARGIN.exec(before)?.[1];
  return margin !== undefined && context.line(-1)?.startsWith(margin) === true ? margin : '';
}

// `ValueError: bad`, `config.ConfigError: …`, a bare `KeyboardInterrupt`: a (dotted) name at column 0.
const EXCEPTION_LINE = /^[A-Za-z_][\w.]*(?::(?:\s.*)?)?$/;

/**
 * The exception line that ends the traceback a frame belongs to: the first non-indented line below it
 * (source lines, `^^^^`/`~~~^~~~` markers and further frames are all indented). Bounded by the context window.
 */
export function exceptionAfter(context: LineContext, margin: string): { text: string; delta: number } | undefined {
  for (let delta = 1; delta <= 40; delta++) {
    const line = unprefixed(context.line(delta), margin);
    if (line === undefined || line.trim() === '') return undefined;
    if (/^\s/.test(line)) continue;
    return EXCEPTION_LINE.test(line) ? { text: line.trim(), delta } : undefined;
  }
  return undefined;
}

/** One printed traceback chain as the scan sees it (shared by python-traceback and python-syntax-error). */
export interface PythonTraces {
  /** Trace id of the open traceback, null before the first. */
  trace: number | null;
  /** Printed index of the next frame in the open traceback. */
  index: number;
  /** The chain's ranks: the open traceback's, and the earlier ones' until the chain ends. */
  ranks: ChainRanks;
  /** The "The above exception…" / "During handling…" line seen since the last traceback. */
  link: ChainLink | undefined;
  /** Log line of the exception line that ended the open traceback (frames after it start a new one). */
  closedAt: number;
  /** Index in `context.emitted` where the open traceback's frames start (for back-filling messages). */
  firstEmitted: number;
}

const PYTHON_TRACES_KEY = 'python-traces';

export function pythonTraces(context: LineContext): PythonTraces {
  return context.shared<PythonTraces>(PYTHON_TRACES_KEY, () => ({
    trace: null,
    index: 0,
    ranks: newChainRanks(),
    link: undefined,
    closedAt: Number.POSITIVE_INFINITY,
    firstEmitted: 0,
  }));
}

/**
 * Starts a traceback. A traceback announced by a chain line is ranked by its link (shared/exception-chain.ts: the
 * cause of a `raise … from` is the root, the exception raised while handling another is the failure); an unannounced
 * traceback is a new root (0).
 */
export function openTrace(context: LineContext, traces: PythonTraces): void {
  openLinked(context, traces.ranks, traces.trace === null ? undefined : traces.link);
  traces.trace = context.newTraceId();
  traces.index = 0;
  traces.link = undefined;
  traces.closedAt = Number.POSITIVE_INFINITY;
  traces.firstEmitted = context.emitted.length;
}

/** Gives the exception message to earlier frames of the open trace that were too far above it to see it. */
export function backfillMessage(context: LineContext, traces: PythonTraces, message: string): void {
  for (let index = traces.firstEmitted; index < context.emitted.length; index++) {
    const location = context.emitted[index];
    if (location?.frame?.trace === traces.trace && location.message === '') location.message = message;
  }
}

// pytest's failure reports in its three location-bearing --tb styles. Every shape is a plain
// `path:L: …` line, so all of them are gated by the session banners (only inside `=== FAILURES ===` /
// `=== ERRORS ===` is such a line pytest's), and the shape of the tail tells the style apart.
// Link: https://docs.pytest.org/en/stable/how-to/output.html#modifying-python-traceback-printing
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead, type LocationHead } from '../shared/common.js';
import { LOCATION_ANCHOR, SGR } from '../../engine/anchors.js';
import {
  CHAIN_LINK_ANCHOR,
  chainLink,
  newChainRanks,
  openLinked,
  trackLinked,
  type ChainLink,
  type ChainRanks,
} from '../shared/exception-chain.js';

type Section = 'none' | 'session' | 'failures' | 'errors' | 'captured' | 'summary' | 'other';

/** Per-scan pytest state, shared by the three formats (any subset of them may be selected). */
interface PytestSession {
  section: Section;
  /** Which report section a test header / captured block belongs to. */
  reportSection: 'failures' | 'errors';
  trace: number | null;
  index: number;
  /** The chain's ranks (shared/exception-chain.ts) and the link line seen since the last section. */
  ranks: ChainRanks;
  link: ChainLink | undefined;
  /** The open failure's trace ended with its exception line (the next location opens a new trace). */
  closed: boolean;
  /** The open failure printed long-style locations (--tb=auto prints its middle frames short). */
  long: boolean;
}

const SESSION_KEY = 'pytest-session';

function session(context: LineContext): PytestSession {
  return context.shared<PytestSession>(SESSION_KEY, () => ({
    section: 'none',
    reportSection: 'failures',
    trace: null,
    index: 0,
    ranks: newChainRanks(),
    link: undefined,
    closed: true,
    long: false,
  }));
}

// Banners are `sep("=", title)`: at least one `=` each side (one only when the title is wider than the terminal).
const BANNER = /^=+ (.+?) =+$/;
const TEST_HEADER = /^_+ (.+?) _+$/;
const CAPTURED = /^-+ Captured .* -+$/;
// A conftest that fails to import stops pytest before its session banner: its chain is printed bare below this.
const CONFTEST_ERROR = /^ImportError while loading conftest '.+'\.$/;
// `FAILED tests/x.py::test_eq - assert 3 == 4`, `ERROR tests/x.py - ImportError…`: node ids, no line number.
const SUMMARY_ENTRY = /^(?:FAILED|ERROR|XPASS|XFAIL) \S+(?:::\S+| -|$)/;
const TITLE_PATTERN =
  '(?:test session starts|FAILURES|ERRORS|short test summary info|warnings summary|PASSES|' +
  '\\d+ (?:failed|passed|errors?|skipped|xfailed|xpassed|deselected|warnings?)\\b|no tests ran)';

/** Raw-text anchor: location lines plus the context lines that move the session state. */
const PYTEST_ANCHOR = [
  LOCATION_ANCHOR,
  `^${SGR}=+ ${SGR}${TITLE_PATTERN}`,
  `^${SGR}_+ ${SGR}[A-Za-z[]`,
  `^${SGR}-+ ${SGR}Captured `,
  `^${SGR}(?:FAILED|ERROR|XPASS|XFAIL)${SGR} `,
  CHAIN_LINK_ANCHOR,
  '^ImportError while loading conftest ',
].join('|');

function sectionOf(title: string): Section {
  if (/^test session starts/.test(title)) return 'session';
  if (title === 'FAILURES') return 'failures';
  if (title === 'ERRORS') return 'errors';
  if (title === 'short test summary info') return 'summary';
  return 'other';
}

/** Context lines (idempotent: each of the three formats sees them and leaves them unclaimed). */
function trackContext(context: LineContext, state: PytestSession): 'context' | 'summary-entry' | undefined {
  const text = context.text;
  const banner = BANNER.exec(text);
  if (banner) {
    state.section = sectionOf(banner[1] ?? '');
    if (state.section === 'failures' || state.section === 'errors') state.reportSection = state.section;
    state.trace = null;
    return 'context';
  }
  if (CONFTEST_ERROR.test(text)) {
    state.section = 'errors';
    state.reportSection = 'errors';
    state.trace = null;
    state.link = undefined;
    return 'context';
  }
  if (state.section === 'none') return undefined;
  if (TEST_HEADER.test(text)) {
    // A new test's report: its first location starts a fresh root-cause trace.
    if (state.section === 'captured') state.section = state.reportSection;
    state.trace = null;
    state.link = undefined;
    return 'context';
  }
  if (CAPTURED.test(text)) {
    // Captured stdout/log is the program's own output, not pytest's report: its `x.py:L: …` lines are not ours.
    if (state.section === 'failures' || state.section === 'errors') state.section = 'captured';
    return 'context';
  }
  const link = chainLink(text);
  if (link !== undefined) {
    state.link = link;
    return 'context';
  }
  if (SUMMARY_ENTRY.test(text)) return 'summary-entry';
  return undefined;
}

type Shape =
  | { kind: 'long-intermediate' | 'long-terminal' | 'line'; head: LocationHead; tail: string }
  | { kind: 'short'; head: LocationHead; tail: string };

const EXCEPTION_NAME = /^[A-Za-z_][\w.]*$/;

function classify(context: LineContext, state: PytestSession): Shape | undefined {
  if (state.section !== 'failures' && state.section !== 'errors') return undefined;
  const text = context.text;
  // pytest prints its locations at column 0; indented `x.py:L:` lines are source or warnings text.
  if (/^\s/.test(text)) return undefined;
  const head = parseColonHead(context);
  if (!head || head.column !== null || !head.rest.startsWith(':')) return undefined;
  const tail = head.rest.slice(1);
  if (tail.trim() === '') return { kind: 'long-intermediate', head, tail: '' };
  if (!tail.startsWith(' ')) return undefined;
  const body = tail.slice(1).trim();
  if (/^in \S/.test(body)) return { kind: 'short', head, tail: body.slice(3) };
  // pytest-mypy reports mypy's own lines inside the FAILURES section: those are mypy's.
  if (/^(?:error|warning|note): /.test(body)) return undefined;
  // --tb=long ends a block with a blank line then `path:L: ExcName`; --tb=line lines follow their `E` lines directly.
  const previous = context.line(-1);
  if (EXCEPTION_NAME.test(body) && (previous === undefined || previous.trim() === '' || previous.startsWith('_'))) {
    return { kind: 'long-terminal', head, tail: body };
  }
  return { kind: 'line', head, tail: body };
}

const E_LINE = /^E(?:\s|$)/;

/**
 * The headline of an `E   …` block: its first least-indented line. pytest indents continuation lines
 * (`E    +  where 3 = add(1, 2)`) and a re-printed SyntaxError's `File`/source/caret lines deeper than the
 * exception line itself, so this is `assert 3 == 4` or `SyntaxError: …`, not a detail line.
 */
function headline(block: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestIndent = Number.POSITIVE_INFINITY;
  for (const line of block) {
    const body = line.slice(1);
    const indent = body.length - body.trimStart().length;
    if (body.trim() !== '' && indent < bestIndent) {
      best = body.trim();
      bestIndent = indent;
    }
  }
  return best;
}

/** The `E   …` lines that pytest prints just above a long-style terminal location (after one blank line). */
function messageAbove(context: LineContext): string | undefined {
  const block: string[] = [];
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (block.length === 0 && line.trim() === '') continue;
    if (!E_LINE.test(line)) break;
    block.unshift(line);
  }
  return headline(block);
}

/** The `E   …` lines below a short-style frame's source and markers (only the raising frame has them). */
function messageBelow(context: LineContext): string | undefined {
  const block: string[] = [];
  for (let delta = 1; delta <= 40; delta++) {
    const line = context.line(delta);
    if (line === undefined || line === '') break;
    if (block.length === 0 && /^\s/.test(line)) continue;
    if (!E_LINE.test(line)) break;
    block.push(line);
  }
  return headline(block);
}

function openTraceIfNeeded(context: LineContext, state: PytestSession): void {
  if (state.trace !== null && !state.closed) return;
  // pytest links the sections of a chain as CPython does: ranked by the link (shared/exception-chain.ts).
  openLinked(context, state.ranks, state.trace === null ? undefined : state.link);
  state.trace = context.newTraceId();
  state.index = 0;
  state.link = undefined;
  state.closed = false;
  state.long = false;
}

/*
 * Why frames (and not plain diagnostics) for --tb=long/short: the resolver takes the first non-frame
 * error as the primary, else the deepest USER frame of the root-cause trace. A failure whose exception is
 * raised inside a dependency (`…/site-packages/requests/models.py:1021: HTTPError`) must point at the
 * user's deepest frame of THAT failure, not at the next failure's line; as frames, the vendored raising
 * frame is dropped and the deepest user frame of the first failure wins (for an assertion in a test, the
 * test's failing line). The raising location still carries severity 'error' and the `E` message.
 */
function emitShape(context: LineContext, state: PytestSession, shape: Shape, format: string): void {
  const { head } = shape;
  if (shape.kind === 'line') {
    context.emit({ file: head.file, line: head.line, severity: 'error', message: shape.tail, format });
    return;
  }
  openTraceIfNeeded(context, state);
  let message = '';
  let terminal = false;
  if (shape.kind === 'long-terminal') {
    message = messageAbove(context) ?? shape.tail;
    terminal = true;
  } else if (shape.kind === 'short') {
    const below = messageBelow(context);
    if (below !== undefined) {
      message = below;
      terminal = true;
    }
  }
  if (shape.kind !== 'short') state.long = true;
  const frame = { trace: state.trace ?? 0, index: state.index++, causeRank: state.ranks.rank };
  trackLinked(state.ranks, context.emit({ file: head.file, line: head.line, severity: terminal ? 'error' : null, message, frame, format }));
  if (terminal) state.closed = true;
}

/** The format a classified shape belongs to (--tb=auto's short middle frames stay in their long block). */
function formatOf(shape: Shape, state: PytestSession): string {
  if (shape.kind === 'line') return 'pytest-line';
  if (shape.kind === 'short') return state.long && state.trace !== null && !state.closed ? 'pytest-long' : 'pytest-short';
  return 'pytest-long';
}

function parsePytest(name: string) {
  return (context: LineContext): boolean => {
    // Before a banner (or a conftest's import error) nothing is a pytest report: the session starts there, so that the
    // lines of a log with none stay their own.
    const text = context.text;
    const started = BANNER.test(text) || CONFTEST_ERROR.test(text);
    const state = started ? session(context) : context.sharedIfMade<PytestSession>(SESSION_KEY);
    if (state === undefined) return false;
    const role = trackContext(context, state);
    // Summary entries repeat a failure already located above (without a line): claimed, nothing emitted.
    if (role === 'summary-entry') return true;
    if (role === 'context') return false;
    const shape = classify(context, state);
    if (!shape || formatOf(shape, state) !== name) return false;
    emitShape(context, state, shape, name);
    return true;
  };
}

const common = {
  language: 'Python',
  columnBase: 1 as const,
  columnUnit: 'char' as const,
  observed: true,
  anchor: PYTEST_ANCHOR,
};

export const pytestLong: GrammarFormat = {
  ...common,
  name: 'pytest-long',
  trace: { innermost: 'last', causes: 'root-first', handling: 'later-fails', testRunner: true },
  description:
    '`pytest` / `pytest --tb=long` (default auto): code with `>` and `E` lines, then `tests/x.py:9: AssertionError`; intermediate ' +
    'frames end `src/x.py:12: `.',
  fields: ['file', 'line', 'severity', 'message'],
  url: 'https://docs.pytest.org/en/stable/how-to/output.html#modifying-python-traceback-printing',
  parse: parsePytest('pytest-long'),
};

export const pytestShort: GrammarFormat = {
  ...common,
  name: 'pytest-short',
  trace: { innermost: 'last', causes: 'root-first', handling: 'later-fails', testRunner: true },
  description: '`pytest --tb=short`: `tests/x.py:9: in test_eq` then the source line, markers and `E   …` lines.',
  fields: ['file', 'line', 'severity', 'message'],
  url: 'https://docs.pytest.org/en/stable/how-to/output.html#modifying-python-traceback-printing',
  parse: parsePytest('pytest-short'),
};

export const pytestLine: GrammarFormat = {
  ...common,
  name: 'pytest-line',
  description: '`pytest --tb=line`: one `/abs/tests/x.py:9: assert 3 == 4` line per failure, preceded by its `E   …` lines.',
  fields: ['file', 'line', 'severity', 'message'],
  url: 'https://docs.pytest.org/en/stable/how-to/output.html#modifying-python-traceback-printing',
  parse: parsePytest('pytest-line'),
};

// JavaScript runtimes and test runners: Node's uncaught-exception header, jest and vitest failure blocks,
// and plain V8 stack frames. Link: https://nodejs.org/api/errors.html#errorstack
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { caretColumn } from './shared/common.js';
import { SGR, URL_QUERY } from '../engine/anchors.js';
import {
  defineV8Rules,
  emitFrame,
  findErrorHeader,
  emitHeaderPlaces,
  FRAME_ANCHOR,
  frameRun,
  isFrameLine,
  parseLocationSpan,
  parseV8Frame,
  type FrameRun,
} from './shared/v8.js';
import { parseTemplateChain } from './shared/template-places.js';

// --- node-uncaught: `/abs/lib.js:2` alone, the source line, a caret line, blank, `TypeError: msg` ---

function parseNodeUncaught(context: LineContext): boolean {
  const text = context.text;
  // Cheap reject first: the header is a path and a line number and nothing else.
  if (!/\S:\d+$/.test(text) || /^\s/.test(text)) return false;
  const location = parseLocationSpan(context, 'v8Location', 0, text.length);
  if (!location || location.column !== null) return false;
  // Node echoes the source line verbatim, so the caret offset is the column (UTF-16, like the frames).
  const column = caretColumn(context.line(2));
  if (context.line(1) === undefined || column === null) return false;
  // The error line follows the caret after a blank line (bounded look-ahead).
  let message = '';
  let messageDelta = 0;
  for (let delta = 3; delta <= 8; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (line.trim() !== '') {
      message = line.trim();
      messageDelta = delta;
      break;
    }
  }
  const printed = messageDelta === 0 ? null : topFrameColumn(context, text, messageDelta);
  const hints = location.confirm ? { hints: { confirm: true } } : {};
  context.emit({ file: location.file, line: location.line, column: printed ?? column, severity: 'error', message, ...hints });
  return true;
}

// The caret marks the statement that threw (`throw problem;`), the top frame the expression V8 reports (where
// the error was made): when the top frame is the header's own line, its printed column wins over the caret.
function topFrameColumn(context: LineContext, header: string, messageDelta: number): number | null {
  for (let delta = messageDelta + 1; delta <= messageDelta + 30; delta++) {
    const line = context.line(delta);
    if (line === undefined) return null;
    if (!/^\s+at /.test(line)) continue;
    const at = line.lastIndexOf(`${header}:`);
    if (at < 0) return null;
    const digits = /^(\d+)\)?$/.exec(line.slice(at + header.length + 1));
    return digits ? Number(digits[1]) : null;
  }
  return null;
}

// --- jest: `● suite › name` blocks whose frames belong to the failing test ---

const JEST_BULLET = /^\s*● (.+)$/;
const JEST_CONSOLE = /^\s*console\.(?:log|warn|error|info|debug|trace|table|dir|assert)$/;
// Lines that close a jest failure block: the next suite's status line or the run summary.
const JEST_BLOCK_END = /^\s*(?:FAIL|PASS)\s|^(?:Test Suites|Tests|Snapshots|Time):\s/;

// A failure block longer than this (a huge diff) is not followed by its own frames any more.
const MAX_BLOCK_LINES = 2000;

interface JestState {
  /** The last `●` header seen (blocks longer than the look-back window still know their test). */
  header?: { logLine: number; name: string; message: string };
}

/** The first non-blank line after a `●` header: jest's error message. */
function firstMessageLine(context: LineContext, headerDelta: number): string {
  for (let delta = headerDelta + 1; delta <= headerDelta + 10 && delta < 0; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (line.trim() !== '') return line.trim();
  }
  return '';
}

function jestMessage(name: string, first: string): string {
  return first ? `${name} — ${first}` : name;
}

// Decides, once per run of frames, whether the run is a jest failure block's stack, a console.* call
// site (jest prints one under every console.log; it is not a failure) or a plain V8 trace.
function classifyRun(context: LineContext, state: JestState): { owner: FrameRun['owner']; message: string } {
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined || isFrameLine(line) || JEST_BLOCK_END.test(line)) {
      return { owner: 'node', message: findErrorHeader(context, 0)?.text ?? '' };
    }
    if (JEST_CONSOLE.test(line)) return { owner: 'console', message: '' };
    const bullet = JEST_BULLET.exec(line);
    if (bullet) {
      const name = bullet[1] ?? '';
      if (name === 'Console') return { owner: 'console', message: '' };
      return { owner: 'jest', message: jestMessage(name, firstMessageLine(context, delta)) };
    }
  }
  // The block is longer than the window: the last `●` header seen owns it.
  if (state.header && state.header.logLine < context.logLine - 40 && state.header.logLine > context.logLine - MAX_BLOCK_LINES) {
    return { owner: 'jest', message: jestMessage(state.header.name, state.header.message) };
  }
  return { owner: 'node', message: findErrorHeader(context, 0)?.text ?? '' };
}

function parseJest(context: LineContext): boolean {
  const state = context.state<JestState>(() => ({}));
  // A suite status line or the run summary closes the last block: later frames are not its stack.
  if (JEST_BLOCK_END.test(context.text)) {
    state.header = undefined;
    return false;
  }
  const bullet = JEST_BULLET.exec(context.text);
  if (bullet) {
    let message = '';
    for (let delta = 1; delta <= 10; delta++) {
      const line = context.line(delta);
      if (line === undefined) break;
      if (line.trim() !== '') {
        message = line.trim();
        break;
      }
    }
    state.header = { logLine: context.logLine, name: bullet[1] ?? '', message };
    return true;
  }
  if (!isFrameLine(context.text)) return false;
  const location = parseV8Frame(context);
  if (location === undefined) return false;
  const run = frameRun(context, () => classifyRun(context, state));
  if (run.owner === 'node') return false;
  // console.* call sites are claimed so that node-stack does not report them, and emit nothing.
  if (run.owner === 'jest') emitFrame(context, run, location, 'jest');
  return true;
}

// --- vitest: ` FAIL  file > test` headings, ` ❯ [fn] path:L:C` frames, `⎯⎯⎯` separators ---

interface VitestBlock {
  trace: number;
  index: number;
  message: string;
}

interface VitestState {
  block?: VitestBlock;
}

const VITEST_HEADING = /^ FAIL {2}(\S.*?) > (.+)$/;
const VITEST_FRAME = /^\s*❯ /;

// Words before the path in ` ❯ parseConfig src/parse.ts:4:11` are a function name: no separator, no dot-extension.
function vitestPathStart(text: string, from: number): number {
  let start = from;
  for (let words = 0; words < 3; words++) {
    const space = text.indexOf(' ', start);
    if (space < 0) break;
    const word = text.slice(start, space);
    if (/[/\\]|^file:|\.[A-Za-z][\w+]{0,11}:\d/.test(word)) break;
    start = space + 1;
  }
  return start;
}

function parseVitest(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<VitestState>(() => ({}));
  const heading = VITEST_HEADING.exec(text);
  if (heading) {
    const first = (context.line(1) ?? '').trim();
    const name = heading[2] ?? '';
    state.block = { trace: context.newTraceId(), index: 0, message: first ? `${name} — ${first}` : name };
    return true;
  }
  // `⎯⎯⎯[1/2]⎯` closes a failure block.
  if (/^\s*⎯{3}/.test(text)) {
    state.block = undefined;
    return true;
  }
  const arrow = VITEST_FRAME.exec(text);
  if (!arrow) return false;
  const end = text.trimEnd().length;
  let location = parseLocationSpan(context, 'v8Location', vitestPathStart(text, arrow[0].length), end);
  // A path with spaces after all (an absolute path outside the project): parse from the arrow.
  location ??= parseLocationSpan(context, 'v8Location', arrow[0].length, end);
  // ` ❯ test/add.test.ts (3 tests | 2 failed) 22ms` is the run list, not a frame.
  if (!location) return false;
  // Frames outside a FAIL block (unhandled errors) start a block of their own.
  state.block ??= { trace: context.newTraceId(), index: 0, message: findErrorHeader(context, 0, 10)?.text ?? '' };
  const block = state.block;
  context.emit({
    file: location.file,
    line: location.line,
    column: location.column,
    severity: null,
    message: block.message,
    frame: { trace: block.trace, index: block.index++, causeRank: 0 },
  });
  return true;
}

// --- node-stack: plain V8 frames ---

function parseNodeStack(context: LineContext): boolean {
  if (!isFrameLine(context.text)) return parseTemplateChain(context);
  const location = parseV8Frame(context);
  if (location === undefined) return false;
  const run = frameRun(context, () => ({ owner: 'node', message: findErrorHeader(context, 0)?.text ?? '' }));
  if (run.index === 0) emitHeaderPlaces(context, run, 'node-stack');
  emitFrame(context, run, location, 'node-stack');
  return true;
}

const nodeUncaught: GrammarFormat = {
  name: 'node-uncaught',
  trace: { innermost: 'first', causes: 'root-last' },
  language: 'JavaScript',
  description:
    '`node app.js` (uncaught exception): `/abs/lib.js:2` alone on a line, the source line, a caret line, then `TypeError: msg` and ' +
    'its frames.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://nodejs.org/api/errors.html#errorstack',
  // The header ends right after its line number; an ES module imported under a query keeps it (`x.mjs?t=17:3`).
  anchor: `\\.[A-Za-z][A-Za-z0-9+_]{0,11}${URL_QUERY}:\\d+\\r?$`,
  parse: parseNodeUncaught,
};

const jest: GrammarFormat = {
  name: 'jest',
  trace: { innermost: 'first', causes: 'root-last', testRunner: true },
  language: 'JavaScript',
  description:
    '`npx jest`: `● suite › name` failure blocks whose V8 frames (`at Object.toBe (test/add.test.js:4:21)`, rootDir-relative) locate ' +
    'the failing test.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'message'],
  observed: true,
  url: 'https://jestjs.io/docs/cli',
  // `●` (e2 97 8f in the raw latin1 text) headers, frames, and the lines that close a block (suite status, summary).
  // Headings start their line (after colour codes); a mid-line FAIL is another tool's (zig's test runner).
  // PASS headings are not anchored: a big suite prints thousands, and a block also ends at the next FAIL,
  // `●` or the `Test Suites:` summary, so seeing them only cost time (bench: ~6 000 per 10 MB of CI log).
  anchor: `\\xe2\\x97\\x8f |${FRAME_ANCHOR}|^(?:[ \\t]|\\x1b\\[[0-9;]*m)*FAIL${SGR} |^${SGR}Test Suites: `,
  parse: parseJest,
};

const vitest: GrammarFormat = {
  name: 'vitest',
  trace: { innermost: 'first', causes: 'root-last', testRunner: true },
  language: 'JavaScript',
  description: '`npx vitest run`: ` FAIL  test/add.test.ts > name` blocks with ` ❯ [fn] path:L:C` frames (no parentheses).',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'message'],
  observed: true,
  url: 'https://vitest.dev/guide/reporters',
  // `❯` is e2 9d af and `⎯` e2 8e af in the raw text; ` FAIL ` is the (possibly coloured) badge of a heading.
  anchor: `\\xe2\\x9d\\xaf|\\xe2\\x8e\\xaf{3}| FAIL ${SGR} `,
  parse: parseVitest,
};

const nodeStack: GrammarFormat = {
  name: 'node-stack',
  trace: { innermost: 'first', causes: 'root-last' },
  language: 'JavaScript',
  description:
    '`node app.js` (and anything printing `err.stack`): V8 frames `at fn (path:L:C)`, `at path:L:C`, `file://` URLs, ' +
    '`node:internal/…`; ' +
    "a template engine's `ReferenceError: views/x.ejs:3` places over their excerpts, innermost last.",
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'message'],
  observed: true,
  url: 'https://v8.dev/docs/stack-trace-api',
  // Also a template's place ending its line (`ReferenceError: /app/views/x.ejs:3`), read when no frame follows it.
  anchor: `${FRAME_ANCHOR}|\\.[A-Za-z][\\w+-]{0,11}:\\d+(?::\\d+)?[ \\t]*\\r?$`,
  parse: parseNodeStack,
};

export const javascriptFamily: GrammarFamily = {
  formats: [
    // node-uncaught first: its header `/abs/lib.js:2` is a bare location that generic would take without the caret column.
    nodeUncaught,
    // Runners before plain V8 frames: inside a jest failure block a frame is the runner's (it carries the test name),
    // and jest's console.* call-site frames must be claimed before node-stack reports them as a crash.
    jest,
    // vitest's `❯` frames are not V8 `at` lines, so its place only matters relative to generic (after this family).
    vitest,
    // node-stack last: any indented `at …` line that no runner owns.
    nodeStack,
  ],
  rules: defineV8Rules,
};

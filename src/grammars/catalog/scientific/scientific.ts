// Scientific languages: R (parse errors with a location `Error in source("a.R") : a.R:3:10: unexpected symbol`,
// `traceback()` frames `7: ratio(x, by) at ratio.R#6` printed when `keep.source` is on), testthat failure reports
// (`── Failure ('test-calc.R:4'): adds ──`, 3.2+: `── Failure (test-calc.R:4:3): adds ──`, backtrace `at file:L:C`;
// 1.x/2.x: `1. Error: adds (@test-calc.R#4)`)
// and Julia (in _scientific-julia.ts). Base R's runtime errors (`Error in f(x) : object 'y' not found` + `Calls:`)
// carry no location at all; only the srcref frames of traceback() do.
// Link: https://stat.ethz.ch/R-manual/R-devel/library/base/html/traceback.html
// Link: https://testthat.r-lib.org/reference/Reporter.html
import { julia0 } from './julia-legacy.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { parseColonHead, plausiblePath } from '../shared/common.js';
import { Space, Word } from '../../engine/tokens.js';
import { julia } from './scientific-julia.js';
import { matlab } from './matlab.js';
import { biber } from './bibliography.js';

const R_FILE = /\.[Rr]$/;

// --- R ---

/** The condition message of the nearest `Error in call : msg` / `Error: msg` within 40 lines (above first). */
function rErrorMessage(context: LineContext): string {
  for (const direction of [-1, 1]) {
    for (let step = 1; step <= 40; step++) {
      const line = context.line(step * direction);
      if (line === undefined) break;
      const error = /^Error(?: in .*?)? : (.+)$/.exec(line) ?? /^Error: (.+)$/.exec(line);
      if (error) return (error[1] ?? '').trim();
    }
  }
  return '';
}

interface RTraceState {
  trace: number;
  index: number;
  /** The `N:` number of the last frame line (traceback counts down to 1, innermost first). */
  lastNumber: number;
  lastLine: number;
  message: string;
}

function parseTracebackFrame(context: LineContext): boolean {
  // `10: stop("division by zero") at ratio.R#2`: the srcref names the file by its basename only.
  const frame = /^(\d+): .* at (?=[^\s#]+#\d+$)/.exec(context.text);
  if (!frame) return false;
  const parsed = context.parse('rSrcref', { from: frame[0].length });
  const word = parsed?.cst.children.Word?.[0];
  if (!parsed || !word || !('image' in word)) return false;
  const srcref = /^(.+)#(\d+)$/.exec(word.image);
  if (!srcref || !R_FILE.test(srcref[1] ?? '') || !plausiblePath(srcref[1] ?? '')) return false;
  const number = Number(frame[1]);
  const state = context.state<RTraceState>(() => ({ trace: 0, index: 0, lastNumber: 0, lastLine: -1, message: '' }));
  // Frames without a srcref (`8: FUN(X[[i]], ...)`) are not candidates, so a trace continues while the
  // numbers keep counting down within the block (≤ 12 lines apart).
  if (state.lastLine < 0 || number >= state.lastNumber || context.logLine - state.lastLine > 12) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.message = rErrorMessage(context);
  }
  state.lastNumber = number;
  state.lastLine = context.logLine;
  const file = srcref[1] ?? '';
  context.emit({
    file,
    line: Number(srcref[2]),
    severity: null,
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
    ...(/[/\\]/.test(file) ? {} : { hints: { basenameOnly: true } }),
  });
  return true;
}

function parseR(context: LineContext): boolean {
  const text = context.text;
  // Parse errors: `Error in source("a.R") : a.R:3:10: unexpected symbol`, `Error in parse(file = "x.R") : …`,
  // `Error: a.R:3:10: unexpected symbol` (R 4.3+ drops the call for some). The call may itself hold ` : `, so
  // every `: ` is tried as the start of the location.
  if (/^Error\b/.test(text)) {
    for (let at = text.indexOf(': '); at >= 0; at = text.indexOf(': ', at + 1)) {
      const head = parseColonHead(context, { from: at + 2 });
      if (!head || !R_FILE.test(head.file) || head.column === null || !head.rest.startsWith(': ')) continue;
      context.emit({ file: head.file, line: head.line, column: head.column, severity: 'error', message: head.rest.slice(2).trim() });
      return true;
    }
    return false;
  }
  return parseTracebackFrame(context);
}

// --- testthat ---

interface TestthatState {
  /** The current report's header location and message; backtrace `at` lines repeating it are claimed silently. */
  file: string;
  line: number;
  message: string;
  lastLine: number;
  trace: number;
  index: number;
  /** Places a 1.x/2.x report header gave (`file#line:name`), which the closing summary lists again. */
  legacyPlaces: Set<string>;
}

function testthatState(context: LineContext): TestthatState {
  return context.state<TestthatState>(() => ({
    file: '',
    line: 0,
    message: '',
    lastLine: -1,
    trace: 0,
    index: 0,
    legacyPlaces: new Set(),
  }));
}

const KINDS: Record<string, 'error' | 'warning' | null> = { Failure: 'error', Error: 'error', Warning: 'warning', Skip: null };

/** The first non-blank line below a header: the expectation's message or the condition. */
function reportBody(context: LineContext): string {
  for (let delta = 1; delta <= 3; delta++) {
    const line = context.line(delta);
    if (line === undefined || /^(?:── |══ )/.test(line)) break;
    if (line.trim() !== '') return line.trim();
  }
  return '';
}

/** testthat 1.x/2.x (2016–2020) wrote the srcref after the test's name: `1. Error: loads rows (@test-load.R#9)` in
 * the summary and `── 1. Failure: adds (@test-calc.R#5)  ───` above each report. Before 1.0 it came first, after
 * `at` (`1. Failure (at test-load.R#9): loads rows`) and, in the releases between, after `@` alone (`1. Failure
 * (@test-load.R#9): loads rows`). Each is read as [kind, name, file, line]. */
function legacyHeader(text: string): string[] | null {
  const legacy = /^\s*(?:── )?\d+\. (Failure|Error|Warning|Skip): (.*?) \(@([^\s()#]+)#(\d+)\)(?:\s+[─-]+)?\s*$/.exec(text);
  if (legacy) return legacy.slice(1);
  const old = /^\s*\d+\. (Failure|Error|Warning|Skip) \((?:at |@)([^\s()#]+)#(\d+)\): (.*)$/.exec(text);
  if (!old) return null;
  // The name may be followed by a rule of dashes; trimmed by hand, since a pattern for it would backtrack on blanks.
  let name = (old[4] ?? '').trimEnd();
  while (name.endsWith('-')) name = name.slice(0, -1);
  return [old[1] ?? '', name.trimEnd(), old[2] ?? '', old[3] ?? ''];
}

function parseLegacyTestthat(context: LineContext): boolean {
  const legacy = legacyHeader(context.text);
  if (!legacy || !R_FILE.test(legacy[2] ?? '') || !plausiblePath(legacy[2] ?? '')) return false;
  const [kind = '', name = '', file = '', line = ''] = legacy;
  const severity = KINDS[kind] ?? null;
  if (severity === null) return true;
  // The closing summary lists every report again: a place its header already gave is not a second failure.
  const seen = testthatState(context).legacyPlaces;
  const place = `${file}#${line}:${name}`;
  if (seen.has(place)) return true;
  seen.add(place);
  // In the summary list the next line is the next entry or R's own closing words, not this test's condition.
  const body = reportBody(context).replace(/^(?:\d+\. .*|Error: testthat unit tests failed|Execution halted)$/, '');
  const message = `${name}: ${body}`.replace(/: $/, '');
  context.emit({ file, line: Number(line), severity, message, hints: { directory: 'tests/testthat' } });
  return true;
}

function parseTestthat(context: LineContext): boolean {
  const text = context.text;
  if (parseLegacyTestthat(context)) return true;
  const state = testthatState(context);
  // `── 1. Failure ('test-calc.R:4'): adds ──`, `Error ('test-x.R:8'): name`, 3.2+ `── Failure (test-x.R:4:3): name ──`.
  const header = /^(?:── )?(?:\d+\. )?(Failure|Error|Warning|Skip) \('?/.exec(text);
  if (header) {
    // `'` does not end a location suffix for the shared rule, so the closing `')` is read as `)`.
    const head = parseColonHead(context, { from: header[0].length, text: text.replace("'): ", '): ') });
    if (!head || !R_FILE.test(head.file)) return false;
    const tail = /^\): (.*?)(?: ─+)?$/.exec(head.rest);
    if (!tail) return false;
    const severity = KINDS[header[1] ?? ''] ?? null;
    if (severity === null) return true; // a skip is reported, not something to fix
    const body = reportBody(context);
    const message = `${tail[1] ?? ''}: ${body}`.replace(/: $/, '');
    Object.assign(state, { file: head.file, line: head.line, message, lastLine: context.logLine, trace: context.newTraceId(), index: 0 });
    context.emit({ file: head.file, line: head.line, column: head.column, severity, message, hints: { directory: 'tests/testthat' } });
    return true;
  }
  // Warning summary of the summary reporter: `1. warns ('test-calc.R:12') - careful`.
  const summary = /^\d+\. (.+?) \('(?=[^']+:\d+'\) - )/.exec(text);
  if (summary) {
    const head = parseColonHead(context, { from: summary[0].length, text: text.replace("') - ", ') - ') });
    if (!head || !R_FILE.test(head.file)) return false;
    context.emit({
      file: head.file,
      line: head.line,
      severity: 'warning',
      message: `${summary[1] ?? ''}: ${head.rest.replace(/^\) - /, '')}`,
      hints: { directory: 'tests/testthat' },
    });
    return true;
  }
  // Backtrace call with its srcref: ` 1. ├─testthat::expect_equal(…) at test-ratio.R:5:2` or, wrapped, `      at test-ratio.R:5:2`.
  const at = text.lastIndexOf(' at ');
  if (at < 0 || state.lastLine < 0 || context.logLine - state.lastLine > 40 || !/^\s*(?:\d+\. |at )/.test(text)) return false;
  const head = parseColonHead(context, { from: at + 4 });
  if (!head || !R_FILE.test(head.file) || head.rest.trim() !== '') return false;
  state.lastLine = context.logLine;
  if (head.file === state.file && head.line === state.line) return true; // the header already points here
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: null,
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
    hints: { directory: 'tests/testthat' },
  });
  return true;
}

function defineScientificRules(parser: LineParser): void {
  // `ratio.R#6`: an R srcref lexes as one Word (`#` is a word character); the rule takes it and the rest must be empty.
  parser.define('rSrcref', () => {
    parser.tok(1, Word);
    parser.opt(1, () => parser.tok(1, Space));
  });
}

const r: GrammarFormat = {
  name: 'r',
  trace: { innermost: 'first', causes: 'none' },
  language: 'R',
  description:
    '`Rscript -e \'source("R/calc.R")\'`: parse errors `Error in source("R/calc.R") : R/calc.R:3:10: unexpected symbol` (caret ' +
    'below); `traceback()` frames `7: ratio(x, by) at ratio.R#6` (keep.source on).',
  // R's parser counts characters and expands tabs to multiples of 8 (gram.y xxcolno), like a display column.
  columnBase: 1,
  columnUnit: 'display',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://stat.ethz.ch/R-manual/R-devel/library/base/html/traceback.html',
  // Parse errors have `.R:L:C`; srcref frames are `N: call at file.R#L` lines.
  anchor: '\\.[Rr]:\\d|^\\d{1,4}: [^\\n]{0,500}\\.[Rr]#\\d',
  parse: parseR,
};

const testthat: GrammarFormat = {
  name: 'testthat',
  trace: { innermost: 'first', causes: 'none', testRunner: true },
  language: 'R',
  description:
    "`Rscript -e 'testthat::test_dir(\"tests/testthat\")'`: `── Failure ('test-calc.R:4'): adds ──` / `Error (…)` / `Warning (…)` " +
    'reports (3.2+: `(test-calc.R:4:3)`; 1.x/2.x: `1. Error: adds (@test-calc.R#4)`; 0.x: `1. Failure (at test-calc.R#4): adds`, ' +
    'then `(@test-calc.R#4)`), ' +
    'paths relative to tests/testthat, ' +
    'backtraces `at test-x.R:5:2`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://testthat.r-lib.org/reference/Reporter.html',
  anchor:
    '\\.[Rr]:\\d|^\\s*(?:\\xe2\\x94\\x80\\xe2\\x94\\x80 )?\\d{1,4}\\. (?:Failure|Error|Warning|Skip): [^\\n]{0,500}\\(@|' +
    '^\\s*\\d{1,4}\\. (?:Failure|Error|Warning|Skip) \\((?:at |@)',
  parse: parseTestthat,
};

export const scientificFamily: GrammarFamily = {
  // testthat before r: both see `.R:L`, but only testthat's report headers and backtraces are its own; r claims
  // only `Error … : path:L:C:` parse errors and `N: call at f.R#L` frames, so the order matters for no line.
  // julia-0 after julia: Julia 1.x's `[1] f at x.jl:5` frames are julia's; 0.x's ` in f at x.jl:5` frames and its
  // `while loading x.jl, in expression starting on line N` trailer are no 1.x shape.
  formats: [testthat, r, julia, julia0, matlab, biber],
  rules: defineScientificRules,
};

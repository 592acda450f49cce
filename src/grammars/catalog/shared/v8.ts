// V8 stack frames (`at fn (path:L:C)`, `at path:L:C`), shared by node-stack and the test runners that
// print them (jest). Paths may hold spaces and parentheses, so the location is parsed by a Chevrotain
// rule that runs to the LAST `:L:C` before the end of the frame, never split on the first `(`.
// Link: https://v8.dev/docs/stack-trace-api
import type { CauseChain } from '../../engine/cause-chain.js';
import type { LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { extensionlessScript, plausiblePath } from './common.js';
import { cleanPrintedPath, isDevServerUrl, isRuntimePseudoPath } from '../../engine/paths.js';
import { LParen, RParen } from '../../engine/tokens.js';
import { sourceMappedSides } from './source-mapped.js';
import { PLACE_HEADER, PLACE_LINE } from './template-places.js';

/** Raw-text anchor for an indented `at ` frame line (ANSI allowed before `at`, as jest --colors prints). */
export const FRAME_ANCHOR = '^(?:[ \\t]|\\x1b\\[[0-9;]*m)+at ';

/** The family's Chevrotain rules: a V8 location and its parenthesised form. */
export function defineV8Rules(parser: LineParser): void {
  // path:L[:C]: spaces and parentheses belong to the path (`/tmp/my project (copy)/src/lib.js:3:25`).
  parser.define('v8Location', () => {
    parser.sub(1, 'path', [{ until: 'colon', spaces: true, parens: true }]);
    parser.sub(1, 'colonSuffix');
  });
  // (path:L:C) — the frame's own parentheses around the location.
  parser.define('v8ParenLocation', () => {
    parser.tok(1, LParen);
    parser.sub(1, 'v8Location');
    parser.tok(1, RParen);
  });
}

interface V8Location {
  file: string;
  line: number;
  column: number | null;
  /** A script without an extension (`bin/www`): a place only when the workspace has that file. */
  confirm?: true;
}

const FRAME_LINE = /^\s*at\s+\S/;
/** True for a printed V8 frame line (with or without a location). */
export function isFrameLine(text: string | undefined): boolean {
  return text !== undefined && FRAME_LINE.test(text);
}

// Dev servers serve sources over http: `http://localhost:5173/src/x.ts?t=123` is `src/x.ts` below the folder served,
// which cleanPrintedPath reads from a local server's URL; any other host's path is taken as absolute.
function stripDevServer(path: string): string {
  if (isDevServerUrl(path)) return path;
  const match = /^https?:\/\/[^/\s]+(\/.*)$/.exec(path);
  return match ? (match[1] ?? path) : path;
}

/** A printed path a frame may carry: a source file, a file:// or bundler URL, or a runtime pseudo-path. */
function framePath(printed: string): string | undefined {
  const path = stripDevServer(printed.trim());
  const clean = cleanPrintedPath(path);
  if (isRuntimePseudoPath(clean) || plausiblePath(clean)) return path;
  return undefined;
}

/** Parses `path:L[:C]` at `from` running exactly to `to` (exclusive) of the line. */
export function parseLocationSpan(
  context: LineContext,
  rule: 'v8Location' | 'v8ParenLocation',
  from: number,
  to: number,
  text?: string,
): V8Location | undefined {
  const parsed = context.parse(rule, text === undefined ? { from } : { from, text });
  if (!parsed || parsed.end !== to) return undefined;
  const location = rule === 'v8Location' ? parsed.cst : parsed.cst.children.v8Location?.[0];
  if (!location || !('children' in location)) return undefined;
  const pathNode = location.children.path?.[0];
  const suffixNode = location.children.colonSuffix?.[0];
  if (!pathNode || !suffixNode || !('children' in pathNode) || !('children' in suffixNode)) return undefined;
  const printed = context.slice(pathNode, parsed, text);
  const file = framePath(printed);
  const [line, column] = context.ints(suffixNode);
  if (line === undefined) return undefined;
  if (file === undefined) return extensionlessScript(printed) ? { file: printed, line, column: column ?? null, confirm: true } : undefined;
  return { file, line, column: column ?? null };
}

// What a JavaScript runtime loads, or a source map names (issue 20: the fallback ablation found nix's `at /w/x.nix:7:10:`
// taken as a frame, so nix's reading never saw it): JavaScript and TypeScript, the component files bundlers compile
// (Vue, Svelte, Astro, MDX, Marko), the languages whose source maps name their own files (CoffeeScript, ClojureScript,
// ReScript, PureScript), a page's inline script (`.html`) and an ejs template run as a function. A file without an
// extension is a script (`bin/www`) and a runtime's pseudo-path (`node:fs`, `internal/…`, `<anonymous>`) is a frame
// without a place. Any other extension (`.nix`, `.c`, `.S`, `.R`, `.go`…) is another tool's `at path:L:C`, left to
// its own format or the generic tiers: a list of what is known to be JavaScript, not of what is not.
const JAVASCRIPT_EXTENSION = /^(?:[cm]?jsx?|[cm]?tsx?|es6|vue|svelte|astro|mdx|marko|coffee|litcoffee|cljs|resi?|purs|html?|ejs)$/i;

function loadedByJavaScript(printed: string): boolean {
  const path = cleanPrintedPath(printed);
  if (isRuntimePseudoPath(path)) return true;
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 || JAVASCRIPT_EXTENSION.test(name.slice(dot + 1));
}
// A bare token that is a place (`/w/x.nix:7:10:`, `clone3.S:81`) whose path the parser did not take to the end.
const BARE_PLACE = /^(\S+?):\d{1,7}(?::\d{1,5})?:?$/;

/**
 * The location of a frame line: `at fn (loc)`, `at async fn (loc)`, `at new X (loc)`, `at loc`.
 * null when the line is a frame without a location (`at Array.forEach (<anonymous>)`, `at async Promise.all (index 0)`);
 * undefined when it is not a V8 frame (a Java frame `at a.B.c(B.java:3)` has no space before its parenthesis).
 */
export function parseV8Frame(context: LineContext): V8Location | null | undefined {
  const text = context.text;
  const head = /^\s*at\s+/.exec(text);
  if (!head) return undefined;
  // Node closes a frame that precedes an `[cause]` object with ` {`.
  const end = text.replace(/\s+\{$/, '').trimEnd().length;
  if (text[end - 1] === ')') {
    const mapped = sourceMappedFrame(context, head[0].length - 1, end);
    if (mapped !== undefined) return mapped;
    // Try each ` (` from the left: the first that parses to the end is the frame's own parenthesis, since a
    // function name never holds ` (` but a path may (`/my project (copy)/x.js`).
    for (let open = text.indexOf(' (', head[0].length - 1); open >= 0 && open < end; open = text.indexOf(' (', open + 1)) {
      const location = parseLocationSpan(context, 'v8ParenLocation', open + 1, end);
      if (location) return loadedByJavaScript(location.file) ? location : undefined;
    }
    // `fn (<anonymous>)`, `Promise.all (index 0)`, `(native)`: a frame, but not a place. An assembly's display name in
    // the parentheses (`at X.M (Shop, Version=1.0.0.0, Culture=neutral, PublicKeyToken=null…)`) is Application Insights'
    // .NET frame (dotnet-stack), which may hold the file and line after the name.
    if (text.includes('PublicKeyToken=')) return undefined;
    return /\s\([^()]*\)$/.test(text.slice(0, end)) ? null : undefined;
  }
  // Bare form: `at /abs/x.js:3:43`, `at file:///x.mjs:8:41`, `at async file:///x.mjs:3:4`.
  // A Mono frame `at X.M (System.String s) [0x0001c] in /x/A.cs:15` is .NET's (dotnet-stack), not a bare V8 path.
  if (/\) \[0x[0-9a-f]+\] in /.test(text)) return undefined;
  const start = head[0].length + (/^async\s+/.exec(text.slice(head[0].length))?.[0].length ?? 0);
  const location = parseLocationSpan(context, 'v8Location', start, end);
  // V8 frames name JavaScript or a language compiled to it. A bare `at x.R:9:2` is another runtime's frame (testthat
  // wraps its backtraces so, a native backtrace under a crash), `at x.exs:11` another runtime's place (ExUnit 0.x,
  // delve's `   at ./shapes/area.go:11`, Symfony's text trace `  at /app/src/Kernel.php:44`), `at /w/x.nix:7:10:`
  // nix's: its format or generic reads it.
  if (location) return loadedByJavaScript(location.file) ? location : undefined;
  // `at <anonymous>` / `at native` is a frame without a place; `  at least one test failed` is prose.
  const bare = text.slice(start, end);
  if (!/^\S+$/.test(bare)) return undefined;
  const place = BARE_PLACE.exec(bare);
  if (place && !loadedByJavaScript(place[1] ?? '')) return undefined;
  return wrappedLocation(context) ?? null;
}

// karma's `at fn (original <- bundle)` (shared/source-mapped.ts): the original side is the frame's place. A frame whose
// original side is no JavaScript place has none: the bundle's line never is one. The first ` (` opens the parenthesis,
// as a function name never holds one.
function sourceMappedFrame(context: LineContext, from: number, end: number): V8Location | null | undefined {
  const text = context.text;
  const open = text.indexOf(' (', from);
  const sides = open < 0 ? undefined : sourceMappedSides(text, open + 2, end - 1);
  if (!sides) return undefined;
  const location = parseLocationSpan(context, 'v8Location', sides.original.from, sides.original.to);
  return location && loadedByJavaScript(location.file) ? location : null;
}

// A hard-wrapped copy (a terminal or CI viewer of fixed width, testcafe's reporter) moves a long frame's
// `(path:L:C)` onto the next line, alone and indented: `at Page.<anonymous>` then `   (/app/page.ts:66:84)`.
const WRAPPED_LOCATION = /^(\s*)\(\S.*\)\s*$/;
function wrappedLocation(context: LineContext): V8Location | undefined {
  const next = context.line(1);
  const wrapped = next === undefined ? null : WRAPPED_LOCATION.exec(next);
  if (!next || !wrapped) return undefined;
  const location = parseLocationSpan(context, 'v8ParenLocation', wrapped[1]?.length ?? 0, next.trimEnd().length, next);
  return location && loadedByJavaScript(location.file) ? location : undefined;
}

/** A printed exception header: `TypeError: x`, `Error`, `AssertionError [ERR_ASSERTION]: x`, `[cause]: Error: x`. */
const ERROR_HEADER = /(?:^|[\s:[])(?:[A-Z][\w$]*)?(?:Error|Exception)(?: \[[\w-]+\])?(?::\s|$)/;

/** The exception header above a run of frames (nearest such line, bounded look-back), trimmed. */
export function findErrorHeader(context: LineContext, firstFrameDelta: number, limit = 40): { text: string; delta: number } | undefined {
  for (let delta = firstFrameDelta - 1; delta >= -limit; delta--) {
    const line = context.line(delta);
    // A previous trace's frames end the search: its header is not ours.
    if (line === undefined || isFrameLine(line)) return undefined;
    if (ERROR_HEADER.test(line)) return { text: line.trim(), delta };
  }
  return undefined;
}

// A template engine's error names the template's place as its message (template-places.ts): with frames below, those
// places are the trace's innermost frames.

/**
 * The places an error header names as its message, innermost first: the header's own (at `headerDelta`) and the bare
 * `path:L` lines between it and the trace's first frame line (at `firstFrameDelta`). Empty when the header's message
 * is not a place.
 */
function headerPlaces(context: LineContext, headerDelta: number, firstFrameDelta: number): V8Location[] {
  const header = PLACE_HEADER.exec(context.line(headerDelta) ?? '');
  if (!header) return [];
  const places: V8Location[] = [];
  const add = (match: RegExpExecArray): void => {
    const file = framePath(match[1] ?? '');
    if (file !== undefined && !isRuntimePseudoPath(file)) {
      places.push({ file, line: Number(match[2]), column: match[3] === undefined ? null : Number(match[3]) });
    }
  };
  add(header);
  for (let delta = headerDelta + 1; delta < firstFrameDelta; delta++) {
    const place = PLACE_LINE.exec(context.line(delta) ?? '');
    if (place) add(place);
  }
  return places.reverse();
}

/** One contiguous run of frame lines, shared by the formats that claim frames (jest, node-stack). */
export interface FrameRun {
  trace: number;
  /** Next frame index in printed order (frames without a location count too). */
  index: number;
  lastLine: number;
  message: string;
  /** Which format owns the run: a runner's failure block, a console.* call site (ignored), or plain V8. */
  owner: 'jest' | 'console' | 'node';
  /** The `[cause]` chain this run belongs to (its frames are ranked when the chain ends). */
  chain: CauseChain;
}

interface RunState {
  run?: FrameRun;
  chain?: CauseChain;
}

const CAUSE_GAP = /^\s*\.\.\. \d+ lines? matching cause stack trace \.\.\.$/;

/**
 * The run the current frame line belongs to: the previous one when the frames are contiguous (an
 * elided `... N lines matching cause stack trace ...` line keeps them together), else a new one whose
 * owner `classify` decides (called once per run).
 */
export function frameRun(context: LineContext, classify: () => { owner: FrameRun['owner']; message: string }): FrameRun {
  const state = context.shared<RunState>('v8-frame-run', () => ({}));
  const previous = state.run;
  if (previous && previous.lastLine === context.logLine) return previous;
  const contiguous =
    previous !== undefined &&
    (previous.lastLine === context.logLine - 1 || (previous.lastLine === context.logLine - 2 && CAUSE_GAP.test(context.line(-1) ?? '')));
  if (previous && contiguous) {
    previous.lastLine = context.logLine;
    return previous;
  }
  const { owner, message } = classify();
  const trace = context.newTraceId();
  // `[cause]: Error: inner` is the cause of the trace printed just before it: the root cause is printed last,
  // so every earlier trace of the chain moves one rank further from it.
  const isCause = /^\[cause\]:/.test(message) && previous !== undefined && previous.lastLine >= context.logLine - 3;
  if (!state.chain) {
    state.chain = context.causeChain();
  }
  const chain = state.chain;
  if (isCause) chain.addCause();
  else chain.settle();
  const run: FrameRun = { trace, index: 0, lastLine: context.logLine, message, owner, chain };
  state.run = run;
  return run;
}

/** Emits the current frame line's location (if it has one) as frame `run.index`, and advances the index. */
export function emitFrame(
  context: LineContext,
  run: Pick<FrameRun, 'trace' | 'index' | 'message'> & { chain?: CauseChain },
  location: V8Location | null,
  format?: string,
): void {
  const index = run.index++;
  if (!location) return;
  const emitted = context.emit({
    file: location.file,
    line: location.line,
    column: location.column,
    severity: null,
    message: run.message,
    ...(format ? { format } : {}),
    ...(location.confirm ? { hints: { confirm: true } } : {}),
    frame: { trace: run.trace, index, causeRank: 0 },
  });
  run.chain?.track(emitted);
}

/** At a trace's first frame: emits the places its header's message names (headerPlaces) as its innermost frames. */
export function emitHeaderPlaces(context: LineContext, run: FrameRun, format: string): void {
  // The trace starts at its first frame line, which may be one no format claims (`at eval (eval at …)`).
  let first = 0;
  while (isFrameLine(context.line(first - 1))) first--;
  const header = findErrorHeader(context, first);
  for (const place of header ? headerPlaces(context, header.delta, first) : []) emitFrame(context, run, place, format);
}

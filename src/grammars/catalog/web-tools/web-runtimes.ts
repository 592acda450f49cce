// JavaScript runtimes and runners whose V8-style frames must not be read as plain node frames: deno (run, check,
// test, lint), bun (run, test) and mocha (failure blocks). The frame rule itself is _v8.ts's (shared, not copied);
// this file only decides, once per run of frames, which tool printed it.
// Links: https://docs.deno.com/runtime/reference/cli/, https://bun.sh/docs/cli/test, https://mochajs.org/#spec
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';
import { SGR } from '../../engine/anchors.js';
import { findErrorHeader, FRAME_ANCHOR, emitFrame, isFrameLine, parseV8Frame } from '../shared/v8.js';

type Owner = 'deno' | 'bun' | 'mocha';

interface WebRun {
  owner: Owner | null;
  trace: number;
  index: number;
  lastLine: number;
  message: string;
}

const BUN_TRAILER = /^(?:Bun v\d+\.\d+|\(fail\) )/;
const MOCHA_HEADING = /^ {2}(\d+)\) (\S.*)$/;

/** Bun prints the frames, then `Bun v1.x (Linux x64)` (run) or `(fail) name [2ms]` (test): look past the run. */
function bunTrailer(context: LineContext): string | undefined {
  let blanks = 0;
  for (let delta = 1; delta <= 40; delta++) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (isFrameLine(line)) continue;
    if (line.trim() === '' && ++blanks <= 2) continue;
    return BUN_TRAILER.test(line) ? line : undefined;
  }
  return undefined;
}

/** The error heading above the frames: a `TypeError: x` header, or bun/deno's lowercase `error: x` line. */
function errorHeading(context: LineContext): string {
  const header = findErrorHeader(context, 0);
  if (header) return header.text.replace(/^error: /, '');
  for (let delta = -1; delta >= -20; delta--) {
    const line = context.line(delta);
    if (line === undefined || isFrameLine(line)) break;
    if (/^error: /.test(line)) return line.slice('error: '.length).trim();
  }
  return '';
}

// Decides the owner of a run of frames from its first frame. Order: bun's trailer is checked first because bun test
// also prints deno-like `error: …` headings; deno's `error: ` (lowercase, column 0) never comes from node or mocha.
function classify(context: LineContext): { owner: Owner | null; message: string } {
  const trailer = bunTrailer(context);
  if (trailer !== undefined) {
    const failed = /^\(fail\) (.*?)(?: \[[\d.]+m?s\])?$/.exec(trailer);
    const heading = errorHeading(context);
    return { owner: 'bun', message: failed ? `${failed[1]} — ${heading}` : heading };
  }
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined || isFrameLine(line)) break;
    const denoError = /^error: (.*)$/.exec(line);
    if (denoError) {
      // deno test heads the error with the test: `adds => ./src/main_test.ts:4:6`.
      const test = /^(.+?) => \S/.exec(context.line(delta - 1) ?? '');
      return { owner: 'deno', message: test ? `${test[1]} — ${denoError[1] ?? ''}` : (denoError[1] ?? '') };
    }
    const mocha = MOCHA_HEADING.exec(line);
    if (mocha) {
      // `  1) mul` then `       works:` — the suite and test titles, one per line, the last ending in ':'.
      const titles = [mocha[2] ?? ''];
      for (let next = delta + 1; next < 0; next++) {
        const title = /^\s+(.+):$/.exec(context.line(next) ?? '');
        if (!title) break;
        titles.push(title[1] ?? '');
      }
      const header = findErrorHeader(context, 0)?.text ?? '';
      return { owner: 'mocha', message: header ? `${titles.join(' ')} — ${header}` : titles.join(' ') };
    }
  }
  return { owner: null, message: '' };
}

/** The run the current frame line belongs to (contiguous frame lines share one), classified on its first frame. */
function webRun(context: LineContext): WebRun {
  const state = context.shared<{ run?: WebRun }>('web-frame-run', () => ({}));
  const previous = state.run;
  if (previous && previous.lastLine >= context.logLine - 1) {
    previous.lastLine = context.logLine;
    return previous;
  }
  const { owner, message } = classify(context);
  const run: WebRun = { owner, trace: owner ? context.newTraceId() : 0, index: 0, lastLine: context.logLine, message };
  state.run = run;
  return run;
}

/** Claims the current frame line for `owner` when its run is that tool's. */
function parseFrame(context: LineContext, owner: Owner): boolean {
  if (!isFrameLine(context.text)) return false;
  const location = parseV8Frame(context);
  if (location === undefined) return false;
  const run = webRun(context);
  if (run.owner !== owner) return false;
  emitFrame(context, run, location);
  return true;
}

// --- deno ---

// A place under deno's type-check header (its groups: the TS code, `ERROR`/`WARNING` when printed, the message).
function emitUnderTsHeader(
  context: LineContext,
  place: { file: string; line: number; column: number | null },
  header: RegExpExecArray,
): void {
  context.emit({
    file: place.file,
    line: place.line,
    column: place.column,
    severity: header[2] === 'WARNING' ? 'warning' : 'error',
    code: header[1] ?? null,
    message: header[3] ?? '',
  });
}

const DENO_TS_HEADER = /^(TS\d+) \[(ERROR|WARNING)\]: (.*)$/;
const DENO_LINT_HEADER = /^(error|warning)\[([a-z][\w-]*)\]: (.*)$/;

interface DenoState {
  /** Test locations already reported (deno prints each failing test in ERRORS and again in FAILURES). */
  tests: Set<string>;
}

function parseDeno(context: LineContext): boolean {
  const text = context.text;
  // check: `TS2322 [ERROR]: msg`, the source line, a caret line, then `    at file:///…/main.ts:2:7` (one place, not a trace).
  if (isFrameLine(text)) {
    for (let delta = -1; delta >= -4; delta--) {
      const line = context.line(delta);
      if (line === undefined || isFrameLine(line) || line.trim() === '') break;
      const ts = DENO_TS_HEADER.exec(line);
      if (!ts) continue;
      const location = parseV8Frame(context);
      if (!location) return false;
      emitUnderTsHeader(context, location, ts);
      return true;
    }
    return parseFrame(context, 'deno');
  }
  // Before 1.0 a type error's place followed a marker under its code: `error TS2304: msg` then `► file:///…/x.ts:7:15`
  // (e2 96 ba in the anchor's raw latin1 text).
  if (text.startsWith('\u25ba ')) return parseMarkedPlace(context);
  // lint: `error[no-unused-vars]: msg` then ` --> /abs/src/lint.ts:1:10` (rustc-like, but rule names are kebab-case words).
  const arrow = /^\s*--> /.exec(text);
  if (arrow) {
    const heading = DENO_LINT_HEADER.exec(context.line(-1) ?? '');
    const head = heading ? parseColonHead(context, { from: arrow[0].length }) : undefined;
    if (!heading || !head || head.rest.trim() !== '') return false;
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: heading[1] === 'warning' ? 'warning' : 'error',
      code: heading[2] ?? null,
      message: heading[3] ?? '',
    });
    return true;
  }
  // test: `adds => ./src/main_test.ts:4:6` — where the failing test is declared (context, not a diagnostic: the
  // throwing frame below is the place to fix).
  const arrowAt = text.indexOf(' => ');
  if (arrowAt <= 0) return false;
  const head = parseColonHead(context, { from: arrowAt + 4 });
  if (!head || head.column === null || head.rest.trim() !== '') return false;
  const name = text.slice(0, arrowAt).trim();
  const state = context.state<DenoState>(() => ({ tests: new Set() }));
  const key = `${name}\0${head.file}:${head.line}:${head.column}`;
  if (!state.tests.has(key)) {
    state.tests.add(key);
    const error = /^error: (.*)$/.exec(context.line(1) ?? '');
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: null,
      message: error ? `${name} — ${error[1]}` : name,
    });
  }
  return true;
}

// The code line above the marker (a blank line may sit between): `error TS2304: msg`, or a warning's `TS6133 [WARNING]`.
const DENO_OLD_HEADER = /^(?:error:? )?(TS\d+)(?: \[(ERROR|WARNING)\])?: (.*)$/;

function parseMarkedPlace(context: LineContext): boolean {
  const head = parseColonHead(context, { from: 2 });
  if (!head || head.rest.trim() !== '') return false;
  for (let delta = -1; delta >= -2; delta--) {
    const code = DENO_OLD_HEADER.exec(context.line(delta) ?? '');
    if (!code) continue;
    emitUnderTsHeader(context, head, code);
    return true;
  }
  return false;
}

export const webRuntimeFormats: GrammarFormat[] = [
  {
    name: 'deno',
    trace: { innermost: 'first', causes: 'root-last', testRunner: true },
    language: 'TypeScript',
    description:
      '`deno run` / `deno check` / `deno test` / `deno lint`: `error: Uncaught …` then `    at boom (file:///…/lib.ts:2:9)`; `TS2322 ' +
      '[ERROR]: …` then `    at file:///…:2:7` (before 1.0: `error TS2304: …` then `► file:///…:7:15`); ' +
      '`adds => ./src/main_test.ts:4:6`; `error[rule]: …` then ` --> /abs/x.ts:1:10`.',
    columnBase: 1,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    observed: true,
    url: 'https://docs.deno.com/runtime/reference/cli/',
    anchor: `${FRAME_ANCHOR}|=> ${SGR}(?:\\.{1,2}/|/|file:)\\S*:\\d+:\\d+|^ ?--> |^\\xe2\\x96\\xba `,
    parse: parseDeno,
  },
  {
    name: 'bun',
    trace: { innermost: 'first', causes: 'root-last' },
    language: 'TypeScript',
    description:
      '`bun run x.ts` / `bun test`: a code frame, `TypeError: msg` (or `error: …`), then `      at boom (/abs/src/lib.ts:2:13)` ' +
      'frames and `Bun v1.x` / `(fail) name`.',
    columnBase: 1,
    // JavaScriptCore columns are UTF-16 like V8's, but bun transpiles TS first: columns can differ from node/deno (§3.16).
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'message'],
    observed: true,
    url: 'https://bun.sh/docs/cli/test',
    anchor: FRAME_ANCHOR,
    parse: (context) => parseFrame(context, 'bun'),
  },
  {
    name: 'mocha',
    trace: { innermost: 'first', causes: 'root-last', testRunner: true },
    language: 'JavaScript',
    description:
      '`npx mocha` (spec reporter): `  1) suite` / `       test:` / `AssertionError …` then V8 frames (`file://` URLs under ESM).',
    columnBase: 1,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'message'],
    observed: true,
    url: 'https://mochajs.org/#spec',
    anchor: FRAME_ANCHOR,
    parse: (context) => parseFrame(context, 'mocha'),
  },
];

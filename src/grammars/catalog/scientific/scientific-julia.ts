// Julia: uncaught errors (`ERROR: LoadError: UndefVarError: …` then `Stacktrace:` with 1.6+ two-line frames
// ` [1] f(x::Int64)` / `   @ Main ~/src/a.jl:3`, or the pre-1.6 one-line ` [1] f(::Int64) at /x/a.jl:3`), the
// `in expression starting at /x/a.jl:6` trailer, JuliaSyntax (1.10+) parse errors `# Error @ /x/a.jl:3:11`,
// Test stdlib reports (`Test Failed at /x/test/runtests.jl:5`, `Error During Test at …`) and logging macros
// (`┌ Warning: msg` … `└ @ Main ~/src/a.jl:4`).
// Link: https://docs.julialang.org/en/v1/manual/stacktraces/
// Link: https://docs.julialang.org/en/v1/stdlib/Test/
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead, type LocationHead } from '../shared/common.js';

const JULIA_FILE = /\.jl$/;

// Frames of Base/Core print paths relative to the Julia build (`@ Base ./int.jl:88`, `.\boot.jl` on Windows) or under the install
// (`/usr/share/julia/stdlib/v1.9/Test/src/Test.jl`, `/buildworker/…`): they never name the user's files.
function isJuliaRuntime(module: string | undefined, file: string): boolean {
  if (/^\.[\\/]/.test(file) && (module === undefined || /^(?:Base|Core)(?:\.|$)/.test(module))) return true;
  return /\/share\/julia\/|^\/buildworker\/|^\/cache\/build\//.test(file);
}

interface JuliaState {
  trace: number;
  index: number;
  /** Log line of the last frame (-1 before the first). */
  last: number;
  message: string;
  /** Whether the current trace printed a frame outside Base/Core (the user's code is already in it). */
  user: boolean;
  /** Log line of the last `in expression starting at` trailer, and whether it was reported. */
  trailer: number;
  trailerShown: boolean;
  /** Whether a `Test Failed` / `Error During Test` report was read (the failing tests' own places). */
  testReported: boolean;
}

const newJuliaState = (): JuliaState => ({
  trace: 0,
  index: 0,
  last: -1,
  message: '',
  user: false,
  trailer: -1,
  trailerShown: false,
  testReported: false,
});

// A module's own `include(::String)` (defined by `module M` itself, so its frame points at that line) or Base's
// `include_relative` only loads a file: an error raised while loading it was raised by a statement of the included
// file, which the trailer names, not by the `module` line.
const INCLUDE_CALL = /^\s*\[\d+\] (?:include|include_relative)(?:\(| at )/;

/** The exception a trace belongs to: the nearest `ERROR: [LoadError: ]X` or indented `XError: …` above. */
function exceptionAbove(context: LineContext): string {
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    const error = /^ERROR: (?:LoadError: )?(.+)$/.exec(line);
    if (error) return (error[1] ?? '').trim();
    const thrown = /^\s*([A-Z]\w*(?:Error|Exception)\b.*)$/.exec(line);
    if (thrown && !/^\s*Stacktrace:/.test(line)) return (thrown[1] ?? '').trim();
  }
  return '';
}

function emitFrame(context: LineContext, head: LocationHead, frameNumber: number | null, module: string | undefined, call: string): void {
  const state = context.state<JuliaState>(newJuliaState);
  // ` [1]` is the innermost frame and opens a trace; without a number, a gap of more than two lines does.
  if (frameNumber === 1 || state.last < 0 || (frameNumber === null && context.logLine - state.last > 2)) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.message = exceptionAbove(context);
    state.user = false;
  }
  state.last = context.logLine;
  const runtime = isJuliaRuntime(module, head.file);
  if (!runtime && !INCLUDE_CALL.test(call)) state.user = true;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: null,
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
    ...(runtime ? { hints: { runtime: true } } : {}),
  });
}

/** The message of a JuliaSyntax diagnostic: the `└── msg` (or `┘ ── msg`) marker line below the location. */
function parseErrorMessage(context: LineContext): string {
  for (let delta = 1; delta <= 6; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (!line.startsWith('#')) continue; // the echoed source lines sit between the location and the marker
    const marker = /[└┘]\s*─+\s*(.+)$/.exec(line);
    if (marker) return (marker[1] ?? '').trim();
  }
  return 'ParseError';
}

/** Test stdlib: the `Expression:`/`Evaluated:` (failure) or the exception line (error) below the header. */
function testMessage(context: LineContext, kind: string): string {
  const parts: string[] = [];
  for (let delta = 1; delta <= 6; delta++) {
    const line = context.line(delta);
    if (line === undefined || /^\s*(?:Stacktrace:|Test Summary:|Test Failed|Error During Test)/.test(line) || line.trim() === '') break;
    const trimmed = line.trim();
    if (/^(?:Expression|Evaluated):/.test(trimmed) || /(?:Error|Exception)\b/.test(trimmed)) parts.push(trimmed);
  }
  return [kind, ...parts].join(': ').slice(0, 300);
}

function parseJulia(context: LineContext): boolean {
  const text = context.text;
  // 1.6+ frame location: `   @ Main ~/src/a.jl:3`, `   @ Base ./int.jl:88 [inlined]`, `   @ ~/src/a.jl:6`.
  const at = /^(\s*)@ (?:([A-Za-z_][\w.!]*) )?/.exec(text);
  if (at && at[1] !== undefined && at[1].length > 0) {
    const head = parseColonHead(context, { from: at[0].length });
    if (!head || !JULIA_FILE.test(head.file)) return false;
    const numbered = /^\s*\[(\d+)\] /.exec(context.line(-1) ?? '');
    emitFrame(context, head, numbered ? Number(numbered[1]) : null, at[2], numbered ? (context.line(-1) ?? '') : '');
    return true;
  }
  // Pre-1.6 one-line frame: ` [2] top-level scope at /x/a.jl:6`, ` [1] f(::Int64) at ./int.jl:88 [inlined]`.
  const oldFrame = /^\s*\[(\d+)\] .*? at (?=\S+\.jl:\d)/.exec(text);
  if (oldFrame) {
    const head = parseColonHead(context, { from: oldFrame[0].length });
    if (!head || !JULIA_FILE.test(head.file)) return false;
    emitFrame(context, head, Number(oldFrame[1]), undefined, text);
    return true;
  }
  // Logging macros: `└ @ Main ~/src/a.jl:4` closes a `┌ Warning: msg` block.
  const log = /^└ @ (?:([A-Za-z_][\w.!]*) )?/.exec(text);
  if (log) {
    const head = parseColonHead(context, { from: log[0].length });
    if (!head || !JULIA_FILE.test(head.file)) return false;
    let level = '';
    let message = '';
    for (let delta = -1; delta >= -20; delta--) {
      const opener = /^┌ (Error|Warning|Info|Debug): ?(.*)$/.exec(context.line(delta) ?? '');
      if (opener) {
        level = opener[1] ?? '';
        message = opener[2] ?? '';
        break;
      }
    }
    if (level === '' || level === 'Debug') return level !== '';
    context.emit({
      file: head.file,
      line: head.line,
      severity: level === 'Error' ? 'error' : level === 'Warning' ? 'warning' : 'note',
      message,
    });
    return true;
  }
  // JuliaSyntax parse error: `# Error @ /x/b.jl:3:11` (also `# Warning @`).
  const syntax = /^# (Error|Warning) @ /.exec(text);
  if (syntax) {
    const head = parseColonHead(context, { from: syntax[0].length });
    if (!head || !JULIA_FILE.test(head.file)) return false;
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: syntax[1] === 'Error' ? 'error' : 'warning',
      message: parseErrorMessage(context),
    });
    return true;
  }
  // Inside a testset the header carries its name: `Calc: Test Failed at …`.
  const test = /^(?:[^:]{1,200}: )?(Test Failed|Error During Test) at /.exec(text);
  if (test) {
    const head = parseColonHead(context, { from: test[0].length });
    if (!head || !JULIA_FILE.test(head.file)) return false;
    context.state<JuliaState>(newJuliaState).testReported = true;
    context.emit({ file: head.file, line: head.line, severity: 'error', message: testMessage(context, test[1] ?? '') });
    return true;
  }
  // `in expression starting at /x/a.jl:6`: the top-level statement. After a trace holding the user's frames it repeats
  // the `top-level scope` one; with no trace (pre-1.10 `syntax:` errors), or below a trace of Base/Core frames only
  // (1.0-1.9 `LoadError: syntax:` raised inside `include`), it is the only location of the user's code. A nested
  // include prints one trailer per file, the innermost first: the lines right below a trailer share its verdict.
  const trailer = /^in expression starting at /.exec(text);
  if (trailer) {
    const head = parseColonHead(context, { from: trailer[0].length });
    if (!head || !JULIA_FILE.test(head.file)) return false;
    const state = context.state<JuliaState>(newJuliaState);
    const previous = context.emitted.at(-1);
    const repeats = previous !== undefined && previous.file === head.file && previous.line === head.line;
    const message = exceptionAbove(context);
    const chained = state.trailer >= 0 && context.logLine - state.trailer === 1;
    const afterUserTrace = chained ? !state.trailerShown : state.user && state.last >= 0 && context.logLine - state.last <= 2;
    // `Some tests did not pass` points at the @testset line: the failing tests were reported above it. A paste cut to
    // the summary (no report read) keeps it: the testset's line in the test file is then the only place left.
    const reportedAbove = message.startsWith('Some tests did not pass') && state.testReported;
    const shown = !repeats && !afterUserTrace && !reportedAbove;
    if (shown) context.emit({ file: head.file, line: head.line, severity: 'error', message });
    state.trailer = context.logLine;
    state.trailerShown = shown;
    return true;
  }
  return false;
}

export const julia: GrammarFormat = {
  name: 'julia',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Julia',
  description:
    '`julia src/main.jl` (1.6+): `ERROR: LoadError: UndefVarError: …`, `Stacktrace:` with ` [1] f(x::Int64)` / `   @ Main ' +
    '~/src/a.jl:3` frames (`@ Base ./int.jl:88` is the runtime), `in expression starting at …`, JuliaSyntax `# Error @ a.jl:3:11`, ' +
    '`Test Failed at …jl:5`, `└ @ Main a.jl:4` log records.',
  // JuliaSyntax columns are 1-based characters (it counts codepoints; docs: JuliaSyntax.jl "Diagnostics").
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://docs.julialang.org/en/v1/manual/stacktraces/',
  anchor: '\\.jl:\\d',
  parse: parseJulia,
};

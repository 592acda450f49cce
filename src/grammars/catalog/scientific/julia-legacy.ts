// Julia 0.x (0.4–0.6, still in old CI images and pasted answers): `ERROR: LoadError: msg` with frames
// ` in f(::Int64) at /home/u/x.jl:5` and the trailer `while loading /home/u/x.jl, in expression starting on line 3`.
// Link: https://docs.julialang.org/en/v0.6/manual/stacktraces/
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

interface Julia0State {
  /** The `ERROR: …` message above the frames, and the trace id of its run. */
  message: string;
  trace: number;
  index: number;
  lastLine: number;
  /** Log line of the last `while loading` line, and whether it continued a trace. */
  loading: number;
  loadingFramed: boolean;
}

function parseJulia0(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<Julia0State>(() => ({ message: '', trace: 0, index: 0, lastLine: -1, loading: -1, loadingFramed: false }));
  const error = /^ERROR: (?:LoadError: )?(.*)$/.exec(text);
  if (error) {
    // Not claimed: Julia 1.x prints the same head, and its family reads the frames that follow.
    state.message = error[1] ?? '';
    return false;
  }
  const loading = /^while loading (.+), in expression starting on line (\d+)$/.exec(text);
  if (loading) {
    // Right below the frames it is the trace's outermost entry (the top-level statement that called them), so the
    // innermost user frame stays the place to fix; alone (an error at top level) it is the error's own line. A nested
    // include prints one such line per file, the innermost first: each line right below one continues what it began
    // (the trace's next entries, or the includers of the file the error names).
    const file = loading[1] ?? '';
    const line = Number(loading[2]);
    const chained = context.logLine - state.loading === 1;
    const framed = chained ? state.loadingFramed : context.logLine - state.lastLine === 1;
    state.loading = context.logLine;
    state.loadingFramed = framed;
    if (chained && !framed) context.emit({ file, line, severity: null, message: state.message });
    else if (framed) {
      context.emit({
        file,
        line,
        severity: null,
        message: state.message,
        frame: { trace: state.trace, index: state.index++, causeRank: 0 },
      });
    } else context.emit({ file, line, severity: 'error', message: state.message });
    return true;
  }
  // 0.5/0.6 ` in f(::T) at file:N` and 0.4 ` in f at file:N` / ` [inlined code] from file:N`; a web copy may have lost
  // the one-space indentation. 0.5+ folds a recursion into one frame: `… at ./loading.jl:488 (repeats 2 times)`.
  const frame = /^ ?(?:in .+ at|\[inlined code\] from) (\S+):(\d+|\?)(?: \(repeats \d+ times\))?$/.exec(text);
  if (!frame) return false;
  // A frame in the system image (`at /Applications/Julia-0.5.app/…/sys.dylib:?`) has no line to report, but it is
  // still part of the trace: the `while loading` below it stays the trace's outermost entry, not an error of its own.
  if (frame[2] === '?') {
    if (context.logLine - state.lastLine === 1) state.lastLine = context.logLine;
    return true;
  }
  if (!plausiblePath(frame[1] ?? '')) return false;
  if (context.logLine - state.lastLine > 1) {
    state.trace = context.newTraceId();
    state.index = 0;
  }
  state.lastLine = context.logLine;
  // Julia 0.x prints its own Base files relative to base/ (`./loading.jl`, `./client.jl`; `.\loading.jl` on Windows):
  // no workspace file.
  const base = /^\.[\\/][^\\/]+\.jl$/.test(frame[1] ?? '');
  context.emit({
    file: frame[1] ?? '',
    line: Number(frame[2]),
    severity: null,
    message: state.message,
    ...(base ? { hints: { runtime: true } } : {}),
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
  });
  return true;
}

export const julia0: GrammarFormat = {
  name: 'julia-0',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Julia',
  description:
    '`julia x.jl` with Julia 0.4–0.6: `ERROR: LoadError: UndefVarError: y not defined`, ` in f(::Int64) at /home/u/x.jl:5` frames, ' +
    'then `while loading /home/u/x.jl, in expression starting on line 3`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://docs.julialang.org/en/v0.6/manual/stacktraces/',
  // `while loading …` is selected by the universal `line N` anchor, a frame by its `.jl:N`, a system-image frame by `:?`.
  anchor:
    '^ERROR: |^while loading .+, in expression starting on line \\d|^ ?(?:in .+ at|\\[inlined code\\] from) \\S+\\.jl:\\d|' +
    '^ ?in .+ at \\S+:\\?$',
  parse: parseJulia0,
};

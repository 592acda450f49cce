// Go runtime panics: `panic: msg` (or `fatal error: msg`), then one `goroutine N [state]:` dump per
// goroutine, each frame a `pkg.Func(args)` line followed by `\t/abs/file.go:LINE +0xOFF`.
// Link: https://pkg.go.dev/runtime#hdr-Environment_Variables (GOTRACEBACK)
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';

interface GoPanicState {
  /** Trace id of the goroutine dump being read. */
  trace: number | undefined;
  index: number;
  /** The panic line, the message of every frame that follows it. */
  message: string;
}

const PANIC = /^(?:panic|fatal error): /;
const GOROUTINE = /^goroutine \d+ \[[^\]]*\]:\s*$/;

function panicState(context: LineContext): GoPanicState {
  return context.state<GoPanicState>(() => ({ trace: undefined, index: 0, message: '' }));
}

function parseGoPanic(context: LineContext): boolean {
  const text = context.text;
  const state = panicState(context);
  if (PANIC.test(text)) {
    // A test panic is re-raised by the testing package: `panic: X [recovered]` then `\tpanic: X`.
    state.message = text.replace(/ \[recovered\]$/, '').trim();
    state.trace = undefined;
    return true;
  }
  if (GOROUTINE.test(text)) {
    // Each goroutine is its own printed trace; the panicking one is printed first.
    state.trace = context.newTraceId();
    // The first frame below takes index 0.
    state.index = -1;
    return true;
  }
  if (DELVE_AT.test(text)) return parseDelveFrame(context, state);
  const delvePanic = /^\s*runtime\.curg\._panic\.arg: .*?"(.*)"\s*$/.exec(text);
  if (delvePanic) {
    state.message = `panic: ${delvePanic[1] ?? ''}`;
    return true;
  }
  if (!text.startsWith('\t')) return false;
  // The line above a frame's file line is its function: `pkg.Func(…)`, `main.(*T).m(...)`, `created by …`.
  const above = context.line(-1) ?? '';
  if (!/^(?:created by )?\S+(?:\(.*\))?(?: in goroutine \d+)?\s*$/.test(above)) return false;
  const head = parseColonHead(context, { from: 1 });
  if (!head || !head.file.endsWith('.go') || !/^(?: \+0x[0-9a-f]+)?(?: fp=\S+ sp=\S+ pc=\S+)?\s*$/.test(head.rest)) return false;
  if (state.trace === undefined) {
    state.trace = context.newTraceId();
    state.index = 0;
  } else {
    state.index++;
  }
  context.emit({
    file: head.file,
    line: head.line,
    message: state.message,
    // Go prints the innermost call first; runtime/testing frames stay in and are dropped by resolve.
    frame: { trace: state.trace, index: state.index, causeRank: 0 },
  });
  return true;
}

// delve's `stack` (and a breakpoint's `Stack:` block, VS Code's debug console): each frame is its function line,
// `0  0x00000000004bcbf8 in example.com/geo/shapes.Area` (or the bare function), then `   at ./shapes/area.go:11`.
const DELVE_AT = /^\s+at ((?:[A-Za-z]:)?[^\s:]*\.(?:go|s)):(\d+)\s*$/;
const DELVE_FUNCTION = /^\s*(?:(\d+)\s+0x[0-9a-f]+ in )?(?:[\w.-]+\/)*[\w-]+\.[\w.()*[\]-]+\s*$/;

function parseDelveFrame(context: LineContext, state: GoPanicState): boolean {
  const at = DELVE_AT.exec(context.text);
  const function_ = DELVE_FUNCTION.exec(context.line(-1) ?? '');
  if (!at || !function_) return false;
  // A bare function line (no `N  0x… in`) is delve's only where a frame shape is certain: a `.go` file.
  if (function_[1] === undefined && !(at[1] ?? '').endsWith('.go')) return false;
  // A new trace at frame 0, or where no frame of the same stack sits right above.
  const continues = state.trace !== undefined && DELVE_AT.test(context.line(-2) ?? '') && function_[1] !== '0';
  if (continues) state.index++;
  else {
    state.trace = context.newTraceId();
    state.index = 0;
  }
  context.emit({
    file: at[1] ?? '',
    line: Number(at[2]),
    message: state.message,
    frame: { trace: state.trace as number, index: state.index, causeRank: 0 },
  });
  return true;
}

export const goPanic: GrammarFormat = {
  name: 'go-panic',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Go',
  description:
    '`go run` / `go test` panics: `panic: msg`, `goroutine 1 [running]:`, frames `main.f(...)` + `\\t/abs/main.go:10 +0x45`; ' +
    "delve's `stack` and `Stack:` blocks: `0  0x4bcbf8 in main.f` + `   at ./main.go:10`.",
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://go.dev/doc/diagnostics#stack-traces',
  // Panic headers, goroutine headers, tab-indented `.go:LINE` frame lines, delve's `at ….go:LINE` frame lines and
  // the panic value it prints.
  anchor:
    '^(?:panic|fatal error): |^goroutine \\d+ \\[|^\\t(?:[A-Za-z]:)?[^\\s:]*\\.go:\\d|' +
    '^[ \\t]+at (?:[A-Za-z]:)?[^\\s:]*\\.(?:go|s):\\d|runtime\\.curg\\._panic\\.arg: ',
  parse: parseGoPanic,
};

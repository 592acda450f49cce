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
    file: head.file, line: head.line, message: state.message,
    // Go prints the innermost call first; runtime/testing frames stay in and are dropped by resolve.
    frame: { trace: state.trace, index: state.index, causeRank: 0 },
  });
  return true;
}

export const goPanic: GrammarFormat = {
  name: 'go-panic',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Go',
  description:
    '`go run` / `go test` panics: `panic: msg`, `goroutine 1 [running]:`, frames `main.f(...)` + `\\t/abs/main.go:10 +0x45`.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://go.dev/doc/diagnostics#stack-traces',
  // Panic headers, goroutine headers, and tab-indented `.go:LINE` frame lines.
  anchor: '^(?:panic|fatal error): |^goroutine \\d+ \\[|^\\t(?:[A-Za-z]:)?[^\\s:]*\\.go:\\d',
  parse: parseGoPanic,
};

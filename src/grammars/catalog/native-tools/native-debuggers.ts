// Debugger backtraces: LLDB's `thread backtrace` (`bt`), the innermost frame `frame #0` first.
// Link: https://lldb.llvm.org/use/formatting.html (the default `frame-format`)
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

interface LldbState {
  trace: number;
  index: number;
  /** Log line of the last frame (-1 before the first). */
  last: number;
  /** The stop reason of the thread header above the frames. */
  message: string;
}

// `* thread #1, name = 'app', stop reason = signal SIGSEGV` (old releases: `* thread #1: tid = 0x1b, 0x… m`f + 4 at
// F:L, queue = 'q', stop reason = …`): the header repeats the stopped frame, which the `frame #0` line below gives.
const THREAD = /^\s*(?:\* )?thread #\d+[:,].*?(?:stop reason = (.+))?$/;
// `  * frame #0: 0x0000555555555184 app`lookup(where=0x0, done=(app`on_done at main.c:4)) at geo.c:4:14 [opt]`.
const FRAME = /^\s*(?:\* )?frame #(\d+): 0x[0-9A-Fa-f]+ /;
// The frame's own place ends the line: a function-pointer or closure argument is printed with its place too
// (`done=(app`on_done at main.c:4)`, a Swift closure's `… at ViewController.swift:52`), inside the argument list.
// lldb prints the file's base name, `:line[:column]`, then flags such as ` [opt]`, ` [inlined]`, ` [artificial]`.
const OWN_PLACE = / at (\S+?):(\d+)(?::(\d+))?(?: \[[a-z]+\])*\s*$/;
// How far below the previous frame one of the same trace may be (none: lldb prints a backtrace's frames together).
const MAX_GAP = 1;

function parseLldb(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<LldbState>(() => ({ trace: 0, index: 0, last: -1, message: '' }));
  const frame = FRAME.exec(text);
  if (!frame) {
    const thread = THREAD.exec(text);
    if (!thread) return false;
    state.message = thread[1]?.trim() ?? '';
    return true;
  }
  const number = Number(frame[1]);
  if (number === 0 || state.last < 0 || context.logLine - state.last > MAX_GAP) {
    state.trace = context.newTraceId();
    state.index = 0;
  }
  state.last = context.logLine;
  // A frame in a module built without debug information (`libdyld.dylib`start + 1`) has no place: it stays in the trace.
  const place = OWN_PLACE.exec(text.slice(frame[0].length));
  if (!place || !plausiblePath(place[1] ?? '')) return true;
  context.emit({
    file: place[1] ?? '',
    line: Number(place[2]),
    ...(place[3] === undefined ? {} : { column: Number(place[3]) }),
    severity: null,
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
  });
  return true;
}

export const lldb: GrammarFormat = {
  name: 'lldb',
  trace: { innermost: 'first', causes: 'none' },
  language: 'C/C++',
  description:
    '`lldb ./app` then `bt` (C, C++, Swift, Objective-C) (`thread backtrace`): `* thread #1, … stop reason = signal SIGSEGV`, then ' +
    '`frame #0: 0x… app`lookup(where=0x0, done=(app`on_done at main.c:4)) at geo.c:4:14` frames (the last `at F:L[:C]` is the ' +
    "frame's own place; base names only).",
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'message'],
  observed: true,
  url: 'https://lldb.llvm.org/use/formatting.html',
  anchor: '^\\s*(?:\\* )?(?:frame #\\d+: 0x|thread #\\d+[:,])',
  parse: parseLldb,
};

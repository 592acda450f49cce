// Rust panics: `thread 'x' (123) panicked at src/lib.rs:21:9:` (message on the next lines), the pre-1.73
// `panicked at 'msg', src/main.rs:10:21`, and RUST_BACKTRACE frames `  N: symbol` / `at ./src/lib.rs:L:C`.
// Link: https://doc.rust-lang.org/std/backtrace/index.html#environment-variables
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';

interface PanicState {
  /** Trace id of the backtrace being read; reset by each panic so its frames start a new trace. */
  trace: number | undefined;
  index: number;
  /** The last panic's message, the message of its backtrace's frames. */
  message: string;
}

// Indented when cargo relays a build script's stderr (`  --- stderr` then the panic, two spaces in).
const PANIC = /^\s*thread '[^']*'(?: \(\d+\))? panicked at /;
// What ends a panic message printed under the new-form header.
const MESSAGE_END = /^(?:\s*$|\s*(?:note: |stack backtrace:|thread '|---- |error(?:\[|:)|test result:)|\s+\d+: )/;
const MAX_MESSAGE_LINES = 10;
// Old form: the location closes the quoted message, possibly several lines below the header.
const OLD_TAIL = /', (?=\S)/g;

function state(context: LineContext): PanicState {
  return context.state<PanicState>(() => ({ trace: undefined, index: 0, message: '' }));
}

function messageBelow(context: LineContext): string {
  const lines: string[] = [];
  for (let delta = 1; delta <= MAX_MESSAGE_LINES; delta++) {
    const line = context.line(delta);
    if (line === undefined || MESSAGE_END.test(line)) break;
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}

// cargo names a package built from a local folder (a path dependency, a workspace member) with that folder; a
// registry or git package has a version or a URL there instead.
const LOCAL_BUILD = /failed to run custom build command for `[^`(]+ \(((?:[A-Za-z]:)?[\\/][^)`]*)\)`/;
const BUILD_REACH = 40;

/** True when the build script whose stderr holds this panic belongs to a package cargo built from the panic's folder. */
function inLocalPackage(context: LineContext, file: string): boolean {
  for (let delta = -1; delta >= -BUILD_REACH; delta--) {
    const line = context.line(delta);
    if (line === undefined) return false;
    const local = LOCAL_BUILD.exec(line);
    if (local) return file.replace(/\\/g, '/').startsWith(`${(local[1] ?? '').replace(/\\/g, '/')}/`);
  }
  return false;
}

function emitPanic(context: LineContext, text: string, from: number, message: string): boolean {
  const head = parseColonHead(context, { from, text });
  if (!head || !head.file.endsWith('.rs') || !/^:?\s*$/.test(head.rest)) return false;
  const panic = state(context);
  panic.trace = undefined;
  panic.message = message;
  const local = text.startsWith(' ') && inLocalPackage(context, head.file);
  // The panic site is what failed, so it is an error diagnostic (ranked before any frame), not a frame.
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: 'error',
    message,
    ...(local ? { hints: { localPackage: true } } : {}),
  });
  return true;
}

// The last `', ` that is followed by a location ends the old form's quoted message.
function oldFormTail(context: LineContext, text: string): { at: number; quoted: string } | undefined {
  let found: { at: number; quoted: string } | undefined;
  OLD_TAIL.lastIndex = 0;
  for (let match = OLD_TAIL.exec(text); match !== null; match = OLD_TAIL.exec(text)) {
    const at = match.index + match[0].length;
    if (parseColonHead(context, { from: at, text })) found = { at, quoted: text.slice(0, match.index) };
  }
  return found;
}

function parsePanicLine(context: LineContext): boolean {
  const text = context.text;
  const panic = PANIC.exec(text);
  if (panic) {
    const rest = panic[0].length;
    if (text[rest] !== "'") return emitPanic(context, text, rest, messageBelow(context));
    const tail = oldFormTail(context, text);
    // A multi-line quoted message: the location is on the line that closes the quote (claimed there).
    if (!tail) return true;
    return emitPanic(context, text, tail.at, tail.quoted.slice(rest + 1));
  }
  // The closing line of a multi-line old-form message: find its header above.
  const tail = oldFormTail(context, text);
  if (!tail) return false;
  const lines = [tail.quoted];
  for (let delta = -1; delta >= -MAX_MESSAGE_LINES; delta--) {
    const line = context.line(delta);
    if (line === undefined) return false;
    const header = PANIC.exec(line);
    if (header && line[header[0].length] === "'") {
      lines.unshift(line.slice(header[0].length + 1));
      return emitPanic(context, text, tail.at, lines.join('\n'));
    }
    lines.unshift(line);
  }
  return false;
}

// `             at ./src/lib.rs:7:5` under `   3: ledger::nth_price` (or under an inlined frame's bare symbol).
function parseFrame(context: LineContext): boolean {
  const at = /^\s+at (?=\S)/.exec(context.text);
  if (!at) return false;
  const above = context.line(-1) ?? '';
  // The line above is the frame's symbol: `  N: sym`, `  N:     0x… - sym` or an inlined `      sym`.
  if (!/^\s+\S/.test(above)) return false;
  const head = parseColonHead(context, { from: at[0].length });
  if (!head || !head.file.endsWith('.rs') || head.rest.trim() !== '') return false;
  const panic = state(context);
  if (panic.trace === undefined || /^\s+0: /.test(above)) {
    panic.trace = context.newTraceId();
    panic.index = 0;
  } else {
    panic.index++;
  }
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    message: panic.message,
    // Rust prints the innermost frame (the panic machinery, then the panicking function) first.
    frame: { trace: panic.trace, index: panic.index, causeRank: 0 },
  });
  return true;
}

export const rustPanic: GrammarFormat = {
  name: 'rust-panic',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Rust',
  description:
    "`cargo test` / a panicking Rust binary: `thread 'x' (123) panicked at src/lib.rs:21:9:` (or `panicked at 'msg', " +
    'src/main.rs:10:21`) and RUST_BACKTRACE=1 frames `at ./src/lib.rs:7:5`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://doc.rust-lang.org/std/panic/struct.Location.html',
  // The panic header, the closing line of an old-form message, and backtrace `at` lines of .rs files.
  anchor: "panicked at |', [^\\s']*\\.rs:\\d|^[ \\t]+at [^\\s]*\\.rs:\\d",
  parse: (context) => parsePanicLine(context) || parseFrame(context),
};

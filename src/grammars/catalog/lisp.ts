// Scheme and Racket: Guile's backtrace, which names each file once in an `In FILE:` header and lists that file's
// frames below it by line (the innermost, frame 0, printed last), and Racket's `context...:` frames and rackunit's
// `location:` field, which older releases printed as a srcloc (`(#<path:/x/y.rkt> 12 4 300 9)`).
// Links: https://www.gnu.org/software/guile/manual/html_node/Backtrace.html
//        https://docs.racket-lang.org/rackunit/api.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { RawLocation } from '../../core/index.js';

// --- guile ---

interface GuileState {
  trace: number;
  index: number;
  /** The file of the last `In FILE:` header, undefined under `In unknown file:`. */
  file: string | undefined;
  /** The last line of the open backtrace (a header or a frame), NO_BACKTRACE before the first. */
  lastLine: number;
  message: string;
}

// `In shop/cart.scm:` — not shellcheck's `In x.sh line 3:` nor gcc's `In file included from x.h:3:`, which only the
// backtrace's own context (a `Backtrace:` line above) tells apart anyway.
const GUILE_HEADER = /^In (?!file included from )(.+?)(?<! line \d+):$/;
const NO_BACKTRACE = -1e9;
// 2.2+: `    12:25  0 (cart-total _)` (1-based line, 0-based column); 2.0: ` 157: 2 [proc args]`; no source: `?: 6 [` (2.0)
// or the frame number alone (2.2+).
const GUILE_FRAME = /^\s+(?:(\d+):(\d+)\s+|(\d+): |\?: )?(\d+) [([]/;
// A procedure printed in a frame carries where it was defined: `#<procedure 80c9 at conf/x.scm:143:43 (page)>`.
const PROCEDURE_AT = /#<procedure \S* ?at ([^\s:>]+):(\d+):(\d+)/g;
// The runtime's own modules, which a backtrace names relative to its load path.
const GUILE_RUNTIME = /^(?:ice-9|srfi|system|rnrs|language|oop|web|sxml|texinfo)\//;
const MAX_FRAMES_BELOW = 60;
// Lines a frame's printed arguments may wrap onto before the next frame or header.
const MAX_WRAPPED_LINES = 3;

/** The error a backtrace ends with: `ERROR: In procedure +:` / `shop/cart.scm:12:25: In procedure cart-total:` and the
 * line after it. */
function guileMessage(context: LineContext): string {
  for (let delta = 1; delta <= MAX_FRAMES_BELOW; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (GUILE_FRAME.test(line) || GUILE_HEADER.test(line) || line.trim() === '') continue;
    const next = context.line(delta + 1)?.trim() ?? '';
    return [line.replace(/^ERROR: /, '').trim(), next.replace(/^ERROR: /, '')].filter((part) => part !== '').join(' ');
  }
  return '';
}

// The error line a Guile 2.2+ backtrace ends with (`shop/cart.scm:12:25: In procedure cart-total:`) and the
// compiler's warnings (`;;; shop/cart.scm:5:2: warning: possibly unbound variable `tax'`), both with 0-based columns.
const GUILE_DIAGNOSTIC = /^(;;; )?([^\s:]+\.scm):(\d+):(\d+): (warning: .*|In procedure .*:)$/;

function parseGuileDiagnostic(context: LineContext, diagnostic: RegExpExecArray): boolean {
  const warning = diagnostic[5]?.startsWith('warning: ') ?? false;
  if (warning !== (diagnostic[1] !== undefined)) return false;
  const next = context.line(1)?.trim() ?? '';
  context.emit({
    file: diagnostic[2] ?? '',
    line: Number(diagnostic[3]),
    column: Number(diagnostic[4]),
    severity: warning ? 'warning' : 'error',
    message: warning ? (diagnostic[5] ?? '').slice('warning: '.length) : [diagnostic[5], next].join(' ').trim(),
  });
  return true;
}

function parseGuile(context: LineContext): boolean {
  const diagnostic = GUILE_DIAGNOSTIC.exec(context.text);
  if (diagnostic) return parseGuileDiagnostic(context, diagnostic);
  const state = context.state<GuileState>(() => ({ trace: 0, index: 0, file: undefined, lastLine: NO_BACKTRACE, message: '' }));
  const header = GUILE_HEADER.exec(context.text);
  if (header) {
    const previous = context.line(-1) ?? '';
    // A header opens a backtrace (`Backtrace:`, maybe after a logger's prefix) or continues the open one: its last
    // frame is a few lines up, a long frame's arguments having wrapped onto the lines between.
    const opens = /Backtrace:\s*$/.test(previous);
    if (!opens && context.logLine - state.lastLine > MAX_WRAPPED_LINES + 1) return false;
    if (opens) {
      state.trace = context.newTraceId();
      state.index = 0;
      state.message = guileMessage(context);
    }
    state.file = header[1] === 'unknown file' ? undefined : header[1];
    state.lastLine = context.logLine;
    return true;
  }
  const frame = GUILE_FRAME.exec(context.text);
  if (!frame || context.logLine - state.lastLine > MAX_WRAPPED_LINES + 1) return false;
  state.lastLine = context.logLine;
  const lineText = frame[1] ?? frame[3];
  if (state.file === undefined || lineText === undefined) return true;
  const runtime = GUILE_RUNTIME.test(state.file);
  const emitted = context.emit({
    file: state.file,
    line: Number(lineText),
    column: frame[2] === undefined ? null : Number(frame[2]),
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
    ...(runtime ? { hints: { runtime: true } } : {}),
  });
  emitDefinitions(context, emitted);
  return true;
}

/** A frame's procedure was defined at another place: related to the frame, never its own finding. */
function emitDefinitions(context: LineContext, frame: RawLocation | undefined): void {
  if (!frame) return;
  for (const at of context.text.matchAll(PROCEDURE_AT)) {
    const file = at[1] ?? '';
    if (GUILE_RUNTIME.test(file)) continue;
    context.emit({ file, line: Number(at[2]), column: Number(at[3]), message: '', relatedTo: frame });
  }
}

const guile: GrammarFormat = {
  name: 'guile',
  trace: { innermost: 'last', causes: 'none' },
  language: 'Scheme',
  description:
    "`guile x.scm` backtraces: `In shop/cart.scm:` headers with the file's frames below (`    12:25  0 (cart-total _)` in 2.2+, " +
    "` 157: 2 [proc …]` in 2.0), frame 0 the innermost; ice-9/ frames are the runtime's; `x.scm:12:25: In procedure f:` and `;;; " +
    'x.scm:5:2: warning: …`.',
  // Guile counts columns from 0 (`(f)` at a line's start prints `:0`).
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'message'],
  observed: true,
  url: 'https://www.gnu.org/software/guile/manual/html_node/Backtrace.html',
  anchor:
    String.raw`\.scm:\d+:\d+: (?:warning: |In procedure )|^In [^\n]{1,300}:$|` +
    String.raw`^[ \t]+\d+:\d+[ \t]+\d+ \(|^[ \t]*\d+: \d+ \[|^[ \t]+(?:\?: )?\d+ [([]`,
  parse: parseGuile,
};

// --- racket ---

const RACKET_FILE = /\.(?:rkt|rktl|rktd|scrbl|ss|scm)$/;
// rackunit's failure field: `location:   stock-test.rkt:4:0` (1-based line, 0-based column) or, before Racket 6.x's
// srcloc->string, the srcloc itself: `location:   (#<path:/x/y.rkt> 1889 2 73952 69)`.
const RACKUNIT_LOCATION = /^\s*;?\s*location:\s+(?:\(#<path:([^>]+)> (\d+) (\d+) \d+ \d+\)|([^\s:]+):(\d+):(\d+))\s*$/;
// A field of the failed check (`actual:     3`); a field's own lines are never indented, an exception's details are.
const RACKUNIT_FIELD = /^;?\s?(name|message|actual|expected):\s+(.*)$/;
const RACKUNIT_RULE = /^;?\s*-{10,}\s*$/;
const MAX_BLOCK_LINES = 12;

/** The check's fields around `location:` within its `----` block, and the exception an ERROR block shows after a
 * blank line. */
function rackunitMessage(context: LineContext): string {
  const fields: string[] = [];
  for (let delta = -1; delta >= -MAX_BLOCK_LINES; delta--) {
    const line = context.line(delta);
    if (line === undefined || RACKUNIT_RULE.test(line)) break;
    const field = RACKUNIT_FIELD.exec(line);
    if (field) fields.unshift(`${field[1]}: ${field[2]}`);
  }
  let afterBlank = false;
  for (let delta = 1; delta <= MAX_BLOCK_LINES; delta++) {
    const line = context.line(delta);
    if (line === undefined || RACKUNIT_RULE.test(line)) break;
    if (line.trim() === '') afterBlank = true;
    else if (afterBlank) return [...fields, line.trim()].join('\n');
    else {
      const field = RACKUNIT_FIELD.exec(line);
      if (field) fields.push(`${field[1]}: ${field[2]}`);
    }
  }
  return fields.join('\n');
}

function parseRacket(context: LineContext): boolean {
  const location = RACKUNIT_LOCATION.exec(context.text);
  if (!location) return false;
  const file = location[1] ?? location[4] ?? '';
  if (!RACKET_FILE.test(file)) return false;
  context.emit({
    file,
    line: Number(location[2] ?? location[5]),
    column: Number(location[3] ?? location[6]),
    severity: 'error',
    message: rackunitMessage(context),
  });
  return true;
}

const racket: GrammarFormat = {
  name: 'racket',
  language: 'Racket',
  description:
    '`raco test` / rackunit failures: the `location:` field of a failed check, `stock-test.rkt:4:0` or, in old releases, a ' +
    'srcloc `(#<path:/x/y.rkt> 1889 2 73952 69)`.',
  // rackunit prints srcloc columns, which count from 0.
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://docs.racket-lang.org/rackunit/api.html',
  anchor: String.raw`location:[ \t]+(?:\(#<path:|[^\s:]+\.(?:rkt|rktl|rktd|scrbl|ss|scm):\d)`,
  parse: parseRacket,
};

export const lispFamily: GrammarFamily = { formats: [guile, racket] };

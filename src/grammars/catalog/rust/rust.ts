// Rust: rustc/cargo diagnostics (human and --message-format=short) and panics with RUST_BACKTRACE frames.
// Link: https://doc.rust-lang.org/rustc/json.html (human rendering: https://rustc-dev-guide.rust-lang.org/diagnostics.html)
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead, severityOf } from '../shared/common.js';
import { SGR } from '../../engine/anchors.js';
import { rustPanic } from './rust-panic.js';
import { secondaryLabels } from './rust-labels.js';
import type { RawLocation } from '../../../core/index.js';

// A diagnostic header: `error[E0308]: msg`, `warning: msg`, and the sub-diagnostics `note:`/`help:`.
const HEADER = /^(error|warning|note|help|failure-note)(?:\[([\w-]+)\])?: (.*)$/;
// Lines that sit between a header and its arrow: code-frame gutters (`  |`, `4 |`, `... `), `= note:`
// lines, further arrows of the same diagnostic, and the indented continuation of a multi-line note.
const BETWEEN = /^\s*(?:\d+\s*)?[|=]|^\s*(?:-->|:::) |^\s*\.\.\.\s*$|^\s{4,}\S/;
// The header is rarely more than a few lines up, but a long code frame or a chain of `:::` arrows can push
// it further; the window is the scanner's neighbour bound.
const MAX_LOOK_BACK = 40;

interface Header {
  severity: ReturnType<typeof severityOf>;
  code: string | null;
  message: string;
  /** Log line of the header; a sub-diagnostic (`note:`, `help:`) belongs to the diagnostic above it. */
  logLine: number;
  child: boolean;
}

/** The diagnostic whose block is being read: its sub-diagnostics and further arrows are its related spans. */
interface RustRoles {
  owner?: RawLocation;
  ownerHeaderLine?: number;
}

// Walks up over the code frame to the diagnostic's header (formats.md §3.10: severity and message first,
// the arrow's location second). A blank line or any other text ends the diagnostic: no header, no claim.
function findHeader(context: LineContext): Header | undefined {
  for (let delta = -1; delta >= -MAX_LOOK_BACK; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    const header = HEADER.exec(line);
    if (header) {
      const child = header[1] !== 'error' && header[1] !== 'warning';
      return {
        severity: severityOf(header[1]),
        code: header[2] ?? null,
        message: header[3] ?? '',
        logLine: context.logLine + delta,
        child,
      };
    }
    if (!BETWEEN.test(line)) return undefined;
  }
  return undefined;
}

/**
 * Whether this span belongs to the diagnostic before it: a sub-diagnostic (`note:`, `help:`) follows its parent
 * without a blank line; a second arrow under one header, or any `:::` arrow, is a secondary span of that header.
 */
function belongsToOwner(context: LineContext, roles: RustRoles, header: Header, secondaryArrow: boolean): boolean {
  if (roles.owner === undefined) return false;
  if (header.child) return !blankBetween(context, roles.owner.logLine, header.logLine);
  return roles.ownerHeaderLine === header.logLine || secondaryArrow;
}

// ` --> src/lib.rs:4:21` (primary span; its indent is the gutter width, so it grows with the line
// numbers) or ` ::: /rustc/<hash>/library/core/src/ops/arith.rs:114:0` (a secondary span in another file).
function parseArrow(context: LineContext): boolean {
  const arrow = /^(\s*)(-->|:::) /.exec(context.text);
  if (!arrow) return false;
  const head = parseColonHead(context, { from: arrow[0].length });
  // rustc spans are in Rust sources (or the manifest, for cargo lints); ruff and ty copy this layout for
  // Python files, and those lines belong to the Python family later in the registry.
  if (!head || head.rest.trim() !== '' || !/(?:\.rs|(?:^|[\\/])Cargo\.toml)$/.test(head.file)) return false;
  const header = findHeader(context);
  if (!header) return false;
  // A `:::` arrow is never the diagnostic's own span, and `help:` sub-diagnostics map to notes.
  const severity = arrow[2] === ':::' ? 'note' : header.severity;
  const endColumn = head.column === null ? null : primaryEnd(context, head.line, head.column);
  const roles = context.state<RustRoles>(() => ({}));
  const owner = belongsToOwner(context, roles, header, arrow[2] === ':::') ? roles.owner : undefined;
  const location = {
    file: head.file,
    line: head.line,
    column: head.column,
    endColumn,
    severity,
    code: header.code,
    message: header.message,
  };
  const raw = context.emit(owner ? { ...location, relatedTo: owner } : location);
  if (!raw) return true;
  if (!owner && !header.child) {
    roles.owner = raw;
    roles.ownerHeaderLine = header.logLine;
  }
  const labelsOwner = owner ?? raw;
  for (const label of secondaryLabels(context)) {
    context.emit({
      file: head.file,
      line: label.line,
      column: label.column,
      endColumn: label.endColumn,
      severity: 'note',
      code: null,
      message: label.message,
      relatedTo: labelsOwner,
    });
  }
  return true;
}

function blankBetween(context: LineContext, fromLogLine: number, toLogLine: number): boolean {
  for (let logLine = fromLogLine + 1; logLine < toLogLine; logLine++) {
    const text = context.line(logLine - context.logLine);
    if (text === undefined || text.trim() === '') return true;
  }
  return false;
}

// Below the arrow, rustc shows the line (`2 |     let x: i32 = "five";`) and under it the primary span's
// `^^^^^^`: where that run starts at the arrow's column, its length gives the end column. rustc shows tabs as
// four spaces, so a line with a tab before the span does not line up and gives no end.
const MAX_FRAME_LINES = 12;
const NUMBERED_CODE = /^\s*(\d+) \| /;
function primaryEnd(context: LineContext, line: number, column: number): number | null {
  for (let delta = 1; delta <= MAX_FRAME_LINES; delta++) {
    const code = context.line(delta);
    if (code === undefined || code.trim() === '') return null;
    // The gutter numbers the code line: one generic regex and a comparison, not a regex compiled per line read
    // (that was a sixth of a cargo log's scan).
    const numbered = NUMBERED_CODE.exec(code);
    if (!numbered || numbered[1] !== String(line)) continue;
    const marks = context.line(delta + 1) ?? '';
    const start = numbered[0].length + column - 1;
    if (marks.length <= start || !/^\s*\|/.test(marks) || marks[start] !== '^' || marks[start - 1] === '^') return null;
    let end = start;
    while (marks[end + 1] === '^') end++;
    return column + end - start;
  }
  return null;
}

// cargo --message-format=short: `src/lib.rs:4:21: error[E0308]: mismatched types: expected …`.
function parseShort(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || !head.file.endsWith('.rs')) return false;
  const tail = /^: (error|warning|note|help)(?:\[([\w-]+)\])?: (.*)$/.exec(head.rest);
  if (!tail) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    endLine: head.endLine,
    endColumn: head.endColumn,
    severity: severityOf(tail[1]),
    code: tail[2] ?? null,
    message: tail[3] ?? '',
  });
  return true;
}

function parseRustc(context: LineContext): boolean {
  return parseArrow(context) || parseShort(context);
}

const rustc: GrammarFormat = {
  name: 'rustc',
  language: 'Rust',
  description:
    '`cargo build` / `cargo clippy` / `rustc` (human or `--message-format=short`): `error[E0308]: msg` then ` --> src/lib.rs:4:21`, ` ' +
    '::: ` secondary spans, or `src/lib.rs:4:21: error[E0308]: msg`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://doc.rust-lang.org/cargo/reference/external-tools.html#json-messages',
  // Arrow lines (indent, then `-->`/`:::`, colour allowed before it) and short-form heads.
  anchor: `^[ \\t]*${SGR}(?:-->|:::) |\\.rs${SGR}:\\d+:\\d+: `,
  parse: parseRustc,
};

// rust-panic before rustc: an old-style panic line `panicked at 'msg', src/main.rs:2:5` read from its
// first non-blank would otherwise be tried as a short-form head (it is not one, but the panic format
// knows the line and must claim it before anything else sees its `.rs:L:C`).
export const rustFamily: GrammarFamily = { formats: [rustPanic, rustc] };

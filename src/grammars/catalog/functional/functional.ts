// Functional languages: OCaml (`File "a.ml", line 3, characters 4-9:` + `Error:` below, and OCAMLRUNPARAM=b
// backtraces), GHC (`src/Lib.hs:12:5: error: [GHC-88464]` with the message on indented lines below, spans
// `:12:5-17:` and `:(12,5)-(14,20):`) and Nim (nim.ts).
// Link: https://ocaml.org/manual/4.13/comp.html (error locations), https://ocaml.org/manual/4.13/libref/Printexc.html
// Link: https://downloads.haskell.org/ghc/latest/docs/users_guide/using-warnings.html
import { EOF, type CstNode } from 'chevrotain';
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { parseColonHead, plausiblePath, severityOf } from '../shared/common.js';
import { nim } from './nim.js';
import { ALL_TOKENS, Colon, Comma, Dash, DQuote, Int, LParen, RParen, Space, Word } from '../../engine/tokens.js';

// --- ocaml ---

const OCAML_FILE = /\.(?:ml|mli|mll|mly)$/;
const OCAML_MESSAGE = /^(Error|Warning|Alert)(?: (\d+))?(?: \[([\w-]+)\])?(?: ([\w-]+))?: ?(.*)$/;

interface OcamlSpan {
  file: string;
  line: number;
  endLine: number | null;
  column: number | null;
  endColumn: number | null;
}

/** Reads `"path", line(s) L[-EL][, characters A-B]` from the opening quote at `from`. */
function parseOcamlSpan(context: LineContext, from: number): (OcamlSpan & { rest: string }) | undefined {
  const parsed = context.parse('ocamlSpan', { from });
  const pathNode = parsed?.cst.children.path?.[0];
  if (!parsed || !pathNode) return undefined;
  const file = context.slice(pathNode, parsed);
  const numbers = context.ints(parsed.cst.children.ocamlNumbers?.[0] as CstNode | undefined);
  const words = (parsed.cst.children.Word ?? []).map((token) => ('image' in token ? token.image : ''));
  if (!plausiblePath(file) || numbers.length === 0) return undefined;
  const ranged = words[0] === 'lines';
  const [line, second, third, fourth] = numbers as [number, number?, number?, number?];
  const endLine = ranged ? (second ?? null) : null;
  const [start, end] = ranged ? [third, fourth] : [second, third];
  // `characters A-B` are 0-based offsets with an EXCLUSIVE end; the spec says columnBase 0, so pass A and
  // B-1 (the last character covered) and emit() adds one to both: characters 4-9 → column 5, endColumn 9.
  const column = start ?? null;
  const endColumn = end !== undefined && start !== undefined && (endLine !== null || end > start) && end > 0 ? end - 1 : null;
  return { file, line, endLine: endLine ?? (endColumn !== null ? line : null), column, endColumn, rest: context.text.slice(parsed.end) };
}

/** The `Error: …` / `Warning N [name]: …` message after the code echo, within 12 lines; undefined if none. */
function ocamlMessage(context: LineContext): { severity: 'error' | 'warning' | 'note'; code: string | null; message: string } | undefined {
  for (let delta = 1; delta <= 12; delta++) {
    const line = context.line(delta);
    if (line === undefined || /^File "/.test(line)) return undefined;
    const match = OCAML_MESSAGE.exec(line);
    if (!match) continue;
    const more: string[] = [];
    for (let next = delta + 1; next <= delta + 6; next++) {
      const continuation = context.line(next);
      if (continuation === undefined || !/^\s+\S/.test(continuation)) break;
      more.push(continuation.trim());
    }
    const severity = match[1] === 'Error' ? 'error' : match[1] === 'Warning' ? 'warning' : 'note';
    const code = match[3] ?? match[4] ?? match[2] ?? null;
    return { severity, code, message: [match[5] ?? '', ...more].join(' ').trim() };
  }
  return undefined;
}

// A frame printed through Format (dune's `Internal error` report) or copied from a narrow terminal breaks after the
// file: `Raised at M.f in file "src/a.ml",` then `  line 11, characters 30-62` on the next line.
const WRAPPED_FILE = /^"([^"]{1,300})",$/;
const WRAPPED_LINE = /^\s+line (\d+)(?:, characters (\d+)-(\d+))?$/;

function wrappedFrameSpan(context: LineContext, from: number): (OcamlSpan & { rest: string }) | undefined {
  const file = WRAPPED_FILE.exec(context.text.slice(from));
  const next = file ? WRAPPED_LINE.exec(context.line(1) ?? '') : null;
  if (!file || !next || !plausiblePath(file[1] ?? '')) return undefined;
  const line = Number(next[1]);
  const start = next[2] === undefined ? null : Number(next[2]);
  const end = next[3] === undefined ? null : Number(next[3]);
  // As in parseOcamlSpan: 0-based offsets with an exclusive end.
  const endColumn = start !== null && end !== null && end > start ? end - 1 : null;
  return { file: file[1] ?? '', line, endLine: endColumn !== null ? line : null, column: start, endColumn, rest: '' };
}

interface OcamlState {
  trace: number;
  index: number;
  lastLine: number;
  message: string;
}

const BACKTRACE = /^(Raised at|Re-raised at|Called from|Raised by primitive operation at) (?:(\S+) in )?file /;

function parseOcaml(context: LineContext): boolean {
  const text = context.text;
  if (text.startsWith('File "')) {
    const span = parseOcamlSpan(context, 5);
    // Older compilers (and OCaml-style tools) put the message after the colon on the same line.
    const inline = span === undefined ? undefined : /^:\s*(.*)$/.exec(span.rest);
    if (!span || !inline || !OCAML_FILE.test(span.file)) return false;
    const message = ocamlMessage(context);
    const text = message?.message ?? (inline[1] ?? '').trim();
    context.emit({ ...span, severity: message?.severity ?? 'error', code: message?.code ?? null, message: text });
    return true;
  }
  // OCAMLRUNPARAM=b: `Raised at Stdlib__List.assoc in file "list.ml", line 191, characters 10-25` (innermost
  // first), then `Called from Lookup in file "src/lookup.ml", line 6, characters 25-34`.
  const frame = BACKTRACE.exec(text);
  if (!frame) return false;
  const wrapped = wrappedFrameSpan(context, frame[0].length);
  const span = wrapped ?? parseOcamlSpan(context, frame[0].length);
  if (!span || !OCAML_FILE.test(span.file) || span.rest.trim() !== '') return false;
  const state = context.state<OcamlState>(() => ({ trace: 0, index: 0, lastLine: -1, message: '' }));
  if (state.lastLine < 0 || context.logLine - state.lastLine > 1) {
    state.trace = context.newTraceId();
    state.index = 0;
    const header = /^Fatal error: (exception .*)$/.exec(context.line(-1) ?? '');
    state.message = header?.[1] ?? '';
  }
  state.lastLine = context.logLine + (wrapped ? 1 : 0);
  // The standard library's frames print a bare file name (`list.ml`) under a `Stdlib…` module.
  const runtime = !span.file.includes('/') && /^(?:Stdlib|Camlinternal)/.test(frame[2] ?? '');
  context.emit({
    ...span,
    severity: null,
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
    ...(runtime ? { hints: { runtime: true } } : {}),
  });
  return true;
}

// --- ghc ---

const HASKELL_FILE = /\.(?:hs|lhs|hsc|hs-boot)$/;

/** The indented message lines under a GHC header (stopping at the `|` code frame or an unindented line). */
function ghcBody(context: LineContext): string {
  const lines: string[] = [];
  for (let delta = 1; delta <= 12; delta++) {
    const line = context.line(delta);
    if (line === undefined || !/^\s+\S/.test(line) || /^\s*\d*\s*\|/.test(line)) break;
    lines.push(line.trim().replace(/^• /, ''));
  }
  return lines.join(' ').slice(0, 500);
}

// A compiled program's pattern-match failure names the source span GHC compiled into it, after the program's name
// (`app: src/Lib.hs:(12,5)-(14,20): Non-exhaustive patterns in function f`) or ghci's `*** Exception: `.
const GHC_RUNTIME_PREFIX = /^(?:[\w.-]+: |\*\*\* Exception: )/;
const GHC_RUNTIME_FAILURE = /^: ((?:Non-exhaustive|Missing field in record|Irrefutable pattern|No instance nor default)\b.*)$/;

function parseGhc(context: LineContext): boolean {
  const text = context.text;
  let location:
    { file: string; line: number; column: number | null; endLine: number | null; endColumn: number | null; rest: string } | undefined;
  const runtime = GHC_RUNTIME_PREFIX.exec(text);
  const from = runtime && !/^[^\s:]+\.l?hs:/.test(text) ? runtime[0].length : 0;
  const span = context.parse('ghcRangeSpan', { from });
  const pathNode = span?.cst.children.ghcPath?.[0];
  if (span && pathNode) {
    // `src/Lib.hs:(12,5)-(14,20): error:` — a multi-line span.
    const [line, column, endLine, endColumn] = context.ints(span.cst).slice(-4);
    location = {
      file: context.slice(pathNode, span),
      line: line ?? 0,
      column: column ?? null,
      endLine: endLine ?? null,
      endColumn: endColumn ?? null,
      rest: text.slice(span.end),
    };
  } else {
    const head = parseColonHead(context, { from });
    if (head) location = head;
  }
  if (!location || !HASKELL_FILE.test(location.file) || !plausiblePath(location.file)) return false;
  const failure = GHC_RUNTIME_FAILURE.exec(location.rest);
  if (failure) {
    context.emit({ ...location, severity: 'error', message: failure[1] ?? '' });
    return true;
  }
  const tail = from === 0 ? /^: (error|warning)(?:: ?(.*))?$/.exec(location.rest) : null;
  if (!tail) return false;
  let code: string | null = null;
  let inline = tail[2] ?? '';
  // `[GHC-88464]` (9.6+) and `[-Wunused-top-binds]` / `[-Werror=…]` flags lead the header's tail.
  for (let bracket = /^\[([^\]]+)\]\s*/.exec(inline); bracket; bracket = /^\[([^\]]+)\]\s*/.exec(inline)) {
    code = code ?? bracket[1] ?? null;
    inline = inline.slice(bracket[0].length);
  }
  const body = ghcBody(context);
  context.emit({
    file: location.file,
    line: location.line,
    column: location.column,
    endLine: location.endLine,
    endColumn: location.endColumn,
    severity: severityOf(tail[1]),
    code,
    message: [inline, body].filter((part) => part !== '').join(' '),
  });
  return true;
}

function defineFunctionalRules(parser: LineParser): void {
  // `"path", line 3, characters 4-9` / `"path", lines 5-8, characters 2-15` / `"path", line 1` (OCaml).
  parser.define('ocamlNumbers', () => {
    parser.tok(1, Int);
    parser.opt(1, () => {
      parser.tok(1, Dash);
      parser.tok(2, Int);
    });
    parser.opt(2, () => {
      parser.tok(1, Comma);
      parser.tok(1, Space);
      parser.tok(1, Word);
      parser.tok(2, Space);
      parser.tok(3, Int);
      parser.tok(2, Dash);
      parser.tok(4, Int);
    });
  });
  parser.define('ocamlSpan', () => {
    parser.tok(1, DQuote);
    parser.sub(1, 'path', [{ until: 'quote' }]);
    parser.tok(2, DQuote);
    parser.tok(1, Comma);
    parser.tok(1, Space);
    parser.tok(1, Word);
    parser.tok(2, Space);
    parser.sub(1, 'ocamlNumbers');
  });
  // `src/Lib.hs:(12,5)-(14,20)` (GHC multi-line span): the path runs to `:(`.
  parser.define('ghcPath', () => {
    const step = (idx: number): void =>
      parser.alt(
        idx,
        ALL_TOKENS.map((type) => ({ GATE: () => parser.peek(1).tokenType === type, ALT: () => parser.tok(idx, type) })),
      );
    step(1);
    parser.rep(
      1,
      () =>
        parser.peek(1).tokenType !== EOF &&
        parser.peek(1).tokenType !== Space &&
        !(parser.peek(1).tokenType === Colon && parser.peek(2).tokenType === LParen),
      () => step(2),
    );
  });
  parser.define('ghcRangeSpan', () => {
    parser.sub(1, 'ghcPath');
    parser.tok(1, Colon);
    parser.tok(1, LParen);
    parser.tok(1, Int);
    parser.tok(1, Comma);
    parser.tok(2, Int);
    parser.tok(1, RParen);
    parser.tok(1, Dash);
    parser.tok(2, LParen);
    parser.tok(3, Int);
    parser.tok(2, Comma);
    parser.tok(4, Int);
    parser.tok(2, RParen);
  });
}

const ocaml: GrammarFormat = {
  name: 'ocaml',
  trace: { innermost: 'first', causes: 'none' },
  language: 'OCaml',
  description:
    '`ocamlc -c` / `dune build` / OCAMLRUNPARAM=b: `File "src/a.ml", line 3, characters 4-9:` (or `lines 2-3`) then `Error: …` / ' +
    '`Warning 8 [partial-match]: …`; backtrace `Called from M in file "src/a.ml", line 6, characters 25-34`.',
  // characters A-B are 0-based byte offsets with an exclusive end (OCaml manual, Location): columnBase 0.
  columnBase: 0,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://ocaml.org/manual/4.13/comp.html',
  // A backtrace frame wrapped after its file (`in file "src/a.ml",` at the end of the line) is selected by its last branch.
  anchor: 'File "[^"\\n]{1,300}\\.ml[ily]?", lines? \\d|file "[^"\\n]{1,300}\\.ml[ily]?", line \\d|file "[^"\\n]{1,300}\\.ml[ily]?",$',
  parse: parseOcaml,
};

const ghc: GrammarFormat = {
  name: 'ghc',
  language: 'Haskell',
  description:
    '`ghc` / `cabal build` / `stack build`: `src/Lib.hs:12:5: error: [GHC-88464]` with the message on indented lines below; spans ' +
    "`:12:5-17:` and `:(12,5)-(14,20):`; a compiled program's `app: src/Lib.hs:(12,5)-(14,20): Non-exhaustive patterns in …`.",
  // 1-based columns; GHC advances a tab to the next multiple of 8 (GHC.Types.SrcLoc.advanceSrcLoc): display-like.
  columnBase: 1,
  columnUnit: 'display',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://downloads.haskell.org/ghc/latest/docs/users_guide/using-warnings.html',
  // `.hs:12` is a universal prefilter anchor; the `:(12,5)-(…)` span header needs its own, at line start.
  anchor: '\\.l?hs:\\d|^[^\\s(]{1,300}\\.l?hs:\\(\\d|\\.l?hs:\\(\\d+,\\d+\\)-\\(',
  parse: parseGhc,
};

export const functionalFamily: GrammarFamily = {
  // Order within the family does not matter: each format requires its own extensions (.ml, .hs, .nim).
  formats: [ocaml, ghc, nim],
  rules: defineFunctionalRules,
};

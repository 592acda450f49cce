// The last resort: `path:line[:col]` or `path(line[,col])` anywhere in a line, for tools no other
// format knows. A source-extension allow-list keeps `example.org:443` and `12:30:45` out.
import type { Severity } from '../../core/index.js';
import type { Emitted, GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { parseColonHead, parseParenHead, parseSeverityTail, severityOf } from './shared/common.js';
import { fieldSeverity } from './shared/severity-fields.js';
import { shapedFrame } from './shared/trace-blocks.js';
import { afterGluedName } from './shared/glued-name.js';
import { blankFolderStart } from './shared/blank-folders.js';
import { LOCATION_ANCHOR } from '../engine/anchors.js';
import { isDevServerUrl } from '../engine/paths.js';
import { sourceMappedSides } from './shared/source-mapped.js';

// A dev server's query may stand between the file's extension and its position (`x.ts?t=1700:12:5`): no part of
// the file (cleanPrintedPath drops it).
const IN_TEXT_ANCHOR = /\.[A-Za-z][A-Za-z0-9+_]{0,11}(?:\?[\w=&.%-]{1,100})?[:(]\d/g;
// Characters that end a path when walking back from its extension.
const PATH_DELIMITER = /[\s("'`=<>[,|]/;
const FILE_BEFORE_QUERY = /\w\.[A-Za-z][A-Za-z0-9]{0,11}$/;
const MAX_QUERY = 256;

// A bracket that opens a whole folder name (Next.js route groups `app/(auth)/x.tsx`, dynamic routes `[id]/`) is
// part of the path, not the delimiter before it.
function opensFolder(text: string, at: number): boolean {
  const close = text[at] === '(' ? ')' : text[at] === '[' ? ']' : '';
  if (close === '') return false;
  const end = text.indexOf(close, at + 1);
  return end > at + 1 && /[\\/]/.test(text[end + 1] ?? '') && !/[\s()[\]\\/]/.test(text.slice(at + 1, end));
}

// A dev server's module id keeps its query (`src/Nav.astro?astro&type=style&lang.css:5:1`, `x.vue?vue&type=script`):
// an `=` met walking back lies in the query when a file name ends right before its `?`, so the path starts before it.
function queryPathStart(text: string, start: number): number {
  if (text[start - 1] !== '=') return start;
  // Bounded and blank-free: a line of many `=x.c:1` words costs a constant per word.
  let mark = start - 1;
  const limit = Math.max(0, start - MAX_QUERY);
  while (mark > limit && text[mark] !== '?' && !/\s/.test(text[mark] ?? ' ')) mark--;
  if (text[mark] !== '?' || !FILE_BEFORE_QUERY.test(text.slice(Math.max(0, mark - 16), mark))) return start;
  let from = mark;
  while (from > 0 && !PATH_DELIMITER.test(text[from - 1] ?? ' ')) from--;
  return from;
}

// A program that prints its own name glued before the file (psql's `psql:schema.sql:12: ERROR:`, m4's `m4:x.m4:3:`):
// the name is no folder. A runtime's or a bundler's scheme (`node:internal/x.js`, `webpack:x`) or a package URI
// (`package:app/x.dart`, resolved by its package's manifest) is left to be read as one.
const SCHEMES = 'node|file|webpack|vite|ng|https?|data|blob|bun|deno|jar|zip|internal|eval|native|chrome|moz|package';
const PROGRAM_HEAD = new RegExp(`^(?!(?:${SCHEMES})\\b)[a-z][a-z0-9_+-]{1,31}:(?![\\\\/])`);

// A place inside a dependency's artifact, named by its build coordinate right before it: the Android Gradle plugin's
// manifest merger writes `from [androidx.core:core:1.0.0] AndroidManifest.xml:22:18-86` for a library's manifest, whose
// bare name would otherwise be taken for the app's own file. Bounded look-back: a coordinate is short.
const ARTIFACT_COORDINATE = /\[[\w.-]+:[\w.-]+:[\w.+-]+\]\s*$/;
const COORDINATE_REACH = 160;

function insideArtifact(text: string, start: number): boolean {
  return text[start - 1] === ' ' && ARTIFACT_COORDINATE.test(text.slice(Math.max(0, start - COORDINATE_REACH), start));
}

// A log record's header column naming where the logging call is (cocotb's and many Python formatters'
// `ERROR  cocotb.regression  regression.py:399  in _score_test  Test Failed`): the reporter's own line, as make's
// recipe is; the record's message and the traceback under it say where the failure is.
const RECORD_LEVEL_BEFORE = /(?:^|\s)(?:CRITICAL|ERROR|WARNING|WARN|INFO|DEBUG|TRACE|FATAL)\s+(?:[\w.-]+\s+)?$/;
const CALLER_FUNCTION_AFTER = /^\s+in \w+\s/;

function isLoggingCallSite(text: string, start: number, rest: string): boolean {
  return CALLER_FUNCTION_AFTER.test(rest) && RECORD_LEVEL_BEFORE.test(text.slice(Math.max(0, start - 120), start));
}

// The layout rustc made common (clippy, deno, typst, solc, cairo, codespan-reporting's users): a header line
// `error[E0308]: msg` or `warning: msg`, then a line holding only an arrow and the place (` --> F:L:C`, ` ┌─ F:L:C`).
// The header's word is the place's severity and its text the message: without them a tool's warnings, printed first,
// outrank its error (the fixture ablation, issue 20). Other tools split a record the same way with another lead
// before the place (`  Location: F:L:C`, `  in F:L:C`, `  at F:L:C`, none but the indent) or a code written otherwise
// (`ERROR E17: msg`, `warning (W3): msg`), or put the place first and the indented `  error: msg` under it
// (recordBelow). Three lines up or two down at most, and never across a blank line.
const ARROW_BEFORE = /^\s*(?:-->|┌─)\s*$/;
// A lead that only introduces the place; `at` and `in` also lead a trace's frames, read as frames first (parseGeneric).
const PLACE_LEAD_BEFORE = /^\s*(?:(?:-->|┌─|╭─|==>|=>|->)|(?:[Ll]ocation|[Ww]here|[Ff]ile|[Ss]ource):|at|in)?\s*$/;
const ARROW_HEADER = /^(error|warning|note|help)(?:\[([^\]]{1,40})\])?: (.+)$/i;
const RECORD_HEADER = /^\s*(error|warning|note|fatal)(?:\[([^\]]{1,40})\]| ([A-Z][\w-]{0,15}\d{1,6})| \(([^)\s]{1,40})\))?: (\S.*)$/i;

interface RecordHeader {
  severity: Severity | null;
  code: string | null;
  message: string;
}

function recordOf(header: RegExpExecArray): RecordHeader {
  return { severity: severityOf(header[1]), code: header[2] ?? header[3] ?? header[4] ?? null, message: header[5]!.trim() };
}

function arrowHeader(context: LineContext, start: number): RecordHeader | undefined {
  if (!ARROW_BEFORE.test(context.text.slice(0, start))) return undefined;
  for (let delta = -1; delta >= -2; delta--) {
    const above = context.line(delta);
    if (above === undefined || above.trim() === '') return undefined;
    const header = ARROW_HEADER.exec(above);
    if (header) return { severity: severityOf(header[1]), code: header[2] ?? null, message: header[3]!.trim() };
  }
  return undefined;
}

// A record led by its code, the severity its first letter (`W2001 Parameter x not used.` over `F:L:C`, cfn-lint's default).
// Only over a margin place whose block it starts: over ruff's arrow-led places the letter is a rule family's (`E711`, a
// style check, among `F401`s), not a severity.
const CODE_HEADER = /^([EW])(\d{3,5}) (\S.*)$/;

// A line that holds only the place (and a lead before it): the record's severity and message are on a line near it.
// A place at the margin mostly leads its record (gfortran's `F:L:C:` over its snippet and `Error: …`): a header above it
// is then the record before's, unless that header starts its own block (a blank line or the log's start above it).
function recordAround(context: LineContext, start: number, rest: string): RecordHeader | undefined {
  if (!PLACE_LEAD_BEFORE.test(context.text.slice(0, start)) || !/^[\s:]*$/.test(rest)) return undefined;
  if (start === 0) return recordBelow(context) ?? blockHeaderAbove(context);
  for (let delta = -1; delta >= -3; delta--) {
    const above = context.line(delta);
    if (above === undefined || above.trim() === '') return undefined;
    const header = RECORD_HEADER.exec(above);
    if (header) return recordOf(header);
  }
  return undefined;
}

function headerOf(text: string): RecordHeader | undefined {
  const header = RECORD_HEADER.exec(text);
  if (header) return recordOf(header);
  const coded = CODE_HEADER.exec(text);
  if (!coded) return undefined;
  const severity: Severity = coded[1] === 'E' ? 'error' : 'warning';
  return { severity, code: coded[1]! + coded[2]!, message: coded[3]!.trim() };
}

function blockHeaderAbove(context: LineContext): RecordHeader | undefined {
  const before = context.line(-2);
  return before === undefined || before.trim() === '' ? headerOf(context.line(-1) ?? '') : undefined;
}

// The reverse order: the place at the margin, the record's indented `error: msg` right under it.
function recordBelow(context: LineContext): RecordHeader | undefined {
  for (let delta = 1; delta <= 2; delta++) {
    const below = context.line(delta);
    if (below === undefined || !/^\s/.test(below) || below.trim() === '') return undefined;
    const header = RECORD_HEADER.exec(below);
    if (header) return recordOf(header);
  }
  return undefined;
}

// A test runner's line that names a failing test beside its place (Julia's `name: Test Failed at F:L`, clojure.test's
// `FAIL in (name) (F:L)`, a `✗ name (F:L)` list): the failure is the run's error, not a bare place that a warning or
// a frame outranks. The word stands before the place or early after it, as a severity word does; minitest and others
// put it alone on the line above (`  2) Failure:` over `Class#test [F:L]:`). Frames never take it (a frame is where
// the failure passed, read in its trace's order).
const FAILED_TEST = /(?:^|[^\w-])(?:FAIL(?:ED|URE)?|Fail(?:ed|ure)|failed|failure)(?![\w-])|[✗✕✘]/;
const FAILURE_HEADER_ABOVE = /^\s*(?:\d{1,5}\)\s*)?(?:FAIL(?:ED|URE)?|Fail(?:ed|ure)):?\s*$/;

function failedTest(context: LineContext, before: string, rest: string): Severity | null {
  if (FAILED_TEST.test(before) || FAILED_TEST.test(rest.slice(0, 40))) return 'error';
  // The header is short (`  12) Failure:`): a longer line above is not looked at.
  const above = context.line(-1);
  return above !== undefined && above.length <= 24 && FAILURE_HEADER_ABOVE.test(above) ? 'error' : null;
}

// No file path holds `::`; a tool that glues its own words to the place with it (busted 1.x's `while loading a
// test::spec/x_spec.lua:5: msg`) or a qualified name before a path (`Mod::spec/x.lua:3`) ends there.
const afterDoubleColon = (text: string, start: number): boolean => text[start - 1] === ':' && text[start - 2] === ':';

// An editor's problem list writes the position in brackets after the file (`src/x.go [150, 15]: msg`, VS Code's
// `src/x.go [Ln 150, Col 15] msg`): the file, a blank, then the line and the column; read only when the line holds no
// other place. The anchor needs the literal ` [` after an extension, so no other line pays for it.
const EDITOR_POSITION = /\.[A-Za-z][A-Za-z0-9+_]{0,11} \[(?:Ln )?(\d{1,7}), (?:Col )?(\d{1,7})\]/g;
const EDITOR_ANCHOR = String.raw`\.[A-Za-z][A-Za-z0-9+_]{0,11} \[(?:Ln )?\d{1,7}, (?:Col )?\d`;

function parseEditorPosition(context: LineContext): boolean {
  const text = context.text;
  EDITOR_POSITION.lastIndex = 0;
  const match = EDITOR_POSITION.exec(text);
  if (!match) return false;
  let start = match.index;
  while (start > 0 && !PATH_DELIMITER.test(text[start - 1] ?? ' ')) start--;
  if (start === match.index) return false;
  const rest = text.slice(match.index + match[0].length).replace(/^[:\s-]+/, '');
  const tail = parseSeverityTail(rest);
  const word = /\b(error|warning|note|fatal)\b/i.exec(text.slice(Math.max(0, start - 160), start) + rest.slice(0, 40));
  context.emit({
    file: text.slice(start, match.index + match[0].indexOf(' [')),
    line: Number(match[1]),
    column: Number(match[2]),
    severity: tail.severity ?? severityOf(word?.[1]),
    message: (tail.severity ? tail.message : rest).trim() || text.slice(0, start).trim(),
  });
  return true;
}

function parseGeneric(context: LineContext): boolean {
  return parseLocations(context) || parseEditorPosition(context);
}

function parseLocations(context: LineContext): boolean {
  const text = context.text;
  let claimed = false;
  let consumedTo = 0;
  // A source-mapped place's bundle side (`original <- bundle`) is never read (shared/source-mapped.ts).
  const bundle = sourceMappedSides(text)?.bundle;
  IN_TEXT_ANCHOR.lastIndex = 0;
  for (let match = IN_TEXT_ANCHOR.exec(text); match !== null; match = IN_TEXT_ANCHOR.exec(text)) {
    if (match.index < consumedTo) continue;
    let start = match.index;
    while (start > 0 && (!PATH_DELIMITER.test(text[start - 1] ?? ' ') || opensFolder(text, start - 1)) && !afterDoubleColon(text, start))
      start--;
    start = queryPathStart(text, start);
    // The colon head reads a path only from a word's start: a name glued by `@` is cut off as the line's text.
    const named = afterGluedName(text, start, match.index);
    const paren = text[match.index + match[0].length - 2] === '(';
    const from = named === start ? { from: start } : { from: 0, text: text.slice(named) };
    start = named;
    const head = paren ? parseParenHead(context, from) : parseColonHead(context, from);
    if (!head || (bundle !== undefined && start >= bundle.from && start < bundle.to)) continue;
    if (insideArtifact(text, start) || (!paren && isLoggingCallSite(text, start, head.rest))) {
      claimed = true;
      consumedTo = match.index + match[0].length;
      continue;
    }
    // A scheme such as https://host/x.js:3 is a URL unless it is a file:// or bundler URL or a local dev server's.
    if (/^[a-z][\w+.-]*:\/\//i.test(head.file) && !/^(?:file|webpack(?:-internal)?):/i.test(head.file) && !isDevServerUrl(head.file))
      continue;
    // `path:L:C: error: msg` from an unknown tool: the severity word becomes the severity, not message text.
    const tail = parseSeverityTail(head.rest);
    const severityWord = tail.severity ? undefined : /\b(error|warning|note|fatal)\b/i.exec(text.slice(0, start) + head.rest.slice(0, 40));
    // A place in brackets (`[x.proto:6:3] msg`, `(a.c:4)`) ends at its closing bracket, which is not message text.
    const closer = text[start - 1] === '[' ? ']' : text[start - 1] === '(' ? ')' : '';
    const rest = closer !== '' && head.rest.startsWith(closer) ? head.rest.slice(1) : head.rest;
    const message = (tail.severity ? tail.message : rest.replace(/^[:\s-]+/, '')).trim() || text.slice(0, start).trim();
    const arrow = tail.severity === null ? arrowHeader(context, start) : undefined;
    // A frame-like line is one frame of a trace whose order its shape or header states (shared/trace-blocks.ts).
    const shaped = tail.severity === null && arrow === undefined ? shapedFrame(context, start, head.rest) : undefined;
    const header = arrow ?? (tail.severity === null && shaped === undefined ? recordAround(context, start, rest) : undefined);
    const fields: Emitted = {
      file: head.file.replace(PROGRAM_HEAD, ''),
      line: head.line,
      column: head.column,
      severity:
        header?.severity ??
        tail.severity ??
        fieldSeverity(head.rest) ??
        severityOf(severityWord?.[1]) ??
        (shaped === undefined ? failedTest(context, text.slice(Math.max(0, start - 160), start), head.rest) : null),
      code: header?.code ?? tail.code,
      message: header?.message ?? shaped?.message ?? message,
      ...(shaped === undefined ? {} : { frame: shaped.frame }),
    };
    const emitted = context.emit(fields);
    shaped?.track(emitted);
    // A line's first place cut at a blank may be a path whose folders hold blanks: proposed whole, kept if the workspace
    // holds it (shared/blank-folders.ts). Once a line, so the bounded walk back costs a constant per line.
    const joined = consumedTo === 0 && !paren && named === start && emitted ? blankFolderStart(text, start, fields.file) : -1;
    if (joined >= 0) context.emit({ ...fields, file: text.slice(joined, start) + fields.file, hints: { confirm: true } });
    claimed = true;
    consumedTo = match.index + match[0].length;
  }
  return claimed;
}

const generic: GrammarFormat = {
  name: 'generic',
  language: 'Any',
  description: 'Any tool printing `path:line[:col]` or `path(line[,col])` (for example `grep -n`), when no specific format matches.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'message'],
  observed: true,
  anchor: `${LOCATION_ANCHOR}|${EDITOR_ANCHOR}`,
  fallback: true,
  // CPython's chain sentences, when its tracebacks reach this tier, rank as they say (shared/exception-chain.ts).
  trace: { innermost: 'shape', causes: 'root-last', handling: 'later-fails' },
  parse: parseGeneric,
};

export const genericFamily: GrammarFamily = { formats: [generic] };

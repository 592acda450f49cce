// Prefix peeling beyond the fixed catalog in ./prefixes.ts (issue 11 item 2): structured-log wrappers whose
// message carries the tool's line, prefixes learned from the log itself (a head that repeats on the lines
// around a candidate), and tool tags (`[javac] `, `[checkstyle] [ERROR] `, `error:`) that must never end up
// inside a path. Pure string work on normalised lines; the scanner decides when to apply each.
import type { Severity } from '../../core/index.js';

// --- logrus / zap / slog key=value wrappers -------------------------------------------------------------

// A logfmt line starts with one of these keys (logrus `time="…" level=error msg="…"`, slog `time=… level=ERROR
// msg=…`, zap's logfmt encoder `ts=… level=error msg=…`).
const LOGFMT_START = /^(?:time|ts|timestamp|t|level|lvl)=/;
const LOGFMT_PAIR = /([A-Za-z_][\w.-]*)=("(?:[^"\\]|\\.)*"|[^\s"]*)/gy;
// The fields that carry what the wrapped tool printed, in the order they are joined.
const MESSAGE_KEYS = ['msg', 'message'];
const ERROR_KEYS = ['error', 'err'];

function unquoteLogfmt(value: string): string {
  if (!value.startsWith('"')) return value;
  // Go's strconv.Quote escapes: the message of a wrapped tool is unescaped back to what the tool printed; an
  // escaped newline joins the tool's lines with a space, as one candidate line.
  return value.slice(1, -1).replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_match, escape: string) => {
    if (escape === 'n' || escape === 'r') return ' ';
    if (escape === 't') return '\t';
    if (escape.length > 1) return String.fromCharCode(parseInt(escape.slice(1), 16));
    return escape;
  });
}

/** The message (and error) of a logfmt line, unquoted and unescaped; the line itself when it is not one. */
export function unwrapStructuredLog(line: string): string {
  if (!LOGFMT_START.test(line)) return line;
  const fields = new Map<string, string>();
  let position = 0;
  for (;;) {
    while (line.charCodeAt(position) === 0x20) position++;
    if (position >= line.length) break;
    LOGFMT_PAIR.lastIndex = position;
    const pair = LOGFMT_PAIR.exec(line);
    if (!pair) return line;
    fields.set(pair[1]!, pair[2]!);
    position = LOGFMT_PAIR.lastIndex;
  }
  const message = MESSAGE_KEYS.map((key) => fields.get(key)).find((value) => value !== undefined);
  if (message === undefined) return line;
  const error = ERROR_KEYS.map((key) => fields.get(key)).find((value) => value !== undefined);
  const text = unquoteLogfmt(message);
  return error === undefined ? text : `${text}: ${unquoteLogfmt(error)}`;
}

// --- prefixes learned from the log ----------------------------------------------------------------------

/** How many lines on each side of a candidate line are compared with it (the bounded learning window). */
const LEARN_WINDOW = 6;
// A head shared with at least this many of those lines is a prefix of the log, not of one tool line.
const LEARN_MIN_SHARED = 2;
// Only the start of a line can be a prefix.
const MAX_LEARNED_PREFIX = 80;
// A prefix has a structural mark (a bracket, pipe, `#`, quote or digit) and a word: a location (`a.c:3:`,
// `src/x.py`), an indent or a bare severity word (`[ERROR] `, `--- FAIL: `, `e: `) is a tool's own text.
const STRUCTURAL = /[[\]|#"\d]/;
const LOCATION_LIKE = /[/\\]|\.[A-Za-z]\w*[:(]|[:(]\d/;
const SEVERITY_ONLY = new RegExp(
    String.raw`^\W*(?:[ewi]|err|error|errors|warn|warning|warnings|info|note|notice|debug|trace|fatal|fail|failed|failure|ok|pass` +
    String.raw`|passed|success|hint|help|critical|severe|stderr|stdout)\W*$`,
    'i',
);

function headEnds(line: string): number[] {
  const ends: number[] = [];
  const limit = Math.min(line.length - 1, MAX_LEARNED_PREFIX);
  for (let index = 1; index < limit; index++) {
    const code = line.charCodeAt(index);
    // `|`, `]`, `>` and a tab end a prefix; `:` does when a space, `]` or `"` is next to it.
    const closes = code === 0x7c || code === 0x5d || code === 0x3e || code === 0x09;
    const colon = code === 0x3a && (line[index + 1] === ' ' || line[index - 1] === ']' || line[index - 1] === '"');
    if (closes || colon) ends.push(line[index + 1] === ' ' ? index + 2 : index + 1);
  }
  return ends;
}

function plausiblePrefix(prefix: string): boolean {
  const word = prefix.trim();
  return /\w/.test(word) && STRUCTURAL.test(word) && !LOCATION_LIKE.test(word) && !SEVERITY_ONLY.test(word);
}

/**
 * The longest head of `line` (ending at a delimiter) that at least two of its neighbours start with too, when it
 * looks like a wrapper's prefix (`[rank0]:[rank0]: `, `Step #2 - "tf plan": `, `web-1  | `); '' otherwise.
 */
export function learnPrefix(line: string, neighbour: (delta: number) => string | undefined): string {
  const heads = headEnds(line).map((end) => line.slice(0, end)).filter(plausiblePrefix);
  if (heads.length === 0) return '';
  const around: string[] = [];
  for (let delta = 1; delta <= LEARN_WINDOW; delta++) {
    for (const side of [-delta, delta]) {
      const text = neighbour(side);
      if (text !== undefined) around.push(text);
    }
  }
  for (let index = heads.length - 1; index >= 0; index--) {
    const head = heads[index]!;
    if (around.filter((text) => text.startsWith(head)).length >= LEARN_MIN_SHARED) return head;
  }
  return '';
}

// --- tool tags ------------------------------------------------------------------------------------------

// Ant/Gradle task tags (`    [javac] `), bracketed levels (`[checkstyle] [ERROR] `) and a bare severity word
// (`error:`, `ERROR: `), one or more. Formats such as Maven and sbt read `[ERROR] `/`[error] ` themselves, so a
// tag is peeled only when the line without it is needed (see the scanner). A bracket that holds a location
// (protolint's `[x.proto:11:5] msg`) is the line's place, not a tag.
const BRACKET_TAG = String.raw`\[(?![\w.-]*\.[A-Za-z]\w{0,11}:\d)[A-Za-z][\w.:-]{0,30}\]:?\s*`;
const TOOL_TAG = new RegExp(String.raw`^\s*(?:(?:${BRACKET_TAG})+|(?:error|warning|fatal|ERROR|WARNING|FATAL|Error|Warning|Fatal):\s*)`);

/** The tool tags the line starts with ('' when none). */
export function toolTagOf(line: string): string {
  return TOOL_TAG.exec(line)?.[0] ?? '';
}

/** The severity a tool tag states (`[ERROR]`, `warning:`), which the line without it no longer shows. */
function tagSeverity(tag: string): Severity | null {
  const word = /\b(error|fatal|warn|warning|info|note)\b/i.exec(tag)?.[1]?.toLowerCase();
  if (word === undefined) return null;
  return word === 'error' || word === 'fatal' ? 'error' : word.startsWith('warn') ? 'warning' : 'note';
}

/** A candidate line with a prefix removed from it and from its neighbours (those that start with it). */
export interface PeeledLine {
  text: string;
  neighbour: (delta: number) => string | undefined;
  /** True when the text differs from the line the raw anchors saw (a logfmt wrapper, a peeled prefix). */
  changed: boolean;
}

/**
 * The line without the prefix learned from its neighbours and then without its tool tags, with `peeledLength`
 * characters removed; undefined when there is neither.
 */
export function peelCandidate(line: PeeledLine): (PeeledLine & { peeledLength: number; severity: Severity | null }) | undefined {
  const prefix = learnPrefix(line.text, line.neighbour);
  const rest = line.text.slice(prefix.length);
  const tag = toolTagOf(rest);
  if (prefix === '' && tag === '') return undefined;
  const peel = (text: string | undefined): string | undefined => {
    const unprefixed = prefix !== '' && text?.startsWith(prefix) ? text.slice(prefix.length) : text;
    return unprefixed === undefined ? undefined : unprefixed.slice(toolTagOf(unprefixed).length);
  };
  const peeledLength = prefix.length + tag.length;
  const severity = tagSeverity(tag);
  return { text: line.text.slice(peeledLength), neighbour: (delta) => peel(line.neighbour(delta)), changed: true, peeledLength, severity };
}

/** A cheap first test of `swallowed`: a path holding a bracket, pipe, tag or `word:` head may hold a prefix. */
export function mayHoldPrefix(file: string): boolean {
  return /[|\]\s]|^\w+:(?![\\/])/.test(file);
}

/** True when a location's printed path starts inside the peeled head of the line (the path swallowed it). */
export function swallowed(text: string, file: string, peeledLength: number): boolean {
  const at = text.indexOf(file);
  return at >= 0 && at < peeledLength;
}

// Prefix peeling beyond the fixed catalog in ./prefixes.ts (issue 11 item 2): structured-log wrappers whose
// message carries the tool's line, prefixes learned from the log itself (a head that repeats on the lines
// around a candidate), and tool tags (`[javac] `, `[checkstyle] [ERROR] `, `error:`) that must never end up
// inside a path. Pure string work on normalised lines; the scanner decides when to apply each.
import type { RawLocation, Severity } from '../../core/index.js';
import { LOCALIZED_SEVERITY_PATTERN, localizedSeverity } from './locale-words.js';

// --- logrus / zap / slog wrappers: key=value and JSON lines -------------------------------------------------------------

// A logfmt line starts with one of these keys (logrus `time="…" level=error msg="…"`, slog `time=… level=ERROR
// msg=…`, zap's logfmt encoder `ts=… level=error msg=…`).
const LOGFMT_START = /^(?:time|ts|timestamp|t|level|lvl)=/;
const LOGFMT_PAIR = /([A-Za-z_][\w.-]*)=("(?:[^"\\]|\\.)*"|[^\s"]*)/gy;
// The fields that carry what the wrapped tool printed, in the order they are joined.
const MESSAGE_KEYS = ['msg', 'message'];
const ERROR_KEYS = ['error', 'err'];
// The fields a logger names its record's source place by (Python's `pathname`/`filename` and `lineno`, a caller's
// `file` and `line`): kept after the message as `file=F line=N`, which the prose tier reads (prose/fields.ts) and the
// workspace confirms. A full path first: Python's `filename` is only the base name of its `pathname`.
const SOURCE_FILE_KEYS = ['pathname', 'file_path', 'filepath', 'filePath', 'file', 'fileName', 'filename', 'source_file'];
const SOURCE_LINE_KEYS = ['lineno', 'line', 'lineNumber', 'line_number'];

function withSourcePlace(text: string, field: (key: string) => unknown): string {
  const file = SOURCE_FILE_KEYS.map(field).find((value) => typeof value === 'string' && /^[^\s"']{1,300}$/.test(value));
  const line = SOURCE_LINE_KEYS.map(field).find((value) => /^\d{1,7}$/.test(String(value)));
  return file === undefined || line === undefined ? text : `${text} file=${String(file)} line=${String(line)}`;
}

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

/** What a structured-log wrapper carried: the wrapped tool's text and the level the logger gave it. */
interface StructuredLogLine {
  text: string;
  /** The wrapper's level as a severity (`level=error`, `"level":"warn"`), null when it states none or a lower one. */
  severity: Severity | null;
}

// Logger levels that say a failure or a warning; info, debug and trace say nothing about the wrapped line.
function levelSeverity(level: string | number | undefined): Severity | null {
  // pino and bunyan write numbers: 40 warn, 50 error, 60 fatal.
  if (typeof level === 'number') return level >= 50 ? 'error' : level >= 40 ? 'warning' : null;
  const word = level?.toLowerCase();
  if (word === undefined) return null;
  if (/^(?:err|error|fatal|panic|crit|critical|alert|emerg|emergency|dpanic|severe)$/.test(word)) return 'error';
  return /^(?:warn|warning)$/.test(word) ? 'warning' : null;
}

function readLogfmt(line: string): StructuredLogLine | undefined {
  const fields = new Map<string, string>();
  let position = 0;
  for (;;) {
    while (line.charCodeAt(position) === 0x20) position++;
    if (position >= line.length) break;
    LOGFMT_PAIR.lastIndex = position;
    const pair = LOGFMT_PAIR.exec(line);
    if (!pair) return undefined;
    fields.set(pair[1]!, pair[2]!);
    position = LOGFMT_PAIR.lastIndex;
  }
  const message = MESSAGE_KEYS.map((key) => fields.get(key)).find((value) => value !== undefined);
  if (message === undefined) return undefined;
  const error = ERROR_KEYS.map((key) => fields.get(key)).find((value) => value !== undefined);
  const text = unquoteLogfmt(message);
  const level = fields.get('level') ?? fields.get('lvl');
  const source = (key: string): string | undefined => {
    const value = fields.get(key);
    return value === undefined ? undefined : unquoteLogfmt(value);
  };
  return {
    text: withSourcePlace(error === undefined ? text : `${text}: ${unquoteLogfmt(error)}`, source),
    severity: levelSeverity(level === undefined ? undefined : unquoteLogfmt(level)),
  };
}

// A JSON log line (logrus' and zap's JSON encoders, slog's JSONHandler, pino, bunyan, structlog): an object with a
// level and a string message. Records faultline reads as reports (cargo, go test, rdjsonl) never reach the text
// scanner, and rdjsonl's `severity` is no logger level, so a diagnostic record is never taken for a log line.
const JSON_LEVEL_KEYS = ['level', 'lvl', '@level', 'log.level'];
const JSON_MESSAGE_KEYS = ['msg', 'message', '@message'];

function readJsonLog(line: string): StructuredLogLine | undefined {
  if (!line.startsWith('{') || !line.trimEnd().endsWith('}')) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const fields = record as Record<string, unknown>;
  const level = JSON_LEVEL_KEYS.map((key) => fields[key]).find((value) => typeof value === 'string' || typeof value === 'number');
  const message = JSON_MESSAGE_KEYS.map((key) => fields[key]).find((value) => typeof value === 'string');
  if (level === undefined || typeof message !== 'string') return undefined;
  const error = ERROR_KEYS.map((key) => fields[key]).find((value) => typeof value === 'string');
  // A message's own newlines join its lines with a space, as the logfmt reader does.
  const joined = (typeof error === 'string' ? `${message}: ${error}` : message).replace(/\r?\n/g, ' ');
  return { text: withSourcePlace(joined, (key) => fields[key]), severity: levelSeverity(level as string | number) };
}

/** The message (and error) of a logfmt or JSON log line with the logger's level; undefined when it is neither. */
export function readStructuredLog(line: string): StructuredLogLine | undefined {
  if (LOGFMT_START.test(line)) return readLogfmt(line);
  return line.charCodeAt(0) === 0x7b ? readJsonLog(line) : undefined;
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
  const heads = headEnds(line)
    .map((end) => line.slice(0, end))
    .filter(plausiblePrefix);
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

// The same bare word in a localized tool's or a translated front end's language (`错误：`, `Fehler: `, `ошибка:`).
const LOCALIZED_TAG = new RegExp(`^\\s*(${LOCALIZED_SEVERITY_PATTERN}) ?[:：]\\s*`, 'i');

/** The tool tags the line starts with ('' when none). */
export function toolTagOf(line: string): string {
  return TOOL_TAG.exec(line)?.[0] ?? LOCALIZED_TAG.exec(line)?.[0] ?? '';
}

/** The severity a tool tag states (`[ERROR]`, `warning:`, `错误：`), which the line without it no longer shows. */
function tagSeverity(tag: string): Severity | null {
  const localized = LOCALIZED_TAG.exec(tag)?.[1];
  if (localized !== undefined) return localizedSeverity(localized);
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
  /** The severity a structured-log wrapper's level stated for the line (see readStructuredLog). */
  level?: Severity | null;
}

/**
 * A logger's level (`level=error msg="…"`, `{"level":"error","msg":"…"}`) is the severity of what its message
 * carries when the tool's own words state none: two errors a logger wrapped are equals, so they keep the order they
 * were printed in rather than the one whose message happens to hold the word `Error:` going first. A peeled tool
 * tag's severity (`tagged`, `[ERROR] `) is the tool's own and comes before it.
 */
export function withWrapperLevel(line: PeeledLine | undefined, emitted: RawLocation[], from: number, tagged: Severity | null = null): void {
  const level = tagged ?? (line?.changed === true ? line.level : undefined);
  if (!level) return;
  for (let index = from; index < emitted.length; index++) emitted[index]!.severity ??= level;
}

/** A cheap first test for a structured log line, so that only such lines are unwrapped before the anchors look. */
export function mayBeStructuredLog(raw: string): boolean {
  return raw.includes('msg=') || raw.includes('message=') || (raw.includes('{"') && (raw.includes('"msg"') || raw.includes('"message"')));
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
  return /[|\]\s]|^\w+:(?![\\/])|^[^\x00-\x7f]+[:：]/.test(file);
}

/** True when a location's printed path starts inside the peeled head of the line (the path swallowed it). */
export function swallowed(text: string, file: string, peeledLength: number): boolean {
  const at = text.indexOf(file);
  return at >= 0 && at < peeledLength;
}

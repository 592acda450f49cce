// Helpers several families share: the GNU `path:line[:col]: …` head, severity words, plausibility checks.
import type { Severity } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import { isSpace, matchColonHead, matchParenHead, type HeadMatch } from '../../engine/heads.js';
import { looksLikeSourcePath } from '../../engine/paths.js';
import { remembered, RepeatMemo } from '../../engine/repeat-memo.js';
import { LOCALIZED_SEVERITY_PATTERN, localizedSeverity } from '../../engine/locale-words.js';

export interface LocationHead {
  file: string;
  line: number;
  column: number | null;
  endLine: number | null;
  endColumn: number | null;
  /** The text after the location suffix (usually starting with ':'). */
  rest: string;
  /** Offset in the line where the path started. */
  start: number;
}

/** A printed path that could be a file: has a source extension and no ": " inside (that is a message). */
export function plausiblePath(path: string): boolean {
  // The ends by character: a regex's `\s$` tried every position of every path (2 % of a dense mypy log's scan).
  if (path.length === 0 || path.length >= 1024 || isSpace(path.charCodeAt(0)) || isSpace(path.charCodeAt(path.length - 1))) return false;
  return !path.includes(': ') && looksLikeSourcePath(path);
}

// A script run by its name has no extension (`bin/rails`, Express's `bin/www`, `script/deploy`, `exe/tool`): a runtime's
// frame names it in a folder, its name without a dot. Only the workspace can tell it from a bundler's `webpack/bootstrap`,
// so a frame that names one carries `hints.confirm`.
const EXTENSIONLESS_SCRIPT = /^(?:[A-Za-z]:)?[\w.~@+-]*(?:[\\/][\w.~@+-]+)*[\\/][\w~@+-]+$/;

/** A printed path that is a script without an extension in a folder (see EXTENSIONLESS_SCRIPT). */
export function extensionlessScript(path: string): boolean {
  return path.length < 1024 && EXTENSIONLESS_SCRIPT.test(path);
}

/**
 * Parses `path:L[:C[-EC | :EL:EC]]` starting at `from` (default: first non-blank). Paths are tried without
 * spaces first, then with spaces (a path that starts at a known position may contain them).
 */
export function parseColonHead(context: LineContext, options: { from?: number; text?: string } = {}): LocationHead | undefined {
  const text = options.text ?? context.text;
  const from = options.from ?? text.length - text.trimStart().length;
  const key = options.text === undefined ? memoKey('colon', from) : `colon\u0000${from}\u0000${text}`;
  return context.memo(key, () => knownColonHead(text, from));
}

// The heads of lines seen before, by their text, for each start a format asks from (the first non-blank, after a tag):
// a dense log repeats its location lines, and lexing each printing's head again was a sixth of a 10 MB go log's scan
// (issue 21). A head depends on the text and the start alone; formats read it and never change it.
const KNOWN_HEADS: Array<RepeatMemo<LocationHead | null> | undefined> = [];
const KNOWN_HEAD_STARTS = 16;

function knownColonHead(text: string, from: number): LocationHead | undefined {
  if (from >= KNOWN_HEAD_STARTS) return colonHead(text, from);
  const known = (KNOWN_HEADS[from] ??= new RepeatMemo<LocationHead | null>(256, 1024));
  const head = known.get(text);
  return head !== undefined ? (head ?? undefined) : remembered(known, text, colonHead(text, from));
}

// Most formats ask for the same few heads of each candidate line (the GNU head at the first non-blank): their memo
// keys and rule arguments are made once, not per format and line.
const memoKeys = new Map<string, string[]>();
function memoKey(kind: string, from: number): string {
  let keys = memoKeys.get(kind);
  if (keys === undefined) memoKeys.set(kind, (keys = []));
  if (from >= 64) return `${kind}\u0000${from}\u0000`;
  return (keys[from] ??= `${kind}\u0000${from}\u0000`);
}
const SPACES_FIRST: readonly boolean[] = [false, true];

// gcc, clang and many more name a source read from standard input `<stdin>` (`<stdin>:5:3: error: …`): a name the
// path tokens cannot hold, which only the command names (src/resolve/command-names.ts).
const STANDARD_INPUT_HEAD = /(<stdin>|\[stdin\]|<standard input>):(\d{1,9})(?::(\d{1,9}))?(?=\D|$)/y;

// The suffix's number `index`, read from the match at once: the match is shared with the next call (heads.ts).
const numberAt = (match: HeadMatch, index: number): number | undefined => (index < match.count ? match.numbers[index] : undefined);

function colonHead(text: string, from: number): LocationHead | undefined {
  STANDARD_INPUT_HEAD.lastIndex = from;
  const stdin = text.charCodeAt(from) === 0x3c || text.charCodeAt(from) === 0x5b ? STANDARD_INPUT_HEAD.exec(text) : null;
  if (stdin) {
    const column = stdin[3] === undefined ? null : Number(stdin[3]);
    return {
      file: stdin[1]!,
      line: Number(stdin[2]),
      column,
      endLine: null,
      endColumn: null,
      rest: text.slice(from + stdin[0].length),
      start: from,
    };
  }
  for (const spaces of SPACES_FIRST) {
    const match = matchColonHead(text, from, spaces);
    if (!match) continue;
    const file = text.slice(match.pathStart, match.pathEnd);
    if (!plausiblePath(file)) continue;
    const line = numberAt(match, 0)!;
    const third = numberAt(match, 2);
    const fourNumbers = match.count === 4;
    const threeNumbers = match.count === 3;
    return {
      file,
      line,
      column: numberAt(match, 1) ?? null,
      endLine: fourNumbers ? (third ?? null) : threeNumbers ? line : null,
      endColumn: fourNumbers ? (numberAt(match, 3) ?? null) : threeNumbers ? (third ?? null) : null,
      rest: text.slice(match.end),
      start: from,
    };
  }
  return undefined;
}

/**
 * Parses `path(L[,C[,EL,EC]])` starting at `from`; with `wrapper`, also a wrapper's re-print `path (L,C)` and
 * `path (L.C)` (heads.ts matchParenHead).
 */
export function parseParenHead(
  context: LineContext,
  options: { from?: number; parens?: boolean; wrapper?: boolean } = {},
): LocationHead | undefined {
  const text = context.text;
  const from = options.from ?? text.length - text.trimStart().length;
  const parens = options.parens === true;
  const wrapper = options.wrapper === true;
  const kind = `paren${parens ? '-parens' : ''}${wrapper ? '-wrapper' : ''}`;
  return context.memo(memoKey(kind, from), () => knownParenHead(text, from, parens, wrapper));
}

// The paren heads of lines seen before, as KNOWN_HEADS keeps the colon heads, for each start and each of the four
// kinds: a dense tsc or MSBuild log repeats its `F(L,C): ` rows, and lexing each printing's head again was ~15 % of a
// cold 1 MB tsc run's scan (issue 21).
const KNOWN_PAREN_HEADS: Array<RepeatMemo<LocationHead | null> | undefined> = [];

function knownParenHead(text: string, from: number, parens: boolean, wrapper: boolean): LocationHead | undefined {
  if (from >= KNOWN_HEAD_STARTS) return parenHead(text, from, parens, wrapper);
  const slot = from * 4 + (parens ? 2 : 0) + (wrapper ? 1 : 0);
  const known = (KNOWN_PAREN_HEADS[slot] ??= new RepeatMemo<LocationHead | null>(256, 1024));
  const head = known.get(text);
  return head !== undefined ? (head ?? undefined) : remembered(known, text, parenHead(text, from, parens, wrapper));
}

// Words pasted before an elided path (`in the lcd.c file ....\LCD\LCD.C(139): error`) are no part of it: an elision mark
// after a blank starts the path, the mark standing for the folders the user cut.
function fromElision(file: string): string {
  const cut = file.search(/\s(?:…|\.{3,})[\\/]/);
  return cut < 0 ? file : file.slice(cut + 1);
}

function parenHead(text: string, from: number, parens: boolean, wrapper: boolean): LocationHead | undefined {
  for (const spaces of SPACES_FIRST) {
    const match = matchParenHead(text, from, spaces, parens, wrapper);
    if (!match) continue;
    const file = fromElision(text.slice(match.pathStart, match.pathEnd));
    if (!plausiblePath(file)) continue;
    return {
      file,
      line: numberAt(match, 0)!,
      column: numberAt(match, 1) ?? null,
      endLine: numberAt(match, 2) ?? null,
      endColumn: numberAt(match, 3) ?? null,
      rest: text.slice(match.end),
      start: from,
    };
  }
  return undefined;
}

const SEVERITY_WORDS: Record<string, Severity> = {
  error: 'error',
  'fatal error': 'error',
  fatal: 'error',
  err: 'error',
  failure: 'error',
  critical: 'error',
  warning: 'warning',
  warn: 'warning',
  note: 'note',
  info: 'note',
  remark: 'note',
  help: 'note',
  hint: 'note',
};

/** Maps a tool's severity word (any case, any language locale-words.ts knows) to faultline's three levels; null when it is not one. */
export function severityOf(word: string | undefined): Severity | null {
  if (!word) return null;
  return SEVERITY_WORDS[word.toLowerCase()] ?? localizedSeverity(word);
}

// A localized tool's word may be followed by a full-width colon (`错误：`) or, in French typography, a blank (`erreur :`).
const LOCALIZED_TAIL = new RegExp(`^:?\\s*(${LOCALIZED_SEVERITY_PATTERN})(?:\\[([^\\]]+)\\])?[ \\u00a0]?[:：]\\s?(.*)$`, 'i');

/** Splits `: severity[code]: message` (the GNU tail, in English or a language locale-words.ts knows) into its parts. */
export function parseSeverityTail(rest: string): { severity: Severity | null; code: string | null; message: string } {
  const match =
    /^:?\s*(fatal error|error|warning|note|remark|info|help)(?:\[([^\]]+)\])?:\s?(.*)$/i.exec(rest) ?? LOCALIZED_TAIL.exec(rest);
  if (match) return { severity: severityOf(match[1]), code: match[2] ?? null, message: match[3] ?? '' };
  return { severity: null, code: null, message: rest.replace(/^:\s?/, '') };
}

/** Column of the first caret (^) on a caret line, 1-based; null when the line is no caret line. */
export function caretColumn(line: string | undefined, gutter = 0): number | null {
  if (line === undefined) return null;
  const body = line.slice(gutter);
  if (!/^\s*\^[\^~]*\s*$/.test(body) && !/^\s*[~]*\^/.test(body)) return null;
  return body.indexOf('^') + 1;
}

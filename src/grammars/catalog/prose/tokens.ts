// The words of a line the prose tier considers as files: quoted or bare runs of the characters paths carry, cut of
// the sentence punctuation around them, each judged path-like once.
import { pathLike } from './words.js';

// At most this many words of a line are considered, so a long line of prose costs a bounded scan.
const MAX_TOKENS = 64;

// A path-like word: quoted (quotes may hold blanks-free text only), or a run of characters paths carry.
const TOKEN = /"([^"\s]{1,512})"|'([^'\s]{1,512})'|`([^`\s]{1,512})`|([^\s"'`<>{}[\],;|=]{2,512})/g;
export interface Token {
  path: string;
  start: number;
  end: number;
  /** pathLike(path), computed once. */
  likely?: boolean;
}

export function likely(token: Token): boolean {
  return (token.likely ??= pathLike(token.path));
}

const AT_REF = /(?<=[\\/][^@\s]{0,300}\.[A-Za-z][\w+-]{0,11})@[\w.\/-]{1,100}$/;

// Trailing sentence punctuation is not part of a path (`… in q.sql.`, `(file "x.tcl" line 3)`).
function trimmed(raw: string, start: number): Token {
  let path = raw;
  let from = start;
  while (path.length > 0 && '([('.includes(path[0]!)) {
    path = path.slice(1);
    from++;
  }
  // `in C:\x\A.cs:line 21` glues the word to the path.
  path = path.replace(/[.:,;!?)\]]+$/, '').replace(/[:,](?:[Ll]ine|LINE)s?$/, '');
  // A file at a version (GitHub Actions' called workflow `owner/repo/.github/workflows/ci.yml@v3`, a pinned `dir/x.js@1.2`):
  // the `@ref` after the extension is no part of the path, but of the word. A folder first, so an e-mail address
  // (`a.b@host.org`) stays.
  const end = from + path.length;
  if (path.includes('@')) path = path.replace(AT_REF, '');
  return { path, start: from, end };
}

// A quoted path that holds blanks (`"C:\My Apps\Tool Kit.au3" (12) :`): a folder separator and a letter-led extension
// at its end tell it from a quoted sentence. Its words are one token, not the bare runs between its blanks.
const QUOTED_WITH_BLANKS = /"([^"\n]{3,512})"/g;
const BLANK_PATH = /^[^\t]*[\\/][^\t]*\.[A-Za-z][\w+-]{0,11}$/;

function quotedWithBlanks(text: string): Token[] {
  if (!text.includes(' ') || !text.includes('"')) return [];
  const spans: Token[] = [];
  QUOTED_WITH_BLANKS.lastIndex = 0;
  for (let match = QUOTED_WITH_BLANKS.exec(text); match !== null && spans.length < 4; match = QUOTED_WITH_BLANKS.exec(text)) {
    const inner = match[1]!;
    if (inner.includes(' ') && BLANK_PATH.test(inner))
      spans.push({ path: withoutElision(inner), start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

// A path a user shortened or redacted (`C:\(...)\install.iss`, `D:\…\app\x.nsi`, `"(removed)\ src\a.au3"`): the folders
// before the elision are unknown, so only what follows it is the path (resolve then places it as a relative name).
const ELISION = /^.*[\\/](?:\(\.{2,}\)|\.{3,}|…|\[\.{2,}\]|<[^<>\\/]*>|\([^()\\/]*\))[\\/] ?/;

function withoutElision(path: string): string {
  if (!/[.…<(]/.test(path)) return path;
  const rooted = /^[^\\/]*(?:\(\.{2,}\)|\.{3,}|…|<[^<>\\/]*>|\([^()\\/]*\))[\\/] ?/.exec(path);
  const cut = ELISION.exec(path) ?? rooted;
  return cut && cut[0].length < path.length ? path.slice(cut[0].length) : path;
}

// A Windows path whose folders hold blanks, written bare (`in C:\Users\me\Temp Apps\Setup\x.iss: …`): the words
// from a drive-rooted word without an extension up to the first that ends in one, joined by single blanks, are one path.
const MAX_JOINED_WORDS = 8;

function joinedWindowsPath(text: string, tokens: readonly Token[], at: number): Token | undefined {
  const first = tokens[at]!;
  if (!/^[A-Za-z]:\\/.test(first.path) || /\.[A-Za-z][\w+-]{0,11}$/.test(first.path)) return undefined;
  for (let next = at + 1; next < tokens.length && next <= at + MAX_JOINED_WORDS; next++) {
    const gap = text.slice(tokens[next - 1]!.end, tokens[next]!.start);
    if (!/^ \(?$/.test(gap)) return undefined;
    if (/\.[A-Za-z][\w+-]{0,11}$/.test(tokens[next]!.path)) {
      const path = text.slice(first.start, tokens[next]!.end);
      return /["*?<>|\t]| {2}/.test(path) ? undefined : { path, start: first.start, end: tokens[next]!.end };
    }
  }
  return undefined;
}

// The words of text[from, to) (a word may run past `to`), at most `max` of them.
function wordsBetween(text: string, from: number, to: number, max: number, into: Token[]): void {
  const limit = into.length + max;
  TOKEN.lastIndex = from;
  for (let match = TOKEN.exec(text); match !== null && match.index < to && into.length < limit; match = TOKEN.exec(text)) {
    const quoted = match[1] ?? match[2] ?? match[3];
    const token =
      quoted === undefined ? trimmed(match[4]!, match.index) : { path: quoted, start: match.index, end: match.index + match[0].length };
    token.path = withoutElision(token.path);
    into.push(token);
  }
}

// A stack flattened onto one line by a copy (FreeMarker's `[in template "x.ftl" at line 232, column 9]` frames after a
// long message) names places past the first MAX_TOKENS words. Around each later place the caller's pattern finds, the
// last WINDOW_TOKENS words within PLACE_REACH characters before it and the first WINDOW_TOKENS from it on are read too,
// at most MAX_LATE_PLACES times: a line of any length costs a bounded number of words and the pattern's one scan.
const MAX_LATE_PLACES = 8;
const PLACE_REACH = 160;
const WINDOW_TOKENS = 16;

function wordsAroundLatePlaces(text: string, horizon: number, places: RegExp, into: Token[]): void {
  let covered = horizon;
  places.lastIndex = horizon;
  for (let place = places.exec(text), windows = 0; place !== null && windows < MAX_LATE_PLACES; place = places.exec(text), windows++) {
    let from = Math.max(covered, place.index - PLACE_REACH);
    // A window starts on a word's first character, never inside a word.
    if (from > covered) while (from < place.index && !/\s/.test(text[from - 1]!)) from++;
    const before: Token[] = [];
    if (from < place.index) wordsBetween(text, from, place.index, PLACE_REACH, before);
    into.push(...before.slice(-WINDOW_TOKENS));
    const start = Math.max(covered, place.index);
    const count = into.length;
    wordsBetween(text, start, place.index + place[0].length + PLACE_REACH, WINDOW_TOKENS, into);
    covered = into.length > count ? into.at(-1)!.end : start;
    places.lastIndex = Math.max(place.index + place[0].length, covered);
  }
}

/**
 * The path-like words of a line. `places` (a global pattern of number phrases) lets a long line be read past its first
 * MAX_TOKENS words, around each later place.
 */
export function tokensOf(text: string, places?: RegExp): Token[] {
  const tokens: Token[] = [];
  wordsBetween(text, 0, text.length, MAX_TOKENS, tokens);
  const horizon = tokens.at(-1)?.end ?? text.length;
  if (places !== undefined && tokens.length === MAX_TOKENS && horizon < text.length) wordsAroundLatePlaces(text, horizon, places, tokens);
  const spans = quotedWithBlanks(text);
  const whole =
    spans.length === 0 ? tokens : tokens.filter((token) => !spans.some((span) => span.start <= token.start && token.end <= span.end));
  const joined: Token[] = [];
  for (let at = 0; at < whole.length; at++) {
    const long = /^[A-Za-z]:\\/.test(whole[at]!.path) ? joinedWindowsPath(text, whole, at) : undefined;
    joined.push(long ?? whole[at]!);
    if (long) while (at + 1 < whole.length && whole[at + 1]!.start < long.end) at++;
  }
  return spans.length === 0 ? joined : [...joined, ...spans].sort((a, b) => a.start - b.start);
}

// The same file written more fully elsewhere on the line (kustomize's `'service.yaml': yaml: line 9 …
// '/home/u/app/base/service.yaml' must be a directory`): the fuller path is the one the workspace can place.
export function fullest(token: Token, tokens: readonly Token[]): Token {
  let best = token;
  for (const other of tokens) {
    const extra = other.path.length - best.path.length;
    if (extra > 0 && other.path.endsWith(best.path) && '/\\'.includes(other.path[extra - 1]!) && likely(other)) best = other;
  }
  return best;
}

// Words joined by a slash (`Unknown/invalid command`, `read/write`) are path-like too: among several such words, the
// one that carries a file's marks (rooted, or a letter-led extension) is the file (`Error on line 30 'x':
// Unknown/invalid command (/etc/app/config.d/extra)`).
const MARKED = /^(?:[/~]|[A-Za-z]:[\\/])|\.[A-Za-z][\w+-]{0,11}$/;

export function onlyMarked(candidates: readonly Token[]): Token | undefined {
  const marked = new Set(candidates.filter((token) => MARKED.test(token.path)).map((token) => token.path));
  return marked.size === 1 ? candidates.find((token) => marked.has(token.path)) : undefined;
}

// `(line 6): … in _includes/meta.html, included in _layouts/post.html`: the file the number belongs to, then the
// files that include it (Jekyll's Liquid), each named after `, included in` (or imported, required, rendered from).
const INCLUDED_BY = /,\s*(?:included|imported|required|rendered)\s+(?:in|from|by)\s+["'`]?$/i;

export function includedChainHead(text: string, candidates: readonly Token[], from: number): Token | undefined {
  if (candidates.some((token) => token.end <= from)) return undefined;
  const gapBefore = (at: number): string => text.slice(at === 0 ? from : candidates[at - 1]!.end, candidates[at]!.start);
  // The message may quote path-like words before the file (`site.date_format`): the head is the file after ` in ` that
  // only includers follow.
  let head = candidates.length - 1;
  while (head > 0 && INCLUDED_BY.test(gapBefore(head))) head--;
  return head < candidates.length - 1 && /\bin\s+["'`]?$/.test(gapBefore(head)) ? candidates[head] : undefined;
}

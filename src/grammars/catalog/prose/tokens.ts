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
  return { path, start: from, end: from + path.length };
}

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null && tokens.length < MAX_TOKENS; match = TOKEN.exec(text)) {
    const quoted = match[1] ?? match[2] ?? match[3];
    const token =
      quoted === undefined ? trimmed(match[4]!, match.index) : { path: quoted, start: match.index, end: match.index + match[0].length };
    tokens.push(token);
  }
  return tokens;
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

// The two location heads most formats read first, `path:L[:C…]` and `path(L[,C…])`, matched by hand over the
// line's characters: the same tokens and the same decisions as the Chevrotain rules `colonLocation` and
// `parenLocation` (parser.ts), which test/grammars/heads.test.ts checks on every fixture line. Issue 21: a
// Chevrotain parse lexed the whole line, built a CST and threw an exception for every failed alternative (the
// most common outcome); here only the head is lexed, no object is made per token, and a miss is a return value.

/** A head found: the printed path's span, the numbers of its suffix in order (the first `count` of `numbers`), and
 * where the suffix ends. */
export interface HeadMatch {
  pathStart: number;
  pathEnd: number;
  numbers: number[];
  count: number;
  end: number;
}

// Token kinds of the line lexer (tokens.ts), as the rules see them.
const WORD = 0;
const INT = 1;
const SPACE = 2;
const COLON = 3;
const LPAREN = 4;
const RPAREN = 5;
const COMMA = 6;
const DASH = 7;
const GT = 8;
const END = 9;
// Punctuation that is a path piece: [ ] { } ' =.
const PIECE = 10;
// Punctuation that is no path piece: " ` < |.
const OTHER = 11;

// What JavaScript's `\s` matches, the class the lexer's Space and Word patterns use.
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

// The one-character tokens by code (everything else below 0x80 that is no blank is a word character).
const PUNCTUATION: Record<string, number> = {
  ':': COLON,
  '(': LPAREN,
  ')': RPAREN,
  ',': COMMA,
  '-': DASH,
  '>': GT,
  '[': PIECE,
  ']': PIECE,
  '{': PIECE,
  '}': PIECE,
  "'": PIECE,
  '=': PIECE,
  '"': OTHER,
  '`': OTHER,
  '<': OTHER,
  '|': OTHER,
};
const SINGLE = new Int8Array(128).fill(-1);
for (const [character, kind] of Object.entries(PUNCTUATION)) SINGLE[character.charCodeAt(0)] = kind;

const isWordChar = (code: number): boolean => (code < 128 ? SINGLE[code] === -1 : true) && !isSpace(code);
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** A lexer over one line that yields tokens on demand, with three tokens of look-ahead and no allocation. */
class HeadLexer {
  text = '';
  // Ring of the next tokens: kind, start, end.
  private readonly kinds = new Int8Array(4);
  private readonly starts = new Int32Array(4);
  private readonly ends = new Int32Array(4);
  private head = 0;
  private count = 0;
  private position = 0;

  reset(text: string, from: number): void {
    this.text = text;
    this.head = 0;
    this.count = 0;
    this.position = tokenStartAtOrAfter(text, from);
  }

  /** Kind of the token `ahead` places on (0: the next one). */
  kind(ahead: number): number {
    return this.kinds[this.fill(ahead)]!;
  }
  start(ahead: number): number {
    return this.starts[this.fill(ahead)]!;
  }
  end(ahead: number): number {
    return this.ends[this.fill(ahead)]!;
  }
  advance(): void {
    this.fill(0);
    this.head = (this.head + 1) & 3;
    this.count--;
  }

  private fill(ahead: number): number {
    while (this.count <= ahead) this.lexOne((this.head + this.count++) & 3);
    return (this.head + ahead) & 3;
  }

  private lexOne(slot: number): void {
    const text = this.text;
    const start = this.position;
    this.starts[slot] = start;
    if (start >= text.length) {
      this.kinds[slot] = END;
      this.ends[slot] = start;
      return;
    }
    const code = text.charCodeAt(start);
    let end = start + 1;
    let kind: number;
    if (code < 128 && SINGLE[code] !== -1) kind = SINGLE[code]!;
    else if (isSpace(code)) {
      while (end < text.length && isSpace(text.charCodeAt(end))) end++;
      kind = SPACE;
    } else {
      // Int is a run of digits that no more word characters follow ("12abc" is a Word, as longer_alt makes it).
      let digits = isDigit(code);
      for (; end < text.length; end++) {
        const next = text.charCodeAt(end);
        if (!isWordChar(next)) break;
        if (!isDigit(next)) digits = false;
      }
      kind = digits ? INT : WORD;
    }
    this.kinds[slot] = kind;
    this.ends[slot] = end;
    this.position = end;
  }
}

// The first token starting at or after `from`, as the parse of a whole line's tokens finds it: a word or blank
// run that `from` falls inside began earlier, so its first token is the one after that run.
function tokenStartAtOrAfter(text: string, from: number): number {
  if (from <= 0) return 0;
  if (from >= text.length) return text.length;
  const before = text.charCodeAt(from - 1);
  const at = text.charCodeAt(from);
  let position = from;
  if (isSpace(before) && isSpace(at)) while (position < text.length && isSpace(text.charCodeAt(position))) position++;
  else if (isWordChar(before) && isWordChar(at)) while (position < text.length && isWordChar(text.charCodeAt(position))) position++;
  return position;
}

const lexer = new HeadLexer();

// Tokens a path may hold: the lexer's PathPiece category, blanks when `spaces`, parentheses when `parens`.
function inPath(kind: number, spaces: boolean, parens: boolean): boolean {
  if (kind === WORD || kind === INT || kind === COLON || kind === COMMA || kind === DASH || kind === PIECE) return true;
  if (kind === SPACE) return spaces;
  return parens && (kind === LPAREN || kind === RPAREN);
}

// What may follow `:L` for it to end the path (parser.ts isSuffixFollower).
function followsSuffix(kind: number, ahead: number): boolean {
  if (kind === END || kind === COLON || kind === SPACE || kind === RPAREN || kind === COMMA || kind === DASH || kind === GT) return true;
  if (kind === PIECE) return lexer.text.charCodeAt(lexer.start(ahead)) === 0x5d; // `]`
  if (kind !== WORD) return false;
  const first = lexer.text.charCodeAt(lexer.start(ahead));
  return first === 0x2e || first === 0x3b || first === 0x21 || first === 0x3f;
}

// An Int token's value read by digit (a slice per number was a string per location line; issue 21). Runs longer than
// 15 digits go through Number, as they did, so that their rounding is JavaScript's own.
function intAt(ahead: number): number {
  const text = lexer.text;
  const start = lexer.start(ahead);
  const end = lexer.end(ahead);
  if (end - start > 15) return Number(text.slice(start, end));
  let value = 0;
  for (let index = start; index < end; index++) value = value * 10 + (text.charCodeAt(index) - 0x30);
  return value;
}

// The one match object both matchers fill and return (a fresh object and numbers array per location line were a
// tenth of a dense log's garbage; issue 21): read it before the next call.
const found: HeadMatch = { pathStart: 0, pathEnd: 0, numbers: [0, 0, 0, 0], count: 0, end: 0 };

// Sets the next number of the match (the array is never shortened: that would free its slots).
function addNumber(value: number): void {
  found.numbers[found.count++] = value;
}

function matched(pathStart: number, pathEnd: number, end: number): HeadMatch {
  found.pathStart = pathStart;
  found.pathEnd = pathEnd;
  found.end = end;
  return found;
}

/**
 * `colonLocation`: a path of path tokens up to the first `:L` that a suffix follower ends, then `:L[:C[-EC|:EL:EC]]`.
 * The match returned is shared: read it before the next call.
 */
export function matchColonHead(text: string, from: number, spaces: boolean): HeadMatch | undefined {
  // No colon after `from`, no suffix: said without lexing the line.
  if (text.indexOf(':', from) < 0) return undefined;
  lexer.reset(text, from);
  if (!inPath(lexer.kind(0), spaces, false)) return undefined;
  const pathStart = lexer.start(0);
  let pathEnd = lexer.end(0);
  lexer.advance();
  for (;;) {
    const kind = lexer.kind(0);
    if (kind === COLON && lexer.kind(1) === INT && followsSuffix(lexer.kind(2), 2)) break;
    if (!inPath(kind, spaces, false)) return undefined;
    pathEnd = lexer.end(0);
    lexer.advance();
  }
  found.count = 0;
  addNumber(intAt(1));
  let end = lexer.end(1);
  lexer.advance();
  lexer.advance();
  if (lexer.kind(0) === COLON && lexer.kind(1) === INT) {
    addNumber(intAt(1));
    end = lexer.end(1);
    lexer.advance();
    lexer.advance();
    if (lexer.kind(0) === DASH && lexer.kind(1) === INT) {
      addNumber(intAt(1));
      end = lexer.end(1);
    } else if (lexer.kind(0) === COLON && lexer.kind(1) === INT && lexer.kind(2) === COLON && lexer.kind(3) === INT) {
      addNumber(intAt(1));
      addNumber(intAt(3));
      end = lexer.end(3);
    }
  }
  return matched(pathStart, pathEnd, end);
}

// `L.C` in one word: a wrapper's re-translation of cl.exe's `(L,C)` (`Thrdstk.c (1317.37): Error C2039`).
function isDottedPosition(ahead: number): boolean {
  const text = lexer.text;
  const start = lexer.start(ahead);
  const end = lexer.end(ahead);
  let dot = -1;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x2e && dot < 0 && index > start) dot = index;
    else if (!isDigit(code)) return false;
  }
  return dot > 0 && dot < end - 1;
}

// Whether a position in parentheses starts `ahead` tokens on: `(L)`, `(L,…`, and for a wrapper's head `(L.C)`.
function parenPositionAt(ahead: number, wrapper: boolean): boolean {
  if (lexer.kind(ahead) !== LPAREN) return false;
  const first = lexer.kind(ahead + 1);
  if (first === INT) return lexer.kind(ahead + 2) === RPAREN || lexer.kind(ahead + 2) === COMMA;
  return wrapper && first === WORD && isDottedPosition(ahead + 1) && lexer.kind(ahead + 2) === RPAREN;
}

/**
 * `parenLocation`: a path up to the first `(L,` or `(L)`, then `(L[, C]…)`. A `wrapper` head (a build wrapper's or
 * an IDE's re-print of a compiler's row) may also put one blank before the parenthesis (`F (12,5): error`) and
 * write `(L.C)`; the blank is then no part of the path. The match returned is shared, as above.
 */
export function matchParenHead(text: string, from: number, spaces: boolean, parens: boolean, wrapper = false): HeadMatch | undefined {
  if (text.indexOf('(', from) < 0) return undefined;
  lexer.reset(text, from);
  if (!inPath(lexer.kind(0), spaces, parens)) return undefined;
  const pathStart = lexer.start(0);
  let pathEnd = lexer.end(0);
  lexer.advance();
  for (;;) {
    const kind = lexer.kind(0);
    if (parenPositionAt(0, false)) break;
    if (wrapper && kind === SPACE && lexer.end(0) - lexer.start(0) === 1 && parenPositionAt(1, true)) {
      lexer.advance();
      break;
    }
    if (wrapper && parenPositionAt(0, true)) break;
    if (!inPath(kind, spaces, parens)) return undefined;
    pathEnd = lexer.end(0);
    lexer.advance();
  }
  found.count = 0;
  if (lexer.kind(1) === WORD) {
    const dot = text.indexOf('.', lexer.start(1));
    addNumber(Number(text.slice(lexer.start(1), dot)));
    addNumber(Number(text.slice(dot + 1, lexer.end(1))));
    return lexer.kind(2) === RPAREN ? matched(pathStart, pathEnd, lexer.end(2)) : undefined;
  }
  addNumber(intAt(1));
  lexer.advance();
  lexer.advance();
  while (lexer.kind(0) === COMMA) {
    lexer.advance();
    if (lexer.kind(0) === SPACE) lexer.advance();
    if (lexer.kind(0) !== INT) return undefined;
    addNumber(intAt(0));
    lexer.advance();
  }
  if (lexer.kind(0) !== RPAREN) return undefined;
  return matched(pathStart, pathEnd, lexer.end(0));
}

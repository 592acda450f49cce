// The shared token vocabulary for candidate lines. Deliberately coarse: a path is a run of tokens that the
// grammar rules delimit (quotes, parentheses, a location suffix), which is how paths with spaces,
// parentheses and drive letters stay parseable without backtracking regexes.
// Link: https://chevrotain.io/docs/tutorial/step1_lexing.html
import { createToken, Lexer, type TokenType } from 'chevrotain';

// Categories let one CONSUME accept a whole class of tokens: the path rule then records as a 3-way choice
// instead of one alternative per token type, which keeps Chevrotain's start-up self-analysis cheap.
/** Tokens that may always appear inside a path. */
export const PathPiece = createToken({ name: 'PathPiece', pattern: Lexer.NA });
/** Parentheses: inside a path only where a rule allows them (`/a (b)/c.js` inside a V8 frame). */
export const ParenPiece = createToken({ name: 'ParenPiece', pattern: Lexer.NA });
/** Any token except a double quote: the inside of a quoted path. */
export const QuotedPiece = createToken({ name: 'QuotedPiece', pattern: Lexer.NA });

// Word: any run of characters that are not whitespace, digits-only, or punctuation the grammars use.
export const Word = createToken({ name: 'Word', pattern: /[^\s:()[\]{},"'`<>|=-]+/, categories: [PathPiece, QuotedPiece] });
// Int is tried before Word and yields to it when more word characters follow ("12abc" is a Word).
export const Int = createToken({ name: 'Int', pattern: /\d+/, longer_alt: Word, categories: [PathPiece, QuotedPiece] });
export const Space = createToken({ name: 'Space', pattern: /\s+/, categories: [QuotedPiece] });
export const Colon = createToken({ name: 'Colon', pattern: /:/, categories: [PathPiece, QuotedPiece] });
export const LParen = createToken({ name: 'LParen', pattern: /\(/, categories: [ParenPiece, QuotedPiece] });
export const RParen = createToken({ name: 'RParen', pattern: /\)/, categories: [ParenPiece, QuotedPiece] });
export const LBracket = createToken({ name: 'LBracket', pattern: /\[/, categories: [PathPiece, QuotedPiece] });
export const RBracket = createToken({ name: 'RBracket', pattern: /]/, categories: [PathPiece, QuotedPiece] });
export const LBrace = createToken({ name: 'LBrace', pattern: /{/, categories: [PathPiece, QuotedPiece] });
export const RBrace = createToken({ name: 'RBrace', pattern: /}/, categories: [PathPiece, QuotedPiece] });
export const Comma = createToken({ name: 'Comma', pattern: /,/, categories: [PathPiece, QuotedPiece] });
export const DQuote = createToken({ name: 'DQuote', pattern: /"/, categories: [] });
export const SQuote = createToken({ name: 'SQuote', pattern: /'/, categories: [PathPiece, QuotedPiece] });
const Backtick = createToken({ name: 'Backtick', pattern: /`/, categories: [QuotedPiece] });
export const Lt = createToken({ name: 'Lt', pattern: /</, categories: [QuotedPiece] });
export const Gt = createToken({ name: 'Gt', pattern: />/, categories: [QuotedPiece] });
const Pipe = createToken({ name: 'Pipe', pattern: /\|/, categories: [QuotedPiece] });
export const Equals = createToken({ name: 'Equals', pattern: /=/, categories: [PathPiece, QuotedPiece] });
export const Dash = createToken({ name: 'Dash', pattern: /-/, categories: [PathPiece, QuotedPiece] });

// Order matters only where patterns overlap: Int before Word (longer_alt hands "12abc" back to Word).
export const ALL_TOKENS: TokenType[] = [
  PathPiece,
  ParenPiece,
  QuotedPiece,
  Space,
  Int,
  Word,
  Colon,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  DQuote,
  SQuote,
  Backtick,
  Lt,
  Gt,
  Pipe,
  Equals,
  Dash,
];

let lexer: Lexer | undefined;

// Built on first use: a scan that finds no candidate line never pays for the lexer.
export function lineLexer(): Lexer {
  lexer ??= new Lexer(ALL_TOKENS, {
    positionTracking: 'onlyOffset',
    ensureOptimizations: false,
    // Validation costs start-up time; test/grammars validates the same definitions once.
    skipValidations: true,
  });
  return lexer;
}

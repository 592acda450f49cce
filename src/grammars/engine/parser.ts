// The Chevrotain parser shared by all families. Families add rules through the small public DSL below
// (Chevrotain's own DSL methods are protected), and the registry builds one parser for all of them.
// Link: https://chevrotain.io/docs/guide/internals.html#grammar-recording
import { CstParser, EOF, tokenMatcher, type CstNode, type IToken, type TokenType } from 'chevrotain';
import {
  ALL_TOKENS,
  Colon,
  Comma,
  Dash,
  Gt,
  Int,
  LParen,
  ParenPiece,
  PathPiece,
  QuotedPiece,
  RBracket,
  RParen,
  Space,
  Word,
} from './tokens.js';

/** Options of the shared path rule. */
interface PathOptions {
  /** Spaces belong to the path (it starts at a known position and runs to its suffix). */
  spaces?: boolean;
  /** Parentheses belong to the path (`/a (b)/c.js` inside a V8 frame). */
  parens?: boolean;
  /** Which suffix ends the path. */
  until: 'colon' | 'paren' | 'quote' | 'space' | 'line-word';
}

/** Adds a family's rules to the parser; called once from the parser's constructor. */
export type RuleDefiner = (parser: LineParser) => void;

function isSuffixFollower(token: IToken): boolean {
  const type = token.tokenType;
  if (type === EOF || type === Colon || type === Space || type === RParen || type === RBracket || type === Comma) return true;
  if (type === Dash || type === Gt) return true;
  // Prose terminators after a line number: "at lib/parse.ts:140." or "lib/parse.ts:140; aborting".
  return type === Word && /^[.;!?]/.test(token.image);
}

// A path rule step accepts these tokens (see the `path` rule below).
function isPathToken(token: IToken, spaces: boolean, parens: boolean): boolean {
  return tokenMatcher(token, PathPiece) || (spaces && token.tokenType === Space) || (parens && tokenMatcher(token, ParenPiece));
}

/**
 * A cheap necessary condition, on the tokens, for the shared location rules most formats try on most
 * candidate lines: a path of at least one token, then `:L` (colonLocation) or `(L,` / `(L)` (parenLocation).
 * A failed Chevrotain parse throws and catches several exceptions (measured: ~60 µs a line, most of the
 * time a candidate line costs), so a line these rules cannot match is not handed to them. Other rules: true.
 */
export function mayMatch(rule: string, tokens: readonly IToken[], from: number, args: readonly unknown[]): boolean {
  if (rule !== 'colonLocation' && rule !== 'parenLocation') return true;
  const colon = rule === 'colonLocation';
  const spaces = args[0] === true;
  const parens = !colon && args[1] === true;
  for (let index = from; index < tokens.length; index++) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    if (index > from && next?.tokenType === Int) {
      if (colon && token.tokenType === Colon) return true;
      if (!colon && token.tokenType === LParen) return true;
    }
    if (!isPathToken(token, spaces, parens)) return false;
  }
  return false;
}

export class LineParser extends CstParser {
  private readonly ruleTable = new Map<string, (...args: unknown[]) => CstNode>();
  /** The options of the `path` rule being parsed (read by its gates). */
  private pathOptions: PathOptions | undefined;

  constructor(definers: readonly RuleDefiner[], validate = false) {
    super(ALL_TOKENS, { maxLookahead: 4, nodeLocationTracking: 'onlyOffset', recoveryEnabled: false, skipValidations: !validate });
    this.defineShared();
    for (const define of definers) define(this);
    this.performSelfAnalysis();
  }

  // --- public DSL for family rule bodies (idx disambiguates repeated uses inside one rule) ---
  define(name: string, body: (...args: any[]) => void): void {
    if (this.ruleTable.has(name)) throw new Error(`grammar rule '${name}' defined twice`);
    this.ruleTable.set(name, this.RULE(name, body) as (...args: unknown[]) => CstNode);
  }
  has(name: string): boolean {
    return this.ruleTable.has(name);
  }
  rule(name: string): (...args: unknown[]) => CstNode {
    const found = this.ruleTable.get(name);
    if (!found) throw new Error(`grammar rule '${name}' is not defined`);
    return found;
  }
  /** Parses the current input with a named rule; undefined when it does not match. */
  invoke(name: string, args: unknown[] = []): CstNode | undefined {
    // A failed parse is the common case (formats try lines that are not theirs), and Chevrotain reports it
    // with Error objects: capturing their stacks was a tenth of the scan time, and nobody reads them.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    let cst: CstNode;
    try {
      cst = this.rule(name).apply(this, args);
    } finally {
      Error.stackTraceLimit = limit;
    }
    // Rules match a prefix of the line; the text after it is the message, not an error.
    const failed = this.errors.some((error) => error.name !== 'NotAllInputParsedException');
    return failed ? undefined : cst;
  }
  // Chevrotain's root-rule hook (a documented override point, though not in its typings; chevrotain is pinned and
  // test/grammars/engine/parser.test.ts checks it). Chevrotain's own records a NotAllInputParsedException when the
  // rule matched only a prefix of the line, which is every successful parse here (the rest is the message) and
  // which invoke() ignores: building that Error (setPrototypeOf, captureStackTrace) was ~1.5 µs of every parsed
  // line, a tenth of a tsc log's scan. Only its other duty is kept: dropping the EOF sentinels that onBeforeParse
  // padded the token vector with (the lexer never yields EOF itself).
  protected onAfterParse(): void {
    const tokens = this.input;
    while (tokens.length > 0 && tokens[tokens.length - 1]!.tokenType === EOF) tokens.pop();
  }
  /** Where the last successful invoke's match ends in the line: just past the last token it consumed. */
  consumedEnd(): number {
    // The index of the last consumed token, kept by Chevrotain's lexer adapter (not in its typings; chevrotain
    // is pinned and test/grammars/parser.test.ts checks it); O(1), where summing the CST's token offsets cost a
    // V8 frame line ~20 µs (a third of its parse time).
    const token = this.input[(this as unknown as { exportLexerState(): number }).exportLexerState()];
    return token === undefined ? 0 : token.startOffset + token.image.length;
  }
  tok(idx: number, type: TokenType): IToken {
    return this.consume(idx, type);
  }
  sub(idx: number, name: string, args?: unknown[]): CstNode {
    const rule = this.rule(name);
    return this.subrule(idx, rule as any, args ? { ARGS: args } : undefined) as CstNode;
  }
  opt(idx: number, body: () => void): void {
    this.option(idx, body);
  }
  optIf(idx: number, gate: () => boolean, body: () => void): void {
    this.option(idx, { GATE: gate, DEF: body });
  }
  alt(idx: number, alternatives: Array<{ ALT: () => void; GATE?: () => boolean }>): void {
    this.or(idx, alternatives);
  }
  rep(idx: number, gate: () => boolean, body: () => void): void {
    this.many(idx, { GATE: gate, DEF: body });
  }
  peek(n: number): IToken {
    return this.LA(n);
  }
  /** True when the next token is a Word with exactly this image (keywords are Words, not tokens). */
  word(n: number, image: string | RegExp): boolean {
    const token = this.LA(n);
    return token.tokenType === Word && (typeof image === 'string' ? token.image === image : image.test(token.image));
  }

  /** `:L`, `:L:C`, `:L:C-EC` or `:L:C:EL:EC` at the next tokens. */
  atColonSuffix(): boolean {
    return this.LA(1).tokenType === Colon && this.LA(2).tokenType === Int && isSuffixFollower(this.LA(3));
  }
  /** `(L)`, `(L,C)`, `(L, C)` or `(L,C,EL,EC)` at the next tokens. */
  atParenSuffix(): boolean {
    const third = this.LA(3).tokenType;
    return this.LA(1).tokenType === LParen && this.LA(2).tokenType === Int && (third === RParen || third === Comma);
  }

  private defineShared(): void {
    // path: a run of path tokens up to the suffix named by `until`. Token categories make each step a
    // four-way choice (see _tokens.ts), gated by the options; the alternatives overlap on purpose.
    // The gates read the options of the path being parsed from the parser (a path holds no path), so the
    // alternatives are made once here: made per call, they were eight closures and five objects per path token
    // (~11 MB of garbage per 1 MB tsc log, the largest source after the lexer's tokens).
    const quoted = (): boolean => this.pathOptions?.until === 'quote';
    const accepts = (token: IToken): boolean => {
      const options = this.pathOptions;
      if (options?.until === 'quote') return tokenMatcher(token, QuotedPiece);
      if (tokenMatcher(token, PathPiece)) return true;
      if (token.tokenType === Space) return options?.spaces === true;
      return tokenMatcher(token, ParenPiece) && options?.parens === true;
    };
    const stop = (): boolean => {
      const until = this.pathOptions?.until;
      if (until === 'colon') return this.atColonSuffix();
      if (until === 'paren') return this.atParenSuffix();
      return false;
    };
    const step = (idx: number) => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: quoted, ALT: () => this.consume(idx, QuotedPiece) },
        { GATE: () => !quoted(), ALT: () => this.consume(idx, PathPiece) },
        { GATE: () => !quoted() && this.pathOptions?.spaces === true, ALT: () => this.consume(idx, Space) },
        { GATE: () => !quoted() && this.pathOptions?.parens === true, ALT: () => this.consume(idx, ParenPiece) },
      ],
    });
    const first = step(1);
    const rest = step(2);
    const more = { GATE: () => accepts(this.LA(1)) && !stop(), DEF: () => this.or(2, rest) };
    this.define('path', (options: PathOptions) => {
      const outer = this.pathOptions;
      this.pathOptions = options;
      try {
        this.or(1, first);
        this.many(1, more);
      } finally {
        this.pathOptions = outer;
      }
    });
    this.define('colonSuffix', () => {
      this.consume(1, Colon);
      this.consume(1, Int);
      this.option(1, {
        GATE: () => this.LA(1).tokenType === Colon && this.LA(2).tokenType === Int,
        DEF: () => {
          this.consume(2, Colon);
          this.consume(2, Int);
          this.or(1, [
            {
              GATE: () => this.LA(1).tokenType === Dash && this.LA(2).tokenType === Int,
              ALT: () => {
                this.consume(1, Dash);
                this.consume(3, Int);
              },
            },
            {
              GATE: () =>
                this.LA(1).tokenType === Colon &&
                this.LA(2).tokenType === Int &&
                this.LA(3).tokenType === Colon &&
                this.LA(4).tokenType === Int,
              ALT: () => {
                this.consume(3, Colon);
                this.consume(4, Int);
                this.consume(4, Colon);
                this.consume(5, Int);
              },
            },
            { ALT: () => undefined },
          ]);
        },
      });
    });
    // path:L[:C…] — the GNU head used by gcc, go, mypy, eslint-unix and many others.
    this.define('colonLocation', (spaces: boolean) => {
      this.subrule(1, this.rule('path') as any, { ARGS: [{ until: 'colon', spaces }] });
      this.subrule(1, this.rule('colonSuffix') as any);
    });
    // path(L[,C…]) — MSBuild, tsc --pretty false, Nim.
    this.define('parenLocation', (spaces: boolean, parens: boolean) => {
      this.subrule(1, this.rule('path') as any, { ARGS: [{ until: 'paren', spaces, parens }] });
      this.subrule(1, this.rule('parenSuffix') as any);
    });
    this.define('parenSuffix', () => {
      this.consume(1, LParen);
      this.consume(1, Int);
      this.many(1, () => {
        this.consume(1, Comma);
        this.option(1, () => this.consume(1, Space));
        this.consume(2, Int);
      });
      this.consume(1, RParen);
    });
  }
}

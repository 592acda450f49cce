// A rule-body helper for the JVM-build, .NET and mobile families: consume any tokens up to a stop
// condition. Their paths end at shapes the shared `path` rule does not know (`:[12,5]`, `:line 14`,
// ` 12:5`, `'…' line: 12`), and a Windows path (`C:\Program Files (x86)\…`) may hold spaces, colons and
// parentheses, so the path is "everything before the location suffix", decided by lookahead.
import { EOF, type IToken } from 'chevrotain';
import { ALL_TOKENS } from './tokens.js';
import type { LineParser } from './parser.js';

/** Consumes at least one token, then more while `stop` (looking at the next tokens) is false. */
export function consumeUntil(parser: LineParser, idx: number, stop: (peek: (n: number) => IToken) => boolean): void {
  const peek = (n: number): IToken => parser.peek(n);
  const step = (alt: number): void => {
    parser.alt(
      alt,
      ALL_TOKENS.map((type) => ({ GATE: () => parser.peek(1).tokenType === type, ALT: () => void parser.tok(alt, type) })),
    );
  };
  step(idx);
  parser.rep(
    idx,
    () => parser.peek(1).tokenType !== EOF && !stop(peek),
    () => step(idx + 1),
  );
}

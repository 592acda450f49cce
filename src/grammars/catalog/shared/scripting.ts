// Pieces the scripting families (Ruby, PHP, Perl, Lua, shell) share: the Chevrotain rule for a path
// followed by the word `line` (`at x.pl line 3`, `in x.php on line 2`, `x.sh: line 9:`, `In x.sh line 9:`),
// and the "run of consecutive frame lines" state that numbers frames of one printed trace.
import { EOF, type TokenType } from 'chevrotain';
import type { LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { plausiblePath } from './common.js';
import { ALL_TOKENS, Colon, Int, Space, Word } from '../../engine/tokens.js';

/** What sits between the path and `line N`. */
interface LineWordOptions {
  /** `x.sh: line 9` (bash) rather than `x.pl line 3` (Perl, ShellCheck). */
  colon?: boolean;
  /** `x.php on line 2` (PHP). */
  on?: boolean;
  /** The path may contain spaces (it starts at a known position). */
  spaces?: boolean;
}

/**
 * Defines `<name>` = path, then `[:] [on] line N`. The path runs to the first position where that tail
 * follows, so a path with spaces is read whole when `spaces` is set. Each family defines its own copy
 * under its own name (rule names are global), so no family depends on another being registered.
 */
export function defineLineWordRule(parser: LineParser, name: string): void {
  const atTail = (options: LineWordOptions): boolean => {
    let at = 1;
    if (options?.colon) {
      if (parser.peek(at).tokenType !== Colon) return false;
      at++;
    }
    if (parser.peek(at).tokenType !== Space) return false;
    at++;
    if (options?.on) {
      if (!parser.word(at, 'on') || parser.peek(at + 1).tokenType !== Space) return false;
      at += 2;
    }
    return parser.word(at, 'line') && parser.peek(at + 1).tokenType === Space && isLineNumber(at + 2);
  };
  // `line 6.` lexes as one Word (a Word may hold dots), so the number is an Int or a Word like `6.`.
  const isLineNumber = (at: number): boolean => parser.peek(at).tokenType === Int || parser.word(at, /^\d+\.$/);
  const accepts = (type: TokenType, options: LineWordOptions): boolean => type !== EOF && (type !== Space || options?.spaces === true);
  parser.define(`${name}Path`, (options: LineWordOptions) => {
    const step = (idx: number): void =>
      parser.alt(
        idx,
        ALL_TOKENS.map((type) => ({ GATE: () => parser.peek(1).tokenType === type, ALT: () => parser.tok(idx, type) })),
      );
    step(1);
    parser.rep(
      1,
      () => !atTail(options) && accepts(parser.peek(1).tokenType, options),
      () => step(2),
    );
  });
  parser.define(name, (options: LineWordOptions) => {
    parser.sub(1, `${name}Path`, [options]);
    parser.optIf(
      1,
      () => options?.colon === true,
      () => parser.tok(3, Colon),
    );
    parser.tok(3, Space);
    parser.optIf(
      2,
      () => options?.on === true,
      () => {
        parser.tok(3, Word);
        parser.tok(4, Space);
      },
    );
    parser.tok(4, Word);
    parser.tok(5, Space);
    parser.alt(1, [
      { GATE: () => parser.peek(1).tokenType === Int, ALT: () => parser.tok(3, Int) },
      { GATE: () => parser.word(1, /^\d+\.$/), ALT: () => parser.tok(5, Word) },
    ]);
  });
}

interface LineWordLocation {
  file: string;
  line: number;
  /** Text after the line number. */
  rest: string;
}

/** Runs a rule defined by defineLineWordRule at `from`; undefined unless the path is plausible. */
export function parseLineWord(
  context: LineContext,
  rule: string,
  from: number,
  options: LineWordOptions = {},
): LineWordLocation | undefined {
  const parsed = context.parse(rule, { from, args: [options] });
  if (!parsed) return undefined;
  const pathNode = parsed.cst.children[`${rule}Path`]?.[0];
  const lineToken = parsed.cst.children.Int?.[0] ?? parsed.cst.children.Word?.at(-1);
  if (!pathNode || !lineToken || !('image' in lineToken)) return undefined;
  const file = context.slice(pathNode, parsed);
  if (!plausiblePath(file)) return undefined;
  // A `6.` number token ends the sentence: its dot is part of the rest.
  const dotted = lineToken.image.endsWith('.');
  return { file, line: Number.parseInt(lineToken.image, 10), rest: (dotted ? '.' : '') + context.text.slice(parsed.end) };
}

/** Consecutive frame lines of one printed trace: a gap of other lines starts a new trace. */
export interface FrameRunState {
  trace: number;
  index: number;
  /** Log line of the last frame claimed (-1 before the first). */
  lastLine: number;
  message: string;
  causeRank: number;
}

export function newFrameRun(): FrameRunState {
  return { trace: 0, index: 0, lastLine: -1, message: '', causeRank: 0 };
}

/** Starts a trace at this line unless it directly continues the last one (within `gap` lines). */
export function continueOrStart(context: LineContext, run: FrameRunState, message: () => string, gap = 1): FrameRunState {
  if (run.lastLine < 0 || context.logLine - run.lastLine > gap) {
    run.trace = context.newTraceId();
    run.index = 0;
    run.causeRank = 0;
    run.message = message();
  }
  run.lastLine = context.logLine;
  return run;
}

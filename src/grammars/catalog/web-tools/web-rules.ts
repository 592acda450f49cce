// Chevrotain rules of the web tool-chain family: the location shapes that are not the GNU `path:L:C`
// head: webpack's and dart-sass's `path L:C[-EC]` (a SPACE before the numbers), rollup's `path (L:C)`,
// prettier's trailing `(L:C)` and ESLint compact's `path: line L, col C,`.
// Link: https://chevrotain.io/docs/guide/internals.html#grammar-recording
import type { Severity } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { plausiblePath } from '../shared/common.js';
import { consumeUntil } from '../../engine/until.js';
import { Colon, Comma, Dash, Int, LParen, RParen, Space, Word } from '../../engine/tokens.js';

export function defineWebRules(parser: LineParser): void {
  // `./src/App.js 6:2`, `./src/index.js 2:0-39`, `./src/x.js 3:4-5:6`, `src/_vars.scss 3:20`. webpack may put the
  // loader chain in parentheses between the module and its position: `./src/a.css (./node_modules/css-loader!./src/a.css) 1:2`.
  parser.define('webSpaceLocation', () => {
    parser.sub(1, 'path', [{ until: 'space' }]);
    parser.tok(1, Space);
    parser.optIf(
      1,
      () => parser.peek(1).tokenType === LParen,
      () => {
        parser.tok(1, LParen);
        consumeUntil(parser, 10, (peek) => peek(1).tokenType === RParen);
        parser.tok(1, RParen);
        parser.tok(2, Space);
      },
    );
    parser.tok(1, Int);
    parser.tok(1, Colon);
    parser.tok(2, Int);
    parser.optIf(
      2,
      () => parser.peek(1).tokenType === Dash && parser.peek(2).tokenType === Int,
      () => {
        parser.tok(1, Dash);
        parser.tok(3, Int);
        parser.optIf(
          3,
          () => parser.peek(1).tokenType === Colon && parser.peek(2).tokenType === Int,
          () => {
            parser.tok(2, Colon);
            parser.tok(4, Int);
          },
        );
      },
    );
  });
  // `(2:12)` — rollup's and prettier's position, after a path or at the end of a message.
  parser.define('webLineColParen', () => {
    parser.tok(1, LParen);
    parser.tok(1, Int);
    parser.tok(1, Colon);
    parser.tok(2, Int);
    parser.tok(1, RParen);
  });
  // `src/math.js (2:12)` — rollup.
  parser.define('webParenLocation', () => {
    parser.sub(1, 'path', [{ until: 'space' }]);
    parser.tok(1, Space);
    parser.sub(1, 'webLineColParen');
  });
  // `/abs/src/util.js: line 2, col 25, ` — ESLint compact. The path runs to `: line ` (it may hold spaces).
  parser.define('webCompactLocation', () => {
    consumeUntil(
      parser,
      20,
      (peek) => peek(1).tokenType === Colon && peek(2).tokenType === Space && peek(3).image === 'line' && peek(4).tokenType === Space,
    );
    parser.tok(1, Colon);
    parser.tok(1, Space);
    parser.tok(1, Word);
    parser.tok(2, Space);
    parser.tok(1, Int);
    parser.tok(1, Comma);
    parser.tok(3, Space);
    parser.tok(2, Word);
    parser.tok(4, Space);
    parser.tok(2, Int);
    parser.tok(2, Comma);
  });
}

interface WebLocation {
  file: string;
  line: number;
  column: number;
  endLine: number | null;
  endColumn: number | null;
  /** Offset just after the location in the parsed text. */
  end: number;
}

/** `path L:C[-EC | -EL:EC]` at `from`; the path must look like a source file. */
export function parseSpaceLocation(context: LineContext, from: number): WebLocation | undefined {
  const parsed = context.parse('webSpaceLocation', { from });
  if (!parsed) return undefined;
  const pathNode = parsed.cst.children.path?.[0];
  if (!pathNode || !('children' in pathNode)) return undefined;
  const file = context.slice(pathNode, parsed);
  if (!plausiblePath(file)) return undefined;
  // Numbers inside the loader chain are not ours: the position is the Int tokens after its closing parenthesis.
  const close = parsed.cst.children.RParen?.[0];
  const after = close && 'startOffset' in close ? close.startOffset : -1;
  const ints = (parsed.cst.children.Int ?? []).flatMap((token) =>
    'image' in token && token.startOffset > after ? [Number(token.image)] : [],
  );
  const [line, column, third, fourth] = ints;
  if (line === undefined || column === undefined) return undefined;
  const endLine = third === undefined ? null : fourth === undefined ? line : third;
  const endColumn = fourth ?? third ?? null;
  return { file, line, column, endLine, endColumn, end: parsed.end };
}

/** `path (L:C)` at `from` (rollup). */
export function parseParenLocation(context: LineContext, from: number): WebLocation | undefined {
  const parsed = context.parse('webParenLocation', { from });
  if (!parsed) return undefined;
  const pathNode = parsed.cst.children.path?.[0];
  const position = parsed.cst.children.webLineColParen?.[0];
  if (!pathNode || !('children' in pathNode) || !position || !('children' in position)) return undefined;
  const file = context.slice(pathNode, parsed);
  const [line, column] = context.ints(position);
  if (!plausiblePath(file) || line === undefined || column === undefined) return undefined;
  return { file, line, column, endLine: null, endColumn: null, end: parsed.end };
}

/** `(L:C)` exactly at the end of the line (prettier's syntax errors), or before a last `:` (babel's). */
export function parseTrailingLineCol(
  context: LineContext,
  options: { trailingColon?: boolean } = {},
): { line: number; column: number; start: number } | undefined {
  const trimmed = context.text.trimEnd();
  const text = options.trailingColon && trimmed.endsWith('):') ? trimmed.slice(0, -1) : trimmed;
  const start = text.lastIndexOf('(');
  if (start < 0) return undefined;
  const parsed = context.parse('webLineColParen', { from: start });
  if (!parsed || parsed.end !== text.length) return undefined;
  const [line, column] = context.ints(parsed.cst);
  return line === undefined || column === undefined ? undefined : { line, column, start };
}

/** `path: line L, col C, ` (ESLint compact) from the start of the line. */
export function parseCompactLocation(context: LineContext): WebLocation | undefined {
  const text = context.text;
  const parsed = context.parse('webCompactLocation', { from: 0 });
  if (!parsed) return undefined;
  const words = parsed.cst.children.Word ?? [];
  const keyword = (index: number): string => {
    const token = words.at(-2 + index);
    return token && 'image' in token ? token.image : '';
  };
  if (keyword(0) !== 'line' || keyword(1) !== 'col') return undefined;
  const ints = parsed.cst.children.Int ?? [];
  const [line, column] = ints.slice(-2).map((token) => Number('image' in token ? token.image : NaN));
  const colon = parsed.cst.children.Colon?.at(-1);
  if (!colon || !('startOffset' in colon)) return undefined;
  const file = text.slice(0, colon.startOffset);
  if (!plausiblePath(file) || line === undefined || column === undefined || Number.isNaN(line) || Number.isNaN(column)) return undefined;
  return { file, line, column, endLine: null, endColumn: null, end: parsed.end };
}

/** A webpack module header's location (`./src/App.js 6:2-39`) with the message on the next line. */
export function emitWebpackHead(context: LineContext, location: WebLocation, severity: Severity, message: string): void {
  context.emit({
    file: location.file,
    line: location.line,
    column: location.column,
    // webpack prints acorn positions: 0-based columns with an EXCLUSIVE end (`2:0-39` covers 39 characters).
    endLine: location.endLine,
    endColumn: location.endColumn === null ? null : location.endColumn - 1,
    severity,
    message,
  });
}

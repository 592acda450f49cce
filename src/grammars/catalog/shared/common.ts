// Helpers several families share: the GNU `path:line[:col]: …` head, severity words, plausibility checks.
import type { Severity } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import { looksLikeSourcePath } from '../../engine/paths.js';

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
  return path.length > 0 && path.length < 1024 && !path.includes(': ') && !/^\s|\s$/.test(path) && looksLikeSourcePath(path);
}

/**
 * Parses `path:L[:C[-EC | :EL:EC]]` starting at `from` (default: first non-blank). Paths are tried without
 * spaces first, then with spaces (a path that starts at a known position may contain them).
 */
export function parseColonHead(context: LineContext, options: { from?: number; text?: string } = {}): LocationHead | undefined {
  const text = options.text ?? context.text;
  const from = options.from ?? text.length - text.trimStart().length;
  const key = options.text === undefined ? memoKey('colon', from) : `colon\u0000${from}\u0000${text}`;
  return context.memo(key, () => colonHead(context, text, from));
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
const COLON_ARGS: unknown[][] = [[false], [true]];
const PAREN_ARGS: unknown[][][] = [[[false, false], [false, true]], [[true, false], [true, true]]];

// gcc, clang and many more name a source read from standard input `<stdin>` (`<stdin>:5:3: error: …`): a name the
// path tokens cannot hold, which only the command names (src/resolve/command-names.ts).
const STANDARD_INPUT_HEAD = /(<stdin>|\[stdin\]|<standard input>):(\d{1,9})(?::(\d{1,9}))?(?=\D|$)/y;

function colonHead(context: LineContext, text: string, from: number): LocationHead | undefined {
  STANDARD_INPUT_HEAD.lastIndex = from;
  const stdin = text.charCodeAt(from) === 0x3c || text.charCodeAt(from) === 0x5b ? STANDARD_INPUT_HEAD.exec(text) : null;
  if (stdin) {
    const column = stdin[3] === undefined ? null : Number(stdin[3]);
    return { file: stdin[1]!, line: Number(stdin[2]), column, endLine: null, endColumn: null, rest: text.slice(from + stdin[0].length), start: from };
  }
  for (const spaces of SPACES_FIRST) {
    const parsed = context.parse('colonLocation', { from, args: COLON_ARGS[Number(spaces)]!, text });
    if (!parsed) continue;
    const pathNode = parsed.cst.children.path?.[0];
    const suffixNode = parsed.cst.children.colonSuffix?.[0];
    if (!pathNode || !suffixNode || !('children' in pathNode) || !('children' in suffixNode)) continue;
    const file = context.slice(pathNode, parsed, text);
    if (!plausiblePath(file)) continue;
    const numbers = context.ints(suffixNode);
    const [line, column, third, fourth] = numbers;
    if (line === undefined) continue;
    const fourNumbers = numbers.length === 4;
    return {
      file,
      line,
      column: column ?? null,
      endLine: fourNumbers ? (third ?? null) : numbers.length === 3 ? line : null,
      endColumn: fourNumbers ? (fourth ?? null) : numbers.length === 3 ? (third ?? null) : null,
      rest: text.slice(parsed.end),
      start: from,
    };
  }
  return undefined;
}

/** Parses `path(L[,C[,EL,EC]])` starting at `from`. */
export function parseParenHead(context: LineContext, options: { from?: number; parens?: boolean } = {}): LocationHead | undefined {
  const text = context.text;
  const from = options.from ?? text.length - text.trimStart().length;
  return context.memo(memoKey(options.parens === true ? 'paren-parens' : 'paren', from), () => parenHead(context, from, options.parens === true));
}

function parenHead(context: LineContext, from: number, parens: boolean): LocationHead | undefined {
  const text = context.text;
  for (const spaces of SPACES_FIRST) {
    const parsed = context.parse('parenLocation', { from, args: PAREN_ARGS[Number(spaces)]![Number(parens)]! });
    if (!parsed) continue;
    const pathNode = parsed.cst.children.path?.[0];
    const suffixNode = parsed.cst.children.parenSuffix?.[0];
    if (!pathNode || !suffixNode || !('children' in pathNode) || !('children' in suffixNode)) continue;
    const file = context.slice(pathNode, parsed);
    if (!plausiblePath(file)) continue;
    const [line, column, endLine, endColumn] = context.ints(suffixNode);
    if (line === undefined) continue;
    return { file, line, column: column ?? null, endLine: endLine ?? null, endColumn: endColumn ?? null, rest: text.slice(parsed.end), start: from };
  }
  return undefined;
}

const SEVERITY_WORDS: Record<string, Severity> = {
  error: 'error', 'fatal error': 'error', fatal: 'error', err: 'error', failure: 'error', critical: 'error',
  warning: 'warning', warn: 'warning', note: 'note', info: 'note', remark: 'note', help: 'note', hint: 'note',
};

/** Maps a tool's severity word (any case) to faultline's three levels; null when it is not one. */
export function severityOf(word: string | undefined): Severity | null {
  if (!word) return null;
  return SEVERITY_WORDS[word.toLowerCase()] ?? null;
}

/** Splits `: severity[code]: message` (the GNU tail) into its parts. */
export function parseSeverityTail(rest: string): { severity: Severity | null; code: string | null; message: string } {
  const match = /^:?\s*(fatal error|error|warning|note|remark|info|help)(?:\[([^\]]+)\])?:\s?(.*)$/i.exec(rest);
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

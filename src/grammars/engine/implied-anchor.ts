// Which line-start alternatives the universal anchors already cover. An alternative that cannot match without a
// `path.ext:N` on its own line (`^ {4}\S.*\.[A-Za-z]…:\d+:\d+:`) selects only lines the universal anchor's first
// alternative selects too, and those lines are candidates whatever their start holds (scanner.ts). Trying it at every
// line start cost time only: such alternatives read the whole line (`\S.*`, `[^\n]*?`) and backtrack from its end, on
// every indented or coloured line of a log (~8 % of the 100 MB bench log's line-start prefilter; issue 21).
// The same holds for the other literals the universal anchors select wherever they stand: a `line N` (its second
// alternative) and a stack frame's `(file:`/`(package:`/`(dart:` (its `(` alternative). Session 35 (perf35, cachegrind of
// bench/floor-prefilter.ts on ci-10m.log, node --single-threaded --predictable --no-regexp-tier-up): a Dart frame's
// `#\d+ +[^\n]{1,1000}\((?:file|package|dart):` cost 15.2 M instructions per 10 MB (it reads every `#12 …` line of a
// Docker build to its end and back), eunit's `[{[][^\n]{0,300}?\{file,"…\{line,\d` 11.8 M.
import { SGR } from './anchors.js';

// What the universal anchor's first alternative matches (prefilter.ts UNIVERSAL_ANCHORS[0]), as the anchors write it:
// an extension of at most twelve characters, colour codes allowed, then `:`, `(` or `;` (HockeyApp's rows) and a digit.
const EXTENSIONS = [String.raw`\.[A-Za-z][A-Za-z0-9+_]{0,11}`, String.raw`\.[A-Za-z]{1,4}`, String.raw`\.[A-Za-z]{1,12}`];
const SEPARATORS = [':', String.raw`\(`, '[:(]', ';'];
// And a literal the universal anchors select wherever it stands (prefilter.ts): a traceback header's words.
const PIECES: readonly string[] = [
  ...EXTENSIONS.flatMap((extension) =>
    SEPARATORS.flatMap((separator) => [`${extension}${separator}\\d`, `${extension}${SGR}${separator}${SGR}\\d`]),
  ),
  String.raw`\(most recent call last\)`,
  String.raw`\((?:file|package|dart):`,
  // F*'s range and a tokenizer's `start (40,79)` (perf36: letter-led line-start alternatives).
  String.raw`\(\d+,\d+-\d+,\d+\)`,
  String.raw`\bstart \(\d`,
];
// `line 12`, `Line: 12`, `lines,3` as the universal `line N` alternative reads them: the word (any case it allows), an
// optional plural, then blanks or one of `:=#,` with optional blanks after it, then the digit. Sources write the word
// as `line`, `Line`, `LINE` or `[Ll]ine`, the separator as a space, `: `, `: ?` or one punctuation mark (a blank before it:
// `Line = 38`).
const LINE_PIECE = /(?:line|Line|LINE|\[Ll\]ine)(?:s\??)?(?: |[:=#,] ?|: \?| [:=#,] ?)\\d/y;

// A quantifier that lets the piece's last digit be absent.
const OPTIONAL_END = /^(?:[?*]|\{0[,}])/;
// The length of an escape: `\xHH`, `\uHHHH`, `\cX`, else the backslash and one character.
const ESCAPE_LENGTHS: Readonly<Record<string, number>> = { x: 4, u: 6, c: 3 };

/**
 * Whether every match of `source` (a line-start alternative without its `^`, newline-free as the prefilter makes it)
 * holds a universal anchor on its own line: one of PIECES at the top level of the sequence (in no group, class or
 * optional part), with nothing before it that can match a newline.
 */
export function impliesUniversalAnchor(source: string): boolean {
  // Most alternatives name no piece: they are not read further (this runs at every CLI start that reads a log).
  if (!/\\\.\[A-Za-z\]|most recent|file\|package|ine|INE|,\\d\+-|start /.test(source)) return false;
  let depth = 0;
  for (let index = 0; index < source.length;) {
    if (depth === 0 && pieceAt(source, index)) return true;
    const character = source[index]!;
    if (character === '\\') {
      const escape = source.slice(index, index + (ESCAPE_LENGTHS[source[index + 1]!] ?? 2));
      // A back-reference or a named one may hold anything; any other escape is judged by what it matches.
      // `\s` is tried without its newline (dispatch.ts makes every line-start alternative line-local).
      if (/^\\[1-9k]/.test(escape) || (escape !== String.raw`\s` && matchesNewline(escape))) return false;
      index += escape.length;
    } else if (character === '[') {
      const end = classEnd(source, index);
      if (end < 0 || matchesNewline(source.slice(index, end + 1))) return false;
      index = end + 1;
    } else {
      // A top-level alternation makes the piece optional (the prefilter splits alternatives, but a caller may not).
      if (character === '|' && depth === 0) return false;
      if (character === '(') depth++;
      else if (character === ')') depth--;
      index++;
    }
  }
  return false;
}

// Whether a piece the universal anchors select starts at `index`, its last digit required.
function pieceAt(source: string, index: number): boolean {
  let end = -1;
  const piece = PIECES.find((candidate) => source.startsWith(candidate, index));
  if (piece !== undefined) end = index + piece.length;
  else {
    LINE_PIECE.lastIndex = index;
    if (LINE_PIECE.test(source)) end = LINE_PIECE.lastIndex;
  }
  return end >= 0 && !OPTIONAL_END.test(source.slice(end));
}

// The index of the `]` closing the class opened at `start`, or -1 (a `]` first in the class is a member).
function classEnd(source: string, start: number): number {
  let index = start + (source[start + 1] === '^' ? 2 : 1);
  for (let first = true; index < source.length; index++, first = false) {
    if (source[index] === '\\') index++;
    else if (source[index] === ']' && !first) return index;
  }
  return -1;
}

// Whether an escape or a class can match the newline: then the match could start on a line before the piece's.
function matchesNewline(atom: string): boolean {
  try {
    return new RegExp(atom).test('\n');
  } catch {
    return true;
  }
}

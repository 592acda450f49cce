// What a console's wrap looks like: the widths consoles wrap at and the pieces of a path a wrap cut (context.ts joins
// them again).
import { fromUtf16Offset } from '../../core/index.js';
import { isSpace } from './heads.js';
import { remembered, RepeatMemo } from './repeat-memo.js';
import { ownCopy } from './strings.js';

// Consoles wrap at 80 columns or more; a shorter line before a location was not cut by a wrap (a CI
// timestamp prefix, already removed, can take ~30 of the 80).
const WRAP_MIN_WIDTH = 40;
// The widths consoles and CI viewers wrap at (fold's default, common terminals, GitLab/Jenkins/Azure viewers).
const WRAP_WIDTHS = new Set([80, 100, 120, 132, 140, 150, 160, 180, 200, 240, 250, 256]);
// A wrapped message is followed over at most this many more lines.
export const MAX_WRAPPED_LINES = 3;

// Wrap width measures of a line: fold counts bytes, terminals count cells, some viewers characters. On a line of
// printable ASCII and no tab (nearly every line) all three are its length, known without measuring twice more.
// A regex, not a loop over the characters: it is asked of the line above every location, mostly before V8 has
// optimised the loop (a cold 1 MB run), and irregexp's scan costs a few instructions a character from the first call.
const NOT_PLAIN = /[\0\t\u0080-\uffff]/;
export function lineWidths(line: string): number[] {
  if (!NOT_PLAIN.test(line)) return [line.length];
  return [line.length, fromUtf16Offset(line, line.length, 'byte') - 1, fromUtf16Offset(line, line.length, 'display') - 1];
}

// The run of characters at the end of `line` that can be part of a path (what `/[^\s"'`()<>|]+$/` matches):
// the regex tried a match at every position of every previous line of a location (~1.5 µs a location).
function trailingPathPiece(line: string): string | undefined {
  let start = line.length;
  for (; start > 0; start--) {
    const code = line.charCodeAt(start - 1);
    if (
      isSpace(code) ||
      code === 0x22 ||
      code === 0x27 ||
      code === 0x60 ||
      code === 0x28 ||
      code === 0x29 ||
      code === 0x3c ||
      code === 0x3e ||
      code === 0x7c
    )
      break;
  }
  return start === line.length ? undefined : line.slice(start);
}

// What the line above a location says of a wrap by its own text: the head of a path it may end with, or null. A dense
// log repeats its location lines, and so the lines above them: measuring each again was ~7 % of a cold 1 MB tsc scan.
const KNOWN_WRAP_HEADS = new RepeatMemo<string | null>(256, 1024);

/** The first half of a path that a console's wrap may have cut at the end of `previous`, the line above a location
 * whose path starts its line (context.ts); undefined when the line cannot be one. */
export function wrapHeadAbove(previous: string): string | undefined {
  // Said at once, before the memo hashes the line: a short line above (a go or rustc log's) was never a wrap.
  if (previous.length < WRAP_MIN_WIDTH || isSpace(previous.charCodeAt(previous.length - 1))) return undefined;
  const known = KNOWN_WRAP_HEADS.get(previous);
  return known !== undefined ? (known ?? undefined) : remembered(KNOWN_WRAP_HEADS, previous, wrapHeadOf(previous));
}

function wrapHeadOf(previous: string): string | undefined {
  const head = trailingPathPiece(previous);
  // A path's first half is not itself a location (`a.h:3,` ends an include chain line). It has a separator, or
  // the line before is exactly a console width, where a wrap cuts a name anywhere (`…/currency_conv` + `ersion.c`).
  if (head === undefined || /:\d+\W*$/.test(head)) return undefined;
  if (!/[/\\]/.test(head) && !lineWidths(previous).some((width) => WRAP_WIDTHS.has(width))) return undefined;
  return ownCopy(head);
}

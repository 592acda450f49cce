// What a console's wrap looks like: the widths consoles wrap at and the pieces of a path a wrap cut (context.ts joins
// them again).
import { fromUtf16Offset } from '../../core/index.js';
import { isSpace } from './heads.js';

// Consoles wrap at 80 columns or more; a shorter line before a location was not cut by a wrap (a CI
// timestamp prefix, already removed, can take ~30 of the 80).
export const WRAP_MIN_WIDTH = 40;
// The widths consoles and CI viewers wrap at (fold's default, common terminals, GitLab/Jenkins/Azure viewers).
export const WRAP_WIDTHS = new Set([80, 100, 120, 132, 140, 150, 160, 180, 200, 240, 250, 256]);
// A wrapped message is followed over at most this many more lines.
export const MAX_WRAPPED_LINES = 3;

// Wrap width measures of a line: fold counts bytes, terminals count cells, some viewers characters. On a line of
// printable ASCII and no tab (nearly every line) all three are its length, known without measuring twice more.
export function lineWidths(line: string): number[] {
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index);
    if (code === 0 || code === 9 || code > 0x7f) {
      return [line.length, fromUtf16Offset(line, line.length, 'byte') - 1, fromUtf16Offset(line, line.length, 'display') - 1];
    }
  }
  return [line.length];
}

// The run of characters at the end of `line` that can be part of a path (what `/[^\s"'`()<>|]+$/` matches):
// the regex tried a match at every position of every previous line of a location (~1.5 µs a location).
export function trailingPathPiece(line: string): string | undefined {
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

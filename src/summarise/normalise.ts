// Turns one raw output line into what a person saw last on the terminal: escape sequences removed,
// carriage-return redraws reduced to their final state, backspaces applied, other controls dropped.
import { stripAnsi } from './ansi.js';
import { repairUtf16Mojibake } from './utf16-mojibake.js';

/**
 * Reduces CR redraws to the last state. Progress tools erase the line before redrawing, so the last
 * non-empty CR-separated segment is what remains; a trailing CR (cursor parked at column 0) changes nothing.
 */
export function collapseCarriageReturns(line: string): string {
  if (!line.includes('\r')) return line;
  const segments = line.split('\r');
  for (let index = segments.length - 1; index >= 0; index--) {
    const segment = segments[index] ?? '';
    if (segment.length > 0) return segment;
  }
  return '';
}

/** Applies backspaces: each deletes the previous code point (never half of a surrogate pair). */
export function applyBackspaces(line: string): string {
  if (!line.includes('\b')) return line;
  const kept: string[] = [];
  for (const character of line) {
    if (character === '\b') kept.pop();
    else kept.push(character);
  }
  return kept.join('');
}

// C0 controls other than TAB carry no text once escapes, CR and BS are handled (BEL, NUL, SO/SI…).
const OTHER_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

// A line of printable ASCII and tabs holds nothing any step below changes: most lines of a log (issue 21: the five
// steps were ~5 % of a dense 10 MB log's scan, asked of every candidate line).
const NOT_PLAIN = /[^\t\x20-\x7e]/;

/** Normalises one line (without its `\n`): ANSI, CR redraws, backspaces, stray controls. */
export function normaliseLine(raw: string): string {
  if (!NOT_PLAIN.test(raw)) return raw;
  let line = raw.endsWith('\r') && !raw.slice(0, -1).includes('\r') ? raw.slice(0, -1) : raw;
  line = stripAnsi(line);
  line = collapseCarriageReturns(line);
  line = applyBackspaces(line);
  return repairUtf16Mojibake(line.replace(OTHER_CONTROLS, ''));
}

/** Normalises multi-line text line by line, keeping `\n` boundaries (and so line numbers) intact. */
export function normaliseText(text: string): string {
  return text.split('\n').map(normaliseLine).join('\n');
}

// Haxe: the compiler's classic message layout, `src/Main.hx:7: characters 15-25 : Unknown identifier : x`
// (columns 1-based, the end one past the last character), `character 4 :` for one column, and `lines 18-373 :`
// for a span of whole lines. Two kinds of line only add to the error before them and are notes: a message led
// by `... ` (`... For function argument 'v'`, Haxe 4) and Haxe 3's `lines A-B : Defined in this class`, printed
// BEFORE each error in a class to say which class it is in. Warnings say `Warning : ` after the position.
// A console 80 characters wide wraps a long message onto the next line (` : name`): the head line is enough.
// Link: https://haxe.org/manual/compiler-usage.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { Severity } from '../../core/index.js';
import { plausiblePath } from './shared/common.js';

// The path is one blank-free token (a drive letter allowed): users paste the line glued to their own words.
const HEAD = /(?:^|\s)((?:[A-Za-z]:)?[^\s:]+):(\d+): (?:characters (\d+)-(\d+)|character (\d+)|lines (\d+)-(\d+)) : (.*)$/;
// What Haxe 3 prints above an error to name the class it is in: context, never the place to fix.
const CONTEXT_MESSAGE = /^Defined in this class\s*$/;

function severityOf(message: string, whole: boolean): { severity: Severity; message: string } {
  const warning = /^Warning : (.*)$/.exec(message);
  if (warning) return { severity: 'warning', message: warning[1] ?? '' };
  if (message.startsWith('... ') || (whole && CONTEXT_MESSAGE.test(message))) return { severity: 'note', message };
  return { severity: 'error', message };
}

function parseHaxe(context: LineContext): boolean {
  const match = HEAD.exec(context.text);
  if (!match || !plausiblePath(match[1] ?? '')) return false;
  const first = match[3] ?? match[5];
  const column = first === undefined ? null : Number(first);
  // `characters A-B` ends one past the last character; `lines A-B` spans whole lines.
  const endColumn = match[4] === undefined ? null : Math.max(Number(match[4]) - 1, column ?? 1);
  const endLine = match[7] === undefined ? null : Number(match[7]);
  const line = match[6] === undefined ? Number(match[2]) : Number(match[6]);
  const tail = severityOf((match[8] ?? '').trim(), match[6] !== undefined);
  context.emit({
    file: match[1] ?? '',
    line,
    column,
    endLine: endLine ?? (endColumn === null ? null : line),
    endColumn,
    severity: tail.severity,
    message: tail.message,
  });
  return true;
}

const haxe: GrammarFormat = {
  name: 'haxe',
  language: 'Haxe',
  description:
    'haxe (3.x and 4.x classic reporting): `src/Main.hx:7: characters 15-25 : Unknown identifier : x`, `character N :`, ' +
    "`lines A-B :`; `... For function argument` lines and Haxe 3's `lines A-B : Defined in this class` are notes.",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message'],
  observed: true,
  url: 'https://haxe.org/manual/compiler-usage.html',
  anchor: '\\.hx:\\d+: (?:characters? \\d|lines \\d)',
  parse: parseHaxe,
};

export const haxeFamily: GrammarFamily = { formats: [haxe] };

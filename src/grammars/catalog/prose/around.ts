// The files the prose tier looks for on the lines around a number phrase whose own line names none: the one file
// the line above names, or a report field a few lines below (prose.ts).
import { echoedCommand } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import { likely, tokensOf, fullest, type Token } from './tokens.js';
import { pathLike } from './words.js';

// The word that makes a number a line: `line`, `lines`, `LINE`, a user's `line no:`, `line no.` or `line number`. It must
// not end a longer word (`inline 4`), except a capitalised field glued to a lowercase word (`…parenthesisLine: 95`): a copy
// that lost the line break before it.
export const LINE_LABEL = String.raw`(?:(?<![A-Za-z])(?:[Ll]ine|LINE)(?:s| ?[Nn]o\.?| [Nn]umber)?|(?<=[a-z])Line(?=:))`;

// Whether the line holds a number phrase at all: most candidate lines (a `line 3` inside a strict format's line)
// end here, before any word is cut out.
export const ANY_PHRASE = new RegExp(
  [
    String.raw`${LINE_LABEL}(?: *[:=#][ \t]*| +)\d`,
    String.raw`\(\d{1,7}(?:, ?\d{1,5})?\) in `,
    String.raw`" ?\(\d{1,7}(?:, ?\d{1,5})?\)`,
    String.raw`#(?:L|lines-)\d`,
  ].join('|'),
);

// A word that is itself a location (`psych.rb:455:in`) is a strict format's, never the file of a phrase.
export function fileCandidates(tokens: readonly Token[]): Token[] {
  return tokens.filter((token) => likely(token) && !token.path.includes('#') && !/:\d/.test(token.path));
}

// The one file named by the line above a number phrase whose own line names none (`…while loading YAML script,
// deploy/site.yml` then `Note: … this position: line 12, column 9`): a message in two lines.
// One file written twice counts once: a report's field may give the name the tool read and, in parentheses, where it
// found it (Flyway's `Location : db/V1.sql (/srv/app.jar!/db/V1.sql)`); the fuller path is the one resolve can place.
export function fileAbove(context: LineContext): string | undefined {
  const above = boxTitleAbove(context) ?? context.line(-1);
  if (above === undefined || ANY_PHRASE.test(above)) return undefined;
  // An echoed command's prompt names a folder (`me@box:~/proj$ kubectl apply -f x.yml`): the command's words count.
  const words = echoedCommand(above) ?? above;
  if (!/[A-Za-z]/.test(above) || fileCandidates(tokensOf(words)).length === 0) return fileAloneAbove(context);
  const tokens = fileCandidates(tokensOf(words));
  const named = new Set(tokens.map((token) => fullest(token, tokens).path));
  return named.size === 1 ? [...named][0] : undefined;
}

// An annotation's header: the file alone on its line (GitHub's `/ .github/workflows/ci.yml` under the workflow's name, a
// bare `src/app.yml`), a blank or a title line (`Invalid workflow file`) between it and the message that gives the line
// (`You have an error in your yaml syntax on line 11`). Only blank lines and short titles of words, which name no file
// and give no number, stand between (a box's rule of dashes does not: its title is read between two rules).
const TITLE_OR_BLANK = /^\s*(?:[A-Za-z][\w'-]{0,30}(?: [A-Za-z][\w'-]{0,30}){0,8})?\s*$/;
const FILE_ALONE = /^\s*(?:[/›>»|]\s)?\s*([^\s:]{1,300}\.[A-Za-z][\w+-]{0,11})\s*$/;
const MAX_ALONE_ABOVE = 3;

function fileAloneAbove(context: LineContext): string | undefined {
  for (let delta = -2; delta >= -MAX_ALONE_ABOVE; delta--) {
    const between = context.line(delta + 1) ?? '';
    if (!TITLE_OR_BLANK.test(between) || ANY_PHRASE.test(between) || fileCandidates(tokensOf(between)).length > 0) return undefined;
    const line = context.line(delta);
    if (line === undefined) return undefined;
    const alone = FILE_ALONE.exec(line);
    if (alone) return likely({ path: alone[1]!, start: 0, end: 0 }) ? alone[1] : undefined;
  }
  return undefined;
}

// A message box copied as text (Windows' Ctrl+C on a dialog: its title between two rules of dashes, then its text):
// a script host names the script in the title and the line in the text (AutoHotkey's `Error at line 12.`).
const BOX_RULE = /^-{10,}\s*$/;
/** Whether a line is such a box's rule (the text below it is a message of its own). */
const isBoxRule = (text: string): boolean => BOX_RULE.test(text);

function boxTitleAbove(context: LineContext): string | undefined {
  if (!BOX_RULE.test(context.line(-1) ?? '') || !BOX_RULE.test(context.line(-3) ?? '')) return undefined;
  return context.line(-2);
}

// A report field naming the file a message's position is in, on its own line below the message (jsonlint's
// `Error: Parse error on line 2:` over its snippet, then `File: "conf/x.json"`).
// An unquoted field value may hold blanks and quotes when it ends in an extension (AutoHotkey's dialog, copied:
// `File:<TAB>C:\x\Bob's macro.ahk`). A Lisp stream names its file in its printed form below the position (SBCL's
// `Stream: #<SB-INT:FORM-TRACKING-STREAM for "file /x/y.lisp" {1003…}>`).
const FILE_FIELD = new RegExp(
  String.raw`^\s*(?:(?:File|Filename|File name|Path|Source)\s*[:=]\s*` +
    String.raw`(?:["'\x60]?([^"'\x60\s]+)["'\x60]?|([^"\x60]*?\.[A-Za-z]\w{0,7}))\s*$` +
    String.raw`|[;\s]*Stream: #<.* for "file ([^"]+)")`,
);
// How far below a message its file field may stand (the snippet and caret lines between).
const MAX_FIELD_BELOW = 4;

// The file a report field names a few lines below a number phrase whose line and the line above name none.
export function fileBelow(context: LineContext): string | undefined {
  for (let delta = 1; delta <= MAX_FIELD_BELOW; delta++) {
    const below = context.line(delta);
    if (below === undefined || ANY_PHRASE.test(below)) return undefined;
    const field = FILE_FIELD.exec(below);
    const path = field?.[1] ?? field?.[2] ?? field?.[3];
    if (path !== undefined) return pathLike(path) ? path : undefined;
  }
  return undefined;
}

// An item of a list of places under a header that names their file (go-yaml's `unmarshal errors:` then `  line 15: …`,
// `  line 17: …`; Vim's `Error detected while processing F:` then `line   13:`). The header is only the line above the
// first item: each later item of the same indent takes the file its predecessor took (remembered per scan, so a
// list of any length costs one look per item).
const LIST_ITEM = /^(\s*)(?:[Ll]ine|LINE) +\d{1,7}:/;
// An item may carry its message on the lines below it (Vim's `line    2:` over `E15: Invalid expression`, then
// `line    3:` over the next error): a later item a few unbroken lines down still belongs to the list, unless the line
// right above it names a file and ends in a colon, as a header opening a list of its own does (Vim's next `Error
// detected while processing G:`). A blank line or a longer message ends the list.
const MAX_ITEM_MESSAGE_LINES = 8;

/** Whether a line is an item of such a list. */
const isListItemLine = (text: string): boolean => LIST_ITEM.test(text);

interface ListState {
  itemLine: number;
  indent: number;
  file: string | undefined;
  /** The line above the list's first item (its header), and the log line that continued the list last. */
  header: string;
  continuedAt: number;
}

const listState = (context: LineContext): ListState =>
  context.state<ListState>(() => ({ itemLine: 0, indent: -1, file: undefined, header: '', continuedAt: 0 }));

/** The file of the line above a phrase (fileAbove), or for the next item of a list the file its first item took. */
export function listFileAbove(context: LineContext): string | undefined {
  const item = LIST_ITEM.exec(context.text);
  const state = listState(context);
  const continues =
    item !== null &&
    state.indent === item[1]!.length &&
    (state.itemLine === context.logLine - 1 || (state.file !== undefined && messagesSinceItem(context, state.itemLine)));
  if (!continues) return fileAbove(context);
  state.continuedAt = context.logLine;
  return state.file;
}

/** Whether the lines between an earlier item and this one are that item's message (see MAX_ITEM_MESSAGE_LINES). */
function messagesSinceItem(context: LineContext, itemLine: number): boolean {
  const gap = context.logLine - itemLine;
  if (gap < 2 || gap > MAX_ITEM_MESSAGE_LINES + 1) return false;
  if (/:\s*$/.test(context.line(-1) ?? '') && fileAbove(context) !== undefined) return false;
  for (let delta = -1; delta > -gap; delta--) {
    const between = context.line(delta);
    if (between === undefined || between.trim() === '' || LIST_ITEM.test(between)) return false;
  }
  return true;
}

/**
 * The message of a line that took its file from above: its own text under a header, which is part of the message
 * (`Error detected while processing F:` over `line 2:`), or, for an item of a list, the item alone; a bare item
 * (Vim's `line    2:`) says its error on the line below it.
 */
export function messageOfItem(context: LineContext): string {
  const text = context.text.trim();
  const item = LIST_ITEM.exec(context.text);
  const below = context.line(1)?.trim() ?? '';
  if (item && item[0].length === context.text.trimEnd().length && below !== '' && !LIST_ITEM.test(below)) return below;
  const above = context.line(-1) ?? '';
  return isListItemLine(above) || isBoxRule(above) ? text : `${above.trim()} ${text}`;
}

/** Remembers the file an item of a list took from above, for the item after it. */
export function rememberListItem(context: LineContext, phrases: readonly { fromAbove?: boolean; file: string }[]): void {
  const item = LIST_ITEM.exec(context.text);
  const taken = item ? phrases.find((found) => found.fromAbove === true) : undefined;
  if (!item || !taken) return;
  const state = listState(context);
  const header = state.continuedAt === context.logLine ? state.header : (context.line(-1) ?? '');
  Object.assign(state, { itemLine: context.logLine, indent: item[1]!.length, file: taken.file, header });
}

/** The header of the list whose item this line is (remembered by rememberListItem), which says how bad its items are. */
export function listHeaderOf(context: LineContext): string {
  const state = listState(context);
  return state.itemLine === context.logLine ? state.header : '';
}

// A place written as `name.ext:N` (a raised error's own place, as Lua and most runtimes print it).
const NAMED_PLACE = /\.[A-Za-z][\w+-]{0,11}:\d{1,7}\b/;

/**
 * Whether the message below a list item names a place of its own (Vim's `line 13:` over `E5108: Error executing lua
 * lua/a.lua:8: …`, the message wrapped or not): the item is then only where the failing code was called from.
 */
export function callerOfNamedPlace(context: LineContext): boolean {
  if (!LIST_ITEM.test(context.text)) return false;
  for (let delta = 1; delta <= 2; delta++) {
    const below = context.line(delta);
    if (below === undefined || LIST_ITEM.test(below)) return false;
    if (NAMED_PLACE.test(below)) return true;
  }
  return false;
}

// A number phrase that opens its line and ends in a colon (`  line 48: …`, Vim's `line   13:`): an item of a list.
export function isListItem(text: string, start: number, end: number): boolean {
  return text.charCodeAt(end) === 58 && text.slice(0, start).trim() === '';
}

// The message of a line that only holds a location: for an indented one (Tcl's `    (file "x.tcl" line 3)` under
// `    while executing`, a trace's continuation) the nearest line above at the margin that is no quoted echo.
export function messageAbove(context: LineContext): string {
  if (!/^\s/.test(context.text)) return '';
  for (let delta = -1; delta >= -8; delta--) {
    const line = context.line(delta);
    if (line === undefined) return '';
    if (line.trim() !== '' && !/^[\s"'{]/.test(line)) return line.trim();
  }
  return '';
}

// The files the prose tier looks for on the lines around a number phrase whose own line names none: the one file
// the line above names, or a report field a few lines below (prose.ts).
import type { LineContext } from '../../engine/format.js';
import { likely, tokensOf, fullest, type Token } from './tokens.js';
import { pathLike } from './words.js';

// Whether the line holds a number phrase at all: most candidate lines (a `line 3` inside a strict format's line)
// end here, before any word is cut out.
export const ANY_PHRASE =
  /(?:(?<![A-Za-z])(?:[Ll]ine|LINE)s?|(?<=[a-z])Line(?=:))(?: *[:=#][ \t]*| +)\d|\(\d{1,7}(?:, ?\d{1,5})?\) in |#(?:L|lines-)\d/;

// A word that is itself a location (`psych.rb:455:in`) is a strict format's, never the file of a phrase.
export function fileCandidates(tokens: readonly Token[]): Token[] {
  return tokens.filter((token) => likely(token) && !token.path.includes('#') && !/:\d/.test(token.path));
}

// The one file named by the line above a number phrase whose own line names none (`…while loading YAML script,
// deploy/site.yml` then `Note: … this position: line 12, column 9`): a message in two lines.
// One file written twice counts once: a report's field may give the name the tool read and, in parentheses, where it
// found it (Flyway's `Location : db/V1.sql (/srv/app.jar!/db/V1.sql)`); the fuller path is the one resolve can place.
export function fileAbove(context: LineContext): string | undefined {
  const above = context.line(-1);
  if (above === undefined || !/[A-Za-z]/.test(above) || ANY_PHRASE.test(above)) return undefined;
  const tokens = fileCandidates(tokensOf(above));
  const named = new Set(tokens.map((token) => fullest(token, tokens).path));
  return named.size === 1 ? [...named][0] : undefined;
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

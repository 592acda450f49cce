// Raw-text anchors (matched on latin1 text that still holds ANSI). Each starts with a literal or a
// short class so the combined regex stays linear on pathological lines (performance.md §6).
import { utf8ToLatin1 } from './strings.js';

// Optional SGR/EL sequences that tools put between the parts of a location (tsc --pretty, gcc, vitest).
const SGR = '(?:\\x1b\\[[0-9;]*[mK])*';

/** A source read from standard input (`<stdin>:3:18: error`, `[stdin]:3`, megaparsec's `(stdin):4:1:`, `<standard
 * input>:2`, ruff's `-:1:8`): only the command names its file (src/resolve/command-names.ts). A universal anchor too
 * (prefilter.ts). */
export const STANDARD_INPUT_ANCHOR = `(?:<stdin>|\\[stdin\\]|\\(stdin\\)|<standard input>):\\d|-:\\d+:\\d`;

/** A runtime's word for "line" in the system's language, after a path's colon (.NET's `F:Zeile 41`, `F:línea 41`,
 * `F:行号 41`; the English `F:line 41` is the universal `line N` anchor's): a frame a crash report prints without the
 * indented frame word that starts a console's frame is found by it alone. Written as the words' UTF-8 bytes read as
 * latin1, as the raw text is. A universal anchor too (prefilter.ts). */
export const LOCALISED_LINE_ANCHOR = `:(?:${utf8ToLatin1(
  ['Zeile', 'ligne', 'línea', 'riga', 'linha', 'строка', '行号', '行', 'wiersz', 'řádek', 'regel', 'rad'].join('|'),
)}) \\d`;

/** A dev server's query after a file's name (`x.ts?t=1700`, `App.vue?vue&type=script`): no part of the file, which
 * cleanPrintedPath drops, but it stands between the extension and the position. */
export const URL_QUERY = '(?:\\?[\\w=&.%-]{1,100})?';

/** `.ext` followed by `:digit` or `(digit`, ANSI allowed in between: nearly every location has it; or a source
 * read from standard input. */
export const LOCATION_ANCHOR = `\\.[A-Za-z][A-Za-z0-9+_]{0,11}${URL_QUERY}${SGR}[:(]${SGR}\\d|${STANDARD_INPUT_ANCHOR}`;

/**
 * LOCATION_ANCHOR narrowed to the paths a format reads (`extensions`: a regex source of the extensions without the
 * dot) and to its location suffix (`[:(]`, or `\\(` for `file(L,C)` heads). Issue 21: a format that reads only
 * YAML files but anchors on every location was offered every location line of every log (four linters at the head
 * of the registry parsed each tsc, cargo and go line); its own anchor now refuses those lines before any parse.
 */
export function locationAnchorFor(extensions: string, suffix = '[:(]'): string {
  return `\\.(?:${extensions})${SGR}${suffix}${SGR}\\d|${STANDARD_INPUT_ANCHOR}`;
}

export { SGR };

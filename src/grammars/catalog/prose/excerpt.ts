// The marked line of a source excerpt under the line that names its file (the prose tier): many compilers and
// bundlers print a header that names the file (elm's `-- TYPE MISMATCH ---- src/Main.elm`, scala's `-- Error: F ----`,
// miette's and swc's `,-[F:8:1]`, webpack's `ERROR in ./F`, babel's `SyntaxError: F: msg (3:21)`), maybe a sentence,
// then the file's lines numbered in a gutter (`12|`, ` 11 | `, `4 │`) and the failing one marked: a `>` before its
// number or after the bar (`> 3 |`, `18|>`), or an underline of carets or tildes below it. The header says which file,
// the mark says which line (a header's own position is where the excerpt starts), the underline says which column.
// Fixture ablation class "a file header, then an excerpt whose marked line is the place" (docs/real-world.md).
import type { RawLocation } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import { severityOf } from '../shared/common.js';
import { tokensOf } from './tokens.js';
import { pathLike, SEVERITY_WORD, withoutHost } from './words.js';

// A gutter line: a `>` mark before the number, the number, the bar, a `>` mark after it. The prefilter's line-start
// anchors select such lines (engine/prefilter.ts: `\d+ *| *\S`, colour allowed after the number, and the `>` marks).
const GUTTER = /^(\s*(?:(>)\s*)?)(\d{1,7})\s*([|│┃])(>?)/u;
// An underline below a gutter line: the gutter's bar or a colon (miette), then carets or tildes, maybe a label.
const UNDERLINE = /^(\s*(?:[|│┃:]\s*)?)([\^~])[\^~]*(?:\s|$)/u;
// A line of the excerpt that is not a numbered line: the bar alone (a label's or a note's line), a fold (`...`, `:`).
const CONTINUATION = /^\s*(?:[|│┃:·]|\.{3}|…)(?:\s|$)/u;
// How far above the marked line its header may stand: the excerpt's other lines, then a few lines of message.
const MAX_ABOVE = 14;
// A position glued to a header's file (`F:8:1`, `F:8`, `F(8,1)`, `F (3:21)`): cut before the file is judged.
const POSITION_TAIL = /(?::\d{1,7}){1,2}$|\(\d{1,7}[,:]\d{1,5}\)$/;

// A dependency's file on the way up is the tool's own (webpack's `Module build failed (from ./node_modules/x-loader/…)`),
// never the excerpt's: its line reads as words.
const DEPENDENCY = /(?:^|[\\/])(?:node_modules|site-packages|dist-packages|vendor)[\\/]/;
const POSITION = /[:(]\d{1,7}[:,)]/;

interface Header {
  file: string;
  delta: number;
}

// The one workspace-like file a line names (a path with an extension), else undefined; `null` when it names several.
function fileNamed(context: LineContext, text: string): string | null | undefined {
  let found: string | undefined;
  for (const token of tokensOf(text)) {
    const path = withoutHost(token.path.replace(POSITION_TAIL, ''));
    if (!pathLike(path) || !/\.[A-Za-z][\w+-]{0,11}$/.test(path) || DEPENDENCY.test(path) || !context.mayBeWorkspaceFile(path)) continue;
    if (found !== undefined && found !== path) return null;
    found = path;
  }
  return found;
}

// The header above the excerpt: past the excerpt's own lines, then past lines of words that name no file (elm's sentence
// between its title and its excerpt). A numbered line after those is another excerpt's: the walk stops there.
function headerAbove(context: LineContext): (Header & { firstNumber: number; sentence: string }) | undefined {
  let firstNumber = Number(GUTTER.exec(context.text)?.[3]);
  let inExcerpt = true;
  let sentence = '';
  for (let delta = -1; delta >= -MAX_ABOVE; delta--) {
    const above = context.line(delta);
    if (above === undefined) return undefined;
    const gutter = GUTTER.exec(above);
    if (gutter || UNDERLINE.test(above) || CONTINUATION.test(above)) {
      if (!inExcerpt) return undefined;
      if (gutter) firstNumber = Number(gutter[3]);
      continue;
    }
    inExcerpt = false;
    if (!/[A-Za-z]/.test(above)) continue;
    const file = fileNamed(context, above);
    // A head with a position but no file this tier can name (`(stdin):3:1:`) is the excerpt's: no file further up is.
    if (file === null || (file === undefined && POSITION.test(above))) return undefined;
    if (file !== undefined) return { file, delta, firstNumber, sentence: sentence || messageOver(context, delta) || above.trim() };
    sentence ||= above.trim();
  }
  return undefined;
}

// The message over a header that is only the file (swc's `x Expression expected` over `,-[F:8:1]`).
function messageOver(context: LineContext, delta: number): string {
  const over = context.line(delta - 1) ?? '';
  return /[A-Za-z]{2}/.test(over) && !GUTTER.test(over) ? over.trim() : '';
}

// The column an underline's first caret points at, counted in the gutter line's code (after the bar and one blank).
function underlineColumn(gutterLine: string, bar: number, below: string | undefined): number | null {
  const underline = below === undefined ? null : UNDERLINE.exec(below);
  if (!underline) return null;
  const codeStart = bar + 1 + (gutterLine[bar + 1] === ' ' ? 1 : 0);
  const caret = underline[1]!.length;
  return caret >= codeStart ? caret - codeStart + 1 : null;
}

/** Reads the marked line of an excerpt under the line naming its file (see above); true when it placed one. */
export function markedExcerptLine(context: LineContext): boolean {
  const gutter = GUTTER.exec(context.text);
  if (!gutter) return false;
  const marked = gutter[2] !== undefined || gutter[5] === '>';
  const below = context.line(1);
  if (!marked && !(below !== undefined && UNDERLINE.test(below))) return false;
  // A span marked line by line (`18|>`, `19|>`) is one place: its first line.
  if (marked && /^\s*(?:>\s*\d|\d{1,7}\s*[|│┃]>)/u.test(context.line(-1) ?? '')) return false;
  const header = headerAbove(context);
  if (header === undefined) return false;
  const line = Number(gutter[3]);
  const headerLogLine = context.logLine + header.delta;
  // The header's own format placed this line already (rustc's `-->`, gcc's head, a name it completes): the excerpt
  // only shows it.
  const before = sinceLogLine(context.emitted, headerLogLine);
  if (before.some((each) => each.line === line)) return false;
  const headerText = context.line(header.delta) ?? '';
  const column = underlineColumn(context.text, gutter[0].length - 1 - gutter[5]!.length, below);
  const severity = severityOf(SEVERITY_WORD.exec(`${headerText} ${header.sentence}`)?.[1]) ?? 'error';
  const location = { file: header.file, line, column, severity, code: null, message: header.sentence };
  const raw = context.emit({ ...location, hints: { confirm: true } });
  if (raw === undefined) return false;
  // A fallback tier read the header's position (`,-[F:8:1]`), which is where the excerpt starts: a span of this place.
  for (const each of before)
    if (each.logLine === headerLogLine && each.line === header.firstNumber && FALLBACK.has(each.format) && !each.frame) {
      each.role = 'related';
      each.relatedTo = raw;
    }
  return true;
}

const FALLBACK = new Set(['generic', 'permissive']);

// The locations emitted since a log line (the scan's list, read from its end: a few entries).
function sinceLogLine(emitted: readonly RawLocation[], logLine: number): RawLocation[] {
  const found: RawLocation[] = [];
  for (let index = emitted.length - 1; index >= 0 && emitted[index]!.logLine >= logLine; index--) found.push(emitted[index]!);
  return found;
}

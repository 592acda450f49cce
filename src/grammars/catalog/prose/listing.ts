// A marked line of a source listing under a file header (the prose tier): an error report that names its file once,
// alone on a line, then shows the file's lines around the failure numbered, and marks the failing one
// (kamidana's `where: src/x.j2` over `->  3: …`, an error page's `📄 /resources/views/app.blade.php` over `51*  <body…`,
// `>  12 | …`). The mark says which line; the header says which file; the workspace confirms it.
import type { LineContext } from '../../engine/format.js';
import { fileAbove } from './around.js';
import { pathLike, withoutHost } from './words.js';

// A numbered listing line the mark points at: the mark before the number (`->  3:`, `=> 12`, `> 12 |`, `* 12`), or a
// star glued after it (`51*  <body`). The prefilter's line-start anchors name the same marks (engine/prefilter.ts).
const MARK_BEFORE = /^\s*(?:-{1,2}>|={1,2}>|>{1,2}|\*)\s{0,4}(\d{1,7})(?=[\s:|│]|$)/u;
const MARK_AFTER = /^\s*(\d{1,7})\*(?=\s|$)/;
// Between the header and the marked line: the listing's other numbered lines, blanks, rules, Markdown fences (an
// opening fence reaches the formats as its language word alone: engine/line-texts.ts drops a fence glued to a word).
const LISTING_LINE = /^\s*(?:\d{1,7}(?!\d)|`{3,}\w*\s*$|[-=_~*#]{3,}\s*$|[a-z][\w+#-]{0,11}\s*$|$)/;
// The header: the path alone, after at most a label (`where:`, `File:`, `in`) or an emoji short code (`:page_facing_up:`).
const HEADER =
  /^\s*(?:(?::[a-z_]{1,32}:|\p{Extended_Pictographic}\uFE0F?|[A-Za-z][A-Za-z ]{0,24}:|in|at)\s*)?["'`]?([^\s"'`]+?)["'`]?:?\s*$/u;
// How far above the marked line its header may stand (a listing shows a few lines on each side).
const MAX_ABOVE = 16;
// A position alone after an arrow (`  --> 12:75`: the pest parser's report, in zola's and tera's errors) under the line
// that names the file (`* Failed to parse "/site/templates/head.html"`).
const ARROW_POSITION = /^\s*-->\s*(\d{1,7}):(\d{1,5})\s*$/;

function positionUnderFile(context: LineContext, position: RegExpExecArray): boolean {
  const file = fileAbove(context);
  if (file === undefined) return false;
  const location = { file: withoutHost(file), line: Number(position[1]), column: Number(position[2]), severity: 'error' as const };
  const message = (context.line(-1) ?? '').trim();
  return context.emit({ ...location, code: null, message, hints: { confirm: true } }) !== undefined;
}

// What the report says above its header: the nearest line with words that is neither a rule nor another header
// (kamidana's `message: unexpected '}'` above `where: templates/x.j2`).
function messageAbove(context: LineContext, from: number): string {
  for (let delta = from; delta > from - 6; delta--) {
    const line = context.line(delta);
    if (line === undefined) return '';
    const header = HEADER.exec(line)?.[1];
    if (/[A-Za-z]/.test(line) && !LISTING_LINE.test(line) && !(header !== undefined && pathLike(header))) return line.trim();
  }
  return '';
}

/** Reads a marked listing line under a file header (the header's file at the marked number), or an arrow's position
 * under the line naming its file. */
export function markedRowUnderHeader(context: LineContext): boolean {
  const position = ARROW_POSITION.exec(context.text);
  if (position) return positionUnderFile(context, position);
  const mark = MARK_BEFORE.exec(context.text) ?? MARK_AFTER.exec(context.text);
  if (!mark) return false;
  for (let delta = -1; delta >= -MAX_ABOVE; delta--) {
    const above = context.line(delta);
    if (above === undefined) return false;
    if (LISTING_LINE.test(above)) continue;
    const header = HEADER.exec(above)?.[1];
    if (header === undefined || !pathLike(header) || !/\.[A-Za-z]/.test(header)) return false;
    const message = messageAbove(context, delta - 1);
    const location = { file: withoutHost(header), line: Number(mark[1]), column: null, severity: 'error' as const, code: null };
    return context.emit({ ...location, message, hints: { confirm: true } }) !== undefined;
  }
  return false;
}

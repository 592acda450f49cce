// Where JSON may start in a log: line starts with `{` or `[{` (a JSON line, a document), found without a pass over
// every line. Text lines that merely start with a bracket (`[INFO]`, `{ a: 1 }`) are skipped cheaply.

// What may follow a line's first `{` or `[` in JSON: a key, a nested value, a close, or the line's end.
const JSON_START = /[{[][ \t\r]*(?:["{[\]}\n]|$)/y;

function mayStartJson(text: string, at: number): boolean {
  const first = text.charCodeAt(at);
  if (first !== 0x7b && first !== 0x5b) return false;
  JSON_START.lastIndex = at;
  return JSON_START.test(text);
}

/**
 * The first line start at or after `from` that may begin JSON, or -1; `fromIsLineStart` tells whether `from`
 * itself starts a line when text[from - 1] cannot say (from = 0). Why search for `{` alone: a one-char indexOf
 * runs at memchr speed, while `\n{` and `\n[` searches cost 20-30 % of the scan (measured on a 30 MB CI log;
 * `[` is common mid-line). `anyBracket` (forced to a JSON document) also takes a `[` line, pretty-printed arrays.
 */
export function firstJsonLine(text: string, from: number, fromIsLineStart: boolean, anyBracket: boolean): number {
  const lineStartAt = (position: number): boolean =>
    position === from && position === 0 ? fromIsLineStart : position > 0 && text.charCodeAt(position - 1) === 0x0a;
  if (anyBracket) return firstBracketLine(text, from, lineStartAt);
  for (let brace = text.indexOf('{', from); brace >= 0; brace = text.indexOf('{', brace + 1)) {
    const start = bracketBefore(text, brace, from);
    if (lineStartAt(start) && mayStartJson(text, start)) return start;
  }
  // A `[` ending the text at a line start may be an eslint array whose `{` comes with the next slice.
  const last = text.length - 1;
  return last >= from && text.charCodeAt(last) === 0x5b && lineStartAt(last) ? last : -1;
}

/** The `[` that opens an array holding this `{` (`[{`, or ruff's pretty-printed `[` line), else the brace. */
function bracketBefore(text: string, brace: number, from: number): number {
  let at = brace - 1;
  // Only blanks between them: a walk back over the indentation a pretty-printer puts before the first element.
  while (
    at >= from &&
    at > brace - 64 &&
    (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x0a || text.charCodeAt(at) === 0x0d || text.charCodeAt(at) === 0x09)
  )
    at--;
  return at >= from && text.charCodeAt(at) === 0x5b ? at : brace;
}

function firstBracketLine(text: string, from: number, lineStartAt: (position: number) => boolean): number {
  if (lineStartAt(from) && mayStartJson(text, from)) return from;
  for (let search = Math.max(0, from - 1); ;) {
    const brace = text.indexOf('\n{', search);
    const bracket = text.indexOf('\n[', search);
    const next = brace < 0 ? bracket : bracket < 0 ? brace : Math.min(brace, bracket);
    if (next < 0) return -1;
    if (mayStartJson(text, next + 1)) return next + 1;
    search = next + 1;
  }
}

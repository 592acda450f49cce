// A log copied from a web page (issue 20, copy damage): what the tool printed, taken back from a paste that a web
// page's Markdown, HTML source or CI viewer changed, before any format reads the line (engine/line-texts.ts).
import { isSpace } from './heads.js';
import { mayBeStructuredLog } from './peel.js';

// A log copied from a web page as Markdown (issue 20, copy damage): a viewer's link inside a location comes out as
// `[text](url)` (`src/a.c:4:[7](https://…#step:5:7)2` for `src/a.c:4:72`, `[src/a.c:4](https://…)`), and a
// table cell's pipes as `\|` (`4 \| return x;`). The link's text and the plain pipe are what the tool printed.
const MARKDOWN_LINK = /\[([^\[\]\n]{1,512})\]\(((?:https?|file):\/\/[^\s()]{0,2048})\)/g;

// A link to a line of a source file (`#L8`, Bitbucket's `#lines-8`) whose text is not that place itself names the file
// in the address alone: a review bot's position (`[Line 8:1](https://…/pkg/tools.py#L8)`) or a report's words (`a [long
// test](https://…/blob/<sha>/tests/test_ui.py#L69) fails`, held-out set 61). The address stays, after the text, for
// the prose tier's anchor rule; a text that holds the location (`[src/a.c:4](…#L4)`) is what the tool printed.
const LINE_ANCHOR = /#(?:L|lines-)\d/;
// Markdown emphasis or a code span around a location or its file, glued to it (`**src/x.c:12**`, `*src/x.c:12:5*:`,
// `` `src/x.c`:12 ``): the span's text is what the tool printed when it holds a location, or a file whose number
// follows the span. A span in a message (`` `f.Close` is not checked ``) is the tool's own and stays. The span holds
// no marker character, so each is read once.
const EMPHASIS = /(^|[\s([>"'])(\*{1,3}|`)([^\s*`]{1,1024}?)\2(?=$|[\s:;,.()])/g;
const HOLDS_LOCATION = /[\w-]\.[A-Za-z][\w+-]{0,11}[:(]\d/;
const NAMES_FILE = /[\w-]\.[A-Za-z][\w+-]{0,11}$/;
const NUMBER_FOLLOWS = /^[:(]\d/;
// A whole line in bold or italics (`**src/x.c:12:5: error: …**`), also made a heading (`### **src/x.c:12: …**`):
// the markers around a line that starts with a location. A heading's `#` alone stays (go's `# example.com/pkg`).
const EMPHASISED_HEAD = /^(\s*)(?:#{1,6} )?(\*{1,3})(?=[^\s*`]{1,1024}?\.[A-Za-z][\w+-]{0,11}[:(]\d)/;

// A label in bold, italics or a code span before its colon, as an issue's form or a report rendered as Markdown writes
// its fields (`**File**: /srv/app/x.php`, `**Line**: 234`, `` `line`: 9 ``): the tool printed the label plain.
const EMPHASISED_LABEL = /^(\s*(?:[-*+] )?)(\*{1,2}|`)([A-Za-z][\w ]{0,30}?)\2(?=[ \t]*[:=])/;

function linkText(_link: string, text: string, address: string): string {
  return LINE_ANCHOR.test(address) && !HOLDS_LOCATION.test(text) ? `${text} (${address})` : text;
}

// What every span the replacement below unwraps holds: a marker, then a name with an extension (HOLDS_LOCATION and
// NAMES_FILE both need one). A line without it is returned as it is: rustc's and eslint's messages quote code in
// backticks on nearly every line, and the replacement made a new string per line (issue 21).
const SPAN_WITH_EXTENSION = /[*`][^\s*`]*?[\w-]\.[A-Za-z]/;

function withoutEmphasis(line: string): string {
  let text = line;
  const head = EMPHASISED_HEAD.exec(text);
  if (head) {
    const end = text.trimEnd();
    const marker = head[2] ?? '';
    if (end.length > head[0].length + marker.length && end.endsWith(marker) && end.at(-marker.length - 1) !== '*') {
      text = (head[1] ?? '') + end.slice(head[0].length, end.length - marker.length);
    }
  }
  if (!SPAN_WITH_EXTENSION.test(text)) return text;
  return text.replace(EMPHASIS, (span: string, before: string, _marker: string, inner: string, offset: number, whole: string) => {
    const after = offset + span.length;
    const location = HOLDS_LOCATION.test(inner) || (NAMES_FILE.test(inner) && NUMBER_FOLLOWS.test(whole.slice(after, after + 2)));
    return location ? before + inner : span;
  });
}

// A Markdown quote (`> `, nested `> > ` or `>> `) before every line of a paste. One line led by `>` is a tool's own
// often enough (pytest's failing line, a code frame's marker, a shell's continuation prompt), so only a run of
// two or more such lines is a quote.
const QUOTE_MARK = /^(?:>[ \t]?){1,8}/;

/** The quote marks before a raw line of `buffer` that a neighbour's marks show to be a Markdown quote, else 0. */
export function quoteLength(buffer: string, start: number, end: number): number {
  if (buffer.charCodeAt(start) !== 0x3e) return 0;
  const previousStart = start >= 2 ? buffer.lastIndexOf('\n', start - 2) + 1 : -1;
  const previousQuoted = previousStart >= 0 && buffer.charCodeAt(previousStart) === 0x3e;
  const quoted = previousQuoted || (end + 1 < buffer.length && buffer.charCodeAt(end + 1) === 0x3e);
  return quoted ? (QUOTE_MARK.exec(buffer.slice(start, Math.min(end, start + 32)))?.[0].length ?? 0) : 0;
}

// A code fence glued to the first or last line of a pasted log (```` ```ERROR in ./src/a.js ````, `…by zero``` `): a
// run of backticks at the line's start or end that nothing on the line closes.
const GLUED_FENCE = /^(\s*)`{1,3}(?=[^`\s])|(?<=[^`\s])`{1,3}(\s*)$/g;

function withoutGluedFence(line: string): string {
  // Only a run at either end can be glued: most lines with backticks quote code inside (issue 21: no split per line).
  const trimmed = line.trim();
  if (!trimmed.startsWith('`') && !trimmed.endsWith('`')) return line;
  const ticks = line.split('`').length - 1;
  const lead = /^\s*(`+)/.exec(line)?.[1]?.length ?? 0;
  const trail = /(`+)\s*$/.exec(line)?.[1]?.length ?? 0;
  // Unclosed: every backtick of the line is in the leading run, or in the trailing one.
  return ticks === lead || ticks === trail ? line.replace(GLUED_FENCE, '$1$2') : line;
}

// A whole log line quoted as one inline code span (`` `Error loading C:\x\main.tf: parse error at 1:17` ``), as a user
// quotes a single line in a sentence-less report: the span's text is what the tool printed when it reads as a tool's
// line (a failure word first, or a location), never a command the user echoed (`` `terraform plan` ``), which stays.
const LINE_SPAN = /^(\s*)`([^`]{1,4096})`\s*$/;
const TOOL_LINE = /^(?:error|fatal|failed|failure|exception|warning|panic)\b/i;

function withoutLineSpan(line: string): string {
  const span = LINE_SPAN.exec(line);
  const inner = span?.[2];
  if (inner === undefined || !(TOOL_LINE.test(inner) || HOLDS_LOCATION.test(inner))) return line;
  return (span?.[1] ?? '') + inner;
}

// A block's markup glued to the first or last line of the text it holds, as a page's or a report's source carries it: a
// crash reporter's issue wraps its frames in `<pre>` (`<pre>Cart;add;Cart.java;41`, `…;12</pre>`), and an XML test
// report opens a CDATA section in the element that holds a stack trace (NUnit, xUnit: `<stack-trace><![CDATA[   at A.B()
// in C:\src\B.cs:line 9`, `…:line 12]]></stack-trace>`). No tool prints a CDATA opener or a `<pre>` before its own
// location line, so the markup goes (with the indentation of the element, which is the report's, not the tool's).
const GLUED_BLOCK_OPEN =
  /^\s*(?:(?:<(?:pre|code|samp)(?:\s[^<>]{0,200})?>){1,3}|(?:<[A-Za-z][\w:.-]{0,40}(?:\s[^<>]{0,400})?>){0,3}<!\[CDATA\[)(?=\s*\S)/;
const GLUED_BLOCK_CLOSE = /(?<=\S)(?:(?:<\/(?:pre|code|samp)>){1,3}|\]\]>(?:<\/[A-Za-z][\w:.-]{0,40}>){0,3})\s*$/;

// What a line holding such markup shows (most lines with `<` hold none: C++ templates, generics, HTML in messages).
const BLOCK_MARKUP_SIGN = /<!\[CDATA\[|\]\]>|<\/?(?:pre|code|samp)[\s>]/i;

function withoutGluedBlockMarkup(line: string): string {
  if (!BLOCK_MARKUP_SIGN.test(line)) return line;
  return line.replace(GLUED_BLOCK_OPEN, '').replace(GLUED_BLOCK_CLOSE, '');
}

// A run of asterisks the copy escaped so that Markdown would not read it as emphasis (`*\* (CompileError) …`,
// `make: **\* [all] Error 1`): the tool printed the asterisks alone.
const ESCAPED_ASTERISKS = /(?:\\?\*){2,}/g;

/** The line as the tool printed it before a web page's copy turned parts of it into Markdown. */
// A CI viewer's log command copied into a sentence (`` fails with `##[error]a.cs(12,5): error CS0246` ``): the prefix
// list peels it at a line's start only, and mid-line it would glue `error]` to the path.
const QUOTED_LOG_COMMAND = /(?<=[\s`'"(])##\[(?:error|warning|notice|debug|section|command|group|endgroup)\]/g;

// Emphasis a paste opened lines above (`_**TypeError: …**` over a trace) closing right after the location that ends
// the last line (`at async /app/routes/a.js:191:9_`): the tool printed the location alone.
const CLOSING_EMPHASIS = /(\.[A-Za-z][\w+-]{0,11}:\d{1,7}(?::\d{1,5})?\)?)(?:_{1,2}|\*{1,3})\s*$/;

// Whether the line's last character but blanks is `_` or `*`: by character from the end, where the regex `[_*]\s*$`
// was tried at every position of the line.
function endsWithEmphasis(line: string): boolean {
  let at = line.length - 1;
  while (at >= 0 && isSpace(line.charCodeAt(at))) at--;
  const code = at >= 0 ? line.charCodeAt(at) : 0;
  return code === 0x5f || code === 0x2a;
}

// A log copied from a page's HTML source, an e-mailed error report or an HTML-escaping bug tracker (issue 20, copy
// damage): quotes, angle brackets and ampersands arrive as character references (`in template &quot;a.tpl&quot; on
// line 58`). Quote references are the sign (a tool's own text may hold `&amp;` or `&lt;`, as XML it echoes does):
// a line holding one has the five basic references decoded, once (a reference escaped twice stays escaped once).
const QUOTE_REFERENCE = /&(?:quot|apos|#0*3[49]|#x0*2[27]);/i;
const CHARACTER_REFERENCE = /&(?:quot|apos|amp|lt|gt|#0*3[489]|#0*6[02]|#x0*2[267]|#x0*3[ce]);/gi;
const REFERENCED: Readonly<Record<string, string>> = { quot: '"', apos: "'", amp: '&', lt: '<', gt: '>' };

// An error rendered as HTML (Drupal's `(line <em class="placeholder">138</em> of <em …>themes/x.html.twig</em>)`, an
// e-mailed report) wraps words in inline markup. A line that closes such an element has its inline tags dropped; a
// tag alone (a validator's `Element <em> not allowed`) is the tool's own text and stays.
const CLOSED_INLINE = /<\/(?:em|strong|b|i|u|code|tt|kbd|samp|var|span|a|font|small)>/i;
const INLINE_TAG = /<\/?(?:em|strong|b|i|u|code|tt|kbd|samp|var|span|a|font|small|p|div|li|td|pre)(?:\s[^<>]{0,200})?>|<\/?br\s*\/?>/gi;

function decodedReference(reference: string): string {
  const name = reference.slice(1, -1).toLowerCase();
  if (!name.startsWith('#')) return REFERENCED[name] ?? reference;
  return String.fromCharCode(name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
}

// A paste escaped for Markdown (issue 20, copy damage): an issue tracker migrated from another system, or a user escaping
// by hand, puts a backslash before Markdown's punctuation (`cgi\-bin/error\_list\.cgi line 96\.`, `src\_files/my\_mod\.py`).
// The sign is an escaped `_`, `-` or `.` between two letters or digits, which no tool prints and a Markdown escape of a
// path or name makes; on such a line a backslash before an escapable character is dropped (`\\` leaves one). A Windows
// path's backslashes are its separators: a line naming a drive (`C:\`), a relative start (`.\`, `..\`), a share (`\\`) or
// a backslash before a letter or digit (`\src`, which Markdown never escapes) is left as it is, whole.
const MARKDOWN_ESCAPE_SIGN = /[A-Za-z0-9]\\[-_.][A-Za-z0-9]/;
const MARKDOWN_ESCAPE = /\\([-\\`*_{}[\]()#+.!|])/g;
const BACKSLASH_PATH = /(?:^|[^\w\\])(?:[A-Za-z]:\\|\.{1,2}\\|\\\\)|\\[A-Za-z0-9]/;
// So is a relative Windows path a tool printed in front of its position, each name after a backslash starting with
// `_`, `-` or `.` (mypy on Windows: `pkg\_create.py:41: error`, Python's private modules): names joined by backslashes,
// the last a file whose extension's dot is bare, then `:N` or `(N`. An escaped paste's paths keep their `/` (the
// examples above), which such a token has none of; reading its backslashes as escapes lost the folder.
const RELATIVE_BACKSLASH_PLACE = /(?:^|[\s"'(\[])[\w.-]+(?:\\[\w.-]+)+\.[A-Za-z][A-Za-z0-9]{0,7}(?=:\d|\(\d)/;

function withoutMarkdownEscapes(line: string): string {
  if (!MARKDOWN_ESCAPE_SIGN.test(line) || BACKSLASH_PATH.test(line) || RELATIVE_BACKSLASH_PLACE.test(line)) return line;
  return line.replace(MARKDOWN_ESCAPE, '$1');
}

// The characters every repair below needs (a backslash, a link's `](`, a tag's `<`, a reference's `&`, a span's `*` or
// `` ` ``, a log command's `#`, a closing `_`): most lines of a dense log hold none, and one search for them replaced
// eleven (issue 21).
const REPAIR_SIGN = /[\\\]<&*`#_]/;

// A Ruby frame whose blank before the label a copy lost (`app/x.rb:28:in`block in f'`, `x.rb:3:in'f'`): Markdown took
// the backtick for a code span's and the paste closed it up. Ruby always writes `:in ` and a blank before the quote
// (`` ` `` up to 3.3, `'` since 3.4); a line number glued to `in` and a quote is that frame, never another tool's text.
const GLUED_RUBY_LABEL = /(:\d{1,7}:in)(?=[`'])/g;

// A Python traceback retyped or pasted through a word processor (issue 20, copy damage): curly quotes around the file
// and the blanks after the commas lost (`File”train.py”,line 160,in main`, `Traceback(most recent call last):`). CPython
// writes `File "F", line N, in name`, straight quotes and one blank each; the frame's own margin stays.
const RETYPED_FRAME = /^(\s*)File ?[“”"]([^“”"]{1,400})[“”"] ?, ?line ?(\d{1,7})(?: ?, ?in ?(\S.*))?$/;
const RETYPED_HEADER = /^(\s*)Traceback ?\(most recent call last\):?\s*$/;

function retypedTraceback(line: string): string {
  const frame = RETYPED_FRAME.exec(line);
  if (frame) return `${frame[1] ?? ''}File "${frame[2] ?? ''}", line ${frame[3] ?? ''}${frame[4] === undefined ? '' : `, in ${frame[4]}`}`;
  const header = RETYPED_HEADER.exec(line);
  return header ? `${header[1] ?? ''}Traceback (most recent call last):` : line;
}

// What a retyped traceback line holds, in the decoded text or in raw latin1 (a curly quote is `\xe2\x80\x9c`/`\x9d`).
const RETYPED_SIGN = /File ?(?:[“”]|\xe2\x80[\x9c\x9d])|File"|Traceback\(most/;
const mayBeRetyped = (line: string): boolean => (line.includes('File') || line.includes('Traceback(')) && RETYPED_SIGN.test(line);

export function repairWebCopy(copied: string): string {
  const gluedLabel = copied.includes(':in') && (copied.includes(":in'") || copied.includes(':in`'));
  const glued = gluedLabel ? copied.replace(GLUED_RUBY_LABEL, '$1 ') : copied;
  const line = mayBeRetyped(glued) ? retypedTraceback(glued) : glued;
  if (!REPAIR_SIGN.test(line)) return line;
  let repaired = line.includes('\\') ? withoutMarkdownEscapes(line) : line;
  if (repaired.includes('](')) repaired = repaired.replace(MARKDOWN_LINK, linkText);
  if (repaired.includes('</') && CLOSED_INLINE.test(repaired)) repaired = repaired.replace(INLINE_TAG, '');
  if (repaired.includes('&') && QUOTE_REFERENCE.test(repaired)) repaired = repaired.replace(CHARACTER_REFERENCE, decodedReference);
  if (repaired.includes('<')) repaired = withoutGluedBlockMarkup(repaired);
  if (repaired.includes('\\*')) repaired = repaired.replace(ESCAPED_ASTERISKS, (run) => run.replace(/\\/g, ''));
  if (repaired.includes('\\|')) repaired = repaired.replace(/\\\|/g, '|');
  if (repaired.includes('`')) repaired = withoutGluedFence(withoutLineSpan(repaired));
  if (repaired.includes('*') || repaired.includes('`')) repaired = withoutEmphasis(repaired).replace(EMPHASISED_LABEL, '$1$3');
  if (repaired.includes('##[')) repaired = repaired.replace(QUOTED_LOG_COMMAND, '');
  if (endsWithEmphasis(repaired)) repaired = repaired.replace(CLOSING_EMPHASIS, '$1');
  return repaired;
}

// What a web copy's repair may change for the raw anchors: a quote, Markdown spans, links, pipes, quote references,
// inline HTML (a block's glued markup is BLOCK_MARKUP_SIGN's, a structured-log wrapper mayBeStructuredLog's). Each sign
// needs a literal of its own, and its regex runs only on a line holding that literal: the one case-insensitive
// alternation of them all ran on every candidate line with a `]` or `_` (mypy's `[arg-type]`, any snake_case name),
// ~13 % of a warm dense mypy scan (issue 21).
const ESCAPED_PUNCTUATION = /[A-Za-z0-9]\\[-_.][A-Za-z0-9]/;
const TRAILING_UNDERSCORE = /[\d)]_\s*$/;
const QUOTE_REFERENCE_SIGN = /&(?:quot|apos|#0*3[49]|#x0*2[27]);/i;
const CLOSING_TAG = /<\/[a-z]{1,6}>/i;

// A character each sign needs (or a leading `>`): one class searched first, so a line with none is passed at once.
const REWRITE_SIGN = /[`*\]\\#_&<]/;

function mayHoldWebMarkup(raw: string): boolean {
  if (raw.charCodeAt(0) === 0x3e) return true;
  if (!REWRITE_SIGN.test(raw)) return false;
  if (raw.includes('`') || raw.includes('*') || raw.includes('](') || raw.includes('##[')) return true;
  if (raw.includes('\\') && (raw.includes('\\|') || ESCAPED_PUNCTUATION.test(raw))) return true;
  if (raw.includes('_') && TRAILING_UNDERSCORE.test(raw)) return true;
  if (raw.includes('&') && QUOTE_REFERENCE_SIGN.test(raw)) return true;
  return raw.includes('</') && CLOSING_TAG.test(raw);
}

/** Whether a raw line's text may differ from what the raw anchors see in it (it is then rewritten before they look). */
export function mayBeRewritten(raw: string): boolean {
  const markup = (raw.includes('<') || raw.includes(']]>')) && BLOCK_MARKUP_SIGN.test(raw);
  return markup || mayHoldWebMarkup(raw) || raw.includes(":in'") || mayBeRetyped(raw) || mayBeStructuredLog(raw);
}

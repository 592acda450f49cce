// Content detection: the first bytes say whether the input is an XML report; a JSON record or document is
// recognised where its line starts (json-reports.ts, json-lines.ts), so JSON among text needs no decision here.
// A text log may start with `<` too (`<stdin>:3:1: error`, `<anonymous>`), so only a known root element counts.

/** Bytes of the head read before deciding; a report's prolog (declaration, comments) fits easily. */
const SNIFF_BYTES = 4096;

// A pasted report may keep the marks of its copy before its first token: a stray backtick or a fence (```xml), a
// Markdown quote's `>`, a list bullet. Each alternative starts with its own character (linear); at most 12 of them.
const COPY_MARKS = String.raw`(?:\xef\xbb\xbf)?(?:\s|` + '`' + String.raw`(?:xml\b)?|>|[-*+] ){0,12}`;
const XML_REPORT = new RegExp(
  String.raw`^${COPY_MARKS}(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<(?:checkstyle|testsuites|testsuite)[\s>/]`,
);
// A head that is still a prefix of a report's: inside the prolog, a comment, a doctype, or a root name being typed.
const XML_UNDECIDED = new RegExp(
  String.raw`^${COPY_MARKS}(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*(?:<(?:\?[^>]*` +
    String.raw`|!(?:-(?:-(?:(?!-->)[\s\S])*)?)?|!D[^>]*|[a-z]{0,10}))?$`,
);
const LEADING_MARKS = new RegExp(`^${COPY_MARKS}`);
// A report quoted line by line (`> ` on every line) is no XML any more: it is read as text.
const QUOTED_ON = /\n[ \t]*>/;

/** 'xml' or 'lines' once the head decides, undefined while more bytes are needed (latin1 head). */
export function sniffInput(head: string, final: boolean): 'xml' | 'lines' | undefined {
  if (XML_REPORT.test(head)) return leadingMarks(head).includes('>') && QUOTED_ON.test(head) ? 'lines' : 'xml';
  if (!final && head.length < SNIFF_BYTES && XML_UNDECIDED.test(head)) return undefined;
  return 'lines';
}

function leadingMarks(head: string): string {
  return LEADING_MARKS.exec(head)?.[0] ?? '';
}

/** Where an XML report starts past a copy's marks (latin1), which the XML reader never sees; 0 when there are none. */
export function copyMarksEnd(head: string): number {
  const marks = leadingMarks(head);
  return /[^\s\xef\xbb\xbf]/.test(marks) ? marks.length : 0;
}

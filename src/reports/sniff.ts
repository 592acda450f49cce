// Content detection: the first bytes say whether the input is an XML report; a JSON record or document is
// recognised where its line starts (json-reports.ts, json-lines.ts), so JSON among text needs no decision here.
// A text log may start with `<` too (`<stdin>:3:1: error`, `<anonymous>`), so only a known root element counts.

/** Bytes of the head read before deciding; a report's prolog (declaration, comments) fits easily. */
const SNIFF_BYTES = 4096;

const XML_REPORT =
  /^(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<(?:checkstyle|testsuites|testsuite)[\s>/]/;
// A head that is still a prefix of a report's: inside the prolog, a comment, a doctype, or a root name being typed.
const XML_UNDECIDED = new RegExp(
  String.raw`^(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*(?:<(?:\?[^>]*` +
    String.raw`|!(?:-(?:-(?:(?!-->)[\s\S])*)?)?|!D[^>]*|[a-z]{0,10}))?$`,
);

/** 'xml' or 'lines' once the head decides, undefined while more bytes are needed (latin1 head). */
export function sniffInput(head: string, final: boolean): 'xml' | 'lines' | undefined {
  if (XML_REPORT.test(head)) return 'xml';
  if (!final && head.length < SNIFF_BYTES && XML_UNDECIDED.test(head)) return undefined;
  return 'lines';
}

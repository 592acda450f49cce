// Docusaurus (its mdx-loader, MDX 2+) names the page that failed on one line and its place only in the error's
// fields printed below as JSON: `Error: MDX compilation failed for file "/site/docs/intro.md"`, `Cause: …`,
// `Details:`, then `{ … "line": 12, "name": "12:5", … }`. The place is the `"name": "L:C"` field (the 1-based
// line and column of the message), else the first `"line"` field; both follow the header within a few lines.
// Link: https://docusaurus.io/docs/markdown-features/react#markdown-and-jsx-interoperability
import type { GrammarFormat, LineContext } from '../../engine/format.js';

const HEADER = /MDX compilation failed for file "([^"]+)"/;
// Searched anywhere on the line: a CI log keeps its timestamp before each one (`1:09:33 PM:   "line": 407,`).
const CAUSE = /(?:^|\s)Cause: (.*)$/;
const NAME_FIELD = /"name": "(\d+):(\d+)"/;
const LINE_FIELD = /"line": (\d+)/;
// The brace that closes the details (the cause's nested position objects close indented).
const DETAILS_END = /(?:^|: )}\s*$/;
// How far the details run below the header (the cause's own position object comes first).
const DETAILS_REACH = 30;

function parseMdx(context: LineContext): boolean {
  const header = HEADER.exec(context.text);
  if (!header) return false;
  let message = 'MDX compilation failed';
  let line: number | undefined;
  let column: number | null = null;
  for (let delta = 1; delta <= DETAILS_REACH; delta++) {
    const text = context.line(delta);
    if (text === undefined || HEADER.test(text)) break;
    const cause = CAUSE.exec(text.trim());
    if (cause) message = (cause[1] ?? message).trim();
    const name = NAME_FIELD.exec(text);
    if (name) {
      line = Number(name[1]);
      column = Number(name[2]);
      break;
    }
    line ??= Number(LINE_FIELD.exec(text)?.[1] ?? Number.NaN) || undefined;
    if (DETAILS_END.test(text) && line !== undefined) break;
  }
  if (line === undefined) return false;
  context.emit({ file: header[1] ?? '', line, column, severity: 'error', message });
  return true;
}

export const mdx: GrammarFormat = {
  name: 'mdx',
  language: 'MDX',
  description:
    '`docusaurus build` (mdx-loader): `Error: MDX compilation failed for file "/site/docs/intro.md"`, `Cause: …`, then the ' +
    'details as JSON below, whose `"name": "12:5"` (or first `"line"`) field is the place.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://docusaurus.io/docs/markdown-features/react',
  anchor: String.raw`^(?:Error: |\[ERROR\] )?MDX compilation failed for file "`,
  parse: parseMdx,
};

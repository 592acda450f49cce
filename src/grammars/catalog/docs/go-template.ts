// Go's text/template and html/template errors nest on one line, outermost first: a template that calls a partial
// (hugo), an include (helm) or a nested template reports the call and then, after `error calling partial: `, the
// callee's own error. hugo names each template by its file in quotes, `"/site/layouts/_default/baseof.html:5:5":
// execute of template failed: template: index.html:5:5: executing "index.html" at <partial "footer.html" .>: error
// calling partial: "/site/layouts/partials/footer.html:3:10": execute of template failed: …`, then repeats the
// position under the template's name (`template: index.html:5:5`, a name that is not the file's); other programs
// print only `template: name:L:C:`. The innermost template, the last on the line, is where the value went wrong. A parse
// error (`template: footer.gohtml:3: function "initials" not defined`, which html/template.Must panics with) has no column.
// Link: https://pkg.go.dev/text/template ; https://gohugo.io/templates/introduction/
import type { GrammarFormat, LineContext } from '../../engine/format.js';

interface Link {
  file: string;
  line: number;
  column: number | null;
  quoted: boolean;
}

// A quoted file position before `: execute of template failed`, or a template's name and position before `: executing`,
// or a parse error's name and line (`template: _footer.gohtml:554: function "x" not defined`: no column, no executing).
const LINK = /"((?:[A-Za-z]:)?[^":]+):(\d+):(\d+)": execute of template failed|\btemplate: ([^\s:"]+):(\d+)(?::(\d+): executing "|: (?!executing))/g;

function chainOf(text: string): Link[] {
  const links: Link[] = [];
  for (const match of text.matchAll(LINK)) {
    const quoted = match[1] !== undefined;
    const link: Link = {
      file: (quoted ? match[1] : match[4]) ?? '',
      line: Number(quoted ? match[2] : match[5]),
      column: quoted ? Number(match[3]) : match[6] === undefined ? null : Number(match[6]),
      quoted,
    };
    const previous = links.at(-1);
    // hugo's `template: name:L:C` right after the quoted file restates the same position under the template's name.
    if (!quoted && previous?.quoted && previous.line === link.line && previous.column === link.column) continue;
    links.push(link);
  }
  return links;
}

function parseGoTemplate(context: LineContext): boolean {
  const text = context.text;
  const links = chainOf(text);
  if (links.length === 0) return false;
  // What went wrong is said after the innermost `at <…>: `.
  const tail = text.lastIndexOf('>: ');
  const message = tail >= 0 ? text.slice(tail + 3).trim() : text.trim();
  const trace = context.newTraceId();
  links.forEach((link, index) => {
    const { file, line, column } = link;
    context.emit({ file, line, column, severity: 'error', message, frame: { trace, index, causeRank: 0 } });
  });
  return true;
}

export const goTemplate: GrammarFormat = {
  name: 'go-template',
  trace: { innermost: 'last', causes: 'none' },
  language: 'Go templates',
  description:
    '`hugo` (and other Go text/template programs): `"/site/layouts/_default/baseof.html:5:5": execute of template failed: ' +
    'template: index.html:5:5: executing … error calling partial: "/site/layouts/partials/footer.html:3:10": …`, outermost ' +
    'template first; the innermost (last) is where the value went wrong. Also a parse error, `template: footer.gohtml:3: function ' +
    '"initials" not defined` (no column; the name is the file\'s base name).',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://pkg.go.dev/text/template',
  anchor: String.raw`execute of template failed|template: [^\s:"]{1,300}:\d{1,7}:(?:\d{1,5}: executing "| )`,
  parse: parseGoTemplate,
};

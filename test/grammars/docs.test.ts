// Documentation and code generators: TeX's file stack places `! error` / `l.N` reports, typst's call places are
// frames of one trace, thrift and flatc name their places in their own shapes, and Go template chains nest.
import { describe, expect, it } from 'vitest';
import { scanLog } from '../_scan.js';

function scan(lines: string[], format: string) {
  return scanLog(lines).filter((location) => location.format === format);
}

const places = (found: ReturnType<typeof scan>) => found.map((location) => [location.file, location.line, location.severity]);

describe('tex', () => {
  it('places an error in the innermost file still open, after nested files opened and closed', () => {
    const found = scan(
      [
        '(./thesis.tex',
        '(/usr/share/texlive/texmf-dist/tex/latex/base/book.cls',
        '(/usr/share/texlive/texmf-dist/tex/latex/base/bk10.clo))',
        '(see the transcript file for additional information)',
        '(./parts/method.tex',
        '! Undefined control sequence.',
        'l.12 the \\gap',
        '               between runs',
        ') [3]',
        '! Missing $ inserted.',
        '<inserted text> ',
        'l.40 a_1',
      ],
      'tex',
    );
    expect(places(found)).toEqual([
      ['./parts/method.tex', 12, 'error'],
      ['./thesis.tex', 40, 'error'],
    ]);
    expect(found[0]?.message).toBe('Undefined control sequence.');
  });

  it("places `on input line N` warnings, in a package's continuation line too, but not in the distribution's files", () => {
    const found = scan(
      [
        'This is XeTeX, Version 3.141592653-2.6-0.999995 (TeX Live 2023)',
        '(./paper.tex',
        "LaTeX Warning: Citation `knuth84' on page 2 undefined on input line 31.",
        '(/usr/share/texlive/texmf-dist/tex/latex/hyperref/hyperref.sty',
        "Package hyperref Warning: Option `bookmarks' has already been used,",
        '(hyperref)                setting the option has no effect on input line 4.',
        ')',
        'Package hyperref Warning: Token not allowed in a PDF string (Unicode):',
        "(hyperref)                removing `math shift' on input line 52.",
      ],
      'tex',
    );
    expect(places(found)).toEqual([
      ['./paper.tex', 31, 'warning'],
      ['./paper.tex', 52, 'warning'],
    ]);
  });

  it('reports nothing for `! ` lines of a log that never opened a TeX file, and lets -file-line-error heads be', () => {
    expect(scan(['! [rejected] main -> main (fetch first)', 'l.3 something'], 'tex')).toEqual([]);
    expect(scan(['(./a.tex', './a.tex:9: Undefined control sequence.', 'l.9 \\foo'], 'tex')).toEqual([]);
  });

  it('joins a path TeX cut at its 79-character wrap width', () => {
    const opened = '(./chapters/a-rather-long-folder-name/and-a-second-one/of-the-same-sort/appendi';
    expect(opened.length).toBe(79);
    const found = scan([opened, 'x.tex', '! Undefined control sequence.', 'l.7 \\q'], 'tex');
    expect(places(found)).toEqual([['./chapters/a-rather-long-folder-name/and-a-second-one/of-the-same-sort/appendix.tex', 7, 'error']]);
  });
});

describe('typst', () => {
  it('reads the error place and the call places below it as one trace, innermost first', () => {
    const found = scan(
      [
        'error: unknown variable: gap',
        '   ┌─ @preview/boxkit:1.2.0/src/frame.typ:18:9',
        '   │',
        '',
        'help: error occurred in this call of function `framed`',
        '  ┌─ chapters/cover.typ:4:2',
        '  │',
      ],
      'typst',
    );
    expect(found.map((location) => [location.file, location.line, location.column, location.frame?.index])).toEqual([
      ['@preview/boxkit:1.2.0/src/frame.typ', 18, 9, 0],
      ['chapters/cover.typ', 4, 2, 1],
    ]);
    expect(found[1]?.frame?.trace).toBe(found[0]?.frame?.trace);
    expect(found.every((location) => location.severity === 'error')).toBe(true);
  });
});

describe('thrift and flatc', () => {
  it("reads thrift's bracketed places, behind a build tool's prefix too, with the reason on the next line", () => {
    const found = scan(
      ["[ERROR] thrift failed error: [ERROR:/src/idl/users.thrift:58] (last token was 'Token')", 'Type "Token" has not been defined.'],
      'thrift',
    );
    expect(places(found)).toEqual([['/src/idl/users.thrift', 58, 'error']]);
    expect(found[0]?.message).toBe(`Type "Token" has not been defined. (last token was 'Token')`);
  });

  it("places flatc's undefined type at its use, the end of the file being a note (1.x wrapped the use)", () => {
    const found = scan(
      ['error: test.fbs:8:0: error: type referenced but not defined (check namespace): U1, ', 'originally at: test.fbs:2'],
      'flatc',
    );
    expect(places(found)).toEqual([
      ['test.fbs', 2, 'error'],
      ['test.fbs', 8, 'note'],
    ]);
  });
});

describe('go-template', () => {
  it('reads a chain of templates outermost first, dropping the name that restates a quoted file', () => {
    const found = scan(
      [
        'ERROR render of "/site/content/a.md" failed: "/site/layouts/_default/baseof.html:8:11": execute of template failed: ' +
          'template: _default/single.html:8:11: executing "_default/single.html" at <partial "nav.html" .>: error calling partial: ' +
          '"/site/layouts/partials/nav.html:2:5": execute of template failed: template: partials/nav.html:2:5: executing ' +
          '"partials/nav.html" at <.Params.menu.x>: nil pointer evaluating interface {}.x',
      ],
      'go-template',
    );
    expect(found.map((location) => [location.file, location.line, location.frame?.index])).toEqual([
      ['/site/layouts/_default/baseof.html', 8, 0],
      ['/site/layouts/partials/nav.html', 2, 1],
    ]);
    expect(found[1]?.message).toBe('nil pointer evaluating interface {}.x');
  });
});

describe('mdx', () => {
  it("places a page's error at the `name` field of the details below its header, behind a CI clock too", () => {
    const found = scan(
      [
        '1:09:33 PM: Error: MDX compilation failed for file "/b/docs/intro.md"',
        '1:09:33 PM: Cause: Could not parse expression with acorn',
        '1:09:33 PM: Details:',
        '1:09:33 PM: {',
        '1:09:33 PM:   "cause": {',
        '1:09:33 PM:     "loc": {',
        '1:09:33 PM:       "line": 12,',
        '1:09:33 PM:       "column": 4',
        '1:09:33 PM:     }',
        '1:09:33 PM:   },',
        '1:09:33 PM:   "line": 12,',
        '1:09:33 PM:   "name": "12:5",',
        '1:09:33 PM: }',
      ],
      'mdx',
    );
    expect(found.map((location) => [location.file, location.line, location.column, location.message])).toEqual([
      ['/b/docs/intro.md', 12, 5, 'Could not parse expression with acorn'],
    ]);
  });
});

describe('dbt', () => {
  it("places a compilation error at Jinja's `line N` below the title, and leaves a title without one unplaced", () => {
    const found = scan(
      [
        '10:02:12  Compilation Error in model orders (models/marts/orders.sql)',
        "  unexpected '}', expected ')'",
        '    line 5',
        "      where status = {{ var('status' }}",
        'Compilation Error in macro statement (macros/etc/statement.sql)',
        '  cannot unpack non-iterable NoneType object',
      ],
      'dbt',
    );
    expect(places(found)).toEqual([['models/marts/orders.sql', 5, 'error']]);
  });

  it("places a model's error without a Jinja line at its file as a whole, never at the database's `LINE N`", () => {
    const found = scan(
      [
        '\u001b[0m11:06:00    Runtime Error in model order_totals (models/order_totals.sql)',
        '  Parser Error: syntax error at or near "amount"',
        '  LINE 6:        total totl amount',
        'Database Error in model broken (models/broken.sql)',
        '  syntax error at or near "1"',
        '  LINE 2:     select 1 1 1',
      ],
      'dbt',
    );
    expect(places(found)).toEqual([
      ['models/order_totals.sql', 0, 'error'],
      ['models/broken.sql', 0, 'error'],
    ]);
  });
});

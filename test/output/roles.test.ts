// Every output honours the roles (issue 13), on real logs from fixtures/: a trace is one finding at its raising
// frame with its callers under it, a related span stays under its diagnostic, and nothing prints an empty message.
import { describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { renderCheckstyle, renderGithub, renderGitlab, renderJson, renderRdjsonl, renderText, renderUnix } from '../../src/output/index.js';
import { location } from '../prompt/helpers.js';
import { articleFor, countOf } from '../../src/output/roles.js';

async function located(fixture: string) {
  const workspace = new URL(`../../fixtures/${fixture}/`, import.meta.url).pathname;
  return locate({ path: new URL(`../../fixtures/${fixture}.log`, import.meta.url).pathname }, { cwd: workspace, roots: [workspace] });
}

describe('roles in every output', () => {
  it('pytest --tb=long: text shows each trace once, at its raising frame, callers indented; JSON marks depth and raised', async () => {
    const result = await located('pytest-long/tb-long');
    expect(renderText(result)).toBe(
      [
        'tests/test_calc.py:9  error  assert 3 == 4',
        'src/calc.py:7  error  ZeroDivisionError: parts must be non-zero',
        '    called from src/calc.py:12',
        '    called from tests/test_calc.py:13',
        '2 traces in 2 files',
        '',
      ].join('\n'),
    );
    const frames = renderJson(result).locations.map((location) => [location.file, location.line, location.frame]);
    expect(frames).toContainEqual(['src/calc.py', 7, { trace: expect.any(Number), depth: 0, raised: true }]);
    expect(frames).toContainEqual(['tests/test_calc.py', 13, { trace: expect.any(Number), depth: 2, raised: false }]);
  });

  it('pytest --tb=long: rdjsonl and GitLab report one finding per trace, the callers as related locations only', async () => {
    const result = await located('pytest-long/tb-long');
    const diagnostics = renderRdjsonl(result)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(diagnostics.map((entry) => [entry.location.path, entry.message])).toEqual([
      ['tests/test_calc.py', 'assert 3 == 4'],
      ['src/calc.py', 'ZeroDivisionError: parts must be non-zero'],
    ]);
    expect(
      diagnostics[1].related_locations.map((entry: any) => [entry.location.path, entry.location.range.start.line, entry.message]),
    ).toEqual([
      ['src/calc.py', 12, 'called from here'],
      ['tests/test_calc.py', 13, 'called from here'],
    ]);
    const issues = renderGitlab(result);
    expect(issues.map((issue) => `${issue.location.path}:${issue.location.lines.begin}`)).toEqual([
      'tests/test_calc.py:9',
      'src/calc.py:7',
    ]);
    expect(issues.every((issue) => issue.description !== '')).toBe(true);
  });

  it("tsc --pretty 'declared here': one error with its related span, in text, JSON and rdjsonl", async () => {
    const result = await located('tsc-pretty/declared-here');
    expect(result.locations).toHaveLength(1);
    expect(
      renderText(result)
        .split('\n')
        .filter((line) => !/^\s+[>\d ]*\|/.test(line)),
    ).toEqual([
      "src/cart.ts:5:41  error  Property 'prise' does not exist on type 'Item'. Did you mean 'price'? [TS2551]",
      "    src/types.ts:3:3  note  'price' is declared here.",
      '1 error in 1 file',
      '',
    ]);
    expect(
      renderJson(result).locations[0]?.related?.map((span) => [span.file, span.line, span.column, span.endColumn, span.message]),
    ).toEqual([['src/types.ts', 3, 3, 7, "'price' is declared here."]]);
    // GitHub: one annotation, the span named in its message (a note is not an annotation of its own).
    expect(renderGithub(result).annotations).toBe(
      "::error file=src/cart.ts,line=5,col=41,endColumn=45,title=TS2551 (tsc-pretty)::Property 'prise' does not exist on type 'Item'. Did you mean 'price'?%0Asrc/types.ts:3:3: 'price' is declared here.\n",
    );
    const [diagnostic] = renderRdjsonl(result)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(diagnostic.related_locations).toEqual([
      { message: "'price' is declared here.", location: { path: 'src/types.ts', range: { start: { line: 3 } } } },
    ]);
  });

  it('gcc include chain and notes: two errors and a warning, the notes under the diagnostic they explain', async () => {
    const result = await located('gcc/include-chain');
    expect(result.locations.map((location) => `${location.file}:${location.line} ${location.severity}`)).toEqual([
      'include/b.h:7 error',
      'include/b.h:10 error',
      'include/b.h:8 warning',
    ]);
    // miss20: a later diagnostic in the same header carries the include chain gcc printed once, above the first.
    expect(result.locations[1]?.related?.map((span) => span.message)).toEqual([
      'included from here',
      'included from here',
      "previous declaration of 'helper' with type 'int(int)'",
    ]);
    expect(renderGitlab(result)).toHaveLength(3);
  });

  it('unix: one line per place, columns in display cells (a tab before the column counts to the next stop of 8)', async () => {
    const result = await located('tsc-pretty/declared-here');
    expect(renderUnix(result)).toBe(
      "src/cart.ts:5:41: error: Property 'prise' does not exist on type 'Item'. Did you mean 'price'? [TS2551]\nsrc/types.ts:3:3: note: 'price' is declared here.\n",
    );
    const tabbed = { locations: [location({ line: 1, column: 3, message: 'two\nlines' })], unresolved: [], dropped: [] };
    // UTF-16 column 3 in "\t\tx": two tabs take display cells 1-16, so x is at cell 17.
    expect(renderUnix(tabbed, { readLine: () => '\t\tx' })).toBe('src/app.ts:1:17: error: two lines [TS2322]\n');
  });

  it('checkstyle: one <error> per diagnostic or trace, grouped by file, attributes escaped', async () => {
    const result = await located('pytest-long/tb-long');
    expect(renderCheckstyle(result)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<checkstyle version="4.3">',
        '  <file name="tests/test_calc.py">',
        '    <error line="9" severity="error" message="assert 3 == 4" source="faultline.pytest-long"/>',
        '  </file>',
        '  <file name="src/calc.py">',
        '    <error line="7" severity="error" message="ZeroDivisionError: parts must be non-zero" source="faultline.pytest-long"/>',
        '  </file>',
        '</checkstyle>',
        '',
      ].join('\n'),
    );
    const quoted = renderCheckstyle({ locations: [location({ message: 'a "b" <c> & d\ne' })], unresolved: [], dropped: [] });
    expect(quoted).toContain('message="a &quot;b&quot; &lt;c&gt; &amp; d&#10;e"');
  });

  it('counts and articles read as English', () => {
    expect(countOf(1, 'line')).toBe('1 line');
    expect(countOf(2, 'line')).toBe('2 lines');
    expect(countOf(0, 'file')).toBe('0 files');
    expect(['ELF', 'HTML page', 'UTF-16 file', 'Mach-O binary', 'image', 'user'].map((word) => `${articleFor(word)} ${word}`)).toEqual([
      'an ELF',
      'an HTML page',
      'a UTF-16 file',
      'a Mach-O binary',
      'an image',
      'a user',
    ]);
  });
});

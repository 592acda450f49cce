// MATLAB and Octave frames name functions, not files: the name becomes the files it can live in (formats.md, matlab),
// and biber's errors name its temporary copy of a data source, which stands for the source named before.
import { describe, expect, it } from 'vitest';
import { matlabFunctionFiles } from '../../src/grammars/catalog/scientific/matlab.js';
import { createScanner } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';
import { scanLog } from '../_scan.js';

/** What the format under test read (the prose tier's weak candidates on the same lines are resolve's to drop). */
function scan(lines: string[], format = 'matlab') {
  return scanLog(lines).filter((location) => location.format === format);
}

describe('matlabFunctionFiles', () => {
  it('maps packages, classes, methods and local functions to the files MATLAB would search', () => {
    expect(matlabFunctionFiles('report_main')).toEqual(['report_main.m']);
    expect(matlabFunctionFiles('shapes.loadTable')).toEqual(['+shapes/loadTable.m', 'shapes.m']);
    expect(matlabFunctionFiles('geo.shapes.area')).toEqual(['+geo/+shapes/area.m', '+geo/shapes.m']);
    expect(matlabFunctionFiles('Circle/draw')).toEqual(['Circle.m', '@Circle/draw.m']);
    expect(matlabFunctionFiles('geo.Circle/draw')).toEqual(['+geo/Circle.m', '+geo/@Circle/draw.m']);
    expect(matlabFunctionFiles('interp1>parseinputs')).toEqual(['interp1.m']);
    expect(matlabFunctionFiles('scripts/run_report.m')).toEqual(['scripts/run_report.m']);
  });
});

describe('matlab', () => {
  it('reads a trace innermost first, with the message of the error above it', () => {
    const found = scan([
      'Error using fileparts',
      'Too many input arguments.',
      '',
      'Error in shapes.loadTable (line 12)',
      '',
      'Error in report_main (line 5)',
    ]);
    expect(found.map((location) => [location.file, location.line, location.severity])).toEqual([
      ['+shapes/loadTable.m', 12, 'error'],
      ['shapes.m', 12, 'error'],
      ['report_main.m', 5, null],
    ]);
    expect(found[0]?.message).toBe('Too many input arguments.');
  });

  it('reads the pre-R2012b frame and a syntax error wrapped over lines', () => {
    expect(scan(['Error in ==> plot_areas at 7'])).toMatchObject([{ file: 'plot_areas.m', line: 7 }]);
    expect(scan(['Error: File:', '/srv/x/tools/plot_areas.m Line: 7', 'Column: 17', "Incorrect use of '=' operator."])).toMatchObject([
      { file: '/srv/x/tools/plot_areas.m', line: 7, column: 17, severity: 'error', message: "Incorrect use of '=' operator." },
    ]);
  });

  it("reads Octave's called-from frames, and 3.x's `error:`-led ones, but not `at line` prose elsewhere", () => {
    expect(
      scan(["error: 'x' undefined", 'error: called from', '    area at line 3 column 5', '    run_all.m at line 2 column 1']),
    ).toMatchObject([
      { file: 'area.m', line: 3, column: 5, severity: 'error', message: "'x' undefined" },
      { file: 'run_all.m', line: 2, column: 1, severity: null },
    ]);
    expect(scan(['error: called from:', 'error:   gocal.m at line 368, column 15'])).toMatchObject([{ file: 'gocal.m', line: 368 }]);
    expect(scan(['The parser stopped', '    reading at line 3 column 5'])).toEqual([]);
  });

  it("keeps a warning's called-from block a warning's, and starts the error's block as a trace of its own", () => {
    const found = scan([
      'warning: legacy layout',
      'warning: called from',
      '    load_rows at line 3 column 3',
      'error: no member qty',
      'error: called from',
      '    column_mean at line 4 column 11',
    ]);
    expect(found).toMatchObject([
      { file: 'load_rows.m', line: 3, severity: 'warning', message: 'legacy layout' },
      { file: 'column_mean.m', line: 4, severity: 'error', message: 'no member qty' },
    ]);
    expect(found[0]?.frame?.trace).not.toBe(found[1]?.frame?.trace);
  });
});

describe('biber', () => {
  it("reports a syntax error in biber's temporary copy at the data source named before", () => {
    const found = scan(
      [
        "INFO - Found BibTeX data source 'refs/library.bib'",
        'ERROR - BibTeX subsystem: /tmp/biber_tmp_IL0F/7f56027f_8035.utf8, line 9, syntax error: found "author", expected ","',
      ],
      'biber',
    );
    expect(found).toMatchObject([{ file: 'refs/library.bib', line: 9, severity: 'error', format: 'biber' }]);
  });

  it('joins a copy path a paste wrapped and claims the .blg prefixes', () => {
    const scanner = createScanner({ normaliseLine });
    const lines = [
      '[1559] bibtex.pm:1494> INFO - Found BibTeX data source ',
      "'biblio.bib'",
      '[2174] Utils.pm:411> ERROR - BibTeX subsystem: C:\\temp\\biber_tmp_WKPa\\',
      'a9e03cb3_14212.utf8, line 32, ',
      'syntax error: found "Stiffness_", expected "="',
      '[2174] Biber.pm:132> INFO - ERRORS: 1',
    ];
    scanner.write(Buffer.from(`${lines.join('\n')}\n`, 'utf8').toString('latin1'));
    const found = scanner.end().locations.filter((location) => location.hints?.confirm !== true);
    // Nothing else reads `Utils.pm:411>` as a location: every .blg line is biber's.
    expect(found.map((location) => [location.file, location.line, location.format])).toEqual([['biblio.bib', 32, 'biber']]);
  });
});

// Rows under a file header (prose/rows.ts, issue 20's fallback): the grouped layouts linters share, read by the prose
// tier when the tool's own format is missing, each row a place in the file its header names.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';
import { scanLog } from '../_scan.js';

// The prose tier's proposals when the tool's own format is missing (with it present, a row that format read is its
// place already and the tier proposes nothing more: the last test).
function proposed(log: string, formats: readonly string[] = ['prose']): string[] {
  return scanLog(log, formats)
    .filter((location) => location.format === 'prose')
    .map((location) => `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`} ${location.severity}`);
}

describe('rows under a file header', () => {
  it('reads `L:C  severity  message` rows under a bare path, the severity a word or a symbol', () => {
    const log = [
      '',
      'lib/cart.js',
      '  3:9   error    Unexpected var  no-var',
      '  8:1   warning  Missing semicolon  semi',
      '',
      'x.css',
      '  2:4  ✖  Unexpected unit  unit-no-unknown',
      '',
    ].join('\n');
    expect(proposed(log)).toEqual(['lib/cart.js:3:9 error', 'lib/cart.js:8:1 warning', 'x.css:2:4 error']);
  });

  it('reads the same rows at the margin when a severity word leads the message (yamllint, Next.js lint)', () => {
    const log = readFileSync(new URL('../../fixtures/prose/margin-rows.log', import.meta.url), 'utf8');
    // The clock-led line under the header has no severity word; the last row has a blank line, not a header, above it.
    expect(proposed(log)).toEqual(['deploy/app.yaml:3:1 error', 'deploy/app.yaml:7:12 warning', 'src/pages/home.js:12:5 error']);
    // A line between that is no row (a clock-led one) is no header either: the row below it has none.
    expect(proposed('build.log\n12:30 started the job\n12:31 error budget 4 of 5\n')).toEqual([]);
    expect(proposed('build.log\n12:31 error budget 4 of 5\n')).toEqual(['build.log:12:31 error']);
    expect(proposed('Compiled at\n12:31 error budget 4 of 5\n')).toEqual([]);
  });

  it('reads a pipe table under `FILE:`, past its rules and its caption in capitals', () => {
    const log = [
      'FILE: /w/src/Basket.php',
      '-'.repeat(40),
      'FOUND 2 ERRORS AFFECTING 2 LINES',
      '-'.repeat(40),
      ' 14 | ERROR   | [x] Expected 1 space after comma',
      ' 20 | WARNING | Line exceeds 120 characters',
      '-'.repeat(40),
    ].join('\n');
    expect(proposed(log)).toEqual(['/w/src/Basket.php:14 error', '/w/src/Basket.php:20 warning']);
  });

  it("reads a table whose head names the file over its `Line` column, and a checker's `== [F] FAIL` block", () => {
    const table = [
      ' ------ ------------',
      '  Line   src/Price.php',
      ' ------ ------------',
      '  21     Undefined variable',
      '  30     Dead code',
    ];
    expect(proposed(table.join('\n'))).toEqual(['src/Price.php:21 null', 'src/Price.php:30 null']);
    const block = ['== [models/orders.sql] FAIL', 'L:   9 | P:   3 | LT01 | Expected single whitespace.', 'L:  12 | P:   1 | CP02 | Case.'];
    expect(proposed(block.join('\n'))).toEqual(['models/orders.sql:9:3 null', 'models/orders.sql:12:1 null']);
  });

  it('reads nothing when the line above the rows is no header: a sentence, a source gutter, a timestamp', () => {
    expect(proposed(['Found these problems in the build', '  3:9   error    Unexpected var'].join('\n'))).toEqual([]);
    expect(proposed(['  --> src/main.rs:2:5', '   |', ' 2 | let x = 1;'].join('\n'))).toEqual([]);
    expect(proposed(['run.log', '  12:30  started the job'].join('\n'))).toEqual([]);
    // A `Line` head or a `== [F]` block only leads rows of its own table.
    expect(proposed(['  Line   src/Price.php', '  3:9   error    Unexpected var'].join('\n'))).toEqual([]);
  });

  it('takes the dressing off a header (a colon, a count, a rule) and reads rows with no severity or the column in words', () => {
    const log = [
      'src/lib/parse.ts:',
      '  12:5  error  unexpected token  (syntax)',
      '',
      'src/app.ts (2)',
      '  3:9  return type missing',
      '  7:2  stray semicolon',
      '',
      '--- conf/site.toml ---',
      '  line 4, col 2: key given twice',
      '  Line 9 column 1: unknown table',
      '',
      '=== src/util.ts: 1 problem ===',
      '  18:3  local shadows a parameter',
      '## docs/guide.md',
      'line 3: heading level skipped',
    ].join('\n');
    expect(proposed(log)).toEqual([
      'src/lib/parse.ts:12:5 error',
      'src/app.ts:3:9 null',
      'src/app.ts:7:2 null',
      'conf/site.toml:4:2 null',
      'conf/site.toml:9:1 null',
      'src/util.ts:18:3 null',
      'docs/guide.md:3 null',
    ]);
  });

  it('reads a row with no severity only under a header that is surely a path, and no source listing under `F:`', () => {
    expect(proposed(['run.log', '  12:30  started the job'].join('\n'))).toEqual([]);
    expect(proposed(['logs/run.log', '  12:30  started the job'].join('\n'))).toEqual(['logs/run.log:12:30 null']);
    // A header's look-up ends at a blank line: rows after one belong to no header.
    expect(proposed(['src/app.ts:', '', '  3:9  return type missing'].join('\n'))).toEqual([]);
    expect(proposed(['src/a.ts:', '1 | import x from "y";', '2 | x();', '      1: first line'].join('\n'))).toEqual([]);
  });

  it('reads jshint-stylish 1.x rows: both words, no colon, two blanks between the cells', () => {
    const log = readFileSync(new URL('../../fixtures/prose/jshint-stylish-rows.log', import.meta.url), 'utf8');
    expect(proposed(log)).toEqual(['tasks/release.js:2:23 null', 'tasks/release.js:6:53 null']);
    // Every row under the header, not only the first (the tier read the first as a sentence naming the file above).
    expect(
      proposed(['lib/a.js', '  line 1  col 1  Use the function form of "use strict".', '  line 9  col 3  Missing "new".'].join('\n')),
    ).toEqual(['lib/a.js:1:1 null', 'lib/a.js:9:3 null']);
  });

  it("proposes nothing more where the linter's own format read the rows", () => {
    const log = ['lib/cart.js', '  3:9   error    Unexpected var  no-var', '  8:1   warning  Missing semicolon  semi', ''].join('\n');
    const all = createScanner({ normaliseLine });
    all.write(log);
    const locations = all.end().locations;
    expect(locations.map((location) => `${location.format} ${location.file}:${location.line}`)).toEqual([
      'eslint-stylish lib/cart.js:3',
      'eslint-stylish lib/cart.js:8',
    ]);
  });
});

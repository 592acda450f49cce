// The shared code frame of the text report and explain: gutter, caret in display cells, ranges, cuts.
import { describe, expect, test } from 'vitest';
import { frameRows, renderCodeFrame } from '../../src/summarise/index.js';

describe('renderCodeFrame', () => {
  const text = ['a', 'b', '\tconst x = 1;', 'd', 'e'].join('\n');

  test('marks the line, pads the gutter to the widest number, expands tabs to 8-column stops', () => {
    expect(renderCodeFrame(frameRows(text, 3, 1), { line: 3, column: 8, columnUnit: 'utf-16' })).toEqual([
      '   2 | b',
      ' > 3 |         const x = 1;',
      // column 8 (UTF-16) is after the tab and "const " → display cell 8 + 6 = 14
      '     |               ^',
      '   4 | d',
    ]);
  });

  test('a printed single-line range (end inclusive) becomes ^~~ over its cells; a multi-line range keeps one caret', () => {
    const rows = [{ line: 1, text: 'let n: number = "0";' }];
    // `number` is columns 8–13
    expect(renderCodeFrame(rows, { line: 1, column: 8, endColumn: 13, columnUnit: 'utf-16' })[1]).toBe('     |        ^~~~~~');
    expect(renderCodeFrame(rows, { line: 1, column: 5, endLine: 2, endColumn: 3, columnUnit: 'utf-16' })[1]).toBe('     |     ^');
  });

  test('the caret is placed in display cells: wide characters before the column take two', () => {
    const rows = [{ line: 1, text: '名前 = x' }];
    // column 4 in characters is the `=`: two wide characters and a space → 5 cells
    expect(renderCodeFrame(rows, { line: 1, column: 4, columnUnit: 'char' })[1]).toBe('     |      ^');
  });

  test('long lines are cut with … and a caret past the cut is dropped', () => {
    const rows = [{ line: 1, text: `${'x'.repeat(50)}y` }];
    expect(renderCodeFrame(rows, { line: 1, column: 51, columnUnit: 'utf-16', maxLineLength: 10 })).toEqual([` > 1 | ${'x'.repeat(10)}…`]);
    expect(renderCodeFrame(rows, { line: 1, column: 3, columnUnit: 'utf-16', maxLineLength: 10 })[1]).toBe('     |   ^');
  });

  test('transform (redaction) and paint wrap what is shown; no located row, no frame', () => {
    const rows = [{ line: 7, text: 'token=abc' }];
    const frame = renderCodeFrame(rows, {
      line: 7,
      column: 1,
      transform: (line) => line.replace('abc', '***'),
      paintCaret: (caret) => `[${caret}]`,
      paintGutter: (gutter) => `{${gutter}}`,
    });
    expect(frame).toEqual(['{ > 7 |} token=***', '{     |} [^]']);
    expect(renderCodeFrame(rows, { line: 8 })).toEqual([]);
  });
});

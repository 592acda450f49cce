// IPython's traceback layout: frames whose line is only a gutter's arrow (before 8.0), `File path:N, in f` headers (8.0
// on), a notebook cell counted as a frame with no file, copy damage in the gutter, and arrows outside any frame.
import { describe, expect, it } from 'vitest';
import { scanLog, withoutWeakTiers } from '../_scan.js';

const scan = (lines: string[]) =>
  withoutWeakTiers(scanLog(lines)).map((l) => [l.format, l.file, l.line, l.frame?.index, l.frame?.innermostLast, l.message]);

describe('ipython-traceback', () => {
  it('reads the old layout: the header names the file, the arrow the line, innermost last', () => {
    expect(
      scan([
        'KeyError                                  Traceback (most recent call last)',
        '<ipython-input-4-0b1c2d3e4f50> in <module>',
        '----> 1 build()',
        '',
        'C:\\Users\\Ann Lee\\work\\plant\\build.py in build(kind=None)',
        '     11     parts = load()',
        '---> 12     return parts[kind]',
        '     13 ',
        '',
        "KeyError: 'gear'",
      ]),
    ).toEqual([
      ['ipython-traceback', '<ipython-input-4-0b1c2d3e4f50>', 1, 0, true, "KeyError: 'gear'"],
      ['ipython-traceback', 'C:\\Users\\Ann Lee\\work\\plant\\build.py', 12, 1, true, "KeyError: 'gear'"],
    ]);
  });

  it('reads a pasted copy whose gutter lost its padding, and a home-relative path', () => {
    expect(
      scan(['OSError   Traceback (most recent call last)', '~/src/mill/io.py in <module>', '3 import os', '----> 4 open("x")']),
    ).toEqual([['ipython-traceback', '~/src/mill/io.py', 4, 0, true, 'OSError']]);
  });

  it('reads the 8.0 layout from its headers; a cell is a frame with no file, a frozen module one with no source', () => {
    expect(
      scan([
        'ValueError                                Traceback (most recent call last)',
        'Cell In[2], line 1',
        '----> 1 mill.run()',
        '',
        'File <frozen runpy>:88, in _run_code(code)',
        '',
        'File /srv/mill/mill.py:7, in run()',
        '      6 def run():',
        '----> 7     raise ValueError("stop")',
        '',
        'ValueError: stop',
      ]),
    ).toEqual([
      ['ipython-traceback', '<frozen runpy>', 88, 1, true, 'ValueError: stop'],
      ['ipython-traceback', '/srv/mill/mill.py', 7, 2, true, 'ValueError: stop'],
    ]);
  });

  it('reads no frame from an arrow without a header, nor from a File line without a gutter', () => {
    const rows = scan(['Notes', '---> 3 steps left', '', 'File /srv/notes.txt:3, in short']);
    expect(rows.filter((row) => row[0] === 'ipython-traceback')).toEqual([]);
  });
});

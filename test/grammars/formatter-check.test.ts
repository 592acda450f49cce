// A formatter's check mode without a diff names a file and no line: the file as a whole (line 1), a warning. The
// rows of a list count only under their tool's head or above its closing line; a diff of the same file, before or
// right after the check line, is the place instead.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog } from '../_scan.js';

function scan(lines: string[]): Array<Pick<RawLocation, 'file' | 'line' | 'severity' | 'format'>> {
  return scanLog(lines)
    .filter((location) => location.format.startsWith('formatter-'))
    .map(({ file, line, severity, format }) => ({ file, line, severity, format }));
}

const whole = (file: string) => ({ file, line: 1, severity: 'warning', format: 'formatter-check' });

describe('formatter-check', () => {
  it("reads black's, ruff format's and isort's check lines, old and new", () => {
    expect(scan(['would reformat /srv/app/pkg/a.py', 'Would reformat: pkg/b.py', 'Oh no! 💥 💔 💥'])).toEqual([
      whole('/srv/app/pkg/a.py'),
      whole('pkg/b.py'),
    ]);
    expect(
      scan(['ERROR: /home/u/proj/x.py Imports are incorrectly sorted.', 'ERROR: y.py Imports are incorrectly sorted and/or formatted.']),
    ).toEqual([whole('/home/u/proj/x.py'), whole('y.py')]);
  });

  it('reads prettier rows only inside a check run, coloured or not', () => {
    const closing = '[warn] Code style issues found in the above file(s). Forgot to run Prettier?';
    expect(scan(['[warn] src/a.ts', '[\u001b[33mwarn\u001b[39m] src/b.ts', closing])).toEqual([whole('src/a.ts'), whole('src/b.ts')]);
    expect(scan(['Checking formatting...', '[warn] src/c.css'])).toEqual([whole('src/c.css')]);
    // A warning of another tool that happens to be one word is not a prettier row.
    expect(scan(['[warn] deprecated.js', 'done'])).toEqual([]);
  });

  it("reads mix format's list under its head only", () => {
    expect(scan(['The following files are not formatted:', '', '  * lib/a.ex', '  * test/b_test.exs'])).toEqual([
      whole('lib/a.ex'),
      whole('test/b_test.exs'),
    ]);
    expect(scan(['Changes:', '  * lib/a.ex'])).toEqual([]);
  });

  it('leaves the place to a diff of the same file, printed before or right after', () => {
    const diff = ['--- pkg/a.py', '+++ pkg/a.py', '@@ -4,1 +4,1 @@', '-x=1', '+x = 1'];
    const hunk = { file: 'pkg/a.py', line: 4, severity: 'warning', format: 'formatter-diff' };
    expect(scan([...diff, 'would reformat pkg/a.py', 'would reformat pkg/b.py'])).toEqual([hunk, whole('pkg/b.py')]);
    expect(scan(['ERROR: pkg/a.py Imports are incorrectly sorted.', ...diff])).toEqual([hunk]);
    // A diff printed later by another run (`isort --diff` after `isort --check-only`): the check line becomes a note.
    expect(scan(['ERROR: pkg/a.py Imports are incorrectly sorted.', '', '$ isort --diff pkg/a.py', ...diff])).toEqual([
      { ...whole('pkg/a.py'), severity: 'note' },
      hunk,
    ]);
  });
});

// pip's requirement lines (held-out set 60): each names the requirements file's line; the one pip took up last before
// its error is the failed one. The real run is fixtures/pip/stopped-at-requirement; these are the other shapes.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog, withoutWeakTiers } from '../_scan.js';

const scan = (lines: string[]) => withoutWeakTiers(scanLog(lines));
const brief = (locations: RawLocation[]) => locations.filter((l) => l.format === 'pip').map((l) => [l.file, l.line, l.severity]);

describe('pip', () => {
  it('marks the requirement taken up last before an error step, a dependency counting for the line that pulled it in', () => {
    const locations = scan([
      'Collecting quokka==1.0 (from -r reqs/base.txt (line 1))',
      '  Downloading quokka-1.0-py3-none-any.whl (10 kB)',
      'Collecting wombat>=2 (from quokka==1.0->-r reqs/base.txt (line 1))',
      'Collecting numbat==0.3 (from -r reqs/base.txt (line 4))',
      '  Downloading numbat-0.3.tar.gz (2.1 MB)',
      '  Getting requirements to build wheel ... error',
      '  error: subprocess-exited-with-error',
    ]);
    expect(brief(locations)).toEqual([
      ['reqs/base.txt', 1, 'note'],
      ['reqs/base.txt', 1, 'note'],
      ['reqs/base.txt', 4, 'warning'],
    ]);
  });

  it("reads pip's own error naming the requirement, a constraints file, and leaves every line a note when no error follows", () => {
    const failed = scan([
      'Collecting quokka==1.0 (from -c constraints.txt (line 2))',
      'ERROR: Could not find a version that satisfies the requirement numbat==9 (from -r requirements.txt (line 3)) (from versions: none)',
    ]);
    expect(brief(failed)).toEqual([
      ['constraints.txt', 2, 'note'],
      ['requirements.txt', 3, 'warning'],
    ]);
    const clean = scan(['Collecting quokka==1.0 (from -r requirements.txt (line 1))', 'Successfully installed quokka-1.0']);
    expect(brief(clean)).toEqual([['requirements.txt', 1, 'note']]);
  });

  it("reads `Failed building wheel for x` as the distribution's name, resolved against the workspace's manifest", () => {
    const wheels = scanLog(
      ['  ERROR: Failed building wheel for Shelf.Tools', 'Failed building wheel for lxml', 'Failed to build Shelf.Tools'],
      ['pip'],
    );
    expect(wheels.map((l) => [l.file, l.line, l.hints?.distribution])).toEqual([
      ['Shelf.Tools', 0, true],
      ['lxml', 0, true],
    ]);
  });
});

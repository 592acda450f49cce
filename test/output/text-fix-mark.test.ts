// The text report marks a location whose tool printed an applicable edit (issue 23 §5): `faultline fix` takes it
// from there. Read from real gcc runs (fixtures/gcc): with -fdiagnostics-parseable-fixits and without.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { renderText } from '../../src/output/index.js';

const GCC = join(import.meta.dirname, '..', '..', 'fixtures', 'gcc');

async function report(name: string): Promise<string[]> {
  const dir = join(GCC, name);
  const result = await locate({ path: join(GCC, `${name}.log`) }, { cwd: dir, roots: [dir] });
  return renderText(result, { total: false }).split('\n');
}

describe('text report: (fix available)', () => {
  it("on each diagnostic whose fix-its gcc printed (a note's fix-it marks the warning it belongs to), and only there", async () => {
    const lines = await report('fixits');
    expect(lines[0]).toBe('main.c:7:19  error  ‘q’ is a pointer; did you mean to use ‘->’?  (fix available)');
    // main.c:7 holds three diagnostics with a fix-it (the printf warning's through its note) and one without.
    expect(lines.filter((line) => line.includes('(fix available)')).map((line) => line.split('  ')[0])).toEqual([
      'main.c:7:19',
      'main.c:7:3',
      'main.c:7:24',
    ]);
    expect(lines.some((line) => line.includes('incompatible implicit declaration') && !line.includes('(fix available)'))).toBe(true);
  });

  it('not on a run that printed no fix-it', async () => {
    const lines = await report('basic');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.some((line) => line.includes('fix available'))).toBe(false);
  });
});

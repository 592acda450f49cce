// ARCHITECTURE.md's code map names every folder under src/, and names none that is gone (issue 26): the map a
// newcomer reads must be the tree they will find.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function folders(dir: string): string[] {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((full) => statSync(full).isDirectory())
    .flatMap((full) => [full, ...folders(full)]);
}

const map = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
const named = new Set([...map.matchAll(/`(src\/[\w./-]+\/)`/g)].map((match) => match[1] as string));

describe('ARCHITECTURE.md', () => {
  it('names every folder under src/ as `src/…/`', () => {
    const missing = folders(SRC)
      .map((full) => `${relative(ROOT, full).split('\\').join('/')}/`)
      .filter((folder) => !named.has(folder));
    expect(missing).toEqual([]);
  });

  it('names no folder that does not exist', () => {
    const gone = [...named].filter((folder) => {
      try {
        return !statSync(join(ROOT, folder)).isDirectory();
      } catch {
        return true;
      }
    });
    expect(gone).toEqual([]);
  });

  it('names every test it says keeps an invariant', () => {
    const tests = [...map.matchAll(/`(test\/[\w./-]+)`/g)].map((match) => match[1] as string);
    expect(tests.length).toBeGreaterThan(5);
    const gone = tests.filter((path) => {
      try {
        statSync(join(ROOT, path));
        return false;
      } catch {
        return true;
      }
    });
    expect(gone).toEqual([]);
  });
});

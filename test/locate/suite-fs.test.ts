// A regression suite's answer must not depend on the machine: files outside the suite folder are hidden while it is
// checked, so a log recorded in a scratch folder that still exists here is read as it will be read everywhere else.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFixtures } from '../../src/locate/fixtures.js';
import { createSuiteFs } from '../../src/locate/suite-fs.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fl-suite-'));
  made.push(dir);
  return dir;
}

describe('suite file system', () => {
  it('shows the suite folder and hides what lies outside it, symlinks out of it included', async () => {
    const outside = scratch();
    const suite = scratch();
    writeFileSync(join(outside, 'main.c'), 'int main;\n');
    mkdirSync(join(suite, 'case'));
    writeFileSync(join(suite, 'case', 'main.c'), 'int main;\n');
    symlinkSync(join(outside, 'main.c'), join(suite, 'case', 'escape.c'));
    const fs = createSuiteFs(suite);
    expect(await fs.stat(join(suite, 'case', 'main.c'))).toBe('file');
    expect(await fs.stat(join(outside, 'main.c'))).toBeUndefined();
    expect(await fs.realpath(join(outside, 'main.c'))).toBeUndefined();
    expect(await fs.realpath(join(suite, 'case', 'escape.c'))).toBeUndefined();
    expect(await fs.readText?.(join(outside, 'main.c'))).toBeUndefined();
    expect(await fs.listNames?.(outside)).toBeUndefined();
    expect(await fs.findFilesByName(outside, ['main.c'])).toEqual([]);
    expect(fs.local).toBe(true);
  });

  it('gives a case the same answer whether or not the folder its log was recorded in still exists', async () => {
    const recordedIn = scratch();
    const suite = scratch();
    mkdirSync(join(suite, 'build'));
    writeFileSync(join(suite, 'build', 'main.c'), 'int main(void) {\n  return x;\n}\n');
    writeFileSync(join(suite, 'build.log'), `${join(recordedIn, 'main.c')}:2:10: error: 'x' undeclared\n`);
    const [first] = await checkFixtures({ dir: suite, update: true });
    expect(first?.status).toBe('updated');
    // The recording folder reappears on this machine: the reviewed answer still holds.
    writeFileSync(join(recordedIn, 'main.c'), 'int main(void) {\n  return x;\n}\n');
    const [again] = await checkFixtures({ dir: suite });
    expect(again?.status).toBe('pass');
  });
});

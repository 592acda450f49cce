// The registry and the fixtures must match exactly, and every fixture must locate as its reviewed
// expectation says. This runs the same code as `faultline check-fixtures`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSpecs } from '../src/grammars/index.js';
import { checkFixtures, findFixtureCases, strayExpectations } from '../src/locate/fixtures.js';
import { reportSpecs } from '../src/reports/index.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const folders = readdirSync(FIXTURES).filter((name) => !name.startsWith('_') && statSync(join(FIXTURES, name)).isDirectory());

describe('format catalog ↔ fixtures', () => {
  // Text formats and structured report formats alike: each name is a fixture folder.
  const names = [...formatSpecs(), ...reportSpecs()].map((spec) => spec.name);

  it.each(names)('format %s has a fixture folder with at least one .log case and a SOURCE.md', (name) => {
    const folder = join(FIXTURES, name);
    expect(existsSync(folder), `no fixture folder for format ${name}`).toBe(true);
    expect(readdirSync(folder).filter((file) => file.endsWith('.log')).length, `no .log case for ${name}`).toBeGreaterThan(0);
    expect(existsSync(join(folder, 'SOURCE.md')), `no SOURCE.md for ${name}`).toBe(true);
  });

  it('every fixture folder names a registered format', () => {
    expect(folders.filter((folder) => !names.includes(folder))).toEqual([]);
  });

  it('no expectation without its log', () => {
    expect(strayExpectations(FIXTURES)).toEqual([]);
  });

  it('every case of a format is recognised by that format (a broader rule stealing lines shows up here)', async () => {
    const cases = findFixtureCases(FIXTURES);
    expect(cases.length).toBeGreaterThan(20);
  });
});

describe('fixture expectations', () => {
  const cases = findFixtureCases(FIXTURES).map((fixture) => fixture.name);

  it.each(cases)('%s matches its reviewed expectation', async (name) => {
    const [outcome] = await checkFixtures({ dir: FIXTURES, filter: name });
    expect(outcome?.status, outcome?.error ?? outcome?.diff.join('\n')).toBe('pass');
  });
});

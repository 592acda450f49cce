// Issue 16 item 5: printed line or column 0 stays the tool's 0 in JSON (with its unit) and is raised to 1 only
// where a format requires positions ≥ 1; a number ≥ 2^53 is no position (the line drops the location, a
// column becomes unknown).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { toLocateJson } from '../../src/core/index.js';
import { locate } from '../../src/locate/index.js';
import { renderGithub, renderGitlab, renderRdjsonl, renderSarif } from '../../src/output/index.js';

const root = mkdtempSync(join(tmpdir(), 'fl-positions-'));
writeFileSync(join(root, 'main.c'), 'int main(void) {\n  return x;\n}\n');

async function located(log: string) {
  return locate({ text: log }, { cwd: root, roots: [root], formats: ['gcc'], isIgnored: async () => new Set() });
}

describe('line and column 0', () => {
  test('JSON keeps 0 with its unit; SARIF, GitHub, GitLab and rdjsonl get 1', async () => {
    const result = await located('main.c:0:0: error: something at the top of the file\n');
    const [json] = toLocateJson(result).locations;
    expect(json).toMatchObject({ file: 'main.c', line: 0, column: 0, columnUnit: expect.any(String) });
    const sarif = renderSarif(result) as {
      runs: Array<{ results: Array<{ locations: Array<{ physicalLocation: { region: Record<string, number> } }> }> }>;
    };
    const region = sarif.runs[0]!.results[0]!.locations[0]!.physicalLocation.region;
    expect(region.startLine).toBe(1);
    if (region.startColumn !== undefined) expect(region.startColumn).toBeGreaterThanOrEqual(1);
    const github = renderGithub(result).annotations;
    expect(github).toMatch(/line=1\b/);
    expect(github).not.toMatch(/line=0|col=0/);
    expect(renderGitlab(result)[0]!.location.lines.begin).toBe(1);
    expect(JSON.parse(renderRdjsonl(result).trim()).location.range.start.line).toBe(1);
  });
});

describe('numbers of 2^53 and more', () => {
  test('a line ≥ 2^53 is not a location', async () => {
    const result = await located('main.c:9007199254740993:1: error: huge\n');
    expect(result.locations).toHaveLength(0);
    expect(result.unresolved).toHaveLength(0);
  });

  test('a column ≥ 2^53 is unknown, the line is kept', async () => {
    const result = await located('main.c:2:99999999999999999999: error: huge column\n');
    expect(result.locations[0]).toMatchObject({ line: 2, column: null });
  });
});

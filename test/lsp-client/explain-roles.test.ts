// explain keeps the raising frame of every trace it shows (issue 13), on a real pytest --tb=long log whose
// printed order puts two caller frames before their raising frame.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { locate } from '../../src/locate/index.js';
import { chooseToExplain, explainLocations } from '../../src/lsp-client/index.js';
import { buildFixPrompt } from '../../src/prompt/index.js';
import { captureIo } from '../cli/_io.js';

const workspace = new URL('../../fixtures/pytest-long/tb-long/', import.meta.url).pathname;
const log = new URL('../../fixtures/pytest-long/tb-long.log', import.meta.url).pathname;

describe('explain and traces', () => {
  it('chooses the raising frame before a caller of its trace, whatever the limit', async () => {
    const result = await locate({ path: log }, { cwd: workspace, roots: [workspace] });
    const places = (limit: number) => chooseToExplain(result.locations, limit).map((location) => `${location.file}:${location.line}`);
    // Printed order after the primary: test_calc.py:13 and calc.py:12 call calc.py:7, which raised.
    expect(result.locations.slice(0, 3).map((location) => `${location.file}:${location.line}`)).not.toContain('src/calc.py:7');
    expect(places(3)).toEqual(['tests/test_calc.py:9', 'src/calc.py:7', 'tests/test_calc.py:13']);
    expect(places(2)).toEqual(['tests/test_calc.py:9', 'src/calc.py:7']);
  });

  it('explain --format github annotates the raising frame as the error and never a caller with an empty message', async () => {
    const io = captureIo({ cwd: workspace });
    const code = await runCli(['explain', log, '--no-lsp', '--format', 'github', '--root', '.'], io);
    expect(code).toBe(1);
    const lines = io.out.join('').trimEnd().split('\n');
    expect(lines).toContain('::error file=src/calc.py,line=7,title=pytest-long::ZeroDivisionError: parts must be non-zero');
    expect(lines.every((line) => !line.endsWith('::'))).toBe(true);
  });

  it('explain text names where a caller frame led instead of an empty message', async () => {
    const io = captureIo({ cwd: workspace });
    await runCli(['explain', log, '--no-lsp', '--root', '.'], io);
    expect(io.out.join('')).toContain('tests/test_calc.py:13  called from here: on the way to src/calc.py:7');
  });

  it('buildFixPrompt takes what explainLocations returns, as it is (attachment.source is code, not the origin)', async () => {
    const result = await locate({ path: log }, { cwd: workspace, roots: [workspace] });
    const items = await explainLocations({ locations: result.locations, noLsp: true });
    expect(items[1]?.source).toMatch(/tree-sitter|heuristic/);
    const { prompt } = await buildFixPrompt({ locations: result.locations, explained: items });
    expect(prompt).toContain('parts must be non-zero');
    expect(prompt).toContain(items[1]?.attachment?.source.split('\n')[0] ?? 'missing attachment');
  });
});

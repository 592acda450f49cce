// docs/formats.md is generated from the registry; a stale copy fails here (regenerate: npm run docs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFormatSpecs, renderFormatsMarkdown } from '../src/cli/commands/formats.js';

describe('docs/formats.md', () => {
  it('matches the registry', () => {
    const onDisk = readFileSync(join(import.meta.dirname, '..', 'docs', 'formats.md'), 'utf8');
    expect(onDisk, 'docs/formats.md is stale: run `npm run docs`').toBe(renderFormatsMarkdown(allFormatSpecs()));
  });
});

// The README's quick-start output is what the CLI prints today (issue 13: the examples show the new output).
describe('README quick start', () => {
  it("shows exactly what 'npm run example' prints", async () => {
    const { runCli } = await import('../src/cli/run-cli.js');
    const { captureIo } = await import('./cli/_io.js');
    const root = join(import.meta.dirname, '..');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const shown = /The first command prints:\n\n```\n([\s\S]*?)```/.exec(readme)?.[1];
    const io = captureIo({ cwd: root });
    await runCli(['locate', 'examples/ts-app/tsc.log', '--cwd', 'examples/ts-app'], io);
    expect(shown).toBe(io.out.join(''));
  });
});

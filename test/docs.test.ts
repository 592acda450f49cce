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

import { describe, expect, it } from 'vitest';
import { FormatAnchors } from '../../src/grammars/engine/format-anchors.js';
import { computeRequirement, recordRequirements } from '../../src/grammars/engine/required-grams.js';
import { registeredFormats } from '../../src/grammars/index.js';

// scripts/build.mjs injects the table recordRequirements collects here; each entry must be exactly what the reading
// of its anchor source gives at run time, and every anchor of the registry must be in it.
describe('the build-time required-grams table', () => {
  it('holds the run-time reading of every anchor source of the registry', () => {
    const table = recordRequirements();
    // A fresh FormatAnchors, not the per-process cache (formatAnchorsFor), so the reading runs here whatever ran before.
    new FormatAnchors(registeredFormats(), '');
    const sources = new Set(registeredFormats().map((format) => new RegExp(format.anchor, 'm').source));
    expect(new Set(table.keys())).toEqual(sources);
    for (const [source, requirement] of table) expect(JSON.parse(JSON.stringify(requirement))).toEqual(computeRequirement(source));
    // Most anchors require something: the table is worth its bytes.
    expect([...table.values()].filter((requirement) => requirement !== null).length).toBeGreaterThan(sources.size / 2);
  });
});

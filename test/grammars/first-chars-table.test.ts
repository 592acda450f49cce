import { describe, expect, it } from 'vitest';
import { computeFirstChars, fromBitmap, recordFirstChars } from '../../src/grammars/engine/first-chars.js';
import { buildPrefilter } from '../../src/grammars/engine/prefilter.js';
import { registeredFormats } from '../../src/grammars/index.js';

// scripts/build.mjs injects the table recordFirstChars collects here; each entry, decoded as the bundle decodes
// it, must be exactly what the analysis gives at run time.
describe('the build-time first-character table', () => {
  it('decodes to the run-time analysis for every anchor source of the registry', () => {
    const table = recordFirstChars();
    // buildPrefilter, not the per-process cache (prefilterFor), so the analysis runs here whatever ran before.
    buildPrefilter(registeredFormats()).lineStartFor('');
    expect(table.size).toBeGreaterThan(10);
    for (const [key, bitmap] of table) {
      const computed = computeFirstChars(key.slice(2), key.startsWith('b:'));
      if (bitmap === null) expect(computed).toBeUndefined();
      // The tables are indexed by a latin1 byte: a code above 255 (Yarn's `➤`, which the analysis also gives as its UTF-8
      // lead byte 0xE2) is never looked up, so the 256-bit bitmap leaves it out.
      else {
        const bytes = [...(computed ?? [])].filter((code) => code < 256);
        expect([...fromBitmap(bitmap)].sort((a, b) => a - b)).toEqual(bytes.sort((a, b) => a - b));
      }
    }
  });
});

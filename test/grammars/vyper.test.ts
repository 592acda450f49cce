// Hard cases of the Vyper format that its recorded fixtures do not show: a crash whose only position is in the
// exception's message under the `Error compiling: F` header (tokenize's `start (40,79)`), a header that stderr ran
// into, and a header that names the file of its own error only.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog, withoutWeakTiers } from '../_scan.js';

// What the formats read; the weak tiers' guesses are the workspace's to confirm (prose-file.test.ts, permissive.test.ts).
const scan = (lines: string[], formats?: string[]) => withoutWeakTiers(scanLog(lines, formats));

const brief = (locations: RawLocation[]) => locations.map((l) => [l.format, l.file, l.line, l.column]);

describe('vyper', () => {
  it("reads a crash's position from its message under the header (0-based column)", () => {
    const locations = scan(['Error compiling: contracts/Pool.vy', 'ValueError: start (21,40) precedes previous end (22,0)']);
    expect(brief(locations)).toEqual([['vyper', 'contracts/Pool.vy', 21, 41]]);
  });

  it('reads a header that the exception ran into, and the annotation below it', () => {
    const locations = scan([
      "Error compiling: contracts/Pool.vyvyper.exceptions.UndeclaredDefinition: 'fee' has not been declared.",
      '  contract "contracts/Pool.vy:9", function "swap", line 9:12 ',
    ]);
    expect(brief(locations)).toEqual([['vyper', 'contracts/Pool.vy', 9, 13]]);
    expect(locations[0]?.message).toBe("'fee' has not been declared.");
  });

  it("does not lend a header's file to the next file's annotation", () => {
    const locations = scan([
      'Error compiling: contracts/Pool.vy',
      "vyper.exceptions.UndeclaredDefinition: 'fee' has not been declared.",
      '  contract "contracts/Pool.vy:9", function "swap", line 9:12 ',
      "vyper.exceptions.SyntaxException: expected ':' (<unknown>, line 3)",
      '  line 3:10 ',
    ]);
    expect(brief(locations)).toEqual([
      ['vyper', 'contracts/Pool.vy', 9, 13],
      ['vyper', '-', 3, 11],
    ]);
  });
});

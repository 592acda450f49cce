// Directory tracking (issue 20): the folder a build tool says it is in, fed by make, ninja and echoed `cd … &&`
// steps, read by every relative location the scan emits, before or after the line that names it.
import { describe, expect, it } from 'vitest';
import { DirectoryContext, echoedCdFolder } from '../../../src/grammars/engine/directories.js';
import type { RawLocation } from '../../../src/core/index.js';
import { scanLog } from '../../_scan.js';

function scan(lines: string[]): RawLocation[] {
  return scanLog(lines.join('\n')).filter((location) => !location.hints?.confirm);
}

const where = (found: RawLocation[]): string[] =>
  found.map((location) => `${location.hints?.directory ?? '.'} ${location.file}:${location.line}`);

describe('directory context in a scan', () => {
  it('nests make folders and returns to the outer one when the inner is left', () => {
    const found = scan([
      "make: Entering directory '/w'",
      "make[1]: Entering directory '/w/lib'",
      'a.c:1:1: error: x',
      "make[1]: Leaving directory '/w/lib'",
      'b.c:2:1: error: y',
    ]);
    expect(where(found)).toEqual(['/w/lib a.c:1', '/w b.c:2']);
  });

  it('leaves the folder a Leaving line names even when parallel output interleaved another', () => {
    const found = scan([
      "make[1]: Entering directory '/w/a'",
      "make[1]: Entering directory '/w/b'",
      "make[1]: Leaving directory '/w/a'",
      'x.c:3:1: error: z',
    ]);
    expect(where(found)).toEqual(['/w/b x.c:3']);
  });

  it('gives the folder of a Leaving line nobody entered to the relative locations printed before it', () => {
    const found = scan(['u.c:3:12: error: x', '/abs/v.c:1:1: error: y', "make[1]: Leaving directory '/w/lib'", 'w.c:4:1: error: z']);
    expect(where(found)).toEqual(['/w/lib u.c:3', '. /abs/v.c:1', '. w.c:4']);
  });

  it('reads an echoed cd step relative to the folder ninja entered, and a later step from that folder again', () => {
    const found = scan([
      "ninja: Entering directory `build'",
      'cd ../src && gcc -c m.c',
      'm.c:2:1: error: x',
      "cd 'gen dir' && gcc -c g.c",
      'g.c:5:1: error: y',
    ]);
    expect(where(found)).toEqual(['build/../src m.c:2', 'build/gen dir g.c:5']);
  });
});

describe('package headers', () => {
  it("names the package of go build's header for the lines after it, and no markdown title does", () => {
    const named = scan(['# example.com/shop/billing/money', 'money/money.go:4:9: cannot use x']);
    expect(named.map((location) => location.hints?.packageName)).toEqual(['example.com/shop/billing/money']);
    const titled = scan(['# Install notes', '# v2', 'money/money.go:4:9: cannot use x']);
    expect(titled.map((location) => location.hints?.packageName)).toEqual([undefined]);
  });

  it('names the package of a turbo prefix on its own line only', () => {
    const found = scan(["@acme/api:build: src/a.ts(1,2): error TS1005: ';' expected.", "src/b.ts(3,4): error TS1005: ';' expected."]);
    expect(found.map((location) => `${location.file} ${location.hints?.packageName}`)).toEqual([
      'src/a.ts @acme/api',
      'src/b.ts undefined',
    ]);
  });
});

describe('DirectoryContext bounds', () => {
  it('keeps at most 64 folders however many Entering lines have no Leaving line', () => {
    const context = new DirectoryContext();
    for (let index = 0; index < 10_000; index++) context.enter(`/w/${index}`, []);
    // The innermost survive: leaving 64 folders in turn empties the stack, the 65th leave finds nothing.
    for (let index = 9_999; index > 9_999 - 64; index--) {
      expect(context.current()).toBe(`/w/${index}`);
      context.leave(`/w/${index}`, []);
    }
    expect(context.current()).toBeUndefined();
  });

  it('reads only a leading cd step, quoted or not', () => {
    expect(echoedCdFolder('cd lib && cc -c foo.c')).toBe('lib');
    expect(echoedCdFolder('[3/9] cd "/w/my dir" && cc -c foo.c')).toBe('/w/my dir');
    expect(echoedCdFolder('echo cd lib && cc')).toBeUndefined();
    expect(echoedCdFolder('cd lib; cc -c foo.c')).toBeUndefined();
  });
});

// A dense log repeats its lines far apart: the line texts remembered by their bytes (line-texts.ts) must read each
// printing as its first, with what the line's wrapper said (a logger's level, a monorepo package's prefix).
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../../src/core/index.js';
import { scanLog } from '../../_scan.js';

const fields = ({ file, line, column, severity, format, message, hints }: RawLocation) => ({
  file,
  line,
  column,
  severity,
  format,
  message,
  hints,
});
const located = (lines: string[]) => scanLog(lines).filter((location) => !location.hints?.confirm);

describe('repeated lines read as their first printing', () => {
  it('keeps the wrapper level and the package prefix of every printing, past the ring of recent lines', () => {
    const filler = Array.from({ length: 60 }, (_, index) => `step ${index} done`);
    const printing = ['level=warn msg="cmd/app/main.go:7:31: undefined: x"', 'web:build: src/app.ts(3,5): error TS2304: Cannot find name'];
    const repeated = located([...printing, ...filler, ...printing, ...filler, ...printing]);
    // Each line read alone, as a log of its own: what every printing must read as.
    const alone = printing.map((line) => located([line]).map(fields));
    expect(alone.map((reading) => reading.length)).toEqual([1, 1]);
    expect(alone[1]![0]).toMatchObject({ file: 'src/app.ts', line: 3, hints: { packageName: 'web' } });
    expect(repeated.map(fields)).toEqual(alone.flat());
    // The other printings folded into the first: the same reading, on their own log lines.
    expect(repeated.map((location) => location.repeatedAt)).toEqual([
      [63, 125],
      [64, 126],
    ]);
  });
});

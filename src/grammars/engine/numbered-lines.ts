// A paste whose lines carry their line numbers (issue 20, copy damage): a web log viewer's gutter copied along with the
// text (GitLab, Travis, Jenkins), `cat -n`, `nl`, a numbered listing. Every line then starts with a counter one past the
// last, and no tool's head reads behind it: `3 src/a.c:12:5: error` names the file `3 src/a.c`. A column of such
// counters on most of the first lines is the paste's, and peeled like a wrapper's head (./learned-prefix.ts).
import type { LearnedPrefix } from './line-peel.js';

// Right-aligned in a gutter (`  9 `, ` 10 `), then a tab or spaces; a numbered blank line is the counter alone.
const COUNTER = /^( {0,7})(\d{1,7})(\t| +|$)/;
// The anchors' copy: no `^`, no capture group.
const SOURCE = String.raw` {0,7}\d{1,7}(?:\t| +)`;

// Most of the filled lines carry a counter, and most counters follow the last one closely (a blank line the copy lost
// skips one): a tool's own numbers (a count, a size, a code frame's gutter on a few lines) seldom run on like that.
const MIN_LINES = 4;
const MIN_NUMBERED = 0.9;
const MIN_STEPS = 0.8;
const MAX_STEP = 3;

/** The counter column that `lines` (a log's first lines) start with, as a prefix to peel, if it is one. */
export function learnLineNumbers(lines: readonly string[]): LearnedPrefix | undefined {
  let filled = 0;
  let numbered = 0;
  let steps = 0;
  let last: number | undefined;
  // The tool's own indentation starts past the narrowest separator: a line's text may be indented after its counter.
  let separator = Infinity;
  for (const line of lines) {
    if (line.trim() === '') continue;
    filled++;
    const counter = COUNTER.exec(line);
    // A code frame's gutter (`  12 | code`, `12 │ code`) is the tool's own numbering of the source, not the paste's.
    if (counter === null || /^[|│]/.test(line.slice(counter[0].length))) {
      last = undefined;
      continue;
    }
    numbered++;
    const value = Number(counter[2]);
    if (last !== undefined && value > last && value - last <= MAX_STEP) steps++;
    last = value;
    if (counter[3] !== '') separator = Math.min(separator, counter[3]!.length);
  }
  if (filled < MIN_LINES || numbered < filled * MIN_NUMBERED || steps < (numbered - 1) * MIN_STEPS) return undefined;
  const keep = separator === Infinity ? 0 : separator;
  return {
    source: SOURCE,
    beforeListed: true,
    peel(line: string): string {
      const counter = COUNTER.exec(line);
      if (counter === null) return line;
      const gap = counter[3]!;
      return line.slice(counter[0].length - gap.length + Math.min(gap.length, keep));
    },
  };
}

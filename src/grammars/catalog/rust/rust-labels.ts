// rustc's secondary labels (issue 13): in the code frame under a diagnostic's arrow, `----` runs mark other
// spans of the same diagnostic ("expected due to this", "help: remove this `mut`"). Each becomes a related span
// of the diagnostic. The label text is after the run when the run is the line's last mark, else printed on a
// later line at the run's start, below `|` connectors.
import type { LineContext } from '../../engine/format.js';

interface RustLabel {
  line: number;
  column: number;
  endColumn: number;
  message: string;
}

const MAX_FRAME_LINES = 16;

function labelBelow(context: LineContext, marksDelta: number, position: number): string | undefined {
  for (let delta = marksDelta + 1; delta <= marksDelta + 8; delta++) {
    const below = context.line(delta);
    if (below === undefined || !/^\s*\|/.test(below)) return undefined;
    const char = below[position];
    if (char === '|') continue;
    if (char === undefined || char === ' ') return undefined;
    return below.slice(position).trim();
  }
  return undefined;
}

/** The `-` runs (with their labels) in the frame of the arrow on the current line, in single-line spans only. */
export function secondaryLabels(context: LineContext): RustLabel[] {
  const labels: RustLabel[] = [];
  for (let delta = 1; delta <= MAX_FRAME_LINES; delta++) {
    const code = context.line(delta);
    if (code === undefined || code.trim() === '' || /^[a-z]/.test(code)) break;
    const numbered = /^(\s*)(\d+) \| /.exec(code);
    const marks = context.line(delta + 1);
    if (!numbered || marks === undefined) continue;
    const gutter = numbered[0].length;
    if (!/^\s*\| /.test(marks.slice(0, gutter)) || marks.slice(0, gutter).trim() !== '|') continue;
    const line = Number(numbered[2]);
    let position = gutter;
    while (position < marks.length) {
      const char = marks[position];
      if (char === ' ' || char === '^' || char === '|') {
        position++;
        continue;
      }
      if (char !== '-') break; // label text of the last run: no marks after it
      let end = position;
      while (marks[end + 1] === '-') end++;
      const rest = marks.slice(end + 1);
      const sameLine = /^ (\S.*)$/.exec(rest);
      const message = sameLine && !/^ [\^-]/.test(rest) ? sameLine[1] : labelBelow(context, delta + 1, position);
      if (message) labels.push({ line, column: position - gutter + 1, endColumn: end - gutter + 1, message: message.trim() });
      position = end + 1;
    }
  }
  return labels;
}

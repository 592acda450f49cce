// Fable 0.x (2016-2017), the F#-to-JavaScript compiler, printed the F# compiler's errors as `> message` blocks whose
// last line ends in the range and the file's name: `    'Alignment'     (L63,33-L63,49) (Styles.fs)`. Later
// releases print MSBuild's `src/App.fs(247,12): (247,15) error FSHARP: …`, which msbuild reads.
// Link: https://github.com/fable-compiler/Fable/blob/0.7.x/docs/compiling.md
import type { GrammarFormat, LineContext } from '../../engine/format.js';

const RANGE_AND_FILE = /\(L(\d+),(\d+)-L(\d+),(\d+)\) \(([^()\s]+\.fsx?)\)\s*$/;
const MAX_MESSAGE_LINES = 8;

/** The `> message` block this range closes: from the `> ` line above down to the range's line. */
function blockMessage(context: LineContext, lastLine: string): string {
  const lines = [lastLine];
  for (let delta = -1; delta >= -MAX_MESSAGE_LINES; delta--) {
    const line = context.line(delta);
    if (line === undefined || RANGE_AND_FILE.test(line)) break;
    lines.unshift(line.trim());
    if (line.startsWith('> ')) break;
  }
  return lines.join(' ').replace(/^> /, '').replace(/\s+/g, ' ').trim();
}

function parseFable(context: LineContext): boolean {
  const range = RANGE_AND_FILE.exec(context.text);
  if (!range) return false;
  context.emit({
    file: range[5] ?? '',
    line: Number(range[1]),
    column: Number(range[2]),
    endLine: Number(range[3]),
    endColumn: Number(range[4]),
    severity: 'error',
    message: blockMessage(context, context.text.slice(0, range.index).trim()),
  });
  return true;
}

export const fable: GrammarFormat = {
  name: 'fable',
  language: 'F#',
  description:
    'Fable 0.x (`fable` F#-to-JS compiler): `> This expression was expected to have type` blocks closed by `(L63,33-L63,49) ' +
    '(Styles.fs)`.',
  // The F# compiler's ranges count columns from 0.
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message'],
  observed: false,
  url: 'https://github.com/fable-compiler/Fable/blob/0.7.x/docs/compiling.md',
  // The range ends its line, whose start is a block's `> ` (a one-line message) or the indented `'Type'` that closes a
  // longer one: line-start alternatives with a narrow first character, as the prefilter needs.
  anchor: String.raw`^> [^\n]{0,400}\(L\d+,\d+-L\d+,\d+\) \(|^[ \t]+'[^\n]{0,400}\(L\d+,\d+-L\d+,\d+\) \(`,
  parse: parseFable,
};

// awk, in its three common implementations, each naming a script's place its own way:
// - the one true awk (BWK: macOS, the BSDs, Debian's original-awk): `awk: syntax error at source line 13 source file
//   do.awk`, then ` context is` and the line with the offending token between `>>>` and `<<<`;
// - mawk (Debian and Ubuntu's default awk): `awk: parse.awk: line 2: syntax error at or near ,`;
// - gawk: `gawk: sum.awk:4: END { print total, }` echoes the source line, then `gawk: sum.awk:4:   ^ syntax error`.
// A program given on the command line has no file (`at source line 1` alone, `mawk: line 1:`, `gawk: cmd. line:1:`):
// its lines are claimed and nothing is reported, since no workspace file holds it.
// Link: https://www.gnu.org/software/gawk/manual/html_node/Options.html
// Link: https://invisible-island.net/mawk/manpage/mawk.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { plausiblePath } from './shared/common.js';

const PROGRAM = '(awk|gawk|mawk|nawk|original-awk): ';
const BWK = new RegExp(`^${PROGRAM}(.+?) at source line (\\d+)(?: source file (.+?))?\\s*$`);
const MAWK = new RegExp(`^${PROGRAM}(?:(.+?): )?line (\\d+): (.*)$`);
const GAWK = new RegExp(`^${PROGRAM}(.+?):(\\d+): (.*)$`);
// gawk's caret line under its echo of the source line: the column is the caret's, the message follows it.
const CARET = /^(\s*)\^ ?(.*)$/;

function severityOfMessage(message: string): 'error' | 'warning' {
  return /^warning\b/i.test(message) ? 'warning' : 'error';
}

// Which capture group of a one-line shape holds the file, the line and the message.
interface AwkGroups {
  file: number;
  line: number;
  message: number;
}
const BWK_GROUPS: AwkGroups = { file: 4, line: 3, message: 2 };
const MAWK_GROUPS: AwkGroups = { file: 2, line: 3, message: 4 };

// A one-line shape (BWK's, mawk's): no file is a command-line program, claimed and not reported.
function parseOneLine(context: LineContext, shape: RegExp, groups: AwkGroups): boolean {
  const match = shape.exec(context.text);
  if (!match) return false;
  const file = match[groups.file];
  if (file === undefined) return true;
  if (!plausiblePath(file)) return false;
  const message = match[groups.message] ?? '';
  context.emit({ file, line: Number(match[groups.line]), severity: severityOfMessage(message), message });
  return true;
}

function parseGawk(context: LineContext): boolean {
  const match = GAWK.exec(context.text);
  if (!match) return false;
  const [, program = '', file = '', line = '', rest = ''] = match;
  if (file === 'cmd. line') return true;
  if (!plausiblePath(file)) return false;
  const head = `${program}: ${file}:${line}: `;
  const caret = CARET.exec(rest);
  if (caret) {
    // The caret sits under the echoed source text, which starts where the message starts on the line above.
    const message = caret[2] ?? '';
    context.emit({ file, line: Number(line), column: (caret[1] ?? '').length + 1, severity: severityOfMessage(message), message });
    return true;
  }
  // The echo of the source line: its caret line below carries the message.
  const next = context.line(1);
  if (next !== undefined && next.startsWith(head) && CARET.test(next.slice(head.length))) return true;
  context.emit({ file, line: Number(line), severity: severityOfMessage(rest), message: rest.replace(/^(?:warning|fatal|error): /i, '') });
  return true;
}

const awk: GrammarFormat = {
  name: 'awk',
  language: 'awk',
  description:
    '`awk -f x.awk`: the one true awk `awk: syntax error at source line 13 source file do.awk`, mawk ' +
    '`awk: parse.awk: line 2: syntax error at or near ,`, gawk `gawk: sum.awk:4: ^ syntax error` under its echo of the line.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://www.gnu.org/software/gawk/manual/html_node/Options.html',
  anchor: '^(?:awk|gawk|mawk|nawk|original-awk): ',
  parse: (context) => parseOneLine(context, BWK, BWK_GROUPS) || parseOneLine(context, MAWK, MAWK_GROUPS) || parseGawk(context),
};

export const awkFamily: GrammarFamily = { formats: [awk] };

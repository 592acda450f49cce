// GNAT's verbose and listing output (`gnatmake -gnatv`, `gcc -c -gnatl`, and the default of some old project
// makefiles): `Compiling: src/x.adb` names the unit once, then each diagnostic quotes its source line with the line's
// number (`    15. with Parts;`), a caret line (`|` under the column), and the message after `>>> ` (`>>> error: file
// "parts.ads" not found`; GNAT before 10 prints no severity word). The brief `x.adb:15:10: error:` form is gcc's shape.
// Link: https://gcc.gnu.org/onlinedocs/gnat_ugn/Output-and-Error-Message-Control.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { plausiblePath } from './shared/common.js';

const COMPILING = /^Compiling: (.+?)\s*$/;
const MESSAGE = /^(\s*)>>> (.*)$/;
// `    15. with Parts;`: the number, its dot and one blank before the source text.
const NUMBERED = /^(\s*(\d{1,7})\. )/;
const CARET = /^(\s*)\|\s*$/;
// How far above a message its numbered line may be: the caret line and the messages before this one for the same line.
const LOOK_BACK = 8;

interface Unit {
  file?: string;
}

function severityOf(message: string): 'error' | 'warning' | 'note' {
  if (/^(?:warning|\(style\))/i.test(message)) return 'warning';
  return /^(?:info|note)\b/i.test(message) ? 'note' : 'error';
}

function parseListing(context: LineContext): boolean {
  const unit = context.shared<Unit>('gnat-listing', () => ({}));
  const compiling = COMPILING.exec(context.text);
  if (compiling) {
    const file = compiling[1]!;
    if (!plausiblePath(file)) return false;
    unit.file = file;
    return true;
  }
  const message = MESSAGE.exec(context.text);
  if (!message || unit.file === undefined) return false;
  let caretAt: number | undefined;
  for (let delta = -1; delta >= -LOOK_BACK; delta--) {
    const above = context.line(delta);
    if (above === undefined) return false;
    if (MESSAGE.test(above)) continue;
    const caret = CARET.exec(above);
    if (caret) {
      caretAt ??= caret[1]!.length;
      continue;
    }
    const numbered = NUMBERED.exec(above);
    if (!numbered) return false;
    const text = message[2]!;
    const column = caretAt === undefined || caretAt < numbered[1]!.length ? null : caretAt - numbered[1]!.length + 1;
    context.emit({
      file: unit.file,
      line: Number(numbered[2]),
      column,
      severity: severityOf(text),
      message: text.replace(/^(?:error|warning|info|note): /i, ''),
    });
    return true;
  }
  return false;
}

const gnatListing: GrammarFormat = {
  name: 'gnat-listing',
  language: 'Ada',
  description:
    "GNAT's verbose listing (`gnatmake -gnatv`, `-gnatl`): `Compiling: src/x.adb`, then the quoted source line " +
    '`    15. with Parts;`, a `|` under the column and `>>> error: message`.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://gcc.gnu.org/onlinedocs/gnat_ugn/Output-and-Error-Message-Control.html',
  anchor: '^Compiling: |^\\s+>>> ',
  parse: parseListing,
};

export const adaFamily: GrammarFamily = { formats: [gnatListing] };

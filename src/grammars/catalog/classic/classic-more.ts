// More of Emacs compile-mode's catalog: AIX xlc's sentence (`… in line 8 of file errors.c …`), lcc
// (`E, file.cc(35,52) msg`), Open Watcom (`lister.c(109): Error! E1009: msg`) and Pod::Checker
// (`*** ERROR: … on line 37 … in file bar.pl`), the `File = x.c, Line = 38` heads of Sun/SGI/Cray-style compilers
// and EPC Fortran (`Error 24 at (2:prog.f90) : msg`). Emacs's `aix`, `lcc`, `watcom`, `perl--Pod::Checker`, `sun`
// and `epc`.
// Link: https://www.gnu.org/software/emacs/manual/html_node/emacs/Compilation-Mode.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

const EMACS_URL = 'https://www.gnu.org/software/emacs/manual/html_node/emacs/Compilation-Mode.html';

function parseAix(context: LineContext): boolean {
  const match = /^(.*?) in line (\d+) of file (\S+?)\.? (.*)$/.exec(context.text);
  if (!match || !plausiblePath(match[3] ?? '')) return false;
  const lead = (match[1] ?? '').replace(/^\W+/, '').trim();
  context.emit({ file: match[3] ?? '', line: Number(match[2]), severity: /warning/i.test(lead) ? 'warning' : 'error', message: lead });
  return true;
}

export const aix: GrammarFormat = {
  name: 'aix',
  language: 'C',
  description: 'AIX compilers and lint in sentence form: `****** Error number 140 in line 8 of file errors.c ******`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: EMACS_URL,
  anchor: ' in line \\d+ of file \\S',
  parse: parseAix,
};

function parseLcc(context: LineContext): boolean {
  const match = /^([EW]), ([^(\n]+)\((\d+),\s*(\d+)\) (.*)$/.exec(context.text);
  if (!match || !plausiblePath(match[2] ?? '')) return false;
  context.emit({
    file: match[2] ?? '',
    line: Number(match[3]),
    column: Number(match[4]),
    severity: match[1] === 'W' ? 'warning' : 'error',
    message: match[5] ?? '',
  });
  return true;
}

export const lcc: GrammarFormat = {
  name: 'lcc',
  language: 'C',
  description: 'lcc: `E, file.cc(35,52) Illegal operation on pointers`, `W, file.cc(36,52) …`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://github.com/drh/lcc',
  anchor: '^[EW], [^(\\n]{1,300}\\(\\d+,',
  parse: parseLcc,
};

function parseWatcom(context: LineContext): boolean {
  const match = /^\s*([^\s:(][^:(\t\n]*)\((\d+)\): ?(Error|Warning)! ([EW]\d+): ?(.*)$/.exec(context.text);
  if (!match || !plausiblePath(match[1] ?? '')) return false;
  context.emit({
    file: match[1] ?? '',
    line: Number(match[2]),
    severity: match[3] === 'Warning' ? 'warning' : 'error',
    code: match[4] ?? null,
    message: match[5] ?? '',
  });
  return true;
}

export const watcom: GrammarFormat = {
  name: 'watcom',
  language: 'C/C++',
  description: "Open Watcom C/C++: `..\\src\\ctrl\\lister.c(109): Error! E1009: Expecting ';' but found '{'`.",
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://open-watcom.github.io/open-watcom-v2-wikidocs/cguide.html',
  anchor: '\\.[A-Za-z][A-Za-z0-9+_]{0,11}\\(\\d+\\): ?(?:Error|Warning)! ',
  parse: parseWatcom,
};

function parsePodchecker(context: LineContext): boolean {
  const match = /^\*\*\* (ERROR|WARNING): (.*?) (?:at|on) line (\d+) (?:.* )?in file (\S+)$/.exec(context.text);
  if (!match) return false;
  context.emit({
    file: match[4] ?? '',
    line: Number(match[3]),
    severity: match[1] === 'WARNING' ? 'warning' : 'error',
    message: match[2] ?? '',
  });
  return true;
}

export const podchecker: GrammarFormat = {
  name: 'podchecker',
  language: 'Perl',
  description:
    '`podchecker lib/Shop.pm` (Pod::Checker): `*** ERROR: =over on line 37 without closing =back at line EOF in file lib/Shop.pm`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://perldoc.perl.org/Pod::Checker',
  anchor: '^\\*\\*\\* (?:ERROR|WARNING): ',
  parse: parsePodchecker,
};

// `cc-1070 cc: WARNING File = linkl.c, Line = 38` and `cf90-113 f90comp: ERROR NSE, File = x.f90, Line = 16, Column = 3`:
// the message follows on the next, indented line; the head's first word (`cc-1070`) is the message number.
const FILE_EQUALS = /^(\S+) .*?: (ERROR|WARNING|REMARK)(?: [A-Za-z0-9 ]+)?,? File = (.+?), Line = (\d+)(?:, Column = (\d+))?\s*$/;

function parseFileEquals(context: LineContext): boolean {
  const match = FILE_EQUALS.exec(context.text);
  if (!match) return false;
  const severity = match[2] === 'ERROR' ? 'error' : match[2] === 'WARNING' ? 'warning' : 'note';
  const below = /^\s+(\S.*)$/.exec(context.line(1) ?? '')?.[1];
  context.emit({
    file: match[3] ?? '',
    line: Number(match[4]),
    column: match[5] === undefined ? null : Number(match[5]),
    severity,
    code: match[1] ?? null,
    message: (below ?? context.text).trim(),
  });
  return true;
}

export const fileEquals: GrammarFormat = {
  name: 'sun-cc',
  language: 'C/C++/Fortran',
  description:
    'Compilers with `File = …, Line = …` heads (SGI MIPSpro, Cray, Sun-style): `cc-1070 cc: WARNING File = linkl.c, Line = 38`, ' +
    '`cf90-113 f90comp: ERROR NSE, File = x.f90, Line = 16, Column = 3`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: EMACS_URL,
  // The message number (`cc-1174`, `cf90-113`) leads the line, and the head has the `Line = 38` the parse needs: the
  // universal `line N` anchor selects it, so the prefilter does not try this letter-led head at every line start.
  anchor: '^[A-Za-z]\\w*-\\d+ [\\w.-]+: (?:ERROR|WARNING|REMARK)\\b.*, Line = \\d',
  parse: parseFileEquals,
};

function parseEpc(context: LineContext): boolean {
  const match = /^(Error|Warning) (\d+) at \((\d+):([^)\s]+)\)\s*:?\s*(.*)$/.exec(context.text);
  if (!match || !plausiblePath(match[4] ?? '')) return false;
  context.emit({
    file: match[4] ?? '',
    line: Number(match[3]),
    severity: match[1] === 'Warning' ? 'warning' : 'error',
    code: match[2] ?? null,
    message: match[5] ?? '',
  });
  return true;
}

export const epc: GrammarFormat = {
  name: 'epc',
  language: 'Fortran',
  description: 'EPC Fortran: `Error 24 at (2:prog.f90) : syntax error` (the line before the file, in parentheses).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: false,
  url: EMACS_URL,
  anchor: '^(?:Error|Warning) \\d+ at \\(\\d+:',
  parse: parseEpc,
};

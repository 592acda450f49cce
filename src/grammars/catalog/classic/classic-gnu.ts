// The GNU Coding Standards' less common location forms (dotted columns, ranges, `{standard input}` from gas)
// and the quoted/comma forms of older Unix compilers (EDG-based and Sun cc, IBM xlc, MIPSpro/Compaq cc,
// Sun Ada). Emacs compile-mode's `gnu`, `comma`, `edg-2`, `irix` and `sun-ada` entries document them.
// Link: https://www.gnu.org/prep/standards/html_node/Errors.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { Severity } from '../../../core/index.js';
import { parseSeverityTail, plausiblePath, severityOf } from '../shared/common.js';

// `prog: ` before the file is allowed by the standard (`gcc: a.c:3.5: …`); the file has no spaces or colons, or is
// double-quoted as the Nu Html Checker's `--format gnu` prints its file URL (`"file:/site/index.html":9.13-9.17: error:`).
const GNU_DOTTED =
  /^(?:[A-Za-z][\w.-]*: ?)?(?:"([^"]+)"|([^\s:"]+)):(\d+)(?:\.(\d+)(?:-(?:(\d+)\.)?(\d+))?|:(\d+)-(?:(\d+)\.)?(\d+)|-(\d+)):(?=\s|$)(.*)$/;

// The Nu Html Checker calls its warnings `info warning:` and its notes `info:`.
const INFO_WARNING = /^:?\s*info warning:\s?/;

// Bison and flex, the main users of dotted columns, report their own grammar files.
const GRAMMAR_SOURCE = /[^\s:]\.(?:y|yy|ypp|l|ll|lpp|lex|bison|flex)$/;

function parseGnu(context: LineContext): boolean {
  const text = context.text;
  // gas reports code gcc handed it through a pipe: no workspace file, so the place is dropped as runtime.
  const stdin = /^\{standard input\}:(\d+): (Error|Warning|Info): (.*)$/.exec(text);
  if (stdin) {
    context.emit({
      file: '{standard input}',
      line: Number(stdin[1]),
      severity: severityOf(stdin[2]),
      message: stdin[3] ?? '',
      hints: { runtime: true },
    });
    return true;
  }
  const match = GNU_DOTTED.exec(text);
  const file = match?.[1] ?? match?.[2] ?? '';
  if (!match || !(plausiblePath(file) || GRAMMAR_SOURCE.test(file))) return false;
  const line = Number(match[3]);
  const int = (value: string | undefined): number | null => (value === undefined ? null : Number(value));
  // Three spellings: L.C[-[EL.]EC], L:C-[EL.]EC, L-EL (a line range without columns).
  const column = int(match[4] ?? match[7]);
  const endColumn = int(match[6] ?? match[9]);
  const endLine = int(match[5] ?? match[8] ?? match[10]) ?? (endColumn === null ? null : line);
  const rest = match[11] ?? '';
  const infoWarning = INFO_WARNING.exec(rest);
  const tail = infoWarning
    ? { severity: 'warning' as const, code: null, message: rest.slice(infoWarning[0].length) }
    : parseSeverityTail(rest);
  context.emit({
    file,
    line,
    column,
    endLine,
    endColumn,
    severity: tail.severity ?? 'error',
    code: tail.code,
    message: tail.message.trim(),
  });
  return true;
}

export const gnu: GrammarFormat = {
  name: 'gnu',
  language: 'C/C++ and any GNU-style tool',
  description:
    'GNU Coding Standards forms gcc does not print: `file:L.C: msg`, `file:L.C-EC:`, `file:L.C-EL.EC:`, `file:L-EL:`, `file:L:C-EC:`, ' +
    'the same with a double-quoted file (the Nu Html Checker\'s `"file:/x/index.html":9.13-9.17: error: msg`), ' +
    "and gas's `{standard input}:N: Error: …` (dropped: no workspace file).",
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message'],
  observed: false,
  url: 'https://www.gnu.org/prep/standards/html_node/Errors.html',
  // The dotted and ranged forms start with `.ext:N`, which the universal anchor selects; gas's does not.
  anchor: '\\.[A-Za-z][A-Za-z0-9+_]{0,11}"?:\\d+(?:[.-]\\d|:\\d+-\\d)|^\\{standard input\\}:\\d',
  parse: parseGnu,
};

const EDG_SEVERITY = /^\s*(?:(?:catastrophic |fatal )?(error|warning|remark|note|info)(?: #\w+)?:)\s*/i;
// xlc's `1506-045 (S) msg`: S/E/U are errors, W warnings, I informational.
const XLC_CODE = /^\s*(\d{4}-\d{3}) \(([SEUWI])\) /;

function parseEdg(context: LineContext): boolean {
  const text = context.text;
  // `"file", line N[.C | (col C) | (C) | , col C | pos C]: [severity: ]msg`.
  const quoted = /^"([^"]+)", line (\d+)(?:\.(\d+)|\((?:(?:col|pos) )?(\d+)\)|, col(?:umn)? (\d+)| pos (\d+))?[:.,;]? ?(.*)$/.exec(text);
  const trailing = quoted ? undefined : /^(.*\S)\s+at line (\d+) of "([^"]+)"$/.exec(text);
  if (!quoted && !trailing) return false;
  const file = quoted ? (quoted[1] ?? '') : (trailing?.[3] ?? '');
  if (file.includes('\n') || file.trim() === '') return false;
  let message = quoted ? (quoted[7] ?? '') : (trailing?.[1] ?? '');
  // EDG's trailing form is a context line (`detected during instantiation of … at line 5 of "x.h"`).
  let severity: Severity | null = quoted ? 'error' : 'note';
  let code: string | null = null;
  const word = EDG_SEVERITY.exec(message);
  const xlc = XLC_CODE.exec(message);
  if (word) {
    severity = severityOf(word[1]);
    message = message.slice(word[0].length);
  } else if (xlc) {
    code = xlc[1] ?? null;
    severity = xlc[2] === 'W' ? 'warning' : xlc[2] === 'I' ? 'note' : 'error';
    message = message.slice(xlc[0].length);
  }
  const columnText = quoted ? (quoted[3] ?? quoted[4] ?? quoted[5] ?? quoted[6]) : undefined;
  const line = Number(quoted ? quoted[2] : trailing?.[2]);
  context.emit({ file, line, column: columnText === undefined ? null : Number(columnText), severity, code, message: message.trim() });
  return true;
}

export const edg: GrammarFormat = {
  name: 'edg',
  language: 'C/C++',
  description:
    'EDG-based and Sun Studio `cc`, IBM xlc and other Unix compilers: `"file.c", line 12: error: msg`, `"file.c", line 12.5: 1506-045 ' +
    '(S) msg`, `"f.c", line 3(col 7):`, `"f.adb", line 3(7):`, `"f.c", line 3 pos 7;` and EDG\'s `… at line 5 of "file.c"`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://www.ibm.com/docs/en/xl-c-and-cpp-aix/16.1?topic=messages-compiler-message-format',
  // Line-start `"` (quoted path), or the trailing `at line N of "…"` (the universal `line N` selects it).
  anchor: '^"[^"\\n]{1,400}", line \\d|at line \\d+ of "',
  parse: parseEdg,
};

// `cc: Error: foo.c, line 12: msg` (MIPSpro, Compaq/DEC cc) or plain `foo.c, line 12: msg`.
const IRIX = /^(?:[\w/ -]{1,40}: (?:(severe|error|warning|info)[\d ]*: )?)?([^\s,":]+), line (\d+): ?(.*)$/i;
// MIPS `cfe` also prints `file: N:` with a space after the colon, always after its `cfe: Warning 600: ` head.
const IRIX_CFE = /^(?:[\w/ .-]{1,60}: (severe|error|warning|info)[\d ]*: )([^\s,":]+): (\d+): ?(.*)$/i;

function parseIrix(context: LineContext): boolean {
  const match = IRIX.exec(context.text) ?? IRIX_CFE.exec(context.text);
  if (!match || !plausiblePath(match[2] ?? '')) return false;
  const word = (match[1] ?? '').toLowerCase();
  const severity: Severity = word === 'warning' ? 'warning' : word === 'info' ? 'note' : 'error';
  context.emit({ file: match[2] ?? '', line: Number(match[3]), severity, message: (match[4] ?? '').trim() });
  return true;
}

export const irix: GrammarFormat = {
  name: 'irix',
  language: 'C/C++/Fortran',
  description:
    'MIPSpro and Compaq/DEC compilers and other comma forms: `cc: Error: foo.c, line 12: msg`, `cfe: Warning 1: foo.c, line 3: msg`, ' +
    '`foo.f, line 12: msg`, and `cfe: Error: foo.c: 12: msg`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://www.gnu.org/software/emacs/manual/html_node/emacs/Compilation-Mode.html',
  anchor: ', line \\d+: |\\.[A-Za-z][A-Za-z0-9+_]{0,11}: \\d+: ',
  parse: parseIrix,
};

function parseSunAda(context: LineContext): boolean {
  const match = /^([^\s,]+), line (\d+), char (\d+)[:., (-] ?(.*)$/.exec(context.text);
  // The `, line N, char C` shape is fixed, so an extension no list knows (Verdix Ada's `.a`) is taken too.
  if (!match || !(plausiblePath(match[1] ?? '') || /[\\/.]/.test(match[1] ?? ''))) return false;
  const tail = parseSeverityTail(match[4] ?? '');
  context.emit({
    file: match[1] ?? '',
    line: Number(match[2]),
    column: Number(match[3]),
    severity: tail.severity ?? 'error',
    message: tail.message.trim(),
  });
  return true;
}

export const sunAda: GrammarFormat = {
  name: 'sun-ada',
  language: 'Ada',
  description: 'Sun Ada (and Verdix-style compilers): `hello.adb, line 12, char 5: msg`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://www.gnu.org/software/emacs/manual/html_node/emacs/Compilation-Mode.html',
  anchor: ', line \\d+, char \\d',
  parse: parseSunAda,
};

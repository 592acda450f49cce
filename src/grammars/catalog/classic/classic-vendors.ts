// Vendor compilers and tools with a shape of their own: Borland/Embarcadero C++ (`Error E2209 foo.c 15: msg`),
// IBM VisualAge/z/OS (`foo.c(12:5) : error EDC0045: msg`), IAR (`"foo.c",12  Error[Pe020]: msg`) and makepp
// (`makepp: … `Makeppfile:12'`). Emacs compile-mode's entries of the same names document each.
// Link: https://www.gnu.org/software/emacs/manual/html_node/emacs/Compilation-Mode.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { Severity } from '../../../core/index.js';
import { plausiblePath } from '../shared/common.js';

function parseBorland(context: LineContext): boolean {
  const match = /^(Error|Warning|Fatal) (?:([FEW]\d+) )?([A-Za-z]?:?[^:(\s]+) (\d+)(?:: ?|[) \t])(.*)$/.exec(context.text);
  if (!match || !plausiblePath(match[3] ?? '')) return false;
  const severity: Severity = match[1] === 'Warning' ? 'warning' : 'error';
  context.emit({ file: match[3] ?? '', line: Number(match[4]), severity, code: match[2] ?? null, message: (match[5] ?? '').trim() });
  return true;
}

export const borland: GrammarFormat = {
  name: 'borland',
  language: 'C/C++',
  description:
    "Borland/Embarcadero C++ (bcc32): `Error E2209 foo.c 15: Unable to open include file 'x.h'`, `Warning W8004 foo.c 22: …` (code " +
    'optional).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://docwiki.embarcadero.com/RADStudio/en/Compiler_Errors_And_Warnings_(C%2B%2B)_Index',
  anchor: '^(?:Error|Warning|Fatal) (?:[FEW]\\d+ )?\\S+ \\d',
  parse: parseBorland,
};

function parseIbm(context: LineContext): boolean {
  const match = /^([^(\s]+)\((\d+):(\d+)\) : (?:(error|warning|informational)\s+)?(?:([A-Z]{3}\d{4})(?:\([A-Z]\))?:?\s*)?(.*)$/i.exec(
    context.text,
  );
  if (!match || !plausiblePath(match[1] ?? '')) return false;
  const word = (match[4] ?? '').toLowerCase();
  const severity: Severity = word === 'warning' ? 'warning' : word === 'informational' ? 'note' : 'error';
  context.emit({
    file: match[1] ?? '',
    line: Number(match[2]),
    column: Number(match[3]),
    severity,
    code: match[5] ?? null,
    message: (match[6] ?? '').trim(),
  });
  return true;
}

export const ibm: GrammarFormat = {
  name: 'ibm',
  language: 'C/C++',
  description: 'IBM VisualAge C++ / z/OS XL C: `foo.c(12:5) : error EDC0045: msg`, `… : informational EDC0140: …`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://www.ibm.com/docs/en/zos/2.5.0?topic=messages-xl-c-compiler',
  anchor: '\\.[A-Za-z][A-Za-z0-9+_]{0,11}\\(\\d+:\\d+\\) : ',
  parse: parseIbm,
};

// The compiler's `"src/main.c",12  Error[Pe020]: msg`, and the IDE build window's order, message first and the place
// after it (`Error[Pe020]: identifier "x" is undefined C:\fw\libs\clock.c 82`, the path may hold blanks).
const IAR_PLACE_FIRST = /^"([^"]+)",(\d+)\s+(Error|Warning|Remark|Fatal [Ee]rror)\[(\w+)\]: (.*)$/;
const IAR_HEAD = /^\s*(Error|Warning|Remark|Fatal [Ee]rror)\[(\w+)\]: /;

// The build window's `message path line`: the line number ends the row and an absolute path (a drive or a UNC head,
// blanks allowed after it) or else the last blank-free token is the file. Searched by hand, each step linear.
function messageFirst(text: string): { word: string; code: string; message: string; file: string; line: number } | undefined {
  const head = IAR_HEAD.exec(text);
  const end = head ? /\s(\d{1,7})\s*$/.exec(text) : null;
  if (!head || !end) return undefined;
  const body = text.slice(head[0].length, end.index);
  const drive = /\s(?:[A-Za-z]:[\\/]|\\\\)/.exec(body);
  const cut = drive ? drive.index : body.lastIndexOf(' ');
  if (cut < 0) return undefined;
  return {
    word: head[1] ?? '',
    code: head[2] ?? '',
    message: body.slice(0, cut).trim(),
    file: body.slice(cut).trim(),
    line: Number(end[1]),
  };
}

function parseIar(context: LineContext): boolean {
  const first = IAR_PLACE_FIRST.exec(context.text);
  const row = first
    ? { word: first[3] ?? '', code: first[4] ?? '', message: first[5] ?? '', file: first[1] ?? '', line: Number(first[2]) }
    : messageFirst(context.text);
  if (!row || (!first && !plausiblePath(row.file))) return false;
  const severity: Severity = row.word === 'Warning' ? 'warning' : row.word === 'Remark' ? 'note' : 'error';
  context.emit({ file: row.file, line: row.line, severity, code: row.code || null, message: row.message.trim() });
  return true;
}

export const iar: GrammarFormat = {
  name: 'iar',
  language: 'C/C++ (embedded)',
  description:
    'IAR Embedded Workbench compilers: `"src/main.c",12  Error[Pe020]: identifier "x" is undefined` (Warning/Remark likewise), and ' +
    'the IDE build window\'s `Error[Pe020]: identifier "x" is undefined C:\\fw\\libs\\clock.c 82`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://www.iar.com/knowledge/support/technical-notes/',
  anchor: '^"[^"\\n]{1,400}",\\d+\\s+(?:Error|Warning|Remark|Fatal error)\\[|(?:Error|Warning|Remark)\\[\\w+\\]: ',
  parse: parseIar,
};

function parseMakepp(context: LineContext): boolean {
  const match = /^makepp(?:: (warning|error))?:? (.*?)`([^`':\s]+):(\d+)'(.*)$/.exec(context.text);
  if (!match) return false;
  const severity: Severity = match[1] === 'warning' ? 'warning' : 'error';
  context.emit({
    file: match[3] ?? '',
    line: Number(match[4]),
    severity,
    message: `${match[2] ?? ''}${match[5] ?? ''}`.replace(/\s+(?:from rule )?at\s*$/, '').trim(),
  });
  return true;
}

export const makepp: GrammarFormat = {
  name: 'makepp',
  language: 'Make',
  description:
    "makepp: `makepp: warning: … at `Makeppfile:12'`, `makepp: error: … `src/Makeppfile:7'` (the quoted `file:line` names the rule).",
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://makepp.sourceforge.net/2.0/makepp_tutorial.html',
  // The quoted place is checked by the parser: a `.*` before it in the anchor could backtrack on long lines.
  anchor: '^makepp[:\\w]',
  parse: parseMakepp,
};

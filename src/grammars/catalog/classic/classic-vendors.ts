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

function parseIar(context: LineContext): boolean {
  const match = /^"([^"]+)",(\d+)\s+(Error|Warning|Remark|Fatal error)\[(\w+)\]: (.*)$/.exec(context.text);
  if (!match) return false;
  const severity: Severity = match[3] === 'Warning' ? 'warning' : match[3] === 'Remark' ? 'note' : 'error';
  context.emit({ file: match[1] ?? '', line: Number(match[2]), severity, code: match[4] ?? null, message: match[5] ?? '' });
  return true;
}

export const iar: GrammarFormat = {
  name: 'iar',
  language: 'C/C++ (embedded)',
  description: 'IAR Embedded Workbench compilers: `"src/main.c",12  Error[Pe020]: identifier "x" is undefined` (Warning/Remark likewise).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://www.iar.com/knowledge/support/technical-notes/',
  anchor: '^"[^"\\n]{1,400}",\\d+\\s+(?:Error|Warning|Remark|Fatal error)\\[',
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

// Fortran and Ada compilers: gfortran's split diagnostics, Intel Fortran/EDG paren heads, GNAT.
// Link: https://gcc.gnu.org/onlinedocs/gfortran/Error-and-Warning-Options.html ,
// https://www.intel.com/content/www/us/en/docs/fortran-compiler/developer-guide-reference/2023-0/diagnostic-options.html ,
// https://gcc.gnu.org/onlinedocs/gnat_ugn/Output-and-Error-Message-Control.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { caretColumn, parseColonHead, parseParenHead, severityOf } from '../shared/common.js';
import { LOCATION_ANCHOR } from '../../engine/anchors.js';

const FORTRAN = /\.(?:f|for|ftn|f77|f90|f95|f03|f08|fpp|F|FOR|F90|F95|F03|F08)$/;

// gfortran prints `src/solve.f90:4:22:` ALONE, then a blank line, the code frame with a `1` marker, and the
// `Error: …` line a few lines below (formats.md §3.10). Two-locus messages repeat the head for `(2)`.
function parseGfortran(context: LineContext): boolean {
  const text = context.text;
  if (!text.endsWith(':')) return false;
  const head = parseColonHead(context);
  if (!head || head.rest !== ':' || !FORTRAN.test(head.file)) return false;
  for (let delta = 1; delta <= 12; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    const diagnostic = /^(Error|Warning|Fatal Error|Note|Sorry|Internal Error): (.*)$/.exec(line);
    if (!diagnostic) continue;
    let message = diagnostic[2] ?? '';
    const flag = /\s\[(-W[\w=+-]+)\]$/.exec(message);
    if (flag) message = message.slice(0, flag.index);
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      endLine: head.endLine,
      endColumn: head.endColumn,
      severity: severityOf(
        diagnostic[1] === 'Fatal Error'
          ? 'fatal'
          : diagnostic[1] === 'Sorry' || diagnostic[1] === 'Internal Error'
            ? 'error'
            : diagnostic[1],
      ),
      code: flag?.[1] ?? null,
      message,
    });
    return true;
  }
  return false;
}

export const gfortran: GrammarFormat = {
  name: 'gfortran',
  language: 'Fortran',
  description:
    "`gfortran -c src/solve.f90`: `src/solve.f90:4:22:` alone, blank, code frame, marker `1`, then `Error: Missing ')' in " +
    'expression at (1)` (multi-line).',
  columnBase: 1,
  // gfortran loci go through gcc's diagnostic machinery (-fdiagnostics-column-unit, display by default).
  columnUnit: 'display',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://gcc.gnu.org/onlinedocs/gfortran/Error-and-Warning-Options.html',
  anchor: LOCATION_ANCHOR,
  parse: parseGfortran,
};

// `src/solve.f90(4): error #6404: This name does not have a type…   [Z]`, the source line, then a caret
// line `-----------^` whose caret marks the column (Intel Fortran ifort/ifx, and EDG-based icc).
function parseIfort(context: LineContext): boolean {
  const text = context.text;
  if (!/\(\d+\): (?:error|warning|remark|catastrophic error)\b/.test(text)) return false;
  const head = parseParenHead(context);
  if (!head || head.column !== null) return false;
  const tail = /^: (catastrophic error|error|warning|remark)(?: #(\d+))?: (.*)$/.exec(head.rest);
  if (!tail) return false;
  const caretLine = context.line(2);
  const column = caretLine !== undefined && /^-*\^\s*$/.test(caretLine) ? caretColumn(caretLine.replace(/-/g, ' ')) : null;
  context.emit({
    file: head.file,
    line: head.line,
    column,
    severity: tail[1] === 'remark' ? 'note' : tail[1] === 'warning' ? 'warning' : 'error',
    code: tail[2] ? `#${tail[2]}` : null,
    message: (tail[3] ?? '').replace(/\s{2,}(\[[^\]]*\])$/, ' $1'),
  });
  return true;
}

export const ifort: GrammarFormat = {
  name: 'ifort',
  language: 'Fortran',
  description:
    '`ifort -c src/solve.f90` / `ifx` (and EDG-based `icc`): `src/solve.f90(4): error #6404: …   [Z]`, the source line, a `----^` ' +
    'caret line.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://www.intel.com/content/www/us/en/docs/fortran-compiler/developer-guide-reference/2023-0/diagnostic-options.html',
  anchor: LOCATION_ANCHOR,
  parse: parseIfort,
};

const ADA = /\.(?:adb|ads|ada|gpr)$/;

// `main.adb:6:22: error: missing ";"` — GNAT zero-pads the column to two digits; older GNATs print no
// `error:` word (every unlabelled message is an error), and style checks read `(style) …`.
// GNAT names a second place in the message text: where the entity was declared, a generic instantiated.
const GNAT_ELSEWHERE = /\b(declared|defined|instantiated) at ([^\s:"]+\.ad[sbac]):(\d+)(?::(\d+))?/;

function parseGnat(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || !ADA.test(head.file) || !head.rest.startsWith(': ')) return false;
  const tail = /^: (?:(error|warning|info|low warning|medium warning|high warning|check): |(\(style\)) )?(.*)$/.exec(head.rest);
  if (!tail) return false;
  const word = tail[1] ?? '';
  const severity = tail[2]
    ? 'warning'
    : word === '' || word === 'error' || word === 'check'
      ? 'error'
      : word === 'info'
        ? 'note'
        : 'warning';
  // GNAT names the unit's file without its directory (`main.adb` for `src/main.adb`).
  const hints = head.file.includes('/') ? undefined : { basenameOnly: true };
  const message = tail[3] ?? '';
  const raw = context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity,
    message,
    code: tail[2] ? 'style' : null,
    ...(hints ? { hints } : {}),
  });
  // `… in call to "Scale" declared at shapes.ads:2`: the other end of the mismatch, a related span of this one.
  const declared = GNAT_ELSEWHERE.exec(message);
  if (raw && declared) {
    const file = declared[2] ?? '';
    context.emit({
      file,
      line: Number(declared[3]),
      column: declared[4] === undefined ? null : Number(declared[4]),
      severity: 'note',
      message: `${declared[1] ?? 'declared'} here`,
      related: true,
      relatedTo: raw,
      ...(file.includes('/') ? {} : { hints: { basenameOnly: true } }),
    });
  }
  return true;
}

export const gnat: GrammarFormat = {
  name: 'gnat',
  language: 'Ada',
  description:
    '`gnatmake src/main.adb` / `gcc -c x.adb` (GNAT): `main.adb:12:05: error: missing ";"` (zero-padded column), `warning:`, `(style)`; ' +
    'a `declared at shapes.ads:2` in the message is a related place.',
  columnBase: 1,
  // GNAT's column counts a horizontal tab as a move to the next multiple of 8 (Sinput.Get_Column_Number).
  columnUnit: 'display',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://gcc.gnu.org/onlinedocs/gnat_ugn/Output-and-Error-Message-Control.html',
  anchor: LOCATION_ANCHOR,
  parse: parseGnat,
};

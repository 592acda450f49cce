// Compilers that put the location in a sentence: Absoft Fortran (`error on line 3 of t.f: msg`), Oracle Pro*C
// (`Semantic error at line 41, column 10, file x.pc:`), ftnchek (`… line 12 col 7 file foo.f: …`), RXP's
// two-line errors (`… line 3 char 5 of file:///x.xml`) and the MIPS linker's `msg in file.c(199)`.
// Emacs compile-mode's `absoft`, `oracle`, `ftnchek`, `rxp` and `mips-2` entries document them.
// Link: https://www.gnu.org/software/emacs/manual/html_node/emacs/Compilation-Mode.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

const EMACS_URL = 'https://www.gnu.org/software/emacs/manual/html_node/emacs/Compilation-Mode.html';

function parseAbsoft(context: LineContext): boolean {
  const match = /^(?:([Ee]rror|[Ww]arning) on )?[Ll]ine[ \t]+(\d+)[ \t]+of[ \t]+"?([^":\n]+?)"?:[ \t]*(.*)$/.exec(context.text);
  // Without the severity word the sentence must still name a source file (`Line 3 of "t.f":`).
  if (!match || !plausiblePath(match[3] ?? '')) return false;
  const severity = /^w/i.test(match[1] ?? '') ? 'warning' : 'error';
  context.emit({ file: match[3] ?? '', line: Number(match[2]), severity, message: match[4] ?? '' });
  return true;
}

export const absoft: GrammarFormat = {
  name: 'absoft',
  language: 'Fortran',
  description:
    'Absoft Fortran (and Sun f77-style prose): `error on line 3 of t.f: unclassifiable statement`, `Warning on line 7 of "t.f": …`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: EMACS_URL,
  anchor: '^(?:[Ee]rror on |[Ww]arning on )?[Ll]ine[ \\t]+\\d+[ \\t]+of[ \\t]',
  parse: parseAbsoft,
};

// A fixed sentence shape: the file after ` file ` may be anything (Pro*C's `.pc` is no common extension).
const ORACLE =
  /^(Semantic error|Error|PCC-[SFWIE]-?\d+:|PCC-\d+:)(.*?) line (\d+)(?:(?:,| at)? column (\d+))?(?:,| in| of)? file (\S+?):?$/;

function parseOracle(context: LineContext): boolean {
  const match = ORACLE.exec(context.text);
  if (!match) return false;
  const message = `${match[1] ?? ''}${(match[2] ?? '').replace(/\s+at$/, '')}`.trim();
  // The detail sits on the next line for Pro*C (`PCC-S-02201, Encountered the symbol …`).
  const detail = /^(PCC-\S+, .*)$/.exec(context.line(1) ?? '')?.[1];
  const warning = /^PCC-W/.test(match[1] ?? '') || /^PCC-W/.test(detail ?? '');
  context.emit({
    file: match[5] ?? '',
    line: Number(match[3]),
    column: match[4] === undefined ? null : Number(match[4]),
    severity: warning ? 'warning' : 'error',
    message: detail ? `${message}: ${detail}` : message,
  });
  return true;
}

export const oracle: GrammarFormat = {
  name: 'oracle',
  language: 'Pro*C / SQL',
  description:
    'Oracle Pro*C/C++ precompiler: `Semantic error at line 41, column 10, file app.pc:` or `Error at line 41, column 10 in file ' +
    'app.pc` (the detail on the next line is joined).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://docs.oracle.com/en/database/oracle/oracle-database/19/lnpcc/index.html',
  anchor: '^(?:Semantic error|Error|PCC-)',
  parse: parseOracle,
};

function parseFtnchek(context: LineContext): boolean {
  // The sentence before `line N` is ftnchek's own (`Warning near`, `Dummy arg W in module SUBA`, `L4 used at`).
  const match = /^(.*?)\s*(?:near )?line (\d+) (?:col (\d+) )?file ([^\s:;]+)[:;]?\s*(.*)$/.exec(context.text);
  if (!match || !plausiblePath(match[4] ?? '')) return false;
  const lead = (match[1] ?? '').trim();
  // A sentence that names its place mid-line reads best whole (`K used at line 6 file x.f; never set`).
  const headed = /^(?:Warning|Error)\b/.test(lead) || lead === '';
  const message = headed ? [lead, match[5] ?? ''].filter((part) => part !== '').join(': ') : context.text.trim();
  context.emit({
    file: match[4] ?? '',
    line: Number(match[2]),
    column: match[3] === undefined ? null : Number(match[3]),
    severity: /^Error/.test(lead) ? 'error' : 'warning',
    message,
  });
  return true;
}

export const ftnchek: GrammarFormat = {
  name: 'ftnchek',
  language: 'Fortran',
  description:
    'ftnchek: `Warning near line 12 col 7 file prog.f: variable X set but never used` (also without `col`), and its ' +
    'sentences that name a place mid-line (`    Dummy arg Y in module SUB line 4 file prog.f is array`).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://www.dsm.fordham.edu/~ftnchek/',
  anchor: 'line \\d+ (?:col \\d+ )?file \\S',
  parse: parseFtnchek,
};

// Second line of an RXP error: `in unnamed entity at line 3 char 5 of file:///x.xml`; the message is the line before.
function parseRxp(context: LineContext): boolean {
  const match = /^in .* at line (\d+) char (\d+) of (file:\/\/\S+)$/.exec(context.text);
  if (!match) return false;
  const above = /^(Error|Warning): (.*)$/.exec(context.line(-1) ?? '');
  if (!above) return false;
  context.emit({
    file: match[3] ?? '',
    line: Number(match[1]),
    column: Number(match[2]),
    severity: above[1] === 'Warning' ? 'warning' : 'error',
    message: above[2] ?? '',
    logLine: context.logLine - 1,
  });
  return true;
}

export const rxp: GrammarFormat = {
  name: 'rxp',
  language: 'XML',
  description:
    'RXP validating XML parser: `Error: Mismatched end tag: expected </b>, got </a>` then `in unnamed entity at line 3 char 5 of ' +
    'file:///doc.xml`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://www.cogsci.ed.ac.uk/~richard/rxp.html',
  anchor: '^in .* at line \\d+ char \\d+ of file:',
  parse: parseRxp,
};

// The MIPS linker's other order, `name (N) in file.c`, starts the line with a symbol's name and may name two places
// (`X (255) in a.c … from Y (93) in b.c`): each is a location, with the whole line as the message. A sentence such as
// `syntax error (8) in q.sql` is the prose tier's, which asks for the file to exist.
const MIPS_NAMED_HEAD = /^[A-Za-z_$][\w$]* \(\d{1,7}\) in /;
const MIPS_NAMED = /\((\d{1,7})\) in ([^()\s]+)/g;

function parseMips(context: LineContext): boolean {
  const match = /^(\S.*?) in ([^()\s]+)\((\d+)\)$/.exec(context.text);
  if (match && plausiblePath(match[2] ?? '')) {
    context.emit({ file: match[2] ?? '', line: Number(match[3]), severity: 'warning', message: match[1] ?? '' });
    return true;
  }
  if (!MIPS_NAMED_HEAD.test(context.text)) return false;
  let claimed = false;
  for (const named of context.text.matchAll(MIPS_NAMED)) {
    if (!plausiblePath(named[2] ?? '')) continue;
    context.emit({ file: named[2] ?? '', line: Number(named[1]), severity: 'warning', message: context.text.trim() });
    claimed = true;
  }
  return claimed;
}

export const mips: GrammarFormat = {
  name: 'mips',
  language: 'C',
  description:
    'MIPS/SGI lint and linker: `name defined but never used: frob in calc.c(199)` (the location ends the line), and ' +
    '`Mask (25) in calc.c may clash with Masks (9) in calc2.c` (led by a symbol; each `(N) in file` a place).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: EMACS_URL,
  anchor: ' in [^\\s()]+\\.[A-Za-z][A-Za-z0-9+_]{0,11}\\(\\d+\\)\\s*$|\\(\\d{1,7}(?:, ?\\d{1,5})?\\) in ',
  parse: parseMips,
};

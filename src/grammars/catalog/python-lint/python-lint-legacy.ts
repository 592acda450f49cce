// pylint 1.x's text report (`************* Module pkg.mod` then `W: 16, 4: msg (symbol)` rows, no file on the
// row) and black's parse failures (`error: cannot format x.py: Cannot parse: 1:3: x = = 1`).
// Link: https://pylint.readthedocs.io/en/1.9/user_guide/output.html
// Link: https://black.readthedocs.io/en/stable/usage_and_configuration/the_basics.html
import type { Severity } from '../../../core/index.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';

const PYLINT1_SEVERITY: Record<string, Severity> = { C: 'note', R: 'note', I: 'note', W: 'warning', E: 'error', F: 'error' };
const PYLINT1_ROW = /^([CRWEFI])(\d{4})?: *(\d+), *(\d+): (.*?)(?: \(([a-z][\w-]*)\))?$/;

interface Pylint1State {
  /** The module of the last `************* Module x.y` header and the log line it was on. */
  module: string | undefined;
}

/** `pkg.sub.mod` → `pkg/sub/mod.py`; pylint 1.x names modules, never files (a package prints its dotted name). */
function moduleFile(module: string): string {
  return `${module.split('.').join('/')}.py`;
}

function parsePylint1(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<Pylint1State>(() => ({ module: undefined }));
  // pylint prints 13 asterisks; a pasted report may have gained or lost some (retyped, or a Markdown emphasis eaten),
  // and the `Module` word with the rows below still say what it is.
  const header = /^\*{3,40} Module (\S+)$/.exec(text);
  if (header) {
    // The header is pylint 2's too; a 1.x row must follow it to make it ours (pylint 2's rows name their file).
    state.module = header[1];
    return false;
  }
  const row = PYLINT1_ROW.exec(text);
  if (!row || state.module === undefined) return false;
  context.emit({
    file: moduleFile(state.module),
    line: Number(row[3]),
    column: Number(row[4]),
    severity: PYLINT1_SEVERITY[row[1] ?? ''] ?? null,
    code: row[2] === undefined ? (row[6] ?? null) : `${row[1]}${row[2]}`,
    message: row[5] ?? '',
  });
  return true;
}

export const pylint1: GrammarFormat = {
  name: 'pylint-1',
  language: 'Python',
  description:
    "`pylint pkg` 1.x (Python 2 era, still in old CI images): `************* Module pkg.mod` then `W: 16, 4: Unused variable 'x' " +
    '(unused-variable)` rows (line, 0-based column); the file is the module path (`pkg/mod.py`).',
  columnBase: 0,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://pylint.readthedocs.io/en/1.9/user_guide/output.html',
  anchor: '^\\*{3,40} Module \\S|^[CRWEFI](?:\\d{4})?: *\\d+, *\\d+: ',
  parse: parsePylint1,
};

// `error: cannot format src/x.py: Cannot parse: 3:7: print "x"` (black ≥ 22 may add ` for target version
// Python 3.12` before the position).
const BLACK = /^error: cannot format (.+?): Cannot parse(?: for target version [^:]+)?: (\d+):(\d+): (.*)$/;

// black 26 moved the place to the end and the reason below an echo of the line and a caret:
// `error: cannot parse: /abs/src/x.py:1:4`, `    x = = 1`, `       ^`, `ParseError: bad input` (the same 0-based column).
const BLACK_26 = /^error: cannot parse(?: for target version [^:]+)?: (.+):(\d+):(\d+)\s*$/;
const BLACK_REASON = /^(\w+Error): (.*)$/;

function parseBlack26(context: LineContext): boolean {
  const match = BLACK_26.exec(context.text);
  if (!match) return false;
  let message = 'Cannot parse';
  for (let delta = 1; delta <= 3; delta++) {
    const reason = BLACK_REASON.exec(context.line(delta) ?? '');
    if (reason) {
      message = `Cannot parse: ${reason[1] ?? ''}: ${reason[2] ?? ''}`;
      break;
    }
  }
  context.emit({ file: match[1] ?? '', line: Number(match[2]), column: Number(match[3]), severity: 'error', message });
  return true;
}

function parseBlack(context: LineContext): boolean {
  const match = BLACK.exec(context.text);
  if (!match) return parseBlack26(context);
  context.emit({
    file: match[1] ?? '',
    line: Number(match[2]),
    column: Number(match[3]),
    severity: 'error',
    message: `Cannot parse: ${match[4] ?? ''}`,
  });
  return true;
}

export const black: GrammarFormat = {
  name: 'black',
  language: 'Python',
  description:
    '`black --check .`: `error: cannot format src/x.py: Cannot parse for target version Python 3.12: 3:7: print "x"`; ' +
    'black 26: `error: cannot parse: /abs/src/x.py:3:7` above the echoed line and `ParseError: bad input` (`would reformat` ' +
    'lines name no line: formatter-check).',
  // blib2to3's tokenizer position: 0-based column (observed 1:4 for the second `=` of `x = = 1`, its 5th character).
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://black.readthedocs.io/en/stable/usage_and_configuration/the_basics.html',
  anchor: '^error: cannot (?:format |parse)',
  parse: parseBlack,
};

// The one-line Python linter rows: flake8/pycodestyle, ruff (concise and full), pylint (text and parseable),
// pyflakes and CPython's own warnings. They all start with the GNU head `path:L[:C]:` and differ in the tail.
// Link: https://flake8.pycqa.org/en/latest/user/error-codes.html
// Link: https://docs.astral.sh/ruff/settings/#output-format
// Link: https://pylint.readthedocs.io/en/stable/user_guide/usage/output.html
// Link: https://docs.python.org/3/library/warnings.html#warnings.showwarning
import type { Severity } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import { parseColonHead, parseParenHead, type LocationHead } from '../shared/common.js';

const PYTHON_FILE = /\.pyi?$/;

/** The GNU head of a Python file at the first non-blank, or undefined. */
function pythonHead(context: LineContext, from?: number): LocationHead | undefined {
  const head = parseColonHead(context, from === undefined ? {} : { from });
  return head && PYTHON_FILE.test(head.file) ? head : undefined;
}

// --- pylint ---------------------------------------------------------------------------------------------
// Text: `src/a.py:3:0: C0116: Missing function docstring (missing-function-docstring)`; the message id's letter
// is the category (Convention, Refactor, Warning, Error, Fatal, Info).
const PYLINT_TEXT = /^: ([CRWEFI]\d{4}): (.*)$/;
// Parseable: `src/a.py:3: [C0116(missing-function-docstring), total] Missing function docstring` (no column;
// the object name after the comma is empty at module level).
const PYLINT_PARSEABLE = /^: \[([CRWEFI]\d{4})\(([\w-]+)\), [^\]]*\] (.*)$/;
// msvs (Visual Studio's shape): `app/shop.py(8): [C0103(invalid-name)total] msg`, the object glued to the symbol.
const PYLINT_MSVS = /^: \[([CRWEFI]\d{4})\(([\w-]+)\)[^\]]*\] (.*)$/;

function pylintSeverity(id: string): Severity {
  // E and F stop the code from working; W is pylint's own "warning"; conventions/refactors are advice.
  if (id.startsWith('E') || id.startsWith('F')) return 'error';
  return id.startsWith('W') ? 'warning' : 'note';
}

function parsePylintMsvs(context: LineContext): boolean {
  const head = parseParenHead(context);
  const row = head && PYTHON_FILE.test(head.file) ? PYLINT_MSVS.exec(head.rest) : null;
  if (!head || !row) return false;
  const id = row[1] ?? '';
  context.emit({ file: head.file, line: head.line, severity: pylintSeverity(id), code: id, message: `${row[3] ?? ''} (${row[2] ?? ''})` });
  return true;
}

export function parsePylint(context: LineContext): boolean {
  const head = pythonHead(context);
  if (!head) return parsePylintMsvs(context);
  const text = PYLINT_TEXT.exec(head.rest);
  if (text && head.column !== null) {
    const id = text[1] ?? '';
    // The column is 0-based (the format's columnBase converts it); the message keeps its `(symbol)`.
    context.emit({ file: head.file, line: head.line, column: head.column, severity: pylintSeverity(id), code: id, message: text[2] ?? '' });
    return true;
  }
  const parseable = PYLINT_PARSEABLE.exec(head.rest);
  if (parseable && head.column === null) {
    const id = parseable[1] ?? '';
    // Same message as the text format: the symbolic name in parentheses at the end.
    context.emit({
      file: head.file,
      line: head.line,
      severity: pylintSeverity(id),
      code: id,
      message: `${parseable[3] ?? ''} (${parseable[2] ?? ''})`,
    });
    return true;
  }
  return false;
}

// --- ruff -----------------------------------------------------------------------------------------------
// A ruff code is a linter prefix and digits (F401, E501, UP006, PLR0913, RUF100); preview mode and syntax
// errors print the rule's kebab-case name followed by a colon instead (`unused-import:`, `invalid-syntax:`).
const RUFF_CODE = String.raw`(?:([A-Z]{1,4}\d{1,4})|([a-z]+(?:-[a-z0-9]+)+):)`;
// Concise rows: `src/a.py:1:8: F401 [*] \`os\` imported but unused` (`[*]` = fixable).
const RUFF_ROW = new RegExp(`^: ${RUFF_CODE}(?: (\\[\\*\\]))? (.*)$`);
// Full output: the header line `F401 [*] \`os\` imported but unused`, then ` --> src/a.py:1:8`.
const RUFF_HEADER = new RegExp(`^${RUFF_CODE}(?: \\[\\*\\])? (.+)$`);
const ARROW = /^(\s*)--> /;
// Above an arrow, a diagnostic's id may also be one word (`ruff format --check` 0.17+: `unformatted: File would be
// reformatted`); a severity word there (`error: …`) is another tool's rustc-like header, not a ruff id.
const RUFF_ARROW_HEADER = /^(?!(?:error|warning|note|info|help):)([a-z]+(?:-[a-z0-9]+)*): (.+)$/;

/** True when a concise row is recognisably ruff's rather than flake8's (same `path:L:C: CODE msg` shape). */
function isRuffRow(row: RegExpExecArray): boolean {
  // A fix marker, a rule name instead of a code, or ruff's backtick quoting (flake8 quotes with ').
  return row[3] !== undefined || row[2] !== undefined || (row[4] ?? '').includes('`');
}

export function parseRuff(context: LineContext): boolean {
  const arrow = ARROW.exec(context.text);
  if (arrow) {
    // The rust family declines ` --> ` arrows to non-Rust files, so ruff's arrive here. The header is the
    // line right above: ruff prints no gutter between the two.
    const head = pythonHead(context, arrow[0].length);
    const above = context.line(-1) ?? '';
    const header = RUFF_HEADER.exec(above);
    const named = header ? null : RUFF_ARROW_HEADER.exec(above);
    if (!head || head.rest.trim() !== '' || !(header || named)) return false;
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: 'error',
      code: header ? (header[1] ?? header[2] ?? null) : (named?.[1] ?? null),
      message: header ? (header[3] ?? '') : (named?.[2] ?? ''),
    });
    return true;
  }
  const head = pythonHead(context);
  const row = head ? RUFF_ROW.exec(head.rest) : null;
  if (!head || !row || head.column === null || !isRuffRow(row)) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: 'error',
    code: row[1] ?? row[2] ?? null,
    message: row[4] ?? '',
  });
  return true;
}

// --- flake8 / pycodestyle -------------------------------------------------------------------------------
// `src/a.py:1:1: F401 'os' imported but unused`; plugins bring their own prefixes (B001, D100, SIM102…).
const FLAKE8_ROW = /^: ([A-Z]{1,3}\d{1,4}) (.*)$/;

export function parseFlake8(context: LineContext): boolean {
  const head = pythonHead(context);
  const row = head ? FLAKE8_ROW.exec(head.rest) : null;
  if (!head || !row || head.column === null) return false;
  const code = row[1] ?? '';
  // pycodestyle names its classes E (errors) and W (warnings); flake8 calls every other code an error.
  const severity: Severity = code.startsWith('W') ? 'warning' : 'error';
  context.emit({ file: head.file, line: head.line, column: head.column, severity, code, message: row[2] ?? '' });
  return true;
}

// --- CPython warnings -----------------------------------------------------------------------------------
// `warnings.formatwarning`: `/app/pkg/a.py:12: DeprecationWarning: msg`, then the source line indented by two.
// The category is a class name ending in Warning (builtin or user-defined, possibly dotted).
const WARNING_TAIL = /^: ((?:[A-Za-z_]\w*\.)*[A-Z]\w*Warning): (.*)$/;

export function parsePythonWarning(context: LineContext): boolean {
  const head = pythonHead(context);
  const tail = head ? WARNING_TAIL.exec(head.rest) : null;
  if (!head || !tail || head.column !== null) return false;
  context.emit({ file: head.file, line: head.line, severity: 'warning', code: tail[1] ?? null, message: tail[2] ?? '' });
  return true;
}

// --- pyflakes -------------------------------------------------------------------------------------------
// `src/a.py:1:1: 'os' imported but unused`: the flake8 row without a code. What would otherwise read like it:
// a code (flake8, ruff, pylint), a severity word (mypy), a warning category.
const NOT_PYFLAKES = /^: (?:[A-Z]{1,4}\d{1,4}\b|[a-z]+(?:-[a-z0-9]+)*: |(?:error|warning|note): |\w*Warning: )/;

export function parsePyflakes(context: LineContext): boolean {
  const head = pythonHead(context);
  if (!head || head.column === null || head.endColumn !== null || !head.rest.startsWith(': ') || NOT_PYFLAKES.test(head.rest)) return false;
  const message = head.rest.slice(2);
  if (message.trim() === '') return false;
  // pyflakes reports syntax errors and findings alike through its exit status 1: all are errors, as
  // flake8 (which runs pyflakes as its F codes) treats them.
  context.emit({ file: head.file, line: head.line, column: head.column, severity: 'error', message });
  return true;
}

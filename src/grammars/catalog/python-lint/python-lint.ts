// Python linters and type checkers other than mypy: pyright, pylint, ruff, flake8/pycodestyle, pyflakes,
// and CPython's warnings. Each row carries a code or a fixed tail that tells the tools apart.
// Link: https://microsoft.github.io/pyright/#/command-line
// Link: https://pylint.readthedocs.io/en/stable/user_guide/usage/output.html
// Link: https://docs.astral.sh/ruff/settings/#output-format
// Link: https://flake8.pycqa.org/en/latest/user/error-codes.html
// Link: https://docs.python.org/3/library/warnings.html
import type { Severity } from '../../../core/index.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';
import { SGR } from '../../engine/anchors.js';
import { parseFlake8, parsePyflakes, parsePylint, parsePythonWarning, parseRuff } from './python-lint-rows.js';
import { black, pylint1 } from './python-lint-legacy.js';
import { bandit, pydocstyle } from './python-lint-blocks.js';

// Raw-text anchor for `x.py:L:` (and `.pyi`), ANSI allowed around the colon.
const PY_LOCATION = `\\.pyi?${SGR}:${SGR}\\d`;

// --- pyright --------------------------------------------------------------------------------------------
// `  /abs/x.py:2:12 - error: msg` under a `/abs/x.py` header; a long message continues on lines indented by
// four, and the `(reportRule)` code ends the last of them. `information` is pyright's third level.
const PYRIGHT_TAIL = /^ - (error|warning|information): (.*)$/;
const PYRIGHT_RULE = /\s*\((report[A-Za-z]+)\)$/;
// A continuation line: deeper than the two-space row indent. pyright indents it with spaces AND no-break
// spaces (observed `  \u00a0 \u00a0 "float" is not…`), so a plain-space rule would stop at it.
const CONTINUATION = /^[ \u00a0]{4,}\S/;
// pyright rarely continues a message over more than a few lines; the scanner's window bounds it anyway.
const MAX_CONTINUATION = 20;

function pyrightSeverity(word: string): Severity {
  return word === 'information' ? 'note' : word === 'warning' ? 'warning' : 'error';
}

// Before 1.1.140 (observed 1.1.81) a row held no file: `  3:7 - error: msg` under the `/abs/x.py` header alone.
const PYRIGHT_OLD_ROW = /^ {2}(\d+):(\d+) - (error|warning|information): (.*)$/;
const PYRIGHT_HEADER = /^\S+\.pyi?$/;

// The file of an old row: the header above its file's rows and their continuation lines. None when the header was cut
// from a paste (`[...]`): standard input's name then stands for it, and the command the log echoed names the file
// (src/resolve/command-names.ts), else the row is dropped.
function pyrightOldHeader(context: LineContext): string {
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (PYRIGHT_OLD_ROW.test(line) || CONTINUATION.test(line)) continue;
    if (PYRIGHT_HEADER.test(line)) return line;
    break;
  }
  return '-';
}

function parsePyright(context: LineContext): boolean {
  const old = PYRIGHT_OLD_ROW.exec(context.text);
  const head = old
    ? { file: pyrightOldHeader(context), line: Number(old[1]), column: Number(old[2]), rest: ` - ${old[3]}: ${old[4]}` }
    : parseColonHead(context);
  const tail = head ? PYRIGHT_TAIL.exec(head.rest) : null;
  if (!head || !tail || !(old || /\.pyi?$/.test(head.file))) return false;
  let message = tail[2] ?? '';
  // The rule closes the message: on this line, or on the last continuation line.
  let rule = PYRIGHT_RULE.exec(message);
  if (rule) message = message.slice(0, rule.index);
  for (let delta = 1; !rule && delta <= MAX_CONTINUATION; delta++) {
    const next = context.line(delta);
    if (next === undefined || !CONTINUATION.test(next)) break;
    rule = PYRIGHT_RULE.exec(next);
  }
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: pyrightSeverity(tail[1] ?? ''),
    code: rule?.[1] ?? null,
    message,
  });
  return true;
}

const pyright: GrammarFormat = {
  name: 'pyright',
  language: 'Python',
  description:
    '`pyright` (CLI): an absolute `/abs/x.py` header, then `  /abs/x.py:2:12 - error: msg (reportRule)` rows (before 1.1.140: ' +
    '`  2:12 - error: msg`); long messages continue on indented lines that end with the rule.',
  columnBase: 1,
  // Observed: two `📦` (astral, 2 UTF-16 units each) before the name put it at column 23, 21 in characters.
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://microsoft.github.io/pyright/#/command-line',
  anchor: `\\.pyi?:\\d+:\\d+ - |^ {2}\\d+:\\d+ - (?:error|warning|information): `,
  parse: parsePyright,
};

const pylint: GrammarFormat = {
  name: 'pylint',
  language: 'Python',
  description:
    '`pylint src/pkg` (text or `--output-format=parseable`): `************* Module a`, then `src/a.py:3:0: C0116: msg (symbol)` ' +
    '(0-based column), `src/a.py:3: [C0116(symbol), obj] msg` or msvs `src/a.py(3): [C0116(symbol)obj] msg`.',
  // pylint prints the AST's col_offset: 0-based (formats.md §3.16; observed `:5:0:` for a `def` at the margin).
  columnBase: 0,
  // astroid keeps CPython's AST col_offset, a UTF-8 BYTE offset (observed: `X = "éé" + name` reports :13, the
  // character offset is 11). Token-based checks (whitespace, indentation) count characters; they are rare.
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://pylint.readthedocs.io/en/stable/user_guide/usage/output.html',
  // msvs rows put the line in parentheses: `app/a.py(3): [C0116(`.
  anchor: `${PY_LOCATION}[^ ]* \\[?[CRWEFI]\\d{4}|\\.pyi?\\(\\d+\\): \\[[CRWEFI]\\d{4}\\(`,
  parse: parsePylint,
};

const ruff: GrammarFormat = {
  name: 'ruff',
  language: 'Python',
  description:
    '`ruff check` (full, the default since 0.12: `F401 [*] msg` then ` --> src/a.py:1:8`; or `--output-format=concise`: ' +
    '`src/a.py:1:8: F401 [*] msg`); `ruff format --check` 0.17+: `unformatted: File would be reformatted` then the arrow.',
  columnBase: 1,
  // ruff's SourceLocation column counts characters (OneIndexed over chars, not bytes).
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://docs.astral.sh/ruff/settings/#output-format',
  // A concise row as parseRuff reads it (a column, then a code or a rule's kebab name): a bare `x.py:L:` also selected
  // every mypy line of a dense log, each then parsed here first (8 % of a 10 MB mypy log's scan).
  anchor: `^[ \\t]*${SGR}--> |${PY_LOCATION}+${SGR}:${SGR}\\d+${SGR}:${SGR} ${SGR}(?:[A-Z]{1,4}\\d|[a-z]+-[a-z0-9])`,
  parse: parseRuff,
};

const flake8: GrammarFormat = {
  name: 'flake8',
  language: 'Python',
  description:
    "`flake8 src` / `pycodestyle src`: `src/a.py:1:1: F401 'os' imported but unused` (E/W pycodestyle, F pyflakes, C90 mccabe, " +
    'plugin codes).',
  columnBase: 1,
  // pycodestyle (E/W) counts characters of the decoded line, a tab as 1 (observed E117 at :13:2, W291 after
  // `"éé"`); the F codes come from pyflakes' AST walk and count UTF-8 bytes on non-ASCII lines (observed).
  // One unit per format: characters, the unit of most rows and of every pycodestyle-only run.
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://flake8.pycqa.org/en/latest/user/error-codes.html',
  anchor: `${PY_LOCATION}+:\\d+: [A-Z]`,
  parse: parseFlake8,
};

const pythonWarnings: GrammarFormat = {
  name: 'python-warnings',
  language: 'Python',
  description:
    '`python3 -W always app.py`: `/abs/pkg/a.py:12: DeprecationWarning: msg` followed by the offending source line (the category is ' +
    'the code).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://docs.python.org/3/library/warnings.html#warnings.showwarning',
  anchor: `${PY_LOCATION}+: [\\w.]*Warning: `,
  parse: parsePythonWarning,
};

const pyflakes: GrammarFormat = {
  name: 'pyflakes',
  language: 'Python',
  description: "`pyflakes src`: `src/a.py:1:1: 'os' imported but unused` (no code); syntax errors add the source line and a caret line.",
  columnBase: 1,
  // AST col_offset + 1: UTF-8 bytes (observed: `X = "éé" + name` reports :14, 12 in characters).
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/PyCQA/pyflakes#readme',
  anchor: `${PY_LOCATION}+:\\d+: `,
  parse: parsePyflakes,
};

export const pythonLintFamily: GrammarFamily = {
  formats: [
    // pyright first: its ` - error:` tail after `L:C` is unique, and its rows are indented (a row-start rule
    // of the others would not look there anyway).
    pyright,
    // pylint next: `: C0116: ` (code then colon) and parseable `: [C0116(` are its alone.
    pylint,
    // pylint 1.x after pylint: both read the `************* Module` header, whose rows name a file in 2.x (pylint's)
    // and only `W: 16, 4:` positions in 1.x; black's `error: cannot format` rows are its alone.
    pylint1,
    black,
    // pydocstyle's `path:L in public function `f`:` and bandit's `   Location: path:L:C` are theirs alone.
    pydocstyle,
    bandit,
    // ruff before flake8: both print `path:L:C: CODE msg`; ruff claims only the rows it marks as its own
    // (`[*]`, a rule name, backtick quoting) and its full-format ` --> x.py:L:C` arrows.
    ruff,
    // flake8/pycodestyle: any remaining `path:L:C: CODE msg` row.
    flake8,
    // CPython warnings: `path:L: XxxWarning: msg` (no column), which pytest's --tb=line shape would absorb.
    pythonWarnings,
    // pyflakes last: `path:L:C: msg` with no code is the least specific shape; it declines codes, severity
    // words (mypy with columns) and warning categories, which the formats above or mypy own.
    pyflakes,
  ],
};

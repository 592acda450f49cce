// The unified diff a formatter or import sorter prints in check mode: `black --check --diff`, `isort --check-only
// --diff`, `gofmt -d`, `ruff format --diff`, `yapf --diff`, `shfmt -d`, and rustfmt's own `Diff in x.rs:L:` hunks.
// Their own report names only the file (`would reformat x.py`) or nothing at all; the diff's hunks are where the
// file departs from the tool's layout. Each hunk is read as one location on the file as it is in the workspace (the
// old side): its first changed line, after the hunk's leading context lines. Without the diff, the check line that
// names the file is the finding: the file as a whole (formatter-check below).
// Link: https://www.gnu.org/software/diffutils/manual/html_node/Detailed-Unified.html
// Link: https://black.readthedocs.io/en/stable/usage_and_configuration/the_basics.html#check
// Link: https://pycqa.github.io/isort/docs/configuration/options.html#check
// Link: https://prettier.io/docs/en/cli.html#--check
// Link: https://hexdocs.pm/mix/Mix.Tasks.Format.html
import type { RawLocation } from '../../core/index.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { SGR } from '../engine/anchors.js';
import { plausiblePath } from './shared/common.js';

// `+++ path`, then a tab and a timestamp (diff -u, black), or isort's `:after` suffix.
const NEW_HEADER = /^(\s*)\+\+\+ (\S(?:.*\S)?)$/;
const OLD_HEADER = /^(\s*)--- (\S(?:.*\S)?)$/;
const HUNK = /^(\s*)@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/;
// Lines a hunk's body holds: context, removal, addition, and `\ No newline at end of file`.
const BODY = /^[ +\-\\]/;
// Context lines are printed before the first change; a hunk has at most a few (diff -u: 3).
const MAX_LEADING_CONTEXT = 12;

interface DiffState {
  file: string | null;
  indent: string;
  header: number;
}

// The modification time after the path: tab-separated as printed, spaces where a web page copied the tab.
const TIMESTAMP = /(?:\t.*|\s+\d{4}-\d\d-\d\d[ T]\d\d:\d\d.*)$/;

/** The path a header names: timestamp and isort's `:before`/`:after` dropped, gofmt's `.orig` copy is the file. */
function headerPath(printed: string): string {
  return printed
    .replace(TIMESTAMP, '')
    .replace(/:(?:before|after)$/, '')
    .replace(/\.orig$/, '');
}

/** The file on disk, named by the old side (`--- a/x`, `--- x.orig`) or, when the old side is /dev/null, none. */
function workspacePath(oldSide: string, newSide: string): string | null {
  const old = headerPath(oldSide);
  const current = headerPath(newSide);
  if (old === '/dev/null') return null;
  if (old.startsWith('a/') && current.startsWith('b/')) return old.slice(2);
  return old;
}

function readHeader(context: LineContext, state: DiffState): boolean {
  const header = NEW_HEADER.exec(context.text);
  const old = header ? OLD_HEADER.exec(context.line(-1) ?? '') : null;
  if (!header || !old || old[1] !== header[1]) return false;
  state.file = workspacePath(old[2] ?? '', header[2] ?? '');
  state.indent = header[1] ?? '';
  state.header = context.logLine;
  return true;
}

/** The hunk continues the diff its header opened: right under the header, or under a line of the hunk above. */
function continuesDiff(context: LineContext, state: DiffState, indent: string): boolean {
  if (state.file === null || indent !== state.indent) return false;
  if (state.header === context.logLine - 1) return true;
  const above = context.line(-1);
  return above !== undefined && above.startsWith(indent) && BODY.test(above.slice(indent.length));
}

/** An empty line inside a hunk is a blank context line whose one space a copy (a web page, an editor) trimmed. */
function strippedContext(context: LineContext, delta: number, indent: string): boolean {
  const next = context.line(delta + 1);
  return next !== undefined && next.startsWith(indent) && /^[ +-]/.test(next.slice(indent.length));
}

function parseHunk(context: LineContext, state: DiffState): boolean {
  const hunk = HUNK.exec(context.text);
  const indent = hunk?.[1] ?? '';
  if (!hunk || !continuesDiff(context, state, indent)) return false;
  emitFirstChange(context, state.file as string, Number(hunk[2]), indent);
  return true;
}

// rustfmt's own hunk header (`cargo fmt --check`): `Diff in /x/src/main.rs:1:`, in older releases `… at line 1:`. Its line
// is the hunk's first, context included; the body follows as in a unified diff.
const RUSTFMT_HUNK = /^Diff in (\S(?:.*\S)?)(?::| at line )(\d+):$/;

function parseRustfmtHunk(context: LineContext): boolean {
  const hunk = RUSTFMT_HUNK.exec(context.text);
  if (!hunk) return false;
  emitFirstChange(context, hunk[1] ?? '', Number(hunk[2]), '');
  return true;
}

/** The hunk's first changed line: its first line plus the context lines printed before the first change. */
function emitFirstChange(context: LineContext, file: string, start: number, indent: string): void {
  let line = Math.max(1, start);
  let message = 'differs from the formatted layout';
  for (let delta = 1; delta <= MAX_LEADING_CONTEXT; delta++) {
    const body = context.line(delta);
    if (body === undefined || !body.startsWith(indent)) break;
    const mark = body.charAt(indent.length);
    if (mark === ' ' || (body.length === indent.length && strippedContext(context, delta, indent))) {
      line++;
      continue;
    }
    if (mark === '-' || mark === '+') message = `${mark === '-' ? 'reformat' : 'insert before'}: ${body.slice(indent.length + 1).trim()}`;
    break;
  }
  context.emit({ file, line, column: null, severity: 'warning', message });
  const diffed = context.shared(DIFFED_FILES, () => new Set<string>());
  if (diffed.size < MAX_FILES) diffed.add(file);
  // A check line printed earlier for this file (`isort --check-only`, then `isort --diff` run apart) ranks below
  // the hunk: it stays listed, as a note.
  const checked = context.sharedIfMade<Map<string, RawLocation>>(CHECKED_FILES)?.get(file);
  if (checked) checked.severity = 'note';
}

// The files a diff placed: a check line naming one of them adds nothing (the hunk is the better place).
const DIFFED_FILES = 'formatter-diff:files';
// The check lines emitted so far, by file.
const CHECKED_FILES = 'formatter-check:files';
const MAX_FILES = 4096;

const formatterDiff: GrammarFormat = {
  name: 'formatter-diff',
  language: 'Unified diff',
  description:
    '`black --check --diff`, `isort --check-only --diff`, `gofmt -d`: `--- x.py` / `+++ x.py` headers, then each ' +
    '`@@ -L,N +L,N @@` hunk as its first changed line of the file as it is; `cargo fmt --check`: `Diff in src/x.rs:L:`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://www.gnu.org/software/diffutils/manual/html_node/Detailed-Unified.html',
  anchor: '\\+\\+\\+ |@@ -\\d|Diff in ',
  parse(context) {
    const state = context.state<DiffState>(() => ({ file: null, indent: '', header: 0 }));
    return readHeader(context, state) || parseHunk(context, state) || parseRustfmtHunk(context);
  },
};

// --- formatter-check: a formatter's check mode names a file that is not in its layout, and no line ---

// black (18.x to 26) `would reformat F`; ruff format 0.1–0.4 `Would reformat: F`; isort 4 and 5+ `ERROR: F Imports are
// incorrectly sorted[ and/or formatted].`
const WOULD_REFORMAT = /^(?:would reformat|Would reformat:) (\S(?:.*\S)?)$/;
const ISORT_CHECK = /^ERROR: (\S(?:.*\S)?) (Imports are incorrectly sorted(?: and\/or formatted)?)\.?$/;
// prettier 1.x–3 `--check`: `[warn] F` rows between `Checking formatting...` and the closing `[warn] Code style issues
// found in …` (or `Error occurred when checking code style …` when a file did not parse).
const PRETTIER_ROW = /^\[warn\] (\S+)$/;
const PRETTIER_OPEN = /^Checking formatting\.\.\.$/;
const PRETTIER_CLOSE = /^(?:\[warn\] )?(?:Code style issues found|Error occurred when checking code style)/;
// mix format --check-formatted (Elixir ≤ 1.14): `  * F` rows under `The following files are not formatted:`.
const LIST_ROW = /^\s+\* (\S+)$/;
const LIST_HEAD = /^The following files are not formatted:$/;
// How far a row may sit from its list's head or end (the context window's reach).
const REACH = 40;

/** The lines beside a run of rows (`delta` −1 walks up, +1 down) reach the line `end` matches, over blanks too. */
function runReaches(context: LineContext, row: RegExp, end: RegExp, step: 1 | -1): boolean {
  for (let delta = step; Math.abs(delta) <= REACH; delta += step) {
    const line = context.line(delta);
    if (line === undefined) return false;
    if (end.test(line)) return true;
    if (line.trim() !== '' && !row.test(line)) return false;
  }
  return false;
}

/** isort prints the diff right under its check line when `--diff` is given: that hunk is the place. */
function diffFollows(context: LineContext, file: string): boolean {
  for (let delta = 1; delta <= 2; delta++) {
    const old = OLD_HEADER.exec(context.line(delta) ?? '');
    if (old) return headerPath(old[2] ?? '') === file;
  }
  return false;
}

function checkedFile(context: LineContext): { file: string; message: string } | undefined {
  const text = context.text;
  const reformat = WOULD_REFORMAT.exec(text);
  if (reformat) return { file: reformat[1] ?? '', message: 'would reformat' };
  const isort = ISORT_CHECK.exec(text);
  if (isort) return { file: isort[1] ?? '', message: isort[2] ?? '' };
  const prettier = PRETTIER_ROW.exec(text);
  if (prettier && (runReaches(context, PRETTIER_ROW, PRETTIER_CLOSE, 1) || runReaches(context, PRETTIER_ROW, PRETTIER_OPEN, -1)))
    return { file: prettier[1] ?? '', message: 'code style issues (prettier --check)' };
  const listed = LIST_ROW.exec(text);
  if (listed && runReaches(context, LIST_ROW, LIST_HEAD, -1)) return { file: listed[1] ?? '', message: 'not formatted' };
  return undefined;
}

const formatterCheck: GrammarFormat = {
  name: 'formatter-check',
  language: 'Any',
  description:
    '`black --check`: `would reformat x.py`; `isort --check-only`: `ERROR: x.py Imports are incorrectly sorted.`; ' +
    '`prettier --check`: `[warn] x.js` rows; `mix format --check-formatted`: `  * x.ex` rows. The file as a whole (line 1), ' +
    'a warning; a diff of the same file printed beside it (formatter-diff) places it instead.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'severity', 'message'],
  observed: true,
  url: 'https://black.readthedocs.io/en/stable/usage_and_configuration/the_basics.html#check',
  anchor: [
    '^would reformat |^Would reformat: |^ERROR: \\S.* Imports are incorrectly sorted',
    `^\\[${SGR}warn${SGR}\\] \\S+\\r?$|^\\s+\\* \\S+\\r?$`,
  ].join('|'),
  parse(context) {
    const checked = checkedFile(context);
    if (!checked || !plausiblePath(checked.file)) return false;
    const diffed = context.sharedIfMade<Set<string>>(DIFFED_FILES);
    if (diffed?.has(checked.file) || diffFollows(context, checked.file)) return true;
    const location = context.emit({ file: checked.file, line: 1, column: null, severity: 'warning', message: checked.message });
    const emitted = context.shared(CHECKED_FILES, () => new Map<string, RawLocation>());
    if (location && emitted.size < MAX_FILES) emitted.set(checked.file, location);
    return true;
  },
};

export const formatterDiffFamily: GrammarFamily = { formats: [formatterDiff, formatterCheck] };

// Rows under a file header (the prose tier): a report that writes its file once and the places below it as rows.
import type { LineContext } from '../../engine/format.js';
import type { Severity } from '../../../core/index.js';
import { severityOf } from '../shared/common.js';
import { proposedAlready } from './proposals.js';
import { pathLike, withoutHost } from './words.js';

// A row kind: its pattern, where its line, column, severity and message sit, and what its header may look like.
interface RowKind {
  readonly pattern: RegExp;
  readonly line: number;
  readonly column?: number;
  readonly severity?: number;
  readonly code?: number;
  readonly message: number;
  // A bare path header must start at the margin (a numbered row's indented path above is a row of another list).
  readonly headerAtMargin: boolean;
}

// A report copied from a web page that writes its file once, alone on a line, and the places below it as rows led
// by a severity: GitHub's rendering of workflow-command annotations (`src/lint.sh` over `  Error: 2:1 [SC2086] …`).
const SEVERITY_ROW: RowKind = {
  pattern: /^\s*(Error|Warning|Notice|Info|Note)s?: (\d{1,7}):(\d{1,5})\s+(?:\[([^\]\s]{1,64})\]\s*)?(.*)$/,
  severity: 1,
  line: 2,
  column: 3,
  code: 4,
  message: 5,
  headerAtMargin: false,
};
// A checker's summary that groups by file writes only the line, indented under the path (` 524: '?' is not preceded with
// whitespace.`, a checkstyle report reduced by a project's script): no severity, so the header alone makes it a place.
const NUMBER_ROW: RowKind = { pattern: /^\s+(\d{1,7})(?::(\d{1,5}))?: (\S.*)$/, line: 1, column: 2, message: 3, headerAtMargin: true };
// Create React App's lint summary (react-dev-utils) writes the word: `  Line 4:  'x' is defined but never used  no-unused-vars`,
// and since its ESLint 6 setup the column too (`  Line 4:10:  …`), under `./src/a.js` or `src/a.js`. Other checkers
// write the column in words (`line 4, col 2: duplicate key`, `Line 9 column 1: …`), indented or not.
const WORD_ROW: RowKind = {
  pattern: /^\s*(?:Line|line) (\d{1,7})(?:(?::|,? ?(?:[Cc]ol(?:umn)?|[Cc]har(?:acter)?)\.? ?)(\d{1,5}))?:\s+(\S.*)$/,
  line: 1,
  column: 2,
  message: 3,
  headerAtMargin: true,
};
// jshint-stylish (grunt's and gulp's JSHint reporter before 2.0) writes both words and no colon, two blanks between
// the cells: `  line 12  col 5  Missing semicolon.`, a warning sign before the line word in later versions.
const WORD_CELLS_ROW: RowKind = {
  pattern: /^\s+(?:[⚠✖]\s+)?line (\d{1,7})\s{2,4}col (\d{1,5})\s{2,}(\S.*)$/,
  line: 1,
  column: 2,
  message: 3,
  headerAtMargin: true,
};
// The grouped layout many linters share (ESLint's stylish, stylelint's string formatter, vale's CLI, markdown and
// spelling checkers): the path alone, then `  12:5  error  message  rule` rows, the severity a word or a symbol, or
// none (`  12:5  message`: a checker that only reports errors); a row without one needs a header that is surely a
// path (plainHeader: `run.log` over `  12:30  started the job` is a clock under a name).
const POSITION_SEVERITY_ROW: RowKind = {
  pattern: /^\s+(\d{1,7}):(\d{1,5})\s+(?:(error|warning|warn|info|notice|suggestion|✖|✘|×|⚠|‼)\s+)?(\S.*)$/i,
  line: 1,
  column: 2,
  severity: 3,
  message: 4,
  headerAtMargin: false,
};
// The same rows at the margin (yamllint's and Next.js's lint output, `5:1  error  msg`, `12:5  Error: msg`, under a path
// alone): without the indent a clock or a counter could lead the line, so the severity word is required (fixture ablation,
// mend31).
const MARGIN_SEVERITY_ROW: RowKind = {
  pattern: /^(\d{1,7}):(\d{1,5}) +(error|warning|warn)(?::\s+|\s+)(\S.*)$/i,
  line: 1,
  column: 2,
  severity: 3,
  message: 4,
  headerAtMargin: true,
};
// A table per file with a pipe between its cells: `FILE: src/A.php` over ` 12 | ERROR | [x] message` (a sniffer's
// full report), or ` 12 | message` under the path; the severity cell is optional.
const PIPE_ROW: RowKind = {
  pattern: /^\s*(\d{1,7})\s*\|\s*(?:(ERROR|WARNING|error|warning)\s*\|\s*)?(\S.*)$/,
  line: 1,
  severity: 2,
  message: 3,
  headerAtMargin: false,
};
// A table whose head row names the file over a `Line` column (`  Line   src/A.php` over `  12     message`), and a
// checker's per-file block `== [models/a.sql] FAIL` over `L:  12 | P:   5 | CODE | message`.
const LINE_CELL_ROW: RowKind = { pattern: /^\s+(\d{1,7})\s{2,}(\S.*)$/, line: 1, message: 2, headerAtMargin: false };
const LABELLED_ROW: RowKind = {
  pattern: /^\s*L:\s*(\d{1,7})\s*\|\s*P:\s*(\d{1,5})\s*\|\s*(\S.*)$/,
  line: 1,
  column: 2,
  message: 3,
  headerAtMargin: false,
};
const ROW_KINDS: readonly RowKind[] = [
  SEVERITY_ROW,
  WORD_ROW,
  WORD_CELLS_ROW,
  NUMBER_ROW,
  POSITION_SEVERITY_ROW,
  MARGIN_SEVERITY_ROW,
  PIPE_ROW,
  LINE_CELL_ROW,
  LABELLED_ROW,
];

// The file a header line names: the path alone, or a label that leads one kind of rows (`FILE: path` a pipe table,
// a table's `Line  path` head its cells, `== [path] FAIL` a checker's labelled rows).
const LABELLED_HEADERS: ReadonlyMap<RowKind, RegExp> = new Map([
  [PIPE_ROW, /^FILE:\s+(\S+)$/],
  [LINE_CELL_ROW, /^Line\s{2,}(\S+)$/],
  [LABELLED_ROW, /^==\s*\[(\S+?)\]\s*(?:FAIL|PASS)\b/],
]);
// A table's rule between its head and its rows (`------ ------`, `-----+-----`) is skipped on the way up.
// So is a table's caption in capitals (`FOUND 2 ERRORS AFFECTING 2 LINES`), which no path spells.
const TABLE_RULE = /^[\s\-=+|]+$/;
const TABLE_CAPTION = /^\s*[A-Z][A-Z\d ,()]{4,}$/;

// As far as a line context reaches; each row looks up past the rows above it, so a run of rows costs at most 40 tests each.
const MAX_ROWS_UNDER_HEADER = 40;

// A header may dress its path: a rule around it (`--- src/a.c ---`, `=== a.c ===`, `## a.c`), a colon after it, or the
// count of its rows (`src/a.c (3)`, `src/a.c: 3 problems`, `src/a.c - 2 errors`). Each is taken off by one anchored,
// linear test; what is left must be a path alone. A header that wore one of them is surely one (Header.dressed).
const HEADER_RULE_BEFORE = /^(?:[-=*~#]{2,}|#)\s+/;
const HEADER_RULE_AFTER = /\s+[-=*~#]{2,}$/;
const HEADER_COUNT = /(?::|\s+-)?\s+(?:\(\d{1,7}(?: [a-z]{1,16})?\)|\[\d{1,7}\]|\d{1,7} [a-z]{1,16})$/i;
const MAX_HEADER = 512;

interface Header {
  readonly file: string;
  readonly dressed: boolean;
}

function headerFile(raw: string, kind: RowKind): Header | undefined {
  const header = raw.trim();
  const labelled = LABELLED_HEADERS.get(kind)?.exec(header);
  if (labelled) return { file: labelled[1]!, dressed: true };
  if (kind === LINE_CELL_ROW || kind === LABELLED_ROW || header.length > MAX_HEADER) return undefined;
  if (kind.headerAtMargin && /^\s/.test(raw)) return undefined;
  // A number-led row under `F:` is a source listing's line (bun's, a template engine's), not a report's row.
  if (kind !== POSITION_SEVERITY_ROW && kind !== WORD_ROW) return /\s|:$/.test(header) ? undefined : { file: header, dressed: false };
  const bare = header.replace(HEADER_RULE_BEFORE, '').replace(HEADER_RULE_AFTER, '').replace(HEADER_COUNT, '').replace(/:$/, '');
  if (/\s/.test(bare)) return undefined;
  return { file: bare, dressed: bare !== header };
}

/** Reads a row under a file header: the row's place in the header's file. */
export function rowUnderHeader(context: LineContext): boolean {
  let kind: RowKind | undefined;
  let row: RegExpExecArray | null = null;
  for (const candidate of ROW_KINDS) {
    row = candidate.pattern.exec(context.text);
    if (row) {
      kind = candidate;
      break;
    }
  }
  if (!row || !kind) return false;
  // The rows of one header are all of one kind; the header skips the rows above of the same kind (and a table's rule).
  // The row just above found its header: this one shares it (a long run of rows costs one look-up, not one per row).
  const last = context.state<{ logLine: number; header?: Header }>(() => ({ logLine: -1 }));
  const shared = last.logLine === context.logLine - 1 && kind.pattern.test(context.line(-1) ?? '') ? last.header : undefined;
  let header = shared;
  for (let delta = -1; header === undefined && delta >= -MAX_ROWS_UNDER_HEADER; delta--) {
    const raw = context.line(delta);
    if (raw === undefined || raw.trim() === '') return false;
    if (kind.pattern.test(raw) || (TABLE_RULE.test(raw) && /[-=]/.test(raw)) || (kind === PIPE_ROW && TABLE_CAPTION.test(raw))) continue;
    header = headerFile(raw, kind);
    if (header === undefined || !pathLike(header.file)) return false;
  }
  if (header === undefined) return false;
  last.logLine = context.logLine;
  last.header = header;
  const word = kind.severity === undefined ? undefined : row[kind.severity];
  // A position row with no severity is a place only under a header that is surely a path (POSITION_SEVERITY_ROW).
  if (kind === POSITION_SEVERITY_ROW && word === undefined && !header.dressed && !/[\\/]/.test(header.file)) return false;
  const file = header.file;
  const column = kind.column === undefined || row[kind.column] === undefined ? null : Number(row[kind.column]);
  const code = (kind.code === undefined ? undefined : row[kind.code]) ?? null;
  const location = { file: withoutHost(file), line: Number(row[kind.line]), column, severity: severityOfRow(word), code };
  // The tier reads claimed lines too: a row the linter's own format read (stylish, stylelint, phpcs) is its place already.
  if (proposedAlready(context, location.file, location.line, false, false)) return true;
  return context.emit({ ...location, message: (row[kind.message] ?? '').trim(), hints: { confirm: true } }) !== undefined;
}

function severityOfRow(word: string | undefined): Severity | null {
  if (word === undefined) return null;
  if (/^notice$/i.test(word)) return 'note';
  if (/^(?:✖|✘|×)$/.test(word)) return 'error';
  if (/^(?:⚠|‼|warn|suggestion)$/i.test(word)) return 'warning';
  return severityOf(word);
}

// Linters that write a file once and its findings under it, or name files of any kind: sqlfluff (SQL), codespell
// (spelling in any text file, extensionless ones too) and semgrep's text report (rules over many languages).
// Link: https://docs.sqlfluff.com/en/stable/reference/cli.html , https://github.com/codespell-project/codespell ,
// https://semgrep.dev/docs/cli-reference
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { Severity } from '../../../core/index.js';

// A header or file line alone: no blank inside, and a folder separator or a letter-led extension.
const LONE_PATH = /^(?:[A-Za-z]:)?[\w.~-]*(?:[\\/][\w.@+~-]+)*\.[A-Za-z][\w+-]{0,11}$|^(?:[A-Za-z]:)?[\w.~-]*(?:[\\/][\w.@+~-]+)+$/;

interface HeaderState {
  file?: string;
}

// `== [models/staging/users.sql] FAIL` heads the rows of one file; `L:   3 | P:  12 | LT01 | msg` rows follow, long
// messages continue on `                       | rest` lines (sqlfluff 0.x to 4.x; the parse error's code is `PRS`).
const SQLFLUFF_HEADER = /^== \[(.+)\] (?:FAIL|PASS)$/;
const SQLFLUFF_ROW = /^L:\s*(\d+) \| P:\s*(\d+) \|\s*(\w+)\s*\| (.*)$/;
const SQLFLUFF_MORE = /^\s{8,}\| (.*)$/;
// A file with more findings than a line context reaches keeps its header in the scan's state.
const sqlfluffHeader = (context: LineContext): HeaderState => context.state<HeaderState>(() => ({}));

function parseSqlfluff(context: LineContext): boolean {
  const header = SQLFLUFF_HEADER.exec(context.text);
  if (header) {
    sqlfluffHeader(context).file = header[1];
    return true;
  }
  const row = SQLFLUFF_ROW.exec(context.text);
  const file = sqlfluffHeader(context).file;
  if (!row || file === undefined) return false;
  let message = row[4] ?? '';
  for (let delta = 1; delta <= 8; delta++) {
    const more = SQLFLUFF_MORE.exec(context.line(delta) ?? '');
    if (!more) break;
    message += ` ${more[1]}`;
  }
  // Every row fails `sqlfluff lint` (exit 1): a rule's violation as much as a parse (`PRS`) or template (`TMP`) error.
  context.emit({ file, line: Number(row[1]), column: Number(row[2]), severity: 'error', code: row[3] ?? null, message: message.trim() });
  return true;
}

export const sqlfluff: GrammarFormat = {
  name: 'sqlfluff',
  language: 'SQL',
  description:
    '`sqlfluff lint models`: `== [models/users.sql] FAIL` then `L:   3 | P:  12 | LT01 | msg` rows (P is the column); long messages ' +
    'continue on indented `| rest` lines.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://docs.sqlfluff.com/en/stable/reference/cli.html',
  anchor: '^== \\[|^L: *\\d+ \\| P: ',
  parse: parseSqlfluff,
};

// `./docs/guide.rst:12: recieve ==> receive` (two blanks before the arrow in 1.x, `, ` between several suggestions).
// Any text file: extensionless ones (`README`, `Makefile`) too, which is why the arrow, not the path, selects the line.
const CODESPELL = /^\s*((?:[A-Za-z]:)?[^\s:][^:]*?):(\d+): (\S.*?) {1,2}==> (.+)$/;

function parseCodespell(context: LineContext): boolean {
  const row = CODESPELL.exec(context.text);
  if (!row) return false;
  const word = (row[3] ?? '').trim();
  const suggestion = (row[4] ?? '').trim();
  context.emit({ file: row[1] ?? '', line: Number(row[2]), column: null, severity: 'error', message: `${word} ==> ${suggestion}` });
  return true;
}

export const codespell: GrammarFormat = {
  name: 'codespell',
  language: 'Text',
  description: '`codespell .`: `./docs/guide.rst:12: recieve ==> receive`, any file (extensionless `README` too), no column.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://github.com/codespell-project/codespell',
  // `codespell` walks `.` by default and prints `./`-led paths: an extensionless one (`./README:4:`) has no `.ext:` for the
  // universal anchors, so the line start selects it; a path with an extension is selected by them already.
  anchor: '^ *\\.\\.?/[^:\\n]+:\\d+: ',
  parse: parseCodespell,
};

// semgrep 1.x text: the file indented alone, then per rule `❯❯❱ rule.id` (❯❯❱ error, ❯❱ warning, ❱ info), its message,
// and the matched lines as `   12┆ code`; a later match of the same rule follows a `⋮┆----` separator.
// semgrep 0.x: the file alone, then `severity:error rule:id: msg` and the matched lines as `12:code`.
const SEMGREP_RULE = /^\s*(❯❯❱|❯❱|❱) (\S+)$/;
const SEMGREP_ROW = /^\s*(\d+)┆/;
const SEMGREP_SEPARATOR = /^\s*⋮┆-{3,}$/;
const SEMGREP_SKIPPED = /^\s*(?:❰❰ .* ❱❱|▶▶┆ .*|Details: \S+)$/;
const SEMGREP_OLD = /^severity:(\w+) rule:([^\s:]+): (.*)$/;
const MARKER_SEVERITY: Readonly<Record<string, Severity>> = { '❯❯❱': 'error', '❯❱': 'warning', '❱': 'note' };

interface SemgrepState {
  file?: string;
  rule?: string;
  message?: string;
  severity?: Severity;
}

// The first matched line below a rule or a separator: what lies between is the rule's message.
function firstRowBelow(context: LineContext): { line: number; message: string } | undefined {
  const message: string[] = [];
  for (let delta = 1; delta <= 40; delta++) {
    const text = context.line(delta);
    if (text === undefined || SEMGREP_RULE.test(text) || SEMGREP_SEPARATOR.test(text)) return undefined;
    const row = SEMGREP_ROW.exec(text);
    if (row) return { line: Number(row[1]), message: message.join(' ') };
    if (text.trim() !== '' && !SEMGREP_SKIPPED.test(text)) message.push(text.trim());
  }
  return undefined;
}

function parseSemgrep(context: LineContext): boolean {
  const state = context.state<SemgrepState>(() => ({}));
  const text = context.text;
  const rule = SEMGREP_RULE.exec(text);
  if (rule) {
    const above = context.line(-1)?.trim() ?? '';
    if (LONE_PATH.test(above)) state.file = above;
    const row = firstRowBelow(context);
    if (state.file === undefined || row === undefined) return false;
    Object.assign(state, { rule: rule[2], message: row.message, severity: MARKER_SEVERITY[rule[1] ?? ''] ?? 'warning' });
    context.emit({ file: state.file, line: row.line, column: null, severity: state.severity, code: state.rule, message: row.message });
    return true;
  }
  if (SEMGREP_SEPARATOR.test(text)) {
    const row = firstRowBelow(context);
    if (state.file === undefined || state.rule === undefined || row === undefined) return false;
    context.emit({ file: state.file, line: row.line, column: null, severity: state.severity, code: state.rule, message: state.message });
    return true;
  }
  const old = SEMGREP_OLD.exec(text);
  const matched = /^(\d+):/.exec(context.line(1) ?? '');
  if (!old || !matched) return false;
  const above = context.line(-1)?.trim() ?? '';
  if (LONE_PATH.test(above)) state.file = above;
  if (state.file === undefined) return false;
  const severity: Severity = old[1] === 'error' ? 'error' : old[1] === 'warning' ? 'warning' : 'note';
  context.emit({ file: state.file, line: Number(matched[1]), column: null, severity, code: old[2] ?? null, message: old[3] ?? '' });
  return true;
}

export const semgrep: GrammarFormat = {
  name: 'semgrep',
  language: 'Any',
  description:
    '`semgrep scan --config rules.yml`: the file alone, `❯❯❱ rule.id`, its message and `   12┆ code` rows (1.x); 0.x: the file, ' +
    '`severity:error rule:id: msg`, then `12:code`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://semgrep.dev/docs/cli-reference',
  // ❯ (U+276F) leads and ❱ (U+2771) ends every rule marker; ⋮┆ (U+22EE U+2506) starts a separator; 0.x rows start `severity:`.
  anchor: '(?:\\xe2\\x9d\\xaf){0,2}\\xe2\\x9d\\xb1 |\\xe2\\x8b\\xae\\xe2\\x94\\x86-|^severity:\\w+ rule:',
  parse: parseSemgrep,
};

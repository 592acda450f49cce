// Linters of configuration and docs: actionlint, yamllint (parsable and standard), markdownlint, cfn-lint.
// Link: https://github.com/rhysd/actionlint/blob/main/docs/usage.md , https://yamllint.readthedocs.io/en/stable/quickstart.html ,
// https://github.com/igorshubovych/markdownlint-cli , https://github.com/aws-cloudformation/cfn-lint
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead, severityOf } from '../shared/common.js';
import { locationAnchorFor } from '../../engine/anchors.js';

const YAML = /\.ya?ml$/;

// `.github/workflows/ci.yml:12:5: property "foo" is not defined [syntax-check]` (default format; a code frame follows).
function parseActionlint(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || !YAML.test(head.file) || head.column === null) return false;
  const tail = /^: (.*) \[([a-z][a-z0-9-]*)\]$/.exec(head.rest);
  if (!tail) return false;
  context.emit({ file: head.file, line: head.line, column: head.column, severity: 'error', code: tail[2] ?? null, message: tail[1] ?? '' });
  return true;
}

export const actionlint: GrammarFormat = {
  name: 'actionlint',
  language: 'GitHub Actions',
  description:
    '`actionlint`: `.github/workflows/ci.yml:12:5: property "foo" is not defined in object type … [syntax-check]` then a code frame.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://github.com/rhysd/actionlint/blob/main/docs/usage.md',
  anchor: locationAnchorFor('ya?ml', ':'),
  parse: parseActionlint,
};

// Parsable: `./config.yaml:3:1: [error] wrong indentation: expected 2 but found 0 (indentation)`.
// Standard: a file header line, then `  3:1       error    wrong indentation…  (indentation)` rows.
// Usually two blanks before the rule; a syntax error's row has one (`… got '<stream end>' (syntax)`, yamllint 1.29),
// and none before 1.16 (observed 1.10: `  3:6       error    syntax error: mapping values are not allowed here`).
// A copy from a web page may lose the two leading blanks; the header line above still names the file.
const YAMLLINT_ROW = /^ {0,2}(\d+):(\d+) +(error|warning) +(.*?)(?: {1,2}\(([\w-]+)\))?$/;
// Whether a line is such a row, without its fields: ESLint's stylish rows have the same shape, and a dense ESLint log
// offers every row here first, so the lazy message and its optional rule (a step per character) run only under a
// YAML header. The same lines as YAMLLINT_ROW: its message and rule take any characters but line terminators.
const YAMLLINT_ROW_SHAPE = /^ {0,2}\d+:\d+ +(?:error|warning) +[^\n\r\u2028\u2029]*$/;
// The header is found at most this many lines up.
const YAMLLINT_REACH = 40;

/** The rows read last: the log line of the last one, and where its walk up to the header stopped with what it found. */
interface YamllintRows {
  lastRow: number;
  stop: number;
  file: string | undefined;
}

// The file header above a row. A row right below the last one walks over it to the same stopping line, which is found
// again while in reach: walking up per row read every row of a block again (a dense ESLint log's rows, which come here
// before stylish claims them, cost about a fifth of its scan; issue 21), as stylish's own rows keep their header.
function yamllintHeader(context: LineContext): string | undefined {
  const rows = context.state<YamllintRows>(() => ({ lastRow: -1, stop: -1, file: undefined }));
  const logLine = context.logLine;
  const known = rows.lastRow === logLine - 1 && rows.stop >= 0 && logLine - rows.stop <= YAMLLINT_REACH;
  rows.lastRow = logLine;
  if (known) return rows.file;
  rows.stop = -1;
  rows.file = undefined;
  for (let delta = -1; delta >= -YAMLLINT_REACH; delta--) {
    const line = context.line(delta);
    if (line !== undefined && line !== '' && YAMLLINT_ROW_SHAPE.test(line)) continue;
    rows.stop = logLine + delta;
    // `stdin` heads the rows of `yamllint -` (the command names the file: src/resolve/command-names.ts).
    if (line !== undefined && ((YAML.test(line) && !/\s/.test(line)) || line === 'stdin')) rows.file = line;
    break;
  }
  return rows.file;
}

function parseYamllint(context: LineContext): boolean {
  const text = context.text;
  if (YAMLLINT_ROW_SHAPE.test(text)) {
    // Rows carry no file: it is the header line above the block of rows (formats.md §3.10).
    const file = yamllintHeader(context);
    const row = file === undefined ? null : YAMLLINT_ROW.exec(text);
    if (file === undefined || !row) return false;
    context.emit({
      file,
      line: Number(row[1]),
      column: Number(row[2]),
      severity: severityOf(row[3]),
      message: row[4] ?? '',
      code: row[5] ?? null,
    });
    return true;
  }
  const head = parseColonHead(context);
  if (!head || !YAML.test(head.file)) return false;
  const tail = /^: \[(error|warning)\] (.*) \((\S+)\)$/.exec(head.rest) ?? /^: \[(error|warning)\] (.*)$/.exec(head.rest);
  if (!tail) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: severityOf(tail[1]),
    message: tail[2] ?? '',
    code: tail[3] ?? null,
  });
  return true;
}

export const yamllint: GrammarFormat = {
  name: 'yamllint',
  language: 'YAML',
  description:
    '`yamllint -f parsable .`: `./config.yaml:3:1: [error] msg (rule)`; `yamllint .` (standard): a file header then `  3:1       ' +
    'error    msg  (rule)` rows.',
  columnBase: 1,
  // yamllint columns come from PyYAML marks: characters of the decoded line, 1-based.
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://yamllint.readthedocs.io/en/stable/quickstart.html#running-yamllint',
  // Rows start with two spaces (none in a copy that lost them) and `L:C` then the padded severity (SGR allowed when coloured).
  anchor: `${locationAnchorFor('ya?ml', ':')}|^ {0,2}\\d+:\\d+ +(?:\\x1b\\[[0-9;]*m)*(?:error|warning) `,
  parse: parseYamllint,
};

// `README.md:12:81 error MD013/line-length Line length [Expected: 80; Actual: 103]` — no colon after the
// location; the column is often absent; markdownlint-cli < 0.40 printed no severity word.
function parseMarkdownlint(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || !/\.(?:md|markdown|mdx)$/i.test(head.file)) return false;
  const tail = /^ (?:(error|warning) )?(MD\d{3}(?:\/[\w-]+)*) (.*)$/.exec(head.rest);
  if (!tail) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: severityOf(tail[1] ?? 'error'),
    code: tail[2] ?? null,
    message: tail[3] ?? '',
  });
  return true;
}

export const markdownlint: GrammarFormat = {
  name: 'markdownlint',
  language: 'Markdown',
  description:
    '`markdownlint README.md docs`: `README.md:12:81 error MD013/line-length Line length [Expected: 80; Actual: 103]` (no colon after ' +
    'the column).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://github.com/igorshubovych/markdownlint-cli',
  // The extension test below ignores case (README.MD).
  anchor: locationAnchorFor('[mM][dD][xX]?|[mM][aA][rR][kK][dD][oO][wW][nN]', ':'),
  parse: parseMarkdownlint,
};

const CFN_TEMPLATE = /\.(?:ya?ml|json|template)$/;
// An editor or pre-commit wrapper's copy tags the rule line and puts a colon after the code (`[cfn-lint] W2510: …`).
const CFN_RULE = /^(?:\[cfn-lint\] )?([EWI])(\d{4}):? (.*)$/;

function cfnSeverity(letter: string | undefined): 'error' | 'warning' | 'note' {
  return letter === 'E' ? 'error' : letter === 'W' ? 'warning' : 'note';
}

// Default: `E3012 'thirty' is not of type 'integer'` then `template.yaml:21:7` ALONE on the next line.
// Parseable: `template.yaml:21:7:21:24:E3012:'thirty' is not of type 'integer'`.
function parseCfnLint(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || !CFN_TEMPLATE.test(head.file)) return false;
  if (head.rest === '') {
    const rule = CFN_RULE.exec(context.line(-1) ?? '');
    if (!rule) return false;
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: cfnSeverity(rule[1]),
      code: `${rule[1]}${rule[2]}`,
      message: rule[3] ?? '',
    });
    return true;
  }
  const tail = /^:([EWI])(\d{4}):(.*)$/.exec(head.rest);
  if (!tail) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    endLine: head.endLine,
    endColumn: head.endColumn,
    severity: cfnSeverity(tail[1]),
    code: `${tail[1]}${tail[2]}`,
    message: tail[3] ?? '',
  });
  return true;
}

export const cfnLint: GrammarFormat = {
  name: 'cfn-lint',
  language: 'CloudFormation',
  description:
    "`cfn-lint template.yaml`: `E3012 'thirty' is not of type 'integer'` then `template.yaml:21:7` on the next line; `-f " +
    'parseable`: `template.yaml:21:7:21:24:E3012:msg`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://github.com/aws-cloudformation/cfn-lint#output',
  anchor: locationAnchorFor('ya?ml|json|template', ':'),
  parse: parseCfnLint,
};

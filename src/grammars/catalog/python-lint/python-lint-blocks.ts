// Python checkers whose diagnostic spans a block of lines rather than one row: pydocstyle (the place on one line,
// the `D100: message` on the next) and bandit (`>> Issue: [B602:name] message`, its severity, then `Location:`).
// Link: https://www.pydocstyle.org/en/stable/usage.html
// Link: https://bandit.readthedocs.io/en/latest/start.html
import type { Severity } from '../../../core/index.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';

// `app/shop.py:6 in public function `total`:`, `app/__init__.py:1 at module level:` (a line, never a column).
const PYDOCSTYLE_CONTEXT = /^ (?:at module level|in (?:public|private) [a-z ]+ `[^`]+`):\s*$/;
// The message, indented on the next line: `        D400: First line should end with a period (not 's')`.
const PYDOCSTYLE_MESSAGE = /^\s+(D\d{3}): (.*)$/;

function parsePydocstyle(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || head.column !== null || !/\.pyi?$/.test(head.file) || !PYDOCSTYLE_CONTEXT.test(head.rest)) return false;
  const message = PYDOCSTYLE_MESSAGE.exec(context.line(1) ?? '');
  if (!message) return false;
  context.emit({ file: head.file, line: head.line, column: null, severity: 'error', code: message[1] ?? null, message: message[2] ?? '' });
  return true;
}

// bandit's text report: `>> Issue: [B602:subprocess_popen_with_shell_equals_true] message`, then
// `   Severity: High   Confidence: High`, since 1.7.5 a `CWE:` line, `More Info:` and `   Location: app/run.py:6:11`
// (the column since 1.7.5, the AST's 0-based offset). The order of the lines under the issue changed in 1.7.5:
// the location is read on its own line and the issue and severity above it.
const BANDIT_ISSUE = /^>> Issue: \[([A-Z]\d+)(?::[\w-]+)?\] (.*)$/;
const BANDIT_SEVERITY = /^\s+Severity: (\w+)/;
const BANDIT_LOCATION = /^ {3}Location: /;
const BANDIT_LOOKBACK = 6;
// bandit exits 1 on every level by default: Low stays a warning, not a note a fail level would hide.
const BANDIT_SEVERITIES: Record<string, Severity | null> = { HIGH: 'error', MEDIUM: 'warning', LOW: 'warning', UNDEFINED: null };

function parseBandit(context: LineContext): boolean {
  const location = BANDIT_LOCATION.exec(context.text);
  const head = location ? parseColonHead(context, { from: location[0].length }) : undefined;
  if (!head || head.rest.trim() !== '') return false;
  let issue: RegExpExecArray | null = null;
  let severity: Severity | null = null;
  for (let delta = -1; delta >= -BANDIT_LOOKBACK && !issue; delta--) {
    const line = context.line(delta) ?? '';
    issue = BANDIT_ISSUE.exec(line);
    const level = BANDIT_SEVERITY.exec(line)?.[1]?.toUpperCase();
    if (level !== undefined) severity = BANDIT_SEVERITIES[level] ?? null;
  }
  if (!issue) return false;
  context.emit({ file: head.file, line: head.line, column: head.column, severity, code: issue[1] ?? null, message: issue[2] ?? '' });
  return true;
}

export const pydocstyle: GrammarFormat = {
  name: 'pydocstyle',
  language: 'Python',
  description: '`pydocstyle src`: `src/m.py:6 in public function `total`:` then `        D400: msg` indented on the next line.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://www.pydocstyle.org/en/stable/usage.html',
  anchor: '\\.pyi?:\\d+ (?:at module level|in (?:public|private) )',
  parse: parsePydocstyle,
};

export const bandit: GrammarFormat = {
  name: 'bandit',
  language: 'Python',
  description:
    '`bandit -r src`: `>> Issue: [B602:name] msg`, `Severity: High`, then `   Location: src/run.py:6:11` ' +
    '(0-based column since 1.7.5).',
  // ast col_offset: 0-based, counted in UTF-8 bytes.
  columnBase: 0,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://bandit.readthedocs.io/en/latest/start.html',
  anchor: '^ {3}Location: ',
  parse: parseBandit,
};

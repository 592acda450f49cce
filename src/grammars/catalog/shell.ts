// Shell: bash's own errors (`deploy.sh: line 9: foo: command not found`) and ShellCheck's tty output
// (`In x.sh line 9:`, the source line, `^-- SC2086 (info): …` carets that carry the column) and gcc output.
// Link: https://www.gnu.org/software/bash/manual/bash.html#Shell-Scripts
// Link: https://github.com/koalaman/shellcheck/blob/master/shellcheck.1.md#formats
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { Severity } from '../../core/index.js';
import { parseColonHead } from './shared/common.js';
import { defineLineWordRule, parseLineWord } from './shared/scripting.js';

const SHELL_EXT = '\\.(?:sh|bash|ksh|zsh|bats)';

function parseBash(context: LineContext): boolean {
  const text = context.text;
  if (/^\s/.test(text)) return false;
  const location = parseLineWord(context, 'bashLine', 0, { colon: true, spaces: true });
  if (!location || !location.rest.startsWith(': ')) return false;
  const message = location.rest.slice(2);
  // A syntax error is followed by the offending text alone (`x.sh: line 5: \`fi'`): the same place again.
  const previous = context.line(-1) ?? '';
  if (/^`.*'$/.test(message) && previous.includes(`: line ${location.line}: syntax error`)) return true;
  context.emit({ file: location.file, line: location.line, severity: 'error', message });
  return true;
}

const SHELLCHECK_SEVERITY: Record<string, Severity> = { error: 'error', warning: 'warning', info: 'note', style: 'note' };
// `^--` marks one position, `^-----^` a range whose end caret gives the end column.
const CARET = /^(\s*)\^(?:(-*\^)|-*) (SC\d+) \((error|warning|info|style)\): (.*)$/;

/** ShellCheck draws carets under the source with tabs expanded to 8 columns: map back to a character column. */
function charColumn(source: string, displayOffset: number): number {
  let display = 0;
  for (let index = 0; index < source.length; index++) {
    if (display >= displayOffset) return index + 1;
    display = source[index] === '\t' ? (Math.floor(display / 8) + 1) * 8 : display + 1;
  }
  return source.length + 1 + (displayOffset - display);
}

function parseShellcheck(context: LineContext): boolean {
  const text = context.text;
  const head = /^In (?=\S)/.exec(text);
  if (!head) return false;
  const location = parseLineWord(context, 'shellcheckInLine', head[0].length, { spaces: true });
  if (!location || location.rest !== ':') return false;
  const source = context.line(1) ?? '';
  // Each caret line below the source is one finding, until the blank line that ends the block.
  for (let delta = 2; delta <= 40; delta++) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '') break;
    const caret = CARET.exec(line);
    if (!caret) continue;
    const start = caret[1]?.length ?? 0;
    const column = charColumn(source, start);
    const endColumn = caret[2] ? charColumn(source, start + 1 + caret[2].length - 1) : null;
    context.emit({
      file: location.file, line: location.line, column, endLine: endColumn === null ? null : location.line, endColumn,
      severity: SHELLCHECK_SEVERITY[caret[4] ?? ''] ?? null, code: caret[3] ?? null, message: caret[5] ?? '', logLine: context.logLine + delta,
    });
  }
  return true;
}

function parseShellcheckGcc(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || head.column === null) return false;
  const tail = /^: (error|warning|note|style): (.*) \[(SC\d+)\]$/.exec(head.rest);
  if (!tail) return false;
  const severity: Severity = tail[1] === 'error' ? 'error' : tail[1] === 'warning' ? 'warning' : 'note';
  context.emit({ file: head.file, line: head.line, column: head.column, severity, code: tail[3] ?? null, message: tail[2] ?? '' });
  return true;
}

const bash: GrammarFormat = {
  name: 'bash',
  language: 'Shell',
  description: '`bash deploy.sh`: `deploy.sh: line 9: foo: command not found`, `x.sh: line 5: syntax error near unexpected token …` (and its echo line).',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://www.gnu.org/software/bash/manual/bash.html#Shell-Scripts',
  anchor: `${SHELL_EXT}: line \\d`,
  parse: parseBash,
};

const shellcheck: GrammarFormat = {
  name: 'shellcheck',
  language: 'Shell',
  description:
    '`shellcheck x.sh` (tty format, also `--color=always`): `In deploy/install.sh line 9:`, the source line, then `     ^-- SC2086 (info): …` caret lines (column = caret offset, tabs expanded to 8).',
  columnBase: 1,
  // Mapped back from the caret's display offset to a character column, matching `-f gcc` (tab = 1 there).
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://github.com/koalaman/shellcheck/blob/master/shellcheck.1.md#formats',
  anchor: `${SHELL_EXT} line \\d+:`,
  parse: parseShellcheck,
};

const shellcheckGcc: GrammarFormat = {
  name: 'shellcheck-gcc',
  language: 'Shell',
  description: '`shellcheck -f gcc x.sh`: `deploy/install.sh:9:6: warning: message [SC2154]` (info and style findings print as `note`).',
  columnBase: 1,
  // Observed with ShellCheck 0.9.0: a tab before the finding counts as one column in gcc output.
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://github.com/koalaman/shellcheck/blob/master/shellcheck.1.md#formats',
  anchor: `${SHELL_EXT}:\\d+:\\d+: `,
  parse: parseShellcheckGcc,
};

export const shellFamily: GrammarFamily = {
  // The three shapes are disjoint (`: line N:` / `In … line N:` / `:L:C: severity: … [SCnnnn]`); order is free.
  formats: [bash, shellcheck, shellcheckGcc],
  rules: (parser) => {
    defineLineWordRule(parser, 'bashLine');
    defineLineWordRule(parser, 'shellcheckInLine');
  },
};

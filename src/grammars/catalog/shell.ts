// Shell: bash's own errors (`deploy.sh: line 9: foo: command not found`), dash's (`deploy.sh: 9: foo: not found`)
// and ShellCheck's tty output
// (`In x.sh line 9:`, the source line, `^-- SC2086 (info): …` carets that carry the column) and gcc output.
// Link: https://www.gnu.org/software/bash/manual/bash.html#Shell-Scripts
// Link: https://github.com/koalaman/shellcheck/blob/master/shellcheck.1.md#formats
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { Severity } from '../../core/index.js';
import { parseColonHead } from './shared/common.js';
import { defineLineWordRule, parseLineWord } from './shared/scripting.js';

const SHELL_EXT = '\\.(?:sh|bash|ksh|zsh|bats)';

// A script without an extension (`./configure`, `/usr/local/bin/deploy`) is taken when its path has a slash; the
// shell's own name (`sh -c '…'`, `bash: line 1:`) names the command string, which has no file to point at.
const SLASHED_SCRIPT = /^((?:\.{1,2}\/|\/)[^\s:]+): (?:line )?(\d+): (.*)$/;
const SHELL_ITSELF = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|ksh|zsh|mksh|ash): (?:line )?\d+: /;

function parseBash(context: LineContext): boolean {
  const text = context.text;
  if (/^\s/.test(text)) return false;
  if (SHELL_ITSELF.test(text)) return /: line \d/.test(text);
  const location = parseLineWord(context, 'bashLine', 0, { colon: true, spaces: true }) ?? slashedScript(text, true);
  if (!location || !location.rest.startsWith(': ')) return false;
  const message = location.rest.slice(2);
  // A syntax error is followed by the offending text alone (`x.sh: line 5: \`fi'`): the same place again.
  const previous = context.line(-1) ?? '';
  if (/^`.*'$/.test(message) && previous.includes(`: line ${location.line}: syntax error`)) return true;
  const extensionless = !/\.(?:sh|bash|ksh|zsh|bats)$/.test(location.file);
  // bash's own warnings (`warning: here-document at line 4 delimited by end-of-file`, `warning: command substitution:
  // ignored null byte`) rank below the error they often precede; the word is the severity, not the message.
  const warning = message.startsWith('warning: ');
  context.emit({
    file: location.file,
    line: location.line,
    severity: warning ? 'warning' : 'error',
    message: warning ? message.slice('warning: '.length) : message,
    ...(extensionless ? { hints: { confirm: true } } : {}),
  });
  return true;
}

/** `./configure: line 12: …` (bash) or `./configure: 12: …` (dash): the workspace confirms an extensionless path. */
function slashedScript(text: string, bash: boolean): { file: string; line: number; rest: string } | undefined {
  const match = SLASHED_SCRIPT.exec(text);
  if (!match || text.slice((match[1] ?? '').length).startsWith(': line ') !== bash) return undefined;
  return { file: match[1] ?? '', line: Number(match[2]), rest: `: ${match[3] ?? ''}` };
}

// dash and other POSIX shells: `./build.sh: 3: build_all: not found`, `x.sh: 5: Syntax error: "fi" unexpected`.
// A paste may indent the row (a Markdown code block, a quoted CI log): a few blanks before the path are the copy's.
const DASH_LINE = /^[ \t]{0,8}([^\s:]+\.(?:sh|bash|ksh|zsh|bats)|(?:\.{1,2}\/|\/)[^\s:]+): (\d+): (.*)$/;
const SOURCED_FILE = /^([^\s:]+\.(?:sh|bash|ksh|zsh|bats)|(?:\.{1,2}\/|\/)[^\s:]+): (\S[^:]*: .*)$/;

// A program built for another machine fails exec with ENOEXEC, and dash then reads it as a script (bash refuses a
// binary): `./bin/arm-gcc: 1: \x7fELF\x02\x01…: not found` (before dash 0.5.11 `./bin/arm-gcc: 1: ./bin/arm-gcc: ELF…`,
// the bytes turned to U+FFFD by a paste), then syntax errors at its other "lines". A first command that is an ELF
// magic or bytes no text holds makes every line of that file no place: the tool is the wrong build, not a script.
const BINARY_COMMAND = /^\x7f?ELF|[\uFFFD\x00-\x08\x0e-\x1f]/;

function parseDash(context: LineContext): boolean {
  const text = context.text;
  // `sh: 1: foo: not found` is the command string of `sh -c`: claimed (no other format should read it) with
  // nothing to point at.
  if (SHELL_ITSELF.test(text)) return !/: line \d/.test(text);
  const match = DASH_LINE.exec(text);
  if (!match) return false;
  const script = match[1] ?? '';
  const rest = match[3] ?? '';
  const binaries = context.state<{ files: Set<string> }>(() => ({ files: new Set() }));
  if (BINARY_COMMAND.test(rest.startsWith(`${script}: `) ? rest.slice(script.length + 2) : rest)) binaries.files.add(script);
  if (binaries.files.has(script)) return true;
  // In a file read by `.` dash names the script it ran, then the line and the sourced file (`./run: 4: ./lib/env.sh:
  // Syntax error: …`, `./run: 2: ./lib/env.sh: foo: not found`): the line is the sourced file's. A command that failed
  // to start has a bare reason instead (`./run: 2: ./tool.sh: Permission denied`): the line is the script's.
  const sourced = SOURCED_FILE.exec(match[3] ?? '');
  const file = sourced?.[1] ?? match[1] ?? '';
  const extensionless = !/\.(?:sh|bash|ksh|zsh|bats)$/.test(file);
  context.emit({
    file,
    line: Number(match[2]),
    severity: 'error',
    message: sourced?.[2] ?? match[3] ?? '',
    ...(extensionless ? { hints: { confirm: true } } : {}),
  });
  return true;
}

// zsh names the script (or the function) it ran and the line, with no `line` word: `resty:40: parse error near \`)'`,
// `/home/me/.zshrc:118: command not found: nvm`. The message is one of zsh's own (lower case, from its source), which
// tells the head from other tools' `file:line:` lines; `zsh:3:` is the command string of `zsh -c` (no file). A name
// without an extension may be a function's (`compinit:21:`): the workspace confirms it.
const ZSH_MESSAGE =
  '(?:parse error|command not found|no such file or directory|bad substitution|bad pattern|no matches found|permission denied|' +
  'not found|unmatched|condition expected|bad math expression|number expected|read-only variable|bad option|no such option|' +
  'invalid option|not an identifier|bad assignment|closing brace expected|bad floating point constant|' +
  'defining function based on alias|unknown (?:file attribute|sort specifier|condition|group|user)|parameter not set|' +
  "can't open input file|no such job|event not found|missing end of string|too many arguments|not enough arguments)";
const ZSH_HEAD = new RegExp(`^([^\\s:]+):(\\d{1,7}): (${ZSH_MESSAGE}.*)$`);
const ZSH_ITSELF = /^(?:\/(?:usr\/)?bin\/)?zsh:\d+: /;

function parseZsh(context: LineContext): boolean {
  const text = context.text;
  if (ZSH_ITSELF.test(text)) return true;
  const match = ZSH_HEAD.exec(text);
  if (!match) return false;
  const file = match[1] ?? '';
  const named = /\.[A-Za-z]\w{0,11}$/.test(file) || /\//.test(file);
  context.emit({
    file,
    line: Number(match[2]),
    severity: 'error',
    message: match[3] ?? '',
    ...(named ? {} : { hints: { confirm: true } }),
  });
  return true;
}

const SHELLCHECK_SEVERITY: Record<string, Severity> = { error: 'error', warning: 'warning', info: 'note', style: 'note' };
// `^--` marks one position, `^-----^` a range whose end caret gives the end column.
// ShellCheck before 0.4 printed no `(severity)` after the code (`^-- SC2046: …`): the severity is then unknown.
const CARET = /^(\s*)\^(?:(-*\^)|-*) (SC\d+)(?: \((error|warning|info|style)\))?: (.*)$/;

/** ShellCheck draws carets under the source with tabs expanded to 8 columns: map back to a character column. */
function charColumn(source: string, displayOffset: number): number {
  let display = 0;
  for (let index = 0; index < source.length; index++) {
    if (display >= displayOffset) return index + 1;
    display = source[index] === '\t' ? (Math.floor(display / 8) + 1) * 8 : display + 1;
  }
  return source.length + 1 + (displayOffset - display);
}

function anyInLine(text: string): { file: string; line: number; rest: string } | undefined {
  const match = /^In (\S.*) line (\d+):$/.exec(text);
  return match ? { file: match[1] ?? '', line: Number(match[2]), rest: ':' } : undefined;
}

function parseShellcheck(context: LineContext): boolean {
  const text = context.text;
  const head = /^In (?=\S)/.exec(text);
  if (!head) return false;
  // `In ./deploy line 4:` names the checked file whatever its name: a fixed header shape, any path token.
  const location = parseLineWord(context, 'shellcheckInLine', head[0].length, { spaces: true }) ?? anyInLine(text);
  if (!location || location.rest !== ':') return false;
  const source = context.line(1) ?? '';
  let findings = 0;
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
      file: location.file,
      line: location.line,
      column,
      endLine: endColumn === null ? null : location.line,
      endColumn,
      severity: SHELLCHECK_SEVERITY[caret[4] ?? ''] ?? null,
      code: caret[3] ?? null,
      message: caret[5] ?? '',
      logLine: context.logLine + delta,
    });
    findings++;
  }
  // A header whose caret block was cut off (a truncated log, `| head`) still names the place.
  if (findings === 0) context.emit({ file: location.file, line: location.line, severity: null, message: '' });
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
  description:
    '`bash deploy.sh`: `deploy.sh: line 9: foo: command not found`, `x.sh: line 5: syntax error near unexpected token …` (and its ' +
    'echo line).',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://www.gnu.org/software/bash/manual/bash.html#Shell-Scripts',
  // Extensionless scripts are taken when the path starts with `/`, `./` or `../` (a line-start anchor keyed on
  // those two characters only), and `sh: line 1:` from `sh -c` is claimed without a location.
  anchor: `${SHELL_EXT}: line \\d|^(?:\\.{1,2}/|/)[^\\s:]{1,300}: line \\d|^(?:/(?:usr/)?bin/)?(?:ba|da|k|z|mk|a)?sh: line \\d`,
  parse: parseBash,
};

const dash: GrammarFormat = {
  name: 'dash',
  language: 'Shell',
  description:
    '`sh deploy.sh` with dash (Debian/Ubuntu `/bin/sh`) or another POSIX sh: `deploy.sh: 3: build_all: not found`, `./x.sh: 5: Syntax ' +
    'error: "fi" unexpected`; `sh: 1: foo: not found` (from `sh -c`) is claimed without a location.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://manpages.debian.org/bookworm/dash/dash.1.en.html',
  // `x.sh: 3: ` is selected by the universal anchor's `.ext: N: ` branch; extensionless scripts need a slash, behind at
  // most the few blanks a paste indents a row by.
  anchor: `${SHELL_EXT}: \\d+: |^[ \\t]{0,8}(?:\\.{1,2}/|/)[^\\s:]{1,300}: \\d+: |^(?:/(?:usr/)?bin/)?(?:ba|da|k|z|mk|a)?sh: \\d+: `,
  parse: parseDash,
};

const zsh: GrammarFormat = {
  name: 'zsh',
  language: 'Shell',
  description:
    "`zsh x.zsh`, `source ~/.zshrc`: `resty:40: parse error near `)'`, `/home/me/.zshrc:118: command not found: nvm` (a name without " +
    'an extension is kept when the workspace has that file); `zsh:1: …` from `zsh -c` is claimed without a location.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://zsh.sourceforge.io/Doc/Release/Shell-Grammar.html',
  // A name with an extension is selected by the universal `.ext:N:` anchor, one without by the universal anchor on
  // zsh's commonest messages (prefilter.ts); the rarer messages need an extension.
  anchor: `${SHELL_EXT}:\\d+: ${ZSH_MESSAGE}|^[^\\s:]{1,300}:\\d+: ${ZSH_MESSAGE}`,
  parse: parseZsh,
};

const shellcheck: GrammarFormat = {
  name: 'shellcheck',
  language: 'Shell',
  description:
    '`shellcheck x.sh` (tty format, also `--color=always`): `In deploy/install.sh line 9:`, the source line, then `     ^-- SC2086 ' +
    '(info): …` caret lines (column = caret offset, tabs expanded to 8).',
  columnBase: 1,
  // Mapped back from the caret's display offset to a character column, matching `-f gcc` (tab = 1 there).
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://github.com/koalaman/shellcheck/blob/master/shellcheck.1.md#formats',
  // `In ./deploy line 4:` (no extension) by its header phrase at line start.
  anchor: `${SHELL_EXT} line \\d+:|^In \\S[^\\n]{0,400} line \\d+:`,
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
  // The shapes are disjoint (`: line N:` / `: N: ` / `:N: ` with a zsh message / `In … line N:` /
  // `:L:C: severity: … [SCnnnn]`); order is free.
  formats: [bash, dash, zsh, shellcheck, shellcheckGcc],
  rules: (parser) => {
    defineLineWordRule(parser, 'bashLine');
    defineLineWordRule(parser, 'shellcheckInLine');
  },
};

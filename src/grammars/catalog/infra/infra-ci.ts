// CI and deployment tools: GitHub Actions workflow commands, Terraform diagnostics, Docker BuildKit and hadolint.
// Link: https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions ,
// https://developer.hashicorp.com/terraform/cli/commands/validate , https://docs.docker.com/build/ ,
// https://github.com/hadolint/hadolint
import { EOF, type CstNode } from 'chevrotain';
import { ALL_TOKENS, Colon, Comma, Equals, Int, Space, Word } from '../../engine/tokens.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import type { Severity } from '../../../core/index.js';
import { parseColonHead, plausiblePath, severityOf } from '../shared/common.js';

export function defineCiRules(parser: LineParser): void {
  // A property value runs to the next `,` or the `::` that ends the properties (escaped values hold neither).
  parser.define('ghValue', () => {
    const accepts = (): boolean => {
      const type = parser.peek(1).tokenType;
      return type !== Comma && type !== EOF && !(type === Colon && parser.peek(2).tokenType === Colon);
    };
    parser.rep(1, accepts, () => {
      parser.alt(
        1,
        ALL_TOKENS.map((type) => ({
          GATE: () => parser.peek(1).tokenType === type,
          ALT: () => {
            parser.tok(1, type);
          },
        })),
      );
    });
  });
  parser.define('ghProperty', () => {
    parser.tok(1, Word);
    parser.tok(1, Equals);
    parser.sub(1, 'ghValue');
  });
  // ::error file=src/a.js,line=2,col=7::message — the command word, optional properties, `::`.
  parser.define('ghCommand', () => {
    parser.tok(1, Colon);
    parser.tok(2, Colon);
    parser.tok(1, Word);
    parser.opt(1, () => {
      parser.tok(1, Space);
      parser.sub(1, 'ghProperty');
      parser.rep(
        2,
        () => parser.peek(1).tokenType === Comma,
        () => {
          parser.tok(1, Comma);
          parser.sub(2, 'ghProperty');
        },
      );
    });
    parser.tok(3, Colon);
    parser.tok(4, Colon);
  });
  // `on main.tf line 14` (Terraform's source reference; the path holds no spaces in Terraform's output).
  parser.define('terraformOn', () => {
    parser.tok(1, Word);
    parser.tok(1, Space);
    parser.sub(1, 'path', [{ until: 'line-word' }]);
    parser.tok(2, Space);
    parser.tok(2, Word);
    parser.tok(3, Space);
    parser.tok(1, Int);
  });
}

// --- GitHub Actions workflow commands ---

// The runner's unescaping (actions/runner ActionCommand.cs): %25 last, so `%253A` stays `%3A`.
function unescapeProperty(value: string): string {
  return value.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%3A/gi, ':').replace(/%2C/gi, ',').replace(/%25/g, '%');
}
function unescapeData(value: string): string {
  return value.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}

function parseWorkflowCommand(context: LineContext): boolean {
  const text = context.text;
  const command = /^::(error|warning|notice)[ :]/.exec(text);
  if (!command) return false;
  const parsed = context.parse('ghCommand');
  if (!parsed) return false;
  const properties = new Map<string, string>();
  for (const node of (parsed.cst.children.ghProperty ?? []) as CstNode[]) {
    const pair = context.slice(node, parsed);
    const equals = pair.indexOf('=');
    properties.set(pair.slice(0, equals).toLowerCase(), unescapeProperty(pair.slice(equals + 1)));
  }
  const file = properties.get('file');
  const line = Number(properties.get('line'));
  // `::error::msg` has no place: a later format may still find one in the message.
  if (!file || !Number.isInteger(line) || line < 1) return false;
  const number = (key: string): number | null => (properties.has(key) ? Number(properties.get(key)) || null : null);
  const title = properties.get('title');
  const message = unescapeData(text.slice(parsed.end));
  // Linters put their rule id in the title (Biome: lint/suspicious/noDebugger); a prose title leads the message.
  const ruleLike = title !== undefined && /^[\w@/.-]+$/.test(title);
  context.emit({
    file,
    line,
    column: number('col'),
    endLine: number('endline'),
    endColumn: number('endcolumn'),
    severity: command[1] === 'notice' ? 'note' : severityOf(command[1]),
    code: ruleLike ? title : null,
    message: title && !ruleLike ? `${title}: ${message}` : message,
  });
  return true;
}

export const githubActions: GrammarFormat = {
  name: 'github-actions',
  language: 'GitHub Actions',
  description:
    '`biome lint --reporter=github` and any tool writing workflow commands: `::error ' +
    'file=src/a.js,line=2,endLine=2,col=7,endColumn=9,title=x::msg`, `::warning`, `::notice` (properties unescaped: %2C %3A %25 %0A).',
  columnBase: 1,
  // The runner documents `col` as a 1-based column and renders it per character.
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions#setting-an-error-message',
  // Not `^`-anchored: the raw line may still carry a runner timestamp that normalisation removes.
  anchor: '::(?:error|warning|notice) ',
  parse: parseWorkflowCommand,
};

// --- Terraform ---

// Coloured output frames each diagnostic with box-drawing characters: `╷`, `│ ` before every line, `╵`.
function unbox(line: string | undefined): string | undefined {
  return line?.replace(/^[│╷╵] ?/, '');
}

// A diagnostic a logger wrapped as one line (`level=error msg="Error: X\n\n  on main.tf line 4, in locals:\n…"`,
// unwrapped with each newline a space): the summary, then the `on` clause after two or more spaces.
const FLATTENED_ON = /^(?:(Error|Warning): )?(\S.*?) {2,}on (?=\S+ line \d+(?:, in [^:]*)?:(?: |$))/;

function parseFlattenedTerraform(context: LineContext, text: string): boolean {
  const flattened = FLATTENED_ON.exec(text);
  if (!flattened) return false;
  const parsed = context.parse('terraformOn', { from: flattened[0].length - 3, text });
  const pathNode = parsed?.cst.children.path?.[0];
  if (!parsed || !pathNode) return false;
  const file = context.slice(pathNode, parsed, text);
  const [line] = context.ints(parsed.cst);
  if (line === undefined || !plausiblePath(file)) return false;
  // No header word left (the logger's level says it) leaves the severity to that level.
  context.emit({ file, line, severity: flattened[1] === undefined ? null : severityOf(flattened[1]), message: flattened[2] ?? '' });
  return true;
}

function parseTerraform(context: LineContext): boolean {
  const text = unbox(context.text) ?? '';
  const on = /^ {2}on (?=\S+ line \d+(?:, in .*)?:$)/.exec(text);
  if (!on) return parseFlattenedTerraform(context, text);
  const parsed = context.parse('terraformOn', { from: 2, text });
  const pathNode = parsed?.cst.children.path?.[0];
  if (!parsed || !pathNode) return false;
  const file = context.slice(pathNode, parsed, text);
  const [line] = context.ints(parsed.cst);
  if (line === undefined || !plausiblePath(file)) return false;
  // The summary (`Error: Reference to undeclared input variable`) sits a blank line above.
  let summary: RegExpExecArray | null = null;
  for (let delta = -1; delta >= -4 && !summary; delta--) summary = /^(Error|Warning): (.*)$/.exec(unbox(context.line(delta)) ?? '');
  if (!summary) return false;
  context.emit({
    file,
    line,
    severity: severityOf(summary[1]),
    message: [summary[2], terraformDetail(context)].filter(Boolean).join(': '),
  });
  return true;
}

// The detail paragraph below the echoed source lines (`  14:   value = var.zone`).
function terraformDetail(context: LineContext): string {
  const lines: string[] = [];
  for (let delta = 1; delta <= 16; delta++) {
    const line = unbox(context.line(delta));
    if (line === undefined || /^[╵╷]/.test(line)) break;
    if (line.trim() === '') {
      if (lines.length > 0) break;
      continue;
    }
    if (lines.length === 0 && /^ {2,}(?:\d+:|[│├└]|\s)/.test(line)) continue;
    lines.push(line.trim());
  }
  return lines.join(' ');
}

export const terraform: GrammarFormat = {
  name: 'terraform',
  language: 'Terraform',
  description:
    '`terraform validate` / `plan`: `Error: Reference to undeclared input variable` then `  on main.tf line 14, in output "b":` (with ' +
    '`│ ` box prefixes when coloured).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://developer.hashicorp.com/terraform/cli/commands/validate',
  anchor: 'on [^\\s:]+ line \\d+(?:, in .*)?:',
  parse: parseTerraform,
};

// --- Docker BuildKit and hadolint ---

const DOCKERFILE = /(?:^|[\\/])(?:[\w.-]*\.)?(?:Dockerfile|Containerfile)(?:\.[\w.-]+)?$/;

// `Dockerfile:12` alone, then a `----` framed excerpt with `>>>` on the failing line, then `ERROR: failed to solve: …`.
// Any Dockerfile name BuildKit was given with `-f` (`Dockerfile-fe`, `build/Dockerfile.prod`, `api.Dockerfile`):
// the summary line is the path alone, so the framed excerpt below it, not the name, makes it BuildKit's. The name is
// printed as the file is spelt: `docker build` takes a lower-case `dockerfile` when the folder has no `Dockerfile`.
const BUILDKIT_SUMMARY = /^(\S*(?:Dockerfile|dockerfile|Containerfile)[\w.-]*):(\d+)\s*$/;

function parseBuildKit(context: LineContext): boolean {
  const summary = BUILDKIT_SUMMARY.exec(context.text);
  const head = summary ? { file: summary[1] ?? '', line: Number(summary[2]) } : undefined;
  if (!head) return false;
  if (!/^-{10,}$/.test(context.line(1) ?? '')) return false;
  let message = '';
  for (let delta = 2; delta <= 30; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    const error = /^ERROR: (?:failed to (?:solve|build): )?(.*)$/.exec(line);
    if (error) {
      message = error[1] ?? '';
      break;
    }
  }
  context.emit({ file: head.file, line: head.line, severity: 'error', message });
  return true;
}

export const dockerfile: GrammarFormat = {
  name: 'dockerfile',
  language: 'Docker',
  description:
    '`docker build .` (BuildKit): `Dockerfile:12` alone (any name given with `-f`: `Dockerfile-fe:24`, `build/Dockerfile.prod:3`, ' +
    'a lower-case `dockerfile:1`), a ' +
    '`----` framed excerpt with `>>>` on the failing line, then `ERROR: failed to solve: …`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://docs.docker.com/build/building/best-practices/',
  anchor: '(?:Dockerfile|dockerfile|Containerfile)[\\w.-]*:\\d+\\s*$',
  parse: parseBuildKit,
};

// `Dockerfile:3 DL3008 warning: Pin versions in apt get install…` (tty format); ShellCheck findings in RUN
// lines carry SC codes. Severities: error, warning, info, style.
// Read from standard input (`hadolint - < Dockerfile`, `docker run -i hadolint/hadolint < Dockerfile`), the file is
// `-` or `/dev/stdin`; the first releases printed `L7 DL3008 message`, no file and no severity. Only the command names the
// file (src/resolve/command-names.ts).
const HADOLINT_STDIN =
  /^(?:(-|\/dev\/stdin|<stdin>):(\d+) ((?:DL|SC)\d{4}) (?:(error|warning|info|style): )?|L(\d+) ((?:DL|SC)\d{4}) )(.*)$/;

// Early releases printed no severity word: their rules were warnings. `style` is a note.
function hadolintSeverity(word: string | undefined): Severity {
  if (word === undefined) return 'warning';
  return word === 'style' ? 'note' : (severityOf(word) ?? 'warning');
}

function parseHadolintStdin(context: LineContext): boolean {
  const row = HADOLINT_STDIN.exec(context.text.trim());
  if (!row) return false;
  const severity = hadolintSeverity(row[4]);
  context.emit({ file: row[1] ?? '-', line: Number(row[2] ?? row[5]), severity, code: row[3] ?? row[6] ?? null, message: row[7] ?? '' });
  return true;
}

function parseHadolint(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || !DOCKERFILE.test(head.file)) return parseHadolintStdin(context);
  const tail = /^ ((?:DL|SC)\d{4}) (?:(error|warning|info|style): )?(.*)$/.exec(head.rest);
  if (!tail) return false;
  const severity = hadolintSeverity(tail[2]);
  context.emit({ file: head.file, line: head.line, column: head.column, severity, code: tail[1] ?? null, message: tail[3] ?? '' });
  return true;
}

export const hadolint: GrammarFormat = {
  name: 'hadolint',
  language: 'Docker',
  description:
    '`hadolint Dockerfile`: `Dockerfile:3 DL3008 warning: Pin versions in apt get install…` (ShellCheck `SC2086` codes for RUN lines); ' +
    "from standard input `-:3 DL3008 …` or `/dev/stdin:3`, and the first releases' `L3 DL3008 …`, placed by the command.",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://github.com/hadolint/hadolint#rules',
  anchor:
    '(?:Dockerfile|Containerfile)[\\w.-]*:\\d+ (?:DL|SC)\\d|^\\s*(?:-|/dev/stdin|<stdin>):\\d+ (?:DL|SC)\\d|^\\s*L\\d+ (?:DL|SC)\\d{4} ',
  parse: parseHadolint,
};

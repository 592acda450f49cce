// Ansible (ansible-playbook, ansible-core): where a playbook, role or inventory error is.
// ansible-core 2.19 and later print `Origin: PATH:LINE:COL` under each message of an error, innermost cause
// last after `<<< caused by >>>`; up to 2.18 the message is followed by
// `The error appears to be in 'PATH': line N, column M, but may` — on its own line, or inside a task result's
// JSON (`fatal: [host]: FAILED! => {"msg": "…\n\nThe error appears to be in '…': line 4, column 7, but may…"}`).
// Ansible 2.x up to 2.7 wrote `The error appears to have been in 'PATH': …` (the study's real logs, 2.0–2.7).
// Link: https://docs.ansible.com/ansible-core/devel/porting_guides/porting_guide_core_2.19.html
import { EOF } from 'chevrotain';
import { ALL_TOKENS, Comma, Int, SQuote, Space, Word, Colon } from '../../engine/tokens.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { parseColonHead, plausiblePath } from '../shared/common.js';
import { emitAdoptingWaiting, emitBeforeItsDiagnostic } from '../shared/related.js';

export function defineAnsibleRules(parser: LineParser): void {
  // 'PATH': line N, column M — the path is everything up to the closing quote (Ansible quotes it as given).
  parser.define('ansibleQuotedPlace', () => {
    parser.tok(1, SQuote);
    parser.rep(
      1,
      () => ![SQuote, EOF].includes(parser.peek(1).tokenType),
      () => {
        parser.alt(
          1,
          ALL_TOKENS.filter((type) => type !== SQuote).map((type) => ({
            GATE: () => parser.peek(1).tokenType === type,
            ALT: () => {
              parser.tok(1, type);
            },
          })),
        );
      },
    );
    // Index 1 of every token is the quoted path's; the fixed words after it count from 2.
    parser.tok(2, SQuote);
    parser.tok(2, Colon);
    parser.tok(2, Space);
    parser.alt(2, [{ GATE: () => parser.word(1, 'line'), ALT: () => parser.tok(2, Word) }]);
    parser.tok(3, Space);
    parser.tok(2, Int);
    parser.optIf(
      1,
      () => parser.peek(1).tokenType === Comma && parser.word(3, 'column'),
      () => {
        parser.tok(2, Comma);
        parser.tok(4, Space);
        parser.tok(3, Word);
        parser.tok(5, Space);
        parser.tok(3, Int);
      },
    );
  });
}

const APPEARS = /The error appears to (?:be|have been) in (?=')/;
// What ends one error's block when looking around an `Origin:` line.
const BLOCK_START = /^(?:\[(?:ERROR|WARNING|DEPRECATION WARNING)\]: |fatal: |PLAY |TASK |ERROR! )/;

function headingSeverity(context: LineContext): 'error' | 'warning' {
  for (let delta = -1; delta >= -30; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (line.startsWith('[WARNING]: ') || line.startsWith('[DEPRECATION WARNING]: ')) return 'warning';
    if (line.startsWith('[ERROR]: ') || line.startsWith('fatal: ')) return 'error';
  }
  return 'error';
}

function causedByFollows(context: LineContext): boolean {
  for (let delta = 1; delta <= 16; delta++) {
    const line = context.line(delta);
    if (line === undefined || BLOCK_START.test(line)) return false;
    if (line.trim() === '<<< caused by >>>') return true;
  }
  return false;
}

function parseOrigin(context: LineContext): boolean {
  if (!context.text.startsWith('Origin: ')) return false;
  const head = parseColonHead(context, { from: 'Origin: '.length });
  if (!head || head.rest.trim() !== '') return false;
  const message = (context.line(-1) ?? '').replace(/^\[(?:ERROR|WARNING|DEPRECATION WARNING)\]: /, '').trim();
  const place = { file: head.file, line: head.line, column: head.column, severity: headingSeverity(context), message };
  // Outer messages of a chain wait for its innermost cause, which is where the fix goes.
  if (causedByFollows(context)) emitBeforeItsDiagnostic(context, place);
  else emitAdoptingWaiting(context, place);
  return true;
}

// Up to 2.18 the message is the `ERROR! …` line above (a YAML error adds its reason two lines below it), or,
// inside a task result, the JSON "msg" text before the phrase.
function appearsMessage(context: LineContext, at: number): string {
  const before = context.text.slice(0, at);
  const inJson = /"msg": "(.*?)(?:\\n)*$/.exec(before);
  if (inJson) return inJson[1]!.replace(/\\n/g, ' ').replace(/\\"/g, '"').trim();
  for (let delta = -1; delta >= -14; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (line === 'Syntax Error while loading YAML.') return `${line} ${(context.line(delta + 1) ?? '').trim()}`.trim();
    if (line.startsWith('ERROR! ')) return line.slice('ERROR! '.length).trim();
  }
  return '';
}

// The phrase quotes the path, so an extensionless inventory or playbook (`'/srv/ops/hosts'`) is still one:
// accepted when it starts like a path (absolute, drive, ./ or ../) and names a file, not a folder.
const QUOTED_PATH = /^(?:\/|[A-Za-z]:[\\/]|\.{1,2}[\\/])\S(?:.*\S)?$/;
function quotedPathShape(file: string): boolean {
  return file.length < 1024 && QUOTED_PATH.test(file) && !/[\\/]$/.test(file);
}

function parseAppears(context: LineContext): boolean {
  const phrase = APPEARS.exec(context.text);
  if (!phrase) return false;
  const at = phrase.index;
  const parsed = context.parse('ansibleQuotedPlace', { from: at + phrase[0].length });
  if (!parsed) return false;
  const quoted = context.text.slice(at + phrase[0].length + 1);
  const file = quoted.slice(0, quoted.indexOf("'"));
  const [line, column] = context.ints(parsed.cst);
  if (line === undefined || !(plausiblePath(file) || quotedPathShape(file))) return false;
  context.emit({ file, line, column: column ?? null, severity: 'error', message: appearsMessage(context, at) });
  return true;
}

export const ansible: GrammarFormat = {
  name: 'ansible',
  language: 'Ansible',
  description:
    '`ansible-playbook site.yml`: 2.19+ `Origin: roles/web/tasks/main.yml:6:14` under each message (outer messages of a `<<< caused ' +
    "by >>>` chain related to the innermost); up to 2.18 `The error appears to be in 'site.yml': line 7, column 8, but may` (also " +
    "inside a task's JSON `msg`; up to 2.7 `appears to have been in`; extensionless files such as an inventory `hosts` too).",
  columnBase: 1,
  // Ansible's column comes from the YAML parser's character mark (the caret line agrees).
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://docs.ansible.com/ansible/latest/playbook_guide/playbooks_error_handling.html',
  anchor: "Origin: |The error appears to (?:be|have been) in '",
  parse: (context) => parseOrigin(context) || parseAppears(context),
};

// PHP_CodeSniffer's full report (`phpcs`, the default): a `FILE: path` header, then `  12 | ERROR | [x] msg` rows whose long
// messages continue on `    |       |     rest` lines, the sniff's code in parentheses at the end with `-s`.
// Link: https://github.com/PHPCSStandards/PHP_CodeSniffer/wiki/Reporting
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { SGR } from '../engine/anchors.js';

// phpcs shortens a path wider than the report to `...` and its tail (`FILE: ...src/Service/Mailer.php`); a paste that
// quoted the whole report keeps a `"` before the header (or a stray backtick, a list bullet). `STDIN` is standard input
// (`phpcs -` or a piped file). A copy may lose the header's colon (`FILE /w/src/A.php`, a Markdown quote): then the
// report's `FOUND n ERRORS … AFFECTING` line just below confirms it.
const HEADER = /^(?:["`]|[-*] )?FILE(:?) (.+?)\s*$/;
const FOUND = /^FOUND \d+ (?:ERRORS?|WARNINGS?)\b.* AFFECTING \d+ LINES?\s*$/;
const ROW = /^\s*(\d+) \| (ERROR|WARNING)\s*\| (?:\[[ x]\] )?(.*)$/;
const MORE = /^\s+\|\s+\|\s+(.*)$/;
const SNIFF = /\s*\(([A-Za-z][\w]*(?:\.[\w]+){2,})\)$/;
// The longest message continuation worth reading; a sniff's message rarely wraps more than three times.
const MAX_MORE = 12;

interface HeaderState {
  file?: string;
}

function parsePhpcs(context: LineContext): boolean {
  // A file with more rows than a line context reaches keeps its header in the scan's state.
  const state = context.state<HeaderState>(() => ({}));
  const header = HEADER.exec(context.text);
  if (header && (header[1] === ':' || confirmed(context))) {
    const file = header[2] ?? '';
    state.file = file === 'STDIN' ? '-' : file;
    return true;
  }
  const row = ROW.exec(context.text);
  if (!row || state.file === undefined) return false;
  let message = row[3] ?? '';
  for (let delta = 1; delta <= MAX_MORE; delta++) {
    const more = MORE.exec(context.line(delta) ?? '');
    if (!more) break;
    message += ` ${more[1]}`;
  }
  const sniff = SNIFF.exec(message);
  if (sniff) message = message.slice(0, sniff.index);
  context.emit({
    file: state.file,
    line: Number(row[1]),
    column: null,
    severity: row[2] === 'WARNING' ? 'warning' : 'error',
    code: sniff?.[1] ?? null,
    message: message.trim(),
  });
  return true;
}

// The summary under a header (past the rule of dashes that a copy may keep or drop).
function confirmed(context: LineContext): boolean {
  for (let delta = 1; delta <= 2; delta++) {
    const line = context.line(delta)?.trim() ?? '';
    if (FOUND.test(line)) return true;
    if (!/^-+$/.test(line)) return false;
  }
  return false;
}

const phpcs: GrammarFormat = {
  name: 'phpcs',
  language: 'PHP',
  description:
    '`phpcs --standard=PSR12 src` (full report): `FILE: /abs/src/A.php` (long paths cut to `...tail`), then `  8 | ERROR | [x] msg` ' +
    "rows continued on `    |       |     rest` lines, `(Sniff.Code)` at the end with `-s`; a copy's `FILE /abs/src/A.php` (colon " +
    'lost) when `FOUND n ERRORS … AFFECTING` follows.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://github.com/PHPCSStandards/PHP_CodeSniffer/wiki/Reporting',
  anchor: `^(?:["\`]|[-*] )?${SGR}FILE:? |^ *\\d+ \\| ${SGR}(?:ERROR|WARNING)`,
  parse: parsePhpcs,
};

export const phpcsFamily: GrammarFamily = { formats: [phpcs] };

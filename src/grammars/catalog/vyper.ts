// Vyper, the EVM contract language: `vyper contracts/Vault.vy` names the place on an annotation line under the
// exception (`vyper.exceptions.UndeclaredDefinition: 'x' has not been declared.` / `  contract "contracts/Vault.vy:13",
// function "credit", line 13:26`, 0.3.8 and later). A syntax error of 0.3.x prints only `  line 5:17` (no file), and
// a compiler that crashed prints `Error compiling: contracts/Vault.vy` and then a Python exception whose message holds
// the only position (`ValueError: start (40,79) precedes previous end (41,0)`, tokenize's row and column). The file is
// then the header's, or the one the command names. Columns are 0-based.
// Link: https://docs.vyperlang.org/en/stable/compiler-exceptions.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';

// `Error compiling: contracts/Vault.vy`, which a crash's stderr may run into (`…Vault.vyvyper.exceptions.X: …`).
const HEADER = /^Error compiling: (\S+?\.vyi?)(?=\s|$|vyper\.|[A-Z]\w*(?:Error|Exception):)/;
const CONTRACT_PLACE = /^\s*contract "([^"]+\.vyi?):\d+"(?:, function "[^"]*")?, line (\d+):(\d+)\s*$/;
const BARE_PLACE = /^\s{1,8}line (\d+):(\d+)\s*$/;
const ANNOTATION = /^\s*(?:contract "|line \d+:\d)/;
// An exception line whose message is the only position: `(<unknown>, line 5)` or tokenize's `start (40,79)`.
const EXCEPTION = /^(?:vyper\.exceptions\.\w+|(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception)): (.*)$/;
const POSITION_IN_MESSAGE = /\(<unknown>, line (\d+)\)|\bstart \((\d+),\s*(\d+)\)/;
// How far below its header an exception still belongs to it (a crash prints a short traceback first). A header names
// the file of one error only: vyper stops at a file's first.
const HEADER_REACH = 40;

interface VyperState {
  file: string;
  headerLine: number;
}

const newState = (): VyperState => ({ file: '', headerLine: -1 });

// The exception line just above an annotation line is its message.
function messageAbove(context: LineContext): string {
  for (let delta = -1; delta >= -3; delta--) {
    const line = context.line(delta) ?? '';
    const exception = EXCEPTION.exec(line.slice(HEADER.exec(line)?.[0].length ?? 0));
    if (exception) return (exception[1] as string).trim();
  }
  return '';
}

function headerFile(context: LineContext, state: VyperState): string {
  return state.headerLine >= 0 && context.logLine - state.headerLine <= HEADER_REACH ? state.file : '';
}

function parseVyper(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<VyperState>(newState);
  const header = HEADER.exec(text);
  if (header) {
    state.file = header[1] as string;
    state.headerLine = context.logLine;
    // A header that stderr's exception ran into is still that exception's line.
    const rest = text.slice(header[0].length);
    if (rest === '' || !EXCEPTION.test(rest)) return true;
  }
  const contract = CONTRACT_PLACE.exec(text);
  if (contract) {
    const [, file, line, column] = contract;
    context.emit({ file: file as string, line: Number(line), column: Number(column), severity: 'error', message: messageAbove(context) });
    state.headerLine = -1;
    return true;
  }
  const bare = BARE_PLACE.exec(text);
  if (bare && EXCEPTION.test(context.line(-1) ?? '')) {
    // No file printed: the header's, else the one file the command names (standard input's mechanism).
    const file = headerFile(context, state) || '-';
    context.emit({ file, line: Number(bare[1]), column: Number(bare[2]), severity: 'error', message: messageAbove(context) });
    state.headerLine = -1;
    return true;
  }
  const file = headerFile(context, state);
  const exception = EXCEPTION.exec(header ? text.slice(header[0].length) : text);
  const position = exception ? POSITION_IN_MESSAGE.exec(exception[1] as string) : null;
  // The annotation line below, when there is one, is the better place; the exception line stays vyper's, so that no
  // later tier reads its `(<unknown>, line 5)` as a second, file-less place.
  if (position && (ANNOTATION.test(context.line(1) ?? '') || ANNOTATION.test(context.line(2) ?? ''))) return true;
  if (!position || file === '') return header !== null;
  const line = Number(position[1] ?? position[2]);
  const column = position[3] === undefined ? null : Number(position[3]);
  context.emit({ file, line, column, severity: 'error', message: (exception?.[1] as string).trim() });
  state.headerLine = -1;
  return true;
}

const vyper: GrammarFormat = {
  name: 'vyper',
  language: 'Vyper',
  description:
    '`vyper contracts/Vault.vy`: the exception, then `  contract "contracts/Vault.vy:13", function "f", line 13:26` (0.3.8+), ' +
    'or `  line 5:17` alone (the file is the `Error compiling: F` header’s or the command’s), or a crash’s exception ' +
    'under `Error compiling: F` whose message holds the position (`start (40,79)`); columns 0-based.',
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://docs.vyperlang.org/en/stable/compiler-exceptions.html',
  // Phrases start their line: the exception lines are anchored by their leading name. A message's `start (40,79)` is a
  // universal anchor (engine/prefilter.ts): the prefilter does not try the letter-led exception at every line start.
  anchor:
    '^Error compiling: \\S+\\.vy|contract "[^"]+\\.vyi?:\\d|^\\s{1,8}line \\d+:\\d+\\s*$|' +
    'vyper\\.exceptions\\.\\w+: .*\\(<unknown>, line \\d|[A-Z]\\w*Error: .*\\bstart \\(\\d+,\\s*\\d+\\)',
  parse: parseVyper,
};

export const vyperFamily: GrammarFamily = { formats: [vyper] };

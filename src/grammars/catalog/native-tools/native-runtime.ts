// Run-time checkers of native code: Valgrind memcheck stacks and GoogleTest assertion failures.
// Link: https://valgrind.org/docs/manual/mc-manual.html , https://google.github.io/googletest/
import { LParen, RParen } from '../../engine/tokens.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { plausiblePath } from '../shared/common.js';
import { LOCATION_ANCHOR } from '../../engine/anchors.js';

/** `(util.c:3)` at the end of a valgrind frame. */
export function defineValgrindRules(parser: LineParser): void {
  parser.define('valgrindSource', () => {
    parser.tok(1, LParen);
    parser.sub(1, 'path', [{ until: 'colon', spaces: true }]);
    parser.sub(1, 'colonSuffix');
    parser.tok(1, RParen);
  });
}

interface ValgrindState {
  trace: number | undefined;
  index: number;
  causeRank: number;
  message: string;
}

const VG_FRAME = /^==\d+== {4}(at|by) 0x[0-9A-Fa-f]+: /;
// valgrind's own replacement functions (malloc, free, memcpy): its source, never the user's.
const VG_RUNTIME = /^vg_replace_\w+\.c$|(?:^|\/)valgrind\//;

// `at` opens a stack. Its header is the `==PID==` line above: one space after the pid is a new error
// (`Invalid read of size 4`, `32 bytes in 1 blocks are definitely lost …`), two spaces a detail of the
// previous one (`Address 0x… is 0 bytes after a block of size 16 alloc'd`, `Block was alloc'd at`).
function openValgrindStack(context: LineContext, state: ValgrindState): void {
  state.trace = context.newTraceId();
  state.index = 0;
  const header = /^==\d+==( {1,2})(\S.*)$/.exec(context.line(-1) ?? '');
  const detail = header?.[1] === '  ';
  state.causeRank = detail ? 1 : 0;
  const text = header?.[2] ?? '';
  state.message = detail ? `${state.message.split(' (')[0]} (${text})` : text;
}

function parseValgrind(context: LineContext): boolean {
  const frame = VG_FRAME.exec(context.text);
  if (!frame) return false;
  const state = context.state<ValgrindState>(() => ({ trace: undefined, index: 0, causeRank: 0, message: '' }));
  if (frame[1] === 'at' || state.trace === undefined) openValgrindStack(context, state);
  else state.index++;
  // `malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)`: no source, nothing to emit.
  const open = context.text.lastIndexOf(' (');
  if (open < 0 || !context.text.endsWith(')')) return true;
  const parsed = context.parse('valgrindSource', { from: open + 1 });
  const pathNode = parsed?.cst.children.path?.[0];
  const suffixNode = parsed?.cst.children.colonSuffix?.[0];
  if (!parsed || !pathNode || !suffixNode || !('children' in suffixNode) || parsed.end !== context.text.length) return true;
  const file = context.slice(pathNode);
  const [line] = context.ints(suffixNode);
  if (line === undefined || !plausiblePath(file)) return true;
  const hints = VG_RUNTIME.test(file) ? { runtime: true } : file.includes('/') ? undefined : { basenameOnly: true };
  context.emit({
    file,
    line,
    message: state.message,
    frame: { trace: state.trace as number, index: state.index, causeRank: state.causeRank },
    ...(hints ? { hints } : {}),
  });
  return true;
}

export const valgrind: GrammarFormat = {
  name: 'valgrind',
  // The faulting access's stack is printed first, then where the memory was allocated or freed (context).
  trace: { innermost: 'first', causes: 'root-first' },
  language: 'C/C++',
  description:
    '`valgrind ./app` (memcheck, program built with -g): `==1234== Invalid read of size 4` then `==1234==    at 0x1091E6: sum ' +
    '(util.c:3)` / `by 0x…: main (main.c:8)` frames (basename only).',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://valgrind.org/docs/manual/mc-manual.html#mc-manual.errormsgs',
  // Every frame (also `(in /usr/libexec/…so)` ones, which open stacks); error headers are read by look-back.
  anchor: '^==\\d+== {4}(?:at|by) 0x',
  parse: parseValgrind,
};

// --- GoogleTest ---

// `tests/parse_test.cc:15: Failure` then the assertion's explanation up to the next blank or `[  FAILED  ]`.
function parseGoogleTest(context: LineContext): boolean {
  const text = context.text;
  if (!/: (?:Failure|error: |Skipped)$|: error: /.test(text)) return false;
  const match = /^(.*):(\d+): (Failure|Skipped)$/.exec(text) ?? /^(.*)\((\d+)\): (error): /.exec(text);
  if (!match) return false;
  const parsed = context.parse(match[3] === 'error' ? 'parenLocation' : 'colonLocation', {
    args: match[3] === 'error' ? [true, false] : [true],
  });
  const pathNode = parsed?.cst.children.path?.[0];
  if (!parsed || !pathNode) return false;
  const file = context.slice(pathNode);
  if (!plausiblePath(file)) return false;
  const detail: string[] = [];
  for (let delta = 1; delta <= 20; delta++) {
    const line = context.line(delta);
    if (line === undefined || line === '' || /^\[ {2}(?:FAILED|SKIPPED| {6}OK|RUN) /.test(line) || /:\d+: (?:Failure|Skipped)$/.test(line))
      break;
    detail.push(line);
  }
  const test = /^\[ RUN {6}\] (\S+)/.exec(lookBack(context, /^\[ RUN {6}\] /) ?? '')?.[1];
  const body = detail.join('\n');
  context.emit({
    file,
    line: Number(match[2]),
    severity: match[3] === 'Skipped' ? 'note' : 'error',
    message: test ? `${test}: ${body}` : body,
  });
  return true;
}

function lookBack(context: LineContext, pattern: RegExp): string | undefined {
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (pattern.test(line)) return line;
  }
  return undefined;
}

export const googletest: GrammarFormat = {
  name: 'googletest',
  language: 'C++',
  description:
    '`./unit_tests` (GoogleTest): `tests/parse_test.cc:42: Failure` then `Expected equality of these values:` … (MSVC builds print ' +
    '`file(42): error: …`).',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://google.github.io/googletest/primer.html',
  anchor: LOCATION_ANCHOR,
  parse: parseGoogleTest,
};

// Nim: `nim c` diagnostics (`/abs/bad.nim(3, 12) Error: …`, also in a NimScript configuration `config.nims` or a
// package's `.nimble` file) and `path(L) proc` tracebacks.
// Link: https://nim-lang.org/docs/nimc.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseParenHead, severityOf } from '../shared/common.js';

interface NimState {
  trace: number;
  index: number;
  lastLine: number;
  message: string;
}

const NIM_FILE = /\.(?:nim|nims|nimble)$/;
// Nim's standard library lives under <prefix>/lib/nim (distro) or nim-X/lib (choosenim): runtime frames.
const NIM_STDLIB = /(?:^|\/)lib\/nim\/|\/\.choosenim\/toolchains\//;

function parseNim(context: LineContext): boolean {
  const head = parseParenHead(context, { from: 0 });
  if (!head || !NIM_FILE.test(head.file)) return false;
  const diagnostic = /^ (Error|Warning|Hint): (.*?)(?: \[(\w+)\])?$/.exec(head.rest);
  if (diagnostic && head.column !== null) {
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: severityOf(diagnostic[1]),
      code: diagnostic[3] ?? null,
      message: diagnostic[2] ?? '',
    });
    return true;
  }
  // Traceback (most recent call last): `/abs/crash.nim(6) run` — innermost LAST, the error follows the frames.
  if (head.column !== null || !/^ \S+$/.test(head.rest)) return false;
  const state = context.state<NimState>(() => ({ trace: 0, index: 0, lastLine: -1, message: '' }));
  if (state.lastLine < 0 || context.logLine - state.lastLine > 1) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.message = '';
    for (let delta = 1; delta <= 40 && state.message === ''; delta++) {
      const line = context.line(delta);
      if (line === undefined) break;
      const error = /^Error: (unhandled exception: .*)$/.exec(line);
      if (error) state.message = error[1] ?? '';
    }
  }
  state.lastLine = context.logLine;
  context.emit({
    file: head.file,
    line: head.line,
    severity: null,
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
    ...(NIM_STDLIB.test(head.file) ? { hints: { runtime: true } } : {}),
  });
  return true;
}

export const nim: GrammarFormat = {
  name: 'nim',
  trace: { innermost: 'last', causes: 'none' },
  language: 'Nim',
  description:
    '`nim c app.nim`: `/abs/bad.nim(3, 12) Error: type mismatch: …` (space after the comma, severity after the location), ' +
    '`Hint:`/`Warning: … [Name]`; tracebacks `/abs/crash.nim(6) run`.',
  // Nim prints col+1 (msgs.ColOffset) of a byte-indexed column.
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://nim-lang.org/docs/nimc.html',
  anchor: '\\.nim(?:s|ble)?\\(\\d',
  parse: parseNim,
};

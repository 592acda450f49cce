// .NET stack frames: `   at Calc.Tests.AddTests.Add() in /home/u/svc/tests/AddTests.cs:line 14` (CoreCLR/.NET
// Framework, xUnit/NUnit/MSTest "Stack Trace:" blocks) and Mono's `  at Calc.Program.Main () [0x00001] in /x/Program.cs:12`.
// Inner exceptions print FIRST, closed by `--- End of inner exception stack trace ---`, so the first section of a chain
// is the root cause (causeRank 0) and each later section ranks one higher.
// Link: https://learn.microsoft.com/en-us/dotnet/api/system.exception.stacktrace
import { Colon, Int, Space, Word } from '../../engine/tokens.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { plausiblePath } from '../shared/common.js';
import { consumeUntil } from '../../engine/until.js';

export function defineDotnetRules(parser: LineParser): void {
  // `<path>:line 14` (CoreCLR) or `<path>:12` at the end of the line (Mono).
  parser.define('dotnetFrameLocation', () => {
    consumeUntil(
      parser,
      20,
      (peek) =>
        peek(1).tokenType === Colon &&
        ((peek(2).tokenType === Word && peek(2).image === 'line' && peek(3).tokenType === Space && peek(4).tokenType === Int) ||
          (peek(2).tokenType === Int && (peek(3).tokenType === Space || peek(3).tokenType.name === 'EOF'))),
    );
    parser.tok(1, Colon);
    parser.opt(1, () => {
      parser.tok(1, Word);
      parser.tok(1, Space);
    });
    parser.tok(1, Int);
  });
}

interface StackState {
  trace: number;
  index: number;
  causeRank: number;
  message: string;
  lastLogLine: number;
}

const FRAME = /^\s*at \S/;
// Where the path starts: after the method's parameter list, Mono's IL offset, and ` in `.
const IN = /^\s*at .*?\)(?: \[0x[0-9a-f]+\])? in (?=\S)/;
const END_OF_INNER = /^\s*--- End of inner exception stack trace ---/;
const END_OF_RETHROW = /^\s*--- End of stack trace from previous location/;

// The exception text above the first frame: xUnit/NUnit put it under `Error Message:` and above `Stack Trace:`;
// an unhandled exception prints `Unhandled exception. System.X: msg` (Mono: `Unhandled Exception:` then the text).
function exceptionMessage(context: LineContext, above: number): string {
  const lines: string[] = [];
  for (let delta = above; delta >= above - 12; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '' || FRAME.test(line)) break;
    if (/^\s*Stack Trace:\s*$/.test(line) && lines.length === 0) continue;
    if (/^\s*(?:Error Message:|Unhandled [Ee]xception:|Failed |\[xUnit\.net|X |\[FAIL\])/.test(line)) break;
    const unhandled = /^(?:\[ERROR\] FATAL UNHANDLED EXCEPTION: |Unhandled [Ee]xception\. )(.*)$/.exec(line.trim());
    lines.unshift(unhandled ? (unhandled[1] ?? '') : line.trim());
    if (unhandled) break;
  }
  return lines.join('\n');
}

function parseDotnetStack(context: LineContext): boolean {
  const text = context.text;
  if (!FRAME.test(text)) return false;
  const start = IN.exec(text);
  if (!start) return false;
  const parsed = context.parse('dotnetFrameLocation', { from: start[0].length });
  if (!parsed) return false;
  const location = /^(.*):(?:line )?(\d+)$/.exec(context.slice(parsed.cst, parsed));
  const file = location?.[1] ?? '';
  if (!location || !plausiblePath(file)) return false;
  const state = context.state<StackState>(() => ({ trace: 0, index: 0, causeRank: 0, message: '', lastLogLine: -1 }));
  // Frames of one trace are consecutive apart from frames without a file (skipped, not emitted) and the
  // section markers; anything else above the frame starts a new trace.
  let delta = -1;
  let marker: 'inner' | 'rethrow' | undefined;
  for (; delta >= -40; delta--) {
    const line = context.line(delta) ?? '';
    if (END_OF_INNER.test(line)) marker = 'inner';
    else if (END_OF_RETHROW.test(line)) marker ??= 'rethrow';
    else if (!FRAME.test(line)) break;
  }
  const continues = state.lastLogLine >= context.logLine + delta + 1 && state.lastLogLine > 0;
  if (!continues) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.causeRank = 0;
    state.message = exceptionMessage(context, delta);
  } else if (marker === 'inner') {
    // The outer exception's frames: same printed trace, one rank further from the root cause.
    state.trace = context.newTraceId();
    state.index = 0;
    state.causeRank++;
  } else {
    state.index++;
  }
  state.lastLogLine = context.logLine;
  context.emit({
    file,
    line: Number(location[2]),
    message: state.message,
    frame: { trace: state.trace, index: state.index, causeRank: state.causeRank },
  });
  return true;
}

export const dotnetStack: GrammarFormat = {
  name: 'dotnet-stack',
  trace: { innermost: 'first', causes: 'root-first' },
  language: 'C#/F#/VB (.NET)',
  description:
    '`dotnet test` / an unhandled exception / `mono --debug`: `   at Calc.Tests.AddTests.Add() in /home/u/svc/tests/AddTests.cs:line ' +
    '14`, Mono `  at X.Main () [0x00001] in /x/Program.cs:12`, inner-exception sections.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://learn.microsoft.com/en-us/dotnet/api/system.exception.stacktrace',
  anchor: ':line \\d|\\] in [^\\n]{1,1000}\\.[A-Za-z]{1,4}:\\d',
  parse: parseDotnetStack,
};

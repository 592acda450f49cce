// Perl: `die`/`warn`/compile errors (`MESSAGE at FILE line N.`), Carp's `called at FILE line N` frames, and
// Test::More failure diagnostics as `prove` shows them (`#   at t/basic.t line 12.`).
// Link: https://perldoc.perl.org/functions/die
// Link: https://perldoc.perl.org/Test::More#Diagnostics
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { continueOrStart, defineLineWordRule, newFrameRun, parseLineWord, type FrameRunState } from './shared/scripting.js';

const PERL_ANCHOR = '\\.(?:pl|pm|t|psgi|cgi) line \\d';
// What may follow `line N`: end of sentence, the input handle Perl appends (`, <STDIN> line 2.`), or a
// compile error's `, near "…"` / `, at end of line` (whose quoted text may continue on the next line).
const AFTER_LINE = /^(?:\.?$|, <[^>]*> (?:line|chunk) \d+\.$|, near |, at (?:end of line|EOF))/;
// perldiag's common warnings (the W class): the same `… at X line N.` shape as a die, but not fatal.
const PERL_WARNING = /^(?:Use of uninitialized value|Useless use of|Name "[^"]+" used only once|Scalar value @|Possible (?:attempt|precedence|unintended)|Odd number of elements|Argument "[^"]*" isn't numeric|Deep recursion|Subroutine \S+ redefined|Variable "[^"]+" will not stay shared|"my" variable \S+ masks|Unquoted string|Found = in conditional|Statement unlikely to be reached|Parentheses missing|Wide character|Exiting subroutine via|Misplaced _ in number|Reversed \S+= operator)/;

/** `<text> at <path> line N<tail>`: the right-most ` at ` whose path parses (a message may itself say " at "). */
function atLine(context: LineContext, from: number): { file: string; line: number; at: number; rest: string } | undefined {
  const text = context.text;
  for (let at = text.lastIndexOf(' at '); at >= from; at = text.lastIndexOf(' at ', at - 1)) {
    const location = parseLineWord(context, 'perlAtLine', at + 4, { spaces: true });
    if (location && AFTER_LINE.test(location.rest)) return { file: location.file, line: location.line, at, rest: location.rest };
    if (at === 0) break;
  }
  return undefined;
}

interface PerlState extends FrameRunState {
  /** Message of the last die/warn line (Carp frames below it belong to it). */
  lastMessage: string;
  lastMessageLine: number;
}

function parsePerl(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<PerlState>(() => ({ ...newFrameRun(), lastMessage: '', lastMessageLine: -1 }));
  // Carp (confess/cluck) frames: `\tApp::parse("") called at app.pl line 7`.
  const called = /^\s+\S.* called at /.exec(text);
  if (called) {
    const location = parseLineWord(context, 'perlAtLine', called[0].length, { spaces: true });
    if (!location || location.rest !== '') return false;
    continueOrStart(context, state, () => (context.logLine - state.lastMessageLine <= 1 ? state.lastMessage : ''));
    context.emit({
      file: location.file, line: location.line, severity: null, message: state.message,
      frame: { trace: state.trace, index: state.index++, innermostLast: false, causeRank: 0 },
    });
    return true;
  }
  // Test::More diagnostics are prove's; an indented line is some other tool quoting Perl.
  if (/^[#\s]/.test(text)) return false;
  const location = atLine(context, 1);
  if (!location) return false;
  // A compile error's `, near "= ;"` names the offending text: part of the message.
  const near = /^, near (.*)$/.exec(location.rest);
  const message = `${text.slice(0, location.at).trim()}${near ? ` near ${near[1]}` : ''}`;
  const severity = PERL_WARNING.test(message) ? 'warning' : 'error';
  context.emit({ file: location.file, line: location.line, severity, message });
  state.lastMessage = message;
  state.lastMessageLine = context.logLine;
  // A Carp frame run below this message starts a trace of its own.
  state.lastLine = -1;
  return true;
}

// `#   Failed test 'name'` then `#   at t/x.t line 8.`, or `#   Failed test at t/x.t line 8.` when unnamed.
const FAILED_TEST = /^#\s+Failed (?:\(TODO\) )?test\b\s*(.*)$/;

/** The indented `#     got: …` / `#     expected: …` lines after the location, joined. */
function diagnosticDetail(context: LineContext): string {
  const lines: string[] = [];
  for (let delta = 1; delta <= 8; delta++) {
    const line = context.line(delta);
    if (line === undefined || !/^# {4,}\S/.test(line)) break;
    lines.push(line.slice(1).trim());
  }
  return lines.join('; ');
}

function parseProve(context: LineContext): boolean {
  const text = context.text;
  let name: string | undefined;
  let from: number;
  const failed = FAILED_TEST.exec(text);
  if (failed) {
    // The unnamed form carries its location on this line.
    if (!(failed[1] ?? '').startsWith('at ')) return false;
    name = 'Failed test';
    from = text.indexOf(failed[1] ?? '') + 3;
  } else {
    const at = /^#\s+at /.exec(text);
    if (!at) return false;
    const above = FAILED_TEST.exec(context.line(-1) ?? '');
    if (!above) return false;
    name = `Failed test ${above[1] ?? ''}`.trim();
    from = at[0].length;
  }
  const location = parseLineWord(context, 'perlAtLine', from, { spaces: true });
  if (!location || !/^\.?$/.test(location.rest)) return false;
  const detail = diagnosticDetail(context);
  context.emit({ file: location.file, line: location.line, severity: 'error', message: detail ? `${name}: ${detail}` : name });
  return true;
}

const perl: GrammarFormat = {
  name: 'perl',
  language: 'Perl',
  description:
    '`perl app.pl`: `boom at lib/App.pm line 3.`, warnings in the same shape, `syntax error at s.pl line 5, near "= ;"`, and Carp `\\tApp::f() called at app.pl line 7` frames.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://perldoc.perl.org/functions/die',
  anchor: PERL_ANCHOR,
  parse: parsePerl,
};

const prove: GrammarFormat = {
  name: 'prove',
  language: 'Perl',
  description: "`prove t/` (Test::More via TAP::Harness): `#   Failed test 'adds three'` then `#   at t/basic.t line 12.` and `#          got: …` details.",
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://perldoc.perl.org/Test::More#Diagnostics',
  anchor: PERL_ANCHOR,
  parse: parseProve,
};

export const perlFamily: GrammarFamily = {
  // prove first: its `#   at t/x.t line N.` lines start with `#`, which perl declines anyway; listing it first
  // keeps a Test::More diagnostic from ever being read as a die message.
  formats: [prove, perl],
  rules: (parser) => defineLineWordRule(parser, 'perlAtLine'),
};

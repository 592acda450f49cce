// Perl: `die`/`warn`/compile errors (`MESSAGE at FILE line N.`), Carp's `called at FILE line N` frames, and
// Test::More failure diagnostics as `prove` shows them (`#   at t/basic.t line 12.`).
// Link: https://perldoc.perl.org/functions/die
// Link: https://perldoc.perl.org/Test::More#Diagnostics
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { continueOrStart, defineLineWordRule, newFrameRun, parseLineWord, type FrameRunState } from './shared/scripting.js';

const PERL_ANCHOR = '\\.(?:pl|pm|t|psgi|cgi) line \\d';
// Extensionless files in Perl's fixed shapes (the universal `line N` anchor selects these lines).
const PERL_BARE_ANCHOR = ' at [\\w./-]+ line \\d+(?:, near |, at |\\.?\\s*$)';
// What may follow `line N`: end of sentence, the input handle Perl appends (`, <STDIN> line 2.`), or a
// compile error's `, near "…"` / `, at end of line` (whose quoted text may continue on the next line).
// A destructor's error ends ` during global destruction.`.
const AFTER_LINE = /^(?:\.?$|, <[^>]*> (?:line|chunk) \d+\.$|, near |, at (?:end of line|EOF)| during global destruction\.$)/;
// Perl names the file as it was loaded, which may have no extension (`automake`, `bin/app`): taken only in a
// compile error's fixed tail (`, near "…"`, `, at end of line`) or after a perldiag phrase, never in prose.
const BARE_PATH_AT_LINE = / at ((?:\.{0,2}\/)?[\w.\/-]+) line (\d+)(, near .*|, at (?:end of line|EOF)|\.?)$/;
const PERL_DIAGNOSTIC = new RegExp(
  String.raw`^(?:syntax error|Global symbol|Can't locate|BEGIN failed|Compilation failed|Bareword|Undefined subroutine` +
    String.raw`|Can't call method|Not an? [A-Z]+ reference|Illegal division|Missing right curly|Unmatched right curly|Execution of` +
    String.raw`|Died)`,
);
// perldiag's common warnings (the W class): the same `… at X line N.` shape as a die, but not fatal. The tokenizer's
// `(S syntax)` guesses (`Bareword found where operator expected`, `Semicolon seems to be missing`) are severe warnings
// printed before the `syntax error` they explain: the syntax error is the error.
const PERL_WARNING = new RegExp(
  String.raw`^(?:Use of uninitialized value|Useless use of|Name "[^"]+" used only once|Scalar value @|Possible (?:attempt` +
    String.raw`|precedence|unintended)|Odd number of elements|Argument "[^"]*" isn't numeric|Deep recursion|Subroutine \S+ redefined` +
    String.raw`|Variable "[^"]+" will not stay shared|"my" variable \S+ masks|Unquoted string|Found = in conditional` +
    String.raw`|Statement unlikely to be reached|Parentheses missing|Wide character|Exiting subroutine via|Misplaced _ in number` +
    String.raw`|Reversed \S+= operator|\w+ found where operator expected|Semicolon seems to be missing|Operator or semicolon missing)`,
);

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
      file: location.file,
      line: location.line,
      severity: null,
      message: state.message,
      frame: { trace: state.trace, index: state.index++, causeRank: 0 },
    });
    return true;
  }
  // A message continued on its own line (`die "…\n  "` or Carp's croak): ` at lib/X.pm line 26.` alone.
  const continued = /^\s+at /.exec(text);
  if (continued) return parseContinuation(context, state, continued[0].length);
  // An error in a destructor: `\t(in cleanup) boom at x.pl line 3.`.
  const cleanup = /^\s*\(in cleanup\) /.exec(text);
  const from = cleanup ? cleanup[0].length : 0;
  // Test::More diagnostics are prove's; an indented line is some other tool quoting Perl.
  if (!cleanup && /^[#\s]/.test(text)) return false;
  const location = atLine(context, from + 1) ?? bareAtLine(text, from);
  if (!location) return false;
  // A copy that lost its newlines holds several diagnostics on one line, each ending `… at F line N.`: in the order
  // Perl printed them, before the last one (which atLine found).
  const start = emitJoinedDiagnostics(context, from, location.at);
  // A compile error's `, near "= ;"` names the offending text: part of the message.
  const near = /^, near (.*)$/.exec(location.rest);
  const message = `${text.slice(start, location.at).trim()}${near ? ` near ${near[1]}` : ''}`;
  const severity = PERL_WARNING.test(message) ? 'warning' : 'error';
  context.emit({ file: location.file, line: location.line, severity, message });
  state.lastMessage = message;
  state.lastMessageLine = context.logLine;
  // A Carp frame run below this message starts a trace of its own.
  state.lastLine = -1;
  return true;
}

// `… at F line N.` closing one diagnostic of a joined line, the next starting with a capital (`Global symbol …`).
const JOINED_END = / at ((?:[A-Za-z]:)?[\w.\/\\-]+\.(?:pl|pm|t|psgi|cgi)) line (\d+)\.\s+(?=[A-Z(])/g;

/** Emits the diagnostics a joined line holds before `end`; returns where the last one's message starts. */
function emitJoinedDiagnostics(context: LineContext, from: number, end: number): number {
  const text = context.text.slice(0, end);
  let start = from;
  JOINED_END.lastIndex = from;
  for (let match = JOINED_END.exec(text); match !== null; match = JOINED_END.exec(text)) {
    const message = text.slice(start, match.index).trim();
    context.emit({ file: match[1]!, line: Number(match[2]), severity: PERL_WARNING.test(message) ? 'warning' : 'error', message });
    start = match.index + match[0].length;
  }
  return start;
}

/** ` at automake line 922, near "…"`: an extensionless file in one of Perl's own fixed shapes. */
function bareAtLine(text: string, from: number): { file: string; line: number; at: number; rest: string } | undefined {
  const match = BARE_PATH_AT_LINE.exec(text);
  if (!match || match.index <= from) return undefined;
  const rest = match[3] ?? '';
  if (!rest.startsWith(',') && !PERL_DIAGNOSTIC.test(text.slice(from))) return undefined;
  return { file: match[1] ?? '', line: Number(match[2]), at: match.index, rest };
}

function parseContinuation(context: LineContext, state: PerlState, from: number): boolean {
  const location = parseLineWord(context, 'perlAtLine', from, { spaces: true });
  if (!location || !/^\.?$/.test(location.rest)) return false;
  // The message is the text above, up to the line that started it (at most a few lines).
  const parts: string[] = [];
  for (let delta = -1; delta >= -4; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '' || / line \d+\.$/.test(line)) break;
    parts.unshift(line.trim());
  }
  const message = parts.join(' ');
  context.emit({ file: location.file, line: location.line, severity: PERL_WARNING.test(message) ? 'warning' : 'error', message });
  state.lastMessage = message;
  state.lastMessageLine = context.logLine;
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
    if (line === undefined || !/^# {4,}\S/.test(line) || /^#\s+Failed /.test(line)) break;
    lines.push(line.slice(1).trim());
  }
  return lines.join('; ');
}

// Older forms: Test.pm's `# Failed test 3 in t/foo.t at line 6` and `not ok 2# Test 2 got: "2" (t/foo.t at line 4)`,
// early Test::More's `#     Failed test (t/foo.t at line 46)`.
const OLD_FAILED_TEST = new RegExp(
  String.raw`^(?:(?:not ok|NOK) \d+\s*)?#\s*(?:Failed test (\d+) in (\S+) at line (\d+)(?: fail #\d+)?|(?:Failed test` +
    String.raw`|Test (\d+) got: .*) \((\S+) at line (\d+)(?: fail #\d+)?\))\s*$`,
);

// A die inside the tested code, quoted in the failed test's `got:` string (`#     got: 'Can't use … at lib/X.pm line 9.`):
// the module's place, read by the runner's own format. No severity: the failed test's line above is the run's error.
const GOT_DIE = /^#\s+got: '.* at (?=\S+ line \d+\.?$)/;

function parseGotDie(context: LineContext, got: RegExpExecArray): boolean {
  const location = parseLineWord(context, 'perlAtLine', got[0].length, { spaces: true });
  if (!location || !/^\.?$/.test(location.rest)) return false;
  context.emit({ file: location.file, line: location.line, severity: null, message: context.text.slice(1, got[0].length - 4).trim() });
  return true;
}

// TAP::Harness's verdict on a test file, which names no line: the file's progress row (`t/x.t .. `, `t/x.t .. 1/10`) over
// `Dubious, test returned 2 (wstat 512, 0x200)` / `Failed 3/4 subtests`, or over a `#   Failed test 'name'` whose
// `#   at F line N.` was cut; the summary's `t/x.t (Wstat: 512 (exited 2) Tests: 4 Failed: 3)`. A paste keeps these
// when the diagnostics went elsewhere (stderr, a log file): the failing test file as a whole, a whole-file candidate
// (kept only when the workspace has it and nothing else of the log was placed). The anchor takes a summary row of
// Perl's test folders only (`t/`, `xt/`): a line-start class would be tried on every line of every log.
const HARNESS_ROW = /^\s*(\S+) \.{2,}(?: .*)?$/;
const HARNESS_VERDICT = /^(?:Dubious, test returned \d|Failed \d+\/\d+ subtests|No subtests run)/;
const SUMMARY_ROW = /^\s*(\S+)\s+\(Wstat: (\d+)\b.*\bFailed: (\d+)\)\s*$/;
const NAMES_FILE = /[\\/]|\.\w+$/;

function parseHarnessVerdict(context: LineContext, text: string): boolean {
  const summary = SUMMARY_ROW.exec(text);
  const failed = summary !== null && (summary[2] !== '0' || summary[3] !== '0');
  const row = summary === null ? HARNESS_ROW.exec(context.line(-1) ?? '') : null;
  const file = failed ? summary[1] : row?.[1];
  if (file === undefined || !NAMES_FILE.test(file)) return false;
  // The summary restates a verdict the file's row gave: one place per file.
  const reported = context.state<{ files: Set<string> }>(() => ({ files: new Set() })).files;
  if (reported.has(file)) return true;
  reported.add(file);
  const message = text.trim().replace(/^#\s+/, '');
  context.emit({ file, line: 0, column: null, severity: 'error', message, hints: { confirm: true, fileOnly: true } });
  return true;
}

function parseProve(context: LineContext): boolean {
  const text = context.text;
  if (HARNESS_VERDICT.test(text) || SUMMARY_ROW.test(text)) return parseHarnessVerdict(context, text);
  const got = GOT_DIE.exec(text);
  if (got) return parseGotDie(context, got);
  const old = OLD_FAILED_TEST.exec(text);
  if (old) {
    const file = old[2] ?? old[5] ?? '';
    const got = /# (Test \d+ got: .*) \(\S+ at line/.exec(text)?.[1];
    const number = old[1] ?? old[4];
    const name = got ?? (number === undefined ? 'Failed test' : `Failed test ${number}`);
    const detail = got ? (/^#\s+(Expected: .*)$/.exec(context.line(1) ?? '')?.[1] ?? '') : diagnosticDetail(context);
    context.emit({
      file,
      line: Number(old[3] ?? old[6]),
      severity: 'error',
      message: detail ? `${name}${got ? ';' : ':'} ${detail}` : name,
    });
    return true;
  }
  let name: string | undefined;
  let from: number;
  const failed = FAILED_TEST.exec(text);
  if (failed) {
    // The unnamed form carries its location on this line; a named one right under its file's progress row, whose
    // `at` line was cut, names the file only.
    if (!(failed[1] ?? '').startsWith('at ')) return parseHarnessVerdict(context, text);
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
  trace: { innermost: 'first', causes: 'none' },
  language: 'Perl',
  description:
    '`perl app.pl`: `boom at lib/App.pm line 3.`, warnings in the same shape, `syntax error at s.pl line 5, near "= ;"` (also ' +
    'extensionless: `… at automake line 922, near …`), a message continued on its own ` at lib/X.pm line 26.` line, `(in cleanup) … ' +
    'during global destruction.`, and Carp `\\tApp::f() called at app.pl line 7` frames.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://perldoc.perl.org/functions/die',
  anchor: `${PERL_ANCHOR}|${PERL_BARE_ANCHOR}`,
  parse: parsePerl,
};

const prove: GrammarFormat = {
  name: 'prove',
  language: 'Perl',
  description:
    "`prove t/` (Test::More via TAP::Harness): `#   Failed test 'adds three'` then `#   at t/basic.t line 12.` and `#          got: " +
    '…` details; older Test.pm\'s `# Failed test 3 in t/foo.t at line 6` and `not ok 2# Test 2 got: "2" (t/foo.t at line 4)`, early ' +
    "Test::More's `#     Failed test (t/foo.t at line 46)`; with no such line, the harness's verdict (`t/x.t .. ` over " +
    "`Dubious, test returned 2`, the summary's `t/x.t (Wstat: …)`) names the failing file as a whole.",
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://perldoc.perl.org/Test::More#Diagnostics',
  // The older forms put `at line N` inside the sentence; the universal `line N` anchor selects those lines.
  // The harness's verdict lines (HARNESS_VERDICT, SUMMARY_ROW) and a named failure that may sit under a progress row.
  anchor:
    `${PERL_ANCHOR}|^#\\s*Failed test \\d+ in | at line \\d+(?: fail #\\d+)?\\)\\s*$` +
    String.raw`|^Dubious, test returned \d|^Failed \d+/\d+ subtests|^No subtests run` +
    String.raw`|^x?t[\\/][^\s(]{1,200} +\(Wstat: \d|^#\s+Failed test '`,
  parse: parseProve,
};

export const perlFamily: GrammarFamily = {
  // prove first: its `#   at t/x.t line N.` lines start with `#`, which perl declines anyway; listing it first
  // keeps a Test::More diagnostic from ever being read as a die message.
  formats: [prove, perl],
  rules: (parser) => defineLineWordRule(parser, 'perlAtLine'),
};

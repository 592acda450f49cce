// Ruby: uncaught-exception backtraces (with `cause` sections), parse errors and warnings, RuboCop, and the
// two test runners (RSpec, Minitest, in _ruby-test.ts).
// Link: https://docs.ruby-lang.org/en/3.1/Exception.html#method-i-full_message
// Link: https://docs.rubocop.org/rubocop/formatters.html
import { brakeman, hamlLint, slimLint } from './ruby-lint.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import type { CauseChain } from '../../engine/cause-chain.js';
import { caretColumn, parseColonHead } from '../shared/common.js';
import { continueOrStart, newFrameRun, type FrameRunState } from '../shared/scripting.js';
import { frameHints, minitest, parseRubyFrame, rspec, RUBY_ANCHOR, type RubyFrame } from './ruby-test.js';

interface RubyTraces extends FrameRunState {
  /** The current exception's frames (all its cause sections), ranked once when it ends. */
  chain: CauseChain;
}

/** A `path:L: syntax error, …` line inside a SyntaxError message (`require` of a broken file). */
function emitSyntaxError(context: LineContext, text: string, from: number, format: string): boolean {
  const head = parseColonHead(context, { from, text });
  if (!head || head.column !== null || !/\.(?:rb|rake|gemspec|erb)$|(?:^|\/)(?:Rakefile|Gemfile)$/.test(head.file)) return false;
  const tail = /^: (warning: )?(.*?)(?: \(SyntaxError\))?$/.exec(head.rest);
  if (!tail || tail[2] === undefined || tail[2] === '') return false;
  // Ruby echoes the source line verbatim (tabs kept) and puts the caret under it by BYTE offset.
  const column = tail[1] ? null : caretColumn(context.line(2));
  context.emit({
    file: head.file,
    line: head.line,
    column,
    severity: tail[1] ? 'warning' : 'error',
    message: tail[2],
    format,
  });
  return true;
}

function parseRubySyntax(context: LineContext): boolean {
  const text = context.text;
  // Column 0 only: an indented `x.rb:3: …` is some other tool's report or a quoted backtrace.
  if (/^\s/.test(text)) return false;
  const head = parseColonHead(context);
  if (!head || head.column !== null || !head.rest.startsWith(': ') || head.rest.startsWith(': in ')) return false;
  return emitSyntaxError(context, text, 0, 'ruby-syntax');
}

// Ruby 3.1+ (error_highlight) prints the failing line between a head and its first `from` frame: a blank line,
// the line as written, and `^^^^` under the failing call. `offset`: where the blank line is, from this line.
const HIGHLIGHT_CARETS = /^\s*\^+\s*$/;
function highlightAt(context: LineContext, offset: number): { column: number; endColumn: number } | undefined {
  const carets = context.line(offset + 2);
  if (context.line(offset)?.trim() !== '' || !context.line(offset + 1)?.trim() || carets === undefined || !HIGHLIGHT_CARETS.test(carets))
    return undefined;
  const column = carets.indexOf('^') + 1;
  return { column, endColumn: carets.lastIndexOf('^') + 1 };
}

// A runner's failure head (cucumber's `msg (KeyError)`, Minitest's `RuntimeError: msg`), or a frame another format
// claimed: the frames below belong to that reading.
const OWNED_ABOVE = /\((?:[A-Z]\w*::)*[A-Z]\w*\)\s*$|^\s*(?:[A-Z]\w*::)*[A-Z]\w*(?:Error|Exception|Assertion)\b|:\d+:in [`']/;

function parseRuby(context: LineContext): boolean {
  const text = context.text;
  const run = context.state<RubyTraces>(() => {
    return { ...newFrameRun(), chain: context.causeChain() };
  });
  // Ruby indents `from` with a tab; a web copy turns it into spaces.
  const from = /^(?:\t| {2,8})from /.exec(text);
  if (from) {
    const frame = parseRubyFrame(context, from[0].length);
    if (!frame || frame.message !== null) return false;
    // A `from` line with no head above it (the head scrolled out): a trace of its own. The first `from` after
    // an error_highlight excerpt is four lines below its head.
    continueOrStart(context, run, () => '', highlightAt(context, -3) ? 4 : 1);
    emitFrame(context, run, frame);
    return true;
  }
  // Indented bare frames (`    app/x.rb:3:in 'f'`) as loggers and Minitest print them, right after a frame; a
  // runner of steps (gauge) prints them under its own failure text, so a whole line that is one frame starts a
  // trace too, unless a runner's failure head or its frame is right above: that runner (cucumber, Minitest) reads its own.
  const indent = /^\s+/.exec(text)?.[0].length ?? 0;
  if (indent > 0) {
    if (run.lastLine !== context.logLine - 1 && OWNED_ABOVE.test(context.line(-1) ?? '')) return false;
    const frame = parseRubyFrame(context, indent);
    if (!frame || frame.label === null || frame.message !== null) return false;
    continueOrStart(context, run, () => '');
    emitFrame(context, run, frame);
    return true;
  }
  const frame = parseRubyFrame(context, 0);
  if (!frame || frame.label === null || frame.message === null) return false;
  // Ruby prints an exception's `cause` right after the last frame of the exception it caused, so a head
  // that directly follows a frame is a cause: it is closer to the root, and the sections above move away.
  const isCause = run.lastLine === context.logLine - 1;
  if (isCause) run.chain.addCause();
  else run.chain.settle();
  run.trace = context.newTraceId();
  run.index = 0;
  run.causeRank = 0;
  run.lastLine = context.logLine;
  run.message = frame.message;
  // `require` of a file with a syntax error: the message itself holds the location to fix.
  const inner = /\(SyntaxError\)$/.test(frame.message) ? text.indexOf(frame.message) : -1;
  if (inner >= 0) emitSyntaxError(context, text, inner, 'ruby-syntax');
  emitFrame(context, run, frame, highlightAt(context, 1));
  return true;
}

function emitFrame(context: LineContext, run: RubyTraces, frame: RubyFrame, columns?: { column: number; endColumn: number }): void {
  const emitted = context.emit({
    file: frame.head.file,
    line: frame.head.line,
    ...columns,
    severity: null,
    message: run.message,
    ...frameHints(frame),
    frame: { trace: run.trace, index: run.index++, causeRank: run.causeRank },
  });
  run.chain.track(emitted);
}

// Ruby's crash report (`x.rb:3: [BUG] Segmentation fault at …`, written when the VM or a C extension crashes) lists the
// Ruby frames under `-- Ruby level backtrace information ---` OUTERMOST first (`<main>` on top, the crashing call last),
// the reverse of an exception's backtrace: bare `path:L:in 'label'` lines up to a blank line. Frames of pseudo-files
// (`<internal:…>:29:in 'require'`) sit among them and name no file.
const CRASH_BACKTRACE = /^-- Ruby level backtrace information -+\s*$/;
const CRASH_FRAME = /:\d+:in [`']/;
// The report's `-- Control frame information --` rows (`c:0006 p:0024 s:0023 e:000022 METHOD /app/lib/x.rb:3`) list the
// same frames again, VM frames among them: they are claimed and left unread.
const CONTROL_FRAME = /^c:\d{4} p:[\d-]{4} s:\d+ [eE]:\d+ /;
// How far back a frame looks for the one before it, across frames of pseudo-files.
const CRASH_GAP = 20;

interface CrashFrames {
  trace: number;
  index: number;
  /** Log line of the header or of the last frame read, −1 before a header. */
  lastLine: number;
}

function parseRubyCrash(context: LineContext): boolean {
  if (CONTROL_FRAME.test(context.text)) return true;
  const run = context.state<CrashFrames>(() => ({ trace: 0, index: 0, lastLine: -1 }));
  if (CRASH_BACKTRACE.test(context.text)) {
    run.trace = context.newTraceId();
    run.index = 0;
    run.lastLine = context.logLine;
    return false;
  }
  const gap = context.logLine - run.lastLine;
  if (run.lastLine < 0 || gap < 1 || gap > CRASH_GAP) return false;
  // Only frames stand between this line and the last one read: a blank line or another section ends the list.
  for (let delta = 1; delta < gap; delta++) if (!CRASH_FRAME.test(context.line(-delta) ?? '')) return false;
  const frame = parseRubyFrame(context, 0);
  if (!frame || frame.label === null || frame.message !== null) return false;
  run.lastLine = context.logLine;
  context.emit({
    file: frame.head.file,
    line: frame.head.line,
    severity: null,
    message: '',
    ...frameHints(frame),
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
  });
  return true;
}

// RuboCop's severity letters; conventions and refactors are style findings, below a Lint warning.
const RUBOCOP_SEVERITY = { E: 'error', F: 'error', W: 'warning', C: 'note', R: 'note', I: 'note' } as const;
// The cop name is left out with `--no-display-cop-names` (older RuboCop releases left it out by default).
const RUBOCOP_TAIL = /^: ([CWEFRI]): (?:\[(?:Correctable|Corrected|Todo)\] )?(?:([A-Z][A-Za-z]*(?:\/[A-Z][A-Za-z0-9]*)+): )?(.*)$/;

// RuboCop also inspects Ruby files without an extension (`bin/setup`, `exe/tool`, `config.ru`, `x.jbuilder`): its
// severity-letter tail is fixed, so any path token is taken.
const ANY_PATH_HEAD = /^([^\s:]+):(\d+):(\d+)(: .*)$/;

function parseRubocop(context: LineContext): boolean {
  const bare = ANY_PATH_HEAD.exec(context.text);
  const head =
    parseColonHead(context) ??
    (bare ? { file: bare[1] ?? '', line: Number(bare[2]), column: Number(bare[3]), rest: bare[4] ?? '' } : undefined);
  if (!head || head.column === null) return false;
  const tail = RUBOCOP_TAIL.exec(head.rest);
  if (!tail) return false;
  const letter = tail[1] as keyof typeof RUBOCOP_SEVERITY;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: RUBOCOP_SEVERITY[letter],
    code: tail[2] ?? null,
    message: tail[3] ?? '',
  });
  return true;
}

const SCRIPT_FRAME_ANCHOR =
  String.raw`^(?:\t| {2,8})from [^\s:]{1,300}:\d{1,7}:in\b|` + String.raw`^(?:\./)?(?:bin|exe|script|libexec)/[^\s:]{1,200}:\d{1,7}:in\b`;

const ruby: GrammarFormat = {
  name: 'ruby',
  trace: { innermost: 'first', causes: 'root-last' },
  language: 'Ruby',
  description:
    "`ruby app.rb` (uncaught exception): `/app/lib/util.rb:3:in 'boom': bad arg (ArgumentError)`, `\\tfrom main.rb:3:in 'go'` frames " +
    '(backticks before Ruby 3.4), then any `cause` sections; Ruby 3.1+ error_highlight puts the failing line and `^^^^` (the column ' +
    'range) between the head and its frames.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endColumn', 'message'],
  observed: true,
  url: 'https://docs.ruby-lang.org/en/3.1/Exception.html#method-i-full_message',
  // A frame of a script without an extension (`\tfrom bin/rails:3:in …`, a head `bin/setup:4:in …: msg (E)` at the
  // margin), which RUBY_ANCHOR cannot select: led by `from` after the indentation, or by the folders Ruby's
  // executables live in (as rubocop's anchor is), so each is tried at few lines.
  anchor: `${RUBY_ANCHOR}|${SCRIPT_FRAME_ANCHOR}`,
  parse: parseRuby,
};

const rubyCrash: GrammarFormat = {
  name: 'ruby-crash',
  trace: { innermost: 'last', causes: 'none' },
  language: 'Ruby',
  description:
    "`ruby app.rb` (a crash: `lib/x.rb:3: [BUG] Segmentation fault at …`): the report's `-- Ruby level backtrace information --` " +
    "section lists `path:L:in 'label'` frames outermost first, the crashing call last.",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line'],
  observed: true,
  url: 'https://docs.ruby-lang.org/en/3.1/extension_rdoc.html',
  anchor: `-- Ruby level backtrace information|^c:\\d{4} p:|${RUBY_ANCHOR}`,
  parse: parseRubyCrash,
};

const rubySyntax: GrammarFormat = {
  name: 'ruby-syntax',
  language: 'Ruby',
  description:
    '`ruby -wc x.rb` / `ruby x.rb` (parse time): `lib/syn.rb:1: syntax error, unexpected end-of-input` with the source and a caret, ' +
    'and `x.rb:2: warning: …`.',
  columnBase: 1,
  // Observed with ruby 3.1: `x = "éé" 3` puts the caret under byte 12, not character 10.
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://docs.ruby-lang.org/en/3.1/SyntaxError.html',
  anchor: RUBY_ANCHOR,
  parse: parseRubySyntax,
};

const rubocop: GrammarFormat = {
  name: 'rubocop',
  language: 'Ruby',
  description:
    '`rubocop` (progress/clang/emacs formatters): `app/models/user.rb:3:5: C: [Correctable] Style/Cop: message`, then the source line ' +
    'and a caret range; also extensionless files (`bin/setup:2:6: C: …`, `Gemfile`, `config.ru`, `x.json.jbuilder`) and no cop name ' +
    '(`--no-display-cop-names`).',
  columnBase: 1,
  // Observed with rubocop 1.39: after `"ü: …"` the column counts characters (32), not bytes (33).
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://docs.rubocop.org/rubocop/formatters.html',
  // Extensionless scripts under bin/, exe/ and script/ by a line-start anchor on those names (Gemfile, Rakefile
  // and other `*file` names are selected by the universal anchor).
  anchor:
    `${RUBY_ANCHOR}|^(?:\\./)?(?:bin|exe|script|libexec)/[^\\s:]{1,200}:\\d+:\\d+: [CWEFRI]: |\\.(?:ru|jbuilder):\\d+:\\d+: [CWEFRI]: ` +
    `|file:\\d+:\\d+: [CWEFRI]: `,
  parse: parseRubocop,
};

export const rubyFamily: GrammarFamily = {
  formats: [
    // RuboCop first: its `path:L:C: X: Cop/Name:` tail is unique; the other shapes have no column.
    rubocop,
    // haml-lint, slim-lint and brakeman: `file:L [W] Rule:` rows and `File:`/`Line:` blocks no Ruby runtime prints.
    hamlLint,
    slimLint,
    brakeman,
    // The runners next: their frames (`# ./spec/x_spec.rb:14:in …`, Minitest's `[path:L]:`) are theirs.
    rspec,
    minitest,
    // A crash report's frames before ruby's: they are bare frames only its header orders (outermost first).
    rubyCrash,
    // ruby-syntax before ruby: a `path:L: msg` line without `:in` is a parse-time report, never a frame.
    rubySyntax,
    ruby,
  ],
};

// Ruby test runners: RSpec failure blocks (`# ./spec/x_spec.rb:14:in …` frames, the `rspec ./spec/x_spec.rb:12`
// rerun list) and Minitest reports (`Class#test [path:L]:` failures, `N) Error:` blocks with indented frames).
// Link: https://rspec.info/features/3-12/rspec-core/command-line/
// Link: https://docs.seattlerb.org/minitest/
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { extensionlessScript, parseColonHead, plausiblePath, type LocationHead } from '../shared/common.js';
import { SGR } from '../../engine/anchors.js';
import { continueOrStart, newFrameRun, type FrameRunState } from '../shared/scripting.js';

/** Every Ruby location: `.rb:` (and Rake/Gem files) followed by a digit, ANSI allowed in between. */
export const RUBY_ANCHOR = `\\.(?:rb|rake|gemspec|erb)${SGR}:${SGR}\\d|(?:Rake|Gem)file:\\d`;

/** `:in 'label'` (Ruby ≥ 3.4) or `` :in `label' `` (≤ 3.3) after `path:L`, then `: message (Class)` on a head line. */
const IN_LABEL = /^:in [`'](.+?)'(?:: (.*))?$/;

export interface RubyFrame {
  head: LocationHead;
  /** The frame names a script without an extension (`bin/rails`): a place only when the workspace has it. */
  confirm?: true;
  label: string | null;
  /** The exception text after the label (head lines only). */
  message: string | null;
}

/** Parses `path:L[:in 'label'][: message]` from `from`; undefined for anything else. */
export function parseRubyFrame(context: LineContext, from: number): RubyFrame | undefined {
  const head = parseColonHead(context, { from }) ?? scriptHead(context.text, from);
  if (!head || head.column !== null) return undefined;
  if (head.rest === '') return { head, label: null, message: null };
  const match = IN_LABEL.exec(head.rest);
  if (!match) return undefined;
  const confirm = head.line > 0 && !plausiblePath(head.file) ? { confirm: true as const } : {};
  return { head, label: match[1] ?? null, message: match[2] ?? null, ...confirm };
}

// A frame of a script without an extension (`bin/rails:3:in '<main>'`), which the colon head refuses: its label must
// follow (IN_LABEL), and the workspace confirms the file.
const SCRIPT_HEAD = /([^\s:]{1,1000}):(\d{1,7})(?=:in )/y;

function scriptHead(text: string, from: number): LocationHead | undefined {
  SCRIPT_HEAD.lastIndex = from;
  const match = SCRIPT_HEAD.exec(text);
  if (!match || !extensionlessScript(match[1]!)) return undefined;
  const rest = text.slice(from + match[0].length);
  return { file: match[1]!, line: Number(match[2]), column: null, endLine: null, endColumn: null, rest, start: from };
}

/** The hint a frame's location carries: a script without an extension is kept only when the workspace has it. */
export function frameHints(frame: RubyFrame): { hints?: { confirm: true } } {
  return frame.confirm ? { hints: { confirm: true } } : {};
}

// --- rspec ---

const RSPEC_HEADER = /^\s*\d+\) (.+)$/;
// Bundler quotes the Gemfile line it failed on the same way, with Ruby's own word: ` #  from /app/Gemfile:11`.
const RSPEC_FRAME = /^\s*# +(?:from +)?/;

/** The failure text of the `N) description` block above a frame: `Failure/Error:` body, else the description. */
function rspecMessage(context: LineContext): string {
  const body: string[] = [];
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    const header = RSPEC_HEADER.exec(line);
    if (header) {
      // Lines after `Failure/Error: <source>` are the expectation's message; the source echo is not.
      const failure = body.findIndex((entry) => entry.startsWith('Failure/Error:'));
      const message = (failure >= 0 ? body.slice(failure + 1) : body).filter((entry) => entry !== '');
      return message.length > 0 ? message.join(' ').slice(0, 500) : (header[1] ?? '').trim();
    }
    if (RSPEC_FRAME.test(line)) break;
    body.unshift(line.trim());
  }
  return '';
}

function parseRspec(context: LineContext): boolean {
  const text = context.text;
  // The rerun list: `rspec ./spec/models/user_spec.rb:12 # User validates email` names the failing example.
  const rerun = /^rspec (?=\S)/.exec(text);
  if (rerun) {
    const head = parseColonHead(context, { from: rerun[0].length });
    if (!head || head.column !== null) return false;
    const name = /^ # (.*)$/.exec(head.rest);
    if (!name) return false;
    context.emit({ file: head.file, line: head.line, severity: null, message: `example failed: ${name[1] ?? ''}` });
    return true;
  }
  const frameAt = RSPEC_FRAME.exec(text);
  if (!frameAt) return false;
  const frame = parseRubyFrame(context, frameAt[0].length);
  if (!frame || frame.message !== null) return false;
  const run = context.state<FrameRunState>(newFrameRun);
  continueOrStart(context, run, () => rspecMessage(context));
  context.emit({
    file: frame.head.file,
    line: frame.head.line,
    severity: null,
    message: run.message,
    ...frameHints(frame),
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
  });
  return true;
}

// --- minitest ---

const MINITEST_TEST = /^([\w:]+#\S+?)(?: \[(.+)\])?:$/;
const MINITEST_ERROR = /^\s*\d+\) Error:$/;

/** The message lines after a Minitest failure location, up to the blank line that ends the report. */
function followingLines(context: LineContext): string {
  const lines: string[] = [];
  for (let delta = 1; delta <= 10; delta++) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '') break;
    lines.push(line.trim());
  }
  return lines.join(' ').slice(0, 500);
}

/** For the first indented frame of an `N) Error:` block: `Class#test: ExceptionClass: message`. */
function minitestErrorMessage(context: LineContext): string | undefined {
  const lines: string[] = [];
  for (let delta = -1; delta >= -10; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '') return undefined;
    const test = MINITEST_TEST.exec(line);
    if (test && test[2] === undefined) {
      return MINITEST_ERROR.test(context.line(delta - 1) ?? '') ? `${test[1]}: ${lines.join(' ')}` : undefined;
    }
    if (/^\s/.test(line)) return undefined;
    lines.unshift(line.trim());
  }
  return undefined;
}

function parseMinitest(context: LineContext): boolean {
  const text = context.text;
  const failure = MINITEST_TEST.exec(text);
  if (failure?.[2] !== undefined) {
    const head = parseColonHead(context, { from: text.indexOf(' [') + 2 });
    if (!head || head.rest !== ']:') return false;
    const message = followingLines(context);
    context.emit({
      file: head.file,
      line: head.line,
      severity: 'error',
      message: message ? `${failure[1]}: ${message}` : (failure[1] ?? ''),
      // A one-frame trace, the equal of an `N) Error:` block's: the numbered results keep the order minitest printed.
      frame: { trace: context.newTraceId(), index: 0, causeRank: 0 },
    });
    return true;
  }
  const indent = /^ {4}(?=\S)/.exec(text);
  if (!indent) return false;
  const run = context.state<FrameRunState>(newFrameRun);
  let message: string | undefined;
  if (run.lastLine !== context.logLine - 1) {
    message = minitestErrorMessage(context);
    if (message === undefined) return false;
  }
  const frame = parseRubyFrame(context, indent[0].length);
  if (!frame || frame.label === null || frame.message !== null) return false;
  continueOrStart(context, run, () => message ?? '');
  context.emit({
    file: frame.head.file,
    line: frame.head.line,
    severity: null,
    message: run.message,
    ...frameHints(frame),
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
  });
  return true;
}

export const rspec: GrammarFormat = {
  name: 'rspec',
  trace: { innermost: 'first', causes: 'none', testRunner: true },
  language: 'Ruby',
  description:
    "`rspec` (RSpec 3): failure blocks `  1) User validates email` / `Failure/Error:` with `# ./spec/models/user_spec.rb:14:in 'block " +
    "(2 levels) in <top (required)>'` frames, and the rerun list `rspec ./spec/models/user_spec.rb:12 # …`.",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://rspec.info/features/3-12/rspec-core/command-line/',
  anchor: RUBY_ANCHOR,
  parse: parseRspec,
};

export const minitest: GrammarFormat = {
  name: 'minitest',
  trace: { innermost: 'first', causes: 'none', testRunner: true },
  language: 'Ruby',
  description:
    '`ruby -Itest test/x_test.rb` (Minitest 5): `UserTest#test_valid [test/models/user_test.rb:8]:` failures and `N) Error:` blocks ' +
    'with indented backtrace frames.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://docs.seattlerb.org/minitest/',
  anchor: RUBY_ANCHOR,
  parse: parseMinitest,
};

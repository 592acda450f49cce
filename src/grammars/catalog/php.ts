// PHP: the engine's error lines (`… in X on line N`), uncaught exceptions with `#N path(L): call` stack
// frames and `Next …` chains, PHPUnit failure reports, and PHPStan's raw and table output.
// Link: https://www.php.net/manual/en/errorfunc.configuration.php
// Link: https://docs.phpunit.de/en/9.6/textui.html
// Link: https://phpstan.org/user-guide/output-format
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { Severity } from '../../core/index.js';
import { parseColonHead, parseParenHead } from './shared/common.js';
import { SGR } from '../engine/anchors.js';
import { continueOrStart, defineLineWordRule, newFrameRun, parseLineWord, type FrameRunState } from './shared/scripting.js';
import { emitEscapedTrace, parseJoinedFrames, type JoinedRun } from './shared/joined-frames.js';

const PHP_ANCHOR = `\\.(?:php|phtml)(?: on line \\d|${SGR}[:(]${SGR}\\d)`;
// Included files of any extension (`db.inc`): the engine's `… on line N` sentence (the universal `line N` anchor
// selects it), an uncaught exception's head, and `#0 path(L): call` frames at line start.
const PHP_ANY_PATH_ANCHOR = ' on line \\d+\\s*$|^(?:PHP )?Fatal error: +Uncaught |^Next \\S|^#\\d+ \\S+\\(\\d+\\): ';
// `PHP Warning:  …` (log_errors to stderr) or `Warning: …` (display_errors to stdout): the same report twice.
const ENGINE_LINE = new RegExp(
  String.raw`^(?:PHP )?(Parse error|Fatal error|Recoverable fatal error|Compile error|Core error|User error|Warning|Compile warning` +
    String.raw`|Core warning|User warning|Notice|User notice|Deprecated|User deprecated|Strict Standards):\s+`,
);

function engineSeverity(kind: string): Severity {
  if (/error/i.test(kind)) return 'error';
  return /Warning|Deprecated/.test(kind) ? 'warning' : 'note';
}

interface PhpState extends JoinedRun {
  /** Recent reports (file:line:message) so the stdout and stderr copies count once. */
  seen: Map<string, number>;
  /** Rank of the open section: PHP prints the previous (root-cause) exception first, each `Next` one further. */
  chainRank: number;
}

/** Finds `<path> on line N` after the right-most ` in ` that parses to the end of the line. */
function onLine(context: LineContext, from: number): { file: string; line: number; at: number } | undefined {
  const text = context.text;
  for (let at = text.lastIndexOf(' in '); at >= from; at = text.lastIndexOf(' in ', at - 1)) {
    const location = parseLineWord(context, 'phpOnLine', at + 4, { on: true, spaces: true });
    if (location && location.rest.trim() === '') return { file: location.file, line: location.line, at };
    if (at === 0) break;
  }
  // PHP names included files whatever their extension (`db.inc`, `config.local`): the engine's fixed
  // `in X on line N` sentence accepts any path token.
  const bare = / in (\S+) on line (\d+)\s*$/.exec(text);
  if (bare && bare.index >= from) return { file: bare[1] ?? '', line: Number(bare[2]), at: bare.index };
  return undefined;
}

/** `path(L)` / `path:L` with a path of any extension, in PHP's own fixed frame and uncaught-exception shapes. */
function anyPathHead(text: string, pattern: RegExp): { file: string; line: number; rest: string } | undefined {
  const match = pattern.exec(text);
  return match ? { file: match[1] ?? '', line: Number(match[2]), rest: match[3] ?? '' } : undefined;
}

function once(state: PhpState, context: LineContext, key: string): boolean {
  const last = state.seen.get(key);
  state.seen.set(key, context.logLine);
  return last === undefined || context.logLine - last > 200;
}

// A web server relays PHP-FPM's standard error into its own error log, several reports glued on one line, each
// after `PHP message: ` (nginx: `FastCGI sent in stderr: "PHP message: PHP Warning:  … on line 4PHP message: PHP …"`; Apache:
// `AH01071: Got error 'PHP message: …'`; some put `; ` between them). Each report is read on its own, with its own
// severity: read as one line, only the first few of a long run were found, and every one as an error.
const RELAY_MARK = 'PHP message: ';
// The place ends the report: `in X on line N`, or an uncaught exception's `in X:N`.
const RELAYED_REPORT = new RegExp(`${ENGINE_LINE.source}(.*) in (\\S+?)(?: on line |:)(\\d+)`);

function parseRelayed(context: LineContext, state: PhpState): boolean {
  const reports = context.text.split(RELAY_MARK).slice(1);
  let read = false;
  for (const whole of reports) {
    const trace = whole.indexOf(ESCAPED_TRACE);
    const report = trace < 0 ? whole : whole.slice(0, trace);
    const match = RELAYED_REPORT.exec(report);
    if (!match) continue;
    read = true;
    const [, kind = '', message = '', file = '', line = ''] = match;
    if (!once(state, context, `${kind}:${file}:${line}:${message.trim()}`)) continue;
    const severity = engineSeverity(kind);
    if (trace < 0) context.emit({ file, line: Number(line), severity, message: message.trim() });
    else emitEscapedTrace(context, state, { file, line: Number(line), severity, message: message.trim() }, whole.slice(trace));
  }
  return read;
}

// A report whose line breaks a relay kept as escapes, whole or as a hosting panel's copy from `PHP Fatal error:` on.
const ESCAPED_TRACE = '\\nStack trace:';

function parsePhp(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<PhpState>(() => ({ ...newFrameRun(), seen: new Map(), chainRank: 0, joinedLine: -1 }));
  if (parseJoinedFrames(context, state)) return true;
  // Stack frames: `#0 /app/src/t.php(6): parse()`.
  const frameAt = /^#\d+ /.exec(text);
  if (frameAt) {
    const head = parseParenHead(context, { from: frameAt[0].length }) ?? anyPathHead(text, /^#\d+ (\S+)\((\d+)\)(: .*)$/);
    if (!head || !head.rest.startsWith(': ')) return false;
    if (once(state, context, `frame:${state.trace}:${head.file}:${head.line}:${text}`)) {
      context.emit({
        file: head.file,
        line: head.line,
        severity: null,
        message: state.message,
        frame: { trace: state.trace, index: state.index++, causeRank: state.causeRank },
      });
    }
    return true;
  }
  // `  thrown in /app/src/t.php on line 3` repeats the last exception's head: claimed, not counted again.
  const thrown = /^\s+thrown in /.exec(text);
  if (thrown) return onLine(context, 0) !== undefined;
  // `PHP Fatal error:  Uncaught X: msg in /app/t.php:3` and `Next X: msg in /app/t.php:9` open a section.
  const uncaught = /^(?:(?:PHP )?Fatal error:\s+Uncaught |Next )(.*) in (?=\S)/.exec(text);
  if (uncaught) {
    const escaped = text.indexOf(ESCAPED_TRACE);
    const own = escaped < 0 ? text : text.slice(0, escaped);
    const at = own.lastIndexOf(' in ');
    const colon = escaped < 0 ? parseColonHead(context, { from: at + 4 }) : undefined;
    const head = colon ?? anyPathHead(own.slice(at), /^ in (\S+):(\d+)()$/);
    if (!head || (colon && colon.column !== null) || head.rest !== '') return false;
    const message = text.slice(text.indexOf(uncaught[1] ?? '', 0), at).trim();
    if (escaped >= 0) {
      emitEscapedTrace(context, state, { file: head.file, line: head.line, severity: 'error', message }, text.slice(escaped));
      return true;
    }
    const next = text.startsWith('Next ');
    // PHP prints the previous (root-cause) exception FIRST and each wrapper after `Next`.
    state.chainRank = next ? state.chainRank + 1 : 0;
    if (!once(state, context, `uncaught:${state.chainRank}:${head.file}:${head.line}:${message}`)) return true;
    state.trace = context.newTraceId();
    state.index = 0;
    state.causeRank = state.chainRank;
    state.message = message;
    state.lastLine = context.logLine;
    // The head is where the exception was thrown: the trace's innermost place. PHP's `#0` frame is the call
    // that led there (`#0 t.php(6): load()`), so the frames follow it in the same trace.
    context.emit({
      file: head.file,
      line: head.line,
      severity: next ? null : 'error',
      message,
      frame: { trace: state.trace, index: state.index++, causeRank: state.causeRank },
    });
    return true;
  }
  if (text.includes(RELAY_MARK)) return parseRelayed(context, state);
  const engine = ENGINE_LINE.exec(text);
  if (!engine) return false;
  const location = onLine(context, engine[0].length);
  if (!location) return false;
  const message = text.slice(engine[0].length, location.at).trim();
  if (once(state, context, `${engine[1]}:${location.file}:${location.line}:${message}`)) {
    context.emit({ file: location.file, line: location.line, severity: engineSeverity(engine[1] ?? ''), message });
  }
  return true;
}

// --- phpunit: `1) CalcTest::testAdd`, message lines, blank, then `/abs/tests/CalcTest.php:14` lines ---

const PHPUNIT_TEST = /^\d+\) ([\w\\]+::\w+.*)$/;

/** `CalcTest::testAdd: <first message line>` from the numbered header above a location run. */
function phpunitMessage(context: LineContext): string | undefined {
  const lines: string[] = [];
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    const test = PHPUNIT_TEST.exec(line);
    if (test) return `${test[1]}: ${lines.find((entry) => entry !== '') ?? ''}`.replace(/: $/, '');
    lines.unshift(line.trim());
  }
  return undefined;
}

function parsePhpunit(context: LineContext): boolean {
  const text = context.text;
  if (/^\s/.test(text)) return false;
  const head = parseColonHead(context);
  // A location alone on its line, nothing after the number.
  if (!head || head.column !== null || head.rest.trim() !== '' || !/\.php$/.test(head.file)) return false;
  const run = context.state<FrameRunState>(newFrameRun);
  let message: string | undefined;
  if (run.lastLine !== context.logLine - 1) {
    message = phpunitMessage(context);
    if (message === undefined) return false;
  }
  continueOrStart(context, run, () => message ?? '');
  context.emit({
    file: head.file,
    line: head.line,
    severity: null,
    message: run.message,
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
  });
  return true;
}

// --- phpstan: raw `path:L:message`; table `  Line   src/A.php` header, then `  12     message` rows ---

const TABLE_HEADER = /^\s+Line\s{2,}(\S.*?)\s*$/;
const TABLE_ROW = /^\s+(\d+)\s{2,}(\S.*?)\s*$/;

function parsePhpstan(context: LineContext): boolean {
  const text = context.text;
  const row = TABLE_ROW.exec(text);
  if (row) {
    // The file is the header of this table: `  Line   path` two lines above the first row (bounded look-back).
    for (let delta = -1; delta >= -40; delta--) {
      const line = context.line(delta);
      if (line === undefined) return false;
      const header = TABLE_HEADER.exec(line);
      if (header) {
        const file = header[1] ?? '';
        if (!/\.php$/.test(file)) return false;
        // Long messages wrap onto indented continuation lines; identifier/tip lines (🪪 💡 ✏️) are not message.
        let message = row[2] ?? '';
        for (let next = 1; next <= 10; next++) {
          const more = context.line(next);
          if (
            more === undefined ||
            !/^\s{3,}\S/.test(more) ||
            TABLE_ROW.test(more) ||
            /^\s+(?:🪪|💡|✏️)/u.test(more) ||
            /^\s*-{3,}/.test(more)
          )
            break;
          message += ` ${more.trim()}`;
        }
        context.emit({ file, line: Number(row[1]), severity: 'error', message });
        return true;
      }
      if (!/^\s+(?:\d+\s{2,}|\s{3,})\S|^\s*-{3,}/.test(line)) return false;
    }
    return false;
  }
  const head = parseColonHead(context);
  if (!head || head.column !== null || !/\.php$/.test(head.file) || !/^:\S/.test(head.rest)) return false;
  context.emit({ file: head.file, line: head.line, severity: 'error', message: head.rest.slice(1) });
  return true;
}

const php: GrammarFormat = {
  name: 'php',
  trace: { innermost: 'first', causes: 'root-first' },
  language: 'PHP',
  description:
    '`php app.php` (PHP 8 CLI): `PHP Parse error:  syntax error, … in /app/s.php on line 2`, warnings/notices/deprecations, `Fatal ' +
    'error: Uncaught X: msg in /app/t.php:3` with `#0 /app/t.php(6): f()` frames, `Next X:` chains and `thrown in … on line N`.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://www.php.net/manual/en/errorfunc.configuration.php',
  anchor: `${PHP_ANCHOR}|${PHP_ANY_PATH_ANCHOR}`,
  parse: parsePhp,
};

const phpunit: GrammarFormat = {
  name: 'phpunit',
  trace: { innermost: 'first', causes: 'none', testRunner: true },
  language: 'PHP',
  description:
    '`phpunit` (9.x): `1) CalcTest::testAdd`, the failure message, a blank line, then `/abs/tests/CalcTest.php:14` lines alone ' +
    '(innermost first).',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://docs.phpunit.de/en/9.6/textui.html',
  anchor: PHP_ANCHOR,
  parse: parsePhpunit,
};

const phpstan: GrammarFormat = {
  name: 'phpstan',
  language: 'PHP',
  description:
    '`vendor/bin/phpstan analyse` (table, default: `  Line   src/A.php` header then `  12     message` rows) and `--error-format=raw` ' +
    '(`/app/src/A.php:12:message`).',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://phpstan.org/user-guide/output-format',
  // Table rows carry no file: the `Line` header and the number-led rows are anchored (2+ spaces after each).
  anchor: `${PHP_ANCHOR}|^ {2}Line {2,}\\S|^ {2}\\d+ {2,}\\S`,
  parse: parsePhpstan,
};

export const phpFamily: GrammarFamily = {
  formats: [
    // The engine's lines first: `#0 path(L): call` frames and `in X on line N` are unambiguous.
    php,
    // PHPUnit's bare `path:L` lines need the numbered header above them (bounded look-back).
    phpunit,
    // PHPStan last: its table rows are only numbers and text, gated by the `Line  file` header.
    phpstan,
  ],
  rules: (parser) => defineLineWordRule(parser, 'phpOnLine'),
};

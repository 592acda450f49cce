// Dart: the front end (`dart run`, `flutter build`: `lib/main.dart:12:5: Error: msg` + source + caret), `dart analyze`
// rows (`  error - lib/main.dart:12:5 - msg - code`, flutter's `•` form, `--format=machine` pipes) and stack traces
// (package:test's terse `package:app/foo.dart 12:5  main.<fn>` and the VM's `#0  main (file:///x/app.dart:12:5)`).
// Link: https://dart.dev/tools/dart-analyze
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead, plausiblePath, severityOf } from '../shared/common.js';

const DART_SEVERITY: Record<string, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
  lint: 'note',
  hint: 'note',
  context: 'note',
};

// The front end as an IDE's console shows it: the message first (`Error: The method 'x' isn't defined …`), the place
// alone on the next line as a package URI (`package:app/src/timer.dart:167`), then notes whose own place lines
// follow them (`- '_State' is from 'package:app/src/timer.dart' (…).` / `package:app/src/timer.dart:1`).
const PLACE_ALONE = /^((?:package:[a-z_][a-z0-9_]*\/)?[^\s:]+\.dart):(\d+)(?::(\d+))?\s*$/;
const MESSAGE_ABOVE = /^(Error|Warning): (.+)$/;

function parsePlaceAlone(context: LineContext): boolean {
  const place = PLACE_ALONE.exec(context.text);
  if (!place) return false;
  const above = context.line(-1) ?? '';
  const message = MESSAGE_ABOVE.exec(above);
  // A note's place (under `- 'x' is from …`) is the declaration the message speaks of, not a report of its own.
  if (!message) return /^- '/.test(above);
  context.emit({
    file: place[1] ?? '',
    line: Number(place[2]),
    column: place[3] === undefined ? null : Number(place[3]),
    severity: DART_SEVERITY[(message[1] ?? '').toLowerCase()] ?? null,
    message: message[2] ?? '',
  });
  return true;
}

function parseDart(context: LineContext): boolean {
  if (parsePlaceAlone(context)) return true;
  const head = parseColonHead(context);
  if (!head || !/\.dart$/.test(head.file)) return false;
  const tail = /^: (Error|Warning|Context|Info|Hint): (.*)$/.exec(head.rest);
  if (!tail) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: DART_SEVERITY[(tail[1] ?? '').toLowerCase()] ?? null,
    message: tail[2] ?? '',
  });
  return true;
}

function parseDartAnalyzer(context: LineContext): boolean {
  const text = context.text;
  // --format=machine: SEVERITY|TYPE|CODE|path|line|column|length|message (pipes, so the path needs no rule).
  const machine = /^(ERROR|WARNING|INFO)\|\w+\|(\w+)\|(.+?\.dart)\|(\d+)\|(\d+)\|(\d+)\|(.*)$/.exec(text);
  if (machine) {
    const column = Number(machine[5]);
    context.emit({
      file: machine[3] ?? '',
      line: Number(machine[4]),
      column,
      endLine: Number(machine[4]),
      endColumn: column + Number(machine[6]),
      severity: severityOf(machine[1]) ?? 'note',
      code: (machine[2] ?? '').toLowerCase(),
      message: machine[7] ?? '',
    });
    return true;
  }
  const row = /^\s*(error|warning|info|lint|hint) (-|•) /.exec(text);
  if (!row) return false;
  const severity = DART_SEVERITY[row[1] ?? ''] ?? null;
  if (row[2] === '-') {
    const head = parseColonHead(context, { from: row[0].length });
    if (!head || !/\.dart$|\.yaml$/.test(head.file)) return false;
    const tail = /^ - (.*) - ([a-z_0-9]+)\s*$/.exec(head.rest);
    if (!tail) return false;
    context.emit({ file: head.file, line: head.line, column: head.column, severity, code: tail[2] ?? null, message: tail[1] ?? '' });
    return true;
  }
  // flutter analyze: `error • msg • lib/main.dart:12:5 • code` — the location is the third field.
  const fields = text.slice(row[0].length).split(' • ');
  if (fields.length < 3) return false;
  const from = row[0].length + (fields[0] ?? '').length + 3;
  const head = parseColonHead(context, { from });
  if (!head || !/\.dart$|\.yaml$/.test(head.file)) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity,
    code: fields[2]?.trim() ?? null,
    message: fields[0] ?? '',
  });
  return true;
}

// Packages whose frames are the SDK's or the test harness's, never the app's.
const SDK_PACKAGES = /^(?:flutter|flutter_test|test|test_api|test_core|matcher|stack_trace|async|collection|meta)$/;

// `package:app/src/calc.dart` → `lib/src/calc.dart` (a package's URI names its lib/ directory); `dart:async/zone.dart`
// is the SDK's. Returns the path to emit and whether it is the SDK's.
function dartPath(uri: string): { file: string; runtime: boolean } {
  if (uri.startsWith('dart:')) return { file: uri, runtime: true };
  const pkg = /^package:([\w]+)\/(.*)$/.exec(uri);
  if (pkg) return { file: `lib/${pkg[2] ?? ''}`, runtime: SDK_PACKAGES.test(pkg[1] ?? '') };
  return { file: uri, runtime: false };
}

interface TraceState {
  trace: number;
  index: number;
  last: number;
}

function emitFrame(context: LineContext, uri: string, line: number, column: number | null): void {
  const state = context.state<TraceState>(() => ({ trace: 0, index: 0, last: -1 }));
  if (state.last === context.logLine - 1) state.index++;
  else {
    state.trace = context.newTraceId();
    state.index = 0;
  }
  state.last = context.logLine;
  const { file, runtime } = dartPath(uri);
  context.emit({
    file,
    line,
    column,
    message: '',
    frame: { trace: state.trace, index: state.index, causeRank: 0 },
    ...(runtime ? { hints: { runtime: true } } : {}),
  });
}

// The compact and expanded reporters' progress line (minutes and seconds of the run) for a failing test:
// `05:44 +16 ~9 -1: test/x_test.dart: name [E]` (the suite's path leads the name when several suites ran),
// `… -1: loading test/x_test.dart [E]` (the suite did not load). It names the test file with no line: the file as a
// whole, kept only when no frame of the log placed anything.
const REPORTER_FAILURE = /^\d{2,}:\d{2} \+\d+(?: ~\d+)?(?: -\d+)?: (?:loading (\S+\.dart)|(\S+\.dart): (.*?)) \[E\]\s*$/;

function parseReporterFailure(context: LineContext): boolean {
  const failure = REPORTER_FAILURE.exec(context.text);
  const file = failure?.[1] ?? failure?.[2];
  if (!failure || file === undefined || !plausiblePath(file)) return false;
  const message = failure[1] === undefined ? (failure[3] ?? '') : `loading ${file}`;
  context.emit({ file, line: 0, column: null, severity: 'error', message, hints: { confirm: true, fileOnly: true } });
  return true;
}

function parseDartStack(context: LineContext): boolean {
  const text = context.text;
  if (parseReporterFailure(context)) return true;
  const vm = /^#\d+\s+.*? \((?=(?:file|package|dart):)/.exec(text);
  if (vm) {
    const head = parseColonHead(context, { from: vm[0].length });
    if (!head || !/\.dart$/.test(head.file) || head.rest !== ')') return false;
    emitFrame(context, head.file, head.line, head.column);
    return true;
  }
  const parsed = context.parse('dartTerseLocation', { from: text.length - text.trimStart().length });
  if (!parsed) return false;
  const location = /^(\S+) (\d+)(?::(\d+))?$/.exec(context.slice(parsed.cst, parsed));
  const uri = location?.[1] ?? '';
  if (!location || !/^\s{2,}\S/.test(text.slice(parsed.end)) || !(plausiblePath(uri) || uri.startsWith('dart:'))) return false;
  emitFrame(context, uri, Number(location[2]), location[3] === undefined ? null : Number(location[3]));
  return true;
}

export const dart: GrammarFormat = {
  name: 'dart',
  language: 'Dart',
  description:
    "`dart run` / `dart compile` / `flutter build` (the front end): `lib/main.dart:12:5: Error: The getter 'x' isn't defined…`, " +
    'source and caret lines, `Context:` notes; an IDE console’s `Error: msg` with the place alone on the next line ' +
    '(`package:app/src/timer.dart:167`).',
  columnBase: 1,
  // The front end's offsets are Dart String indices: UTF-16 code units.
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://dart.dev/tools/dart-compile',
  anchor: '\\.dart:\\d+:\\d+: (?:Error|Warning|Context|Info|Hint): |\\.dart:\\d+(?::\\d+)?\\s*$',
  parse: parseDart,
};

export const dartAnalyzer: GrammarFormat = {
  name: 'dart-analyzer',
  language: 'Dart',
  description:
    '`dart analyze` / `flutter analyze`: `  error - lib/main.dart:12:5 - msg - undefined_getter`, `  error • msg • lib/main.dart:12:5 ' +
    '• code`, `--format=machine` rows.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://dart.dev/tools/dart-analyze',
  anchor: '(?:error|warning|info|lint|hint) (?:-|\\xe2\\x80\\xa2) |^(?:ERROR|WARNING|INFO)\\|\\w+\\|',
  parse: parseDartAnalyzer,
};

export const dartStack: GrammarFormat = {
  name: 'dart-stack',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Dart',
  description:
    '`dart test` / `flutter test` / an uncaught exception: terse `package:app/calc.dart 12:5  main.<fn>` frames and VM `#0      main ' +
    "(file:///x/bin/app.dart:12:5)` frames; the reporter's `00:12 +3 -1: test/x_test.dart: name [E]` (the test file as a whole).",
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'message'],
  observed: false,
  url: 'https://pub.dev/packages/stack_trace',
  anchor: '\\.dart \\d+(?::\\d+)? |^#\\d+ +[^\\n]{1,1000}\\((?:file|package|dart):|^\\d\\d+:\\d\\d \\+\\d.* \\[E\\]\\s*$',
  parse: parseDartStack,
};

// Mobile and newer native toolchains: Swift compiler diagnostics and XCTest assertion failures, Dart (the
// front end's `lib/main.dart:12:5: Error:`, `dart analyze` rows, stack traces) and Zig (`file:L:C: error:`,
// `referenced by:` lines, test-failure frames). Link: https://www.swift.org/documentation/
import { Int, Space } from '../../engine/tokens.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { caretColumn, parseColonHead, parseSeverityTail, severityOf } from '../shared/common.js';
import { consumeUntil } from '../../engine/until.js';
import { dart, dartAnalyzer, dartStack } from './dart.js';
import { cocoapods } from './cocoapods.js';

function defineRules(parser: LineParser): void {
  // `package:app/foo.dart 12:5` — Dart's terse trace: the URI, a space, then line:column.
  parser.define('dartTerseLocation', () => {
    consumeUntil(
      parser,
      20,
      (peek) =>
        peek(1).tokenType === Space &&
        peek(2).tokenType === Int &&
        (peek(3).tokenType.name === 'Colon' || peek(3).tokenType === Space || peek(3).tokenType.name === 'EOF'),
    );
    parser.tok(1, Space);
    parser.tok(1, Int);
    parser.opt(1, () => {
      parser.sub(1, 'colonSuffix');
    });
  });
}

// Since Swift 5.3 a trap names its file by `#fileID`, `Module/File.swift`: the module is a target's name, not a folder
// (a pod's or an Xcode target's sources sit wherever the project keeps them, `BSText/Sources/Core/BSTextView.swift`).
// The file is then the workspace's one file of that name, the one under a folder named like the module among several.
const FILE_ID = /^([A-Za-z_]\w*)\/([^/\\\s]+\.swift)$/;

function trapPlace(file: string): { file: string; hints?: { basenameOnly: true; packageName: string } } {
  const id = FILE_ID.exec(file);
  return id ? { file: id[2] ?? file, hints: { basenameOnly: true, packageName: id[1] ?? '' } } : { file };
}

// The words a trap starts with: `fatalError`, `precondition`/`preconditionFailure` and `assert`/`assertionFailure`.
const TRAP = '(Fatal error|Precondition failed|Assertion failed)';
const TRAP_WITH_FILE = new RegExp(`^(?:.*?: )?${TRAP}: (.*?): file (.+\\.swift), line (\\d+)$`);
const TRAP_AFTER_HEAD = new RegExp(`^: ${TRAP}: ?(.*)$`);

// `/abs/Sources/App/main.swift:12:5: error: cannot find 'x' in scope` (+ notes), and the runtime's
// `Fatal error: Index out of range: file App/main.swift, line 12`.
function parseSwift(context: LineContext): boolean {
  const fatal = TRAP_WITH_FILE.exec(context.text);
  if (fatal) {
    context.emit({ ...trapPlace(fatal[3] ?? ''), line: Number(fatal[4]), severity: 'error', message: `${fatal[1]}: ${fatal[2] ?? ''}` });
    return true;
  }
  const head = parseColonHead(context);
  if (!head || !/\.swift(?:interface)?$/.test(head.file)) return false;
  // `fatalError("boom")` since Swift 5.3: `App/main.swift:9: Fatal error: boom`.
  const crash = TRAP_AFTER_HEAD.exec(head.rest);
  if (crash) {
    context.emit({ ...trapPlace(head.file), line: head.line, severity: 'error', message: `${crash[1]}: ${crash[2] ?? ''}` });
    return true;
  }
  if (head.column === null) return false;
  const tail = parseSeverityTail(head.rest);
  if (tail.severity === null) return false;
  context.emit({ file: head.file, line: head.line, column: head.column, severity: tail.severity, message: tail.message });
  return true;
}

// XCTest: `/abs/Tests/AppTests/AppTests.swift:14: error: -[AppTests.AppTests testAdd] : XCTAssertEqual failed: …`
// (Linux: `AppTests.testAdd : …`) — no column; the test name is part of the message.
function parseXctest(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || !/\.swift$/.test(head.file) || head.column !== null) return false;
  const tail = /^: (error|warning): (?:(-\[[^\]]+\]|[\w.]+) : )?(.*)$/.exec(head.rest);
  if (!tail) return false;
  context.emit({
    file: head.file,
    line: head.line,
    severity: severityOf(tail[1]),
    message: (tail[2] ? `${tail[2]}: ${tail[3] ?? ''}` : (tail[3] ?? '')).replace(/\s+-\s*$/, ''),
  });
  return true;
}

// `src/main.zig:10:5: error: expected type 'u32', found '[]const u8'`, `note:` lines, `referenced by:` followed by
// `    main: src/main.zig:3:5` rows, and test-failure frames `/abs/src/main.zig:12:5: 0x1039d2 in test.add (test)`.
function parseZig(context: LineContext): boolean {
  const text = context.text;
  const referenced = /^\s+[\w.@"<> ]+?: (?=\S+\.zig:\d)/.exec(text);
  if (referenced && /^\s/.test(text)) {
    const head = parseColonHead(context, { from: referenced[0].length });
    if (!head || !/\.zig$/.test(head.file)) return false;
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: 'note',
      message: `referenced by ${referenced[0].trim().replace(/:$/, '')}`,
    });
    return true;
  }
  const head = parseColonHead(context);
  if (!head || !/\.zig(?:\.zon)?$/.test(head.file)) return false;
  const frame = /^: 0x[0-9a-f]+ in (.*)$/.exec(head.rest);
  if (frame) {
    const state = context.state<{ trace: number; index: number; last: number }>(() => ({ trace: 0, index: 0, last: -1 }));
    // A frame is followed by its source line and caret; the next frame is three lines down.
    if (state.last === context.logLine - 3) state.index++;
    else {
      state.trace = context.newTraceId();
      state.index = 0;
    }
    state.last = context.logLine;
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column ?? caretColumn(context.line(2)),
      message: frame[1] ?? '',
      frame: { trace: state.trace, index: state.index, causeRank: 0 },
    });
    return true;
  }
  const tail = parseSeverityTail(head.rest);
  if (tail.severity === null) return false;
  context.emit({ file: head.file, line: head.line, column: head.column, severity: tail.severity, message: tail.message });
  return true;
}

const swift: GrammarFormat = {
  name: 'swift',
  language: 'Swift',
  description:
    "`swift build` / `swiftc` / `xcodebuild`: `/Users/u/App/Sources/App/main.swift:12:5: error: cannot find 'x' in scope`, `note:` " +
    'lines, runtime traps `Fatal error: …: file X.swift, line N` and `Module/X.swift:N: Precondition failed: …`.',
  columnBase: 1,
  // Swift's SourceManager reports byte columns (UTF-8) + 1.
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://www.swift.org/documentation/server/guides/building.html',
  anchor:
    '\\.swift(?:interface)?:\\d+:\\d+: (?:error|warning|note): |\\.swift:\\d+: (?:Fatal error|Precondition failed|Assertion failed)' +
    '|: file [^,\\n]{1,1000}\\.swift, line \\d',
  parse: parseSwift,
};

const xctest: GrammarFormat = {
  name: 'xctest',
  language: 'Swift',
  description:
    '`swift test` / `xcodebuild test`: `/abs/Tests/AppTests/AppTests.swift:14: error: -[AppTests.AppTests testAdd] : XCTAssertEqual ' +
    'failed: ("3") is not equal to ("4")`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://developer.apple.com/documentation/xctest',
  anchor: '\\.swift:\\d+: (?:error|warning): ',
  parse: parseXctest,
};

const zig: GrammarFormat = {
  name: 'zig',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Zig',
  description:
    "`zig build` / `zig test`: `src/main.zig:10:5: error: expected type 'u32', found …`, notes, `referenced by:` rows, test-failure " +
    'frames `/abs/src/main.zig:12:5: 0x10 in test.add (test)`.',
  columnBase: 1,
  // Zig counts columns in bytes of the UTF-8 source, + 1.
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://ziglang.org/documentation/master/',
  anchor: '\\.zig(?:\\.zon)?:\\d+:\\d+(?:: |\\s*$)',
  parse: parseZig,
};

export const mobileFamily: GrammarFamily = {
  // xctest before swift: both are `X.swift:L…: error:` lines, xctest's has no column. Dart's analyzer rows and
  // terse frames do not start with the path, so their order against the front end's head does not matter.
  formats: [xctest, swift, dart, dartAnalyzer, dartStack, zig, cocoapods],
  rules: defineRules,
};

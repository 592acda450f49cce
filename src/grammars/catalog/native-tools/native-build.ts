// Build tools around the compiler: GNU ld link errors, CMake configure diagnostics, Bazel's action errors.
// Link: https://sourceware.org/binutils/docs/ld/ , https://cmake.org/cmake/help/latest/command/message.html ,
// https://bazel.build/run/build
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';
import { LOCATION_ANCHOR } from '../../engine/anchors.js';

// --- GNU ld ---

// What ld says about a source line it resolved through DWARF (-g): the reference, the clash, its other half.
// Some binutils builds keep the section and offset after the line (`src/a.c:49:(.text+0x1f6): undefined reference`).
const LD_SECTION = String.raw`(?::\([\w.$-]{1,64}\+0x[0-9a-fA-F]{1,16}\))?`;
const LD_TAIL = new RegExp(
  String.raw`^${LD_SECTION}: (undefined reference to |multiple definition of |first defined here|relocation truncated to fit` +
    String.raw`|more undefined references to |undefined (?:reference|symbol) )`,
);
const LD_SECTION_LEAD = new RegExp(String.raw`^${LD_SECTION}: `);
// An object or archive member before the source path: `obj/b.o:` or `libx.a(y.o):`.
const OBJECT_PREFIX = /^[^\s:;]+\.(?:o|obj|lo|a\([^)]+\)):/;

function parseLd(context: LineContext): boolean {
  const text = context.text;
  if (!/: (?:undefined reference|multiple definition|first defined here|relocation truncated|more undefined|undefined symbol)/.test(text))
    return false;
  // newer binutils prefix the line with the linker's path: `/usr/bin/ld: obj/b.o:/abs/src/b.c:3: …`.
  let from = /^\S*\bld(?:\.\w+)?: /.exec(text)?.[0].length ?? 0;
  from += OBJECT_PREFIX.exec(text.slice(from))?.[0].length ?? 0;
  const head = parseColonHead(context, { from });
  if (!head || !LD_TAIL.test(head.rest)) return false;
  const rest = head.rest.replace(LD_SECTION_LEAD, '');
  const [message = rest, second] = rest.split('; ');
  const inFunction = functionContext(context);
  context.emit({
    file: head.file,
    line: head.line,
    severity: /^first defined here/.test(message) ? 'note' : 'error',
    message: inFunction ? `${message} (in function ${inFunction})` : message,
  });
  // `…; obj/a.o:/abs/src/a.c:1: first defined here` — the clash's other half on the same line.
  if (second !== undefined) {
    const offset = text.length - second.length;
    const other = parseColonHead(context, { from: offset + (OBJECT_PREFIX.exec(second)?.[0].length ?? 0) });
    if (other) context.emit({ file: other.file, line: other.line, severity: 'note', message: other.rest.replace(/^:\s*/, '') });
  }
  return true;
}

// `/usr/bin/ld: obj/main.o: in function `main':` within the few lines above.
function functionContext(context: LineContext): string | undefined {
  for (let delta = -1; delta >= -8; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    const match = /: in function [`'‘](.*)['’]:$/.exec(line);
    if (match) return `'${match[1]}'`;
    if (!LD_TAIL.test(line.replace(/^.*?:\d+(?=:[ (])/, ''))) return undefined;
  }
  return undefined;
}

export const ld: GrammarFormat = {
  name: 'ld',
  language: 'C/C++',
  description:
    "`gcc obj/*.o -o app` (GNU ld): `/usr/bin/ld: obj/main.o: in function 'main':` then `src/main.c:7: undefined reference to 'foo'` " +
    '(needs -g), and `multiple definition of …; … first defined here`.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://sourceware.org/binutils/docs/ld/',
  anchor: LOCATION_ANCHOR,
  parse: parseLd,
};

// --- CMake ---

interface CMakeState {
  trace: number | undefined;
  message: string;
  index: number;
}

const CMAKE_HEADER = /^CMake (Error|Warning|Deprecation Error|Deprecation Warning|Warning \(dev\)|Error \(dev\)) at (?=\S)/;
const CMAKE_FRAME = /^ {2}\S.*:\d+ \([\w@]+\)$/;

// The indented first paragraph under a header is the message (later paragraphs are hints). A script that indents its
// own text (vcpkg's `  Command failed: …` under CMake's two blanks) is indented further.
function cmakeMessage(context: LineContext): string {
  const lines: string[] = [];
  for (let delta = 1; delta <= 40; delta++) {
    const line = context.line(delta);
    if (line === undefined || !/^ {2,}\S/.test(line)) break;
    lines.push(line.trim());
  }
  return lines.join(' ');
}

// Asked for only on a line of CMake's shape: reading a format's state makes a line depend on more than its text, and
// a line that left nothing is then read again each time it repeats (engine/barren-lines.ts).
const cmakeState = (context: LineContext): CMakeState => context.state<CMakeState>(() => ({ trace: undefined, message: '', index: 0 }));

// The generate step's diagnostics name the file whose directory declared the target, with no line (`CMake Error in
// src/CMakeLists.txt:` over the indented message, then `CMake Generate step failed.`): the file as a whole (line 0).
const CMAKE_IN = /^CMake (Error|Warning|Warning \(dev\)) in ((?:[A-Za-z]:)?[^:\s][^:]{0,299}):$/;

function parseCMake(context: LineContext): boolean {
  const text = context.text;
  const whole = CMAKE_IN.exec(text);
  if (whole) {
    const severity = /Error/.test(whole[1] ?? '') ? 'error' : 'warning';
    context.emit({ file: whole[2] ?? '', line: 0, column: null, severity, message: cmakeMessage(context) });
    return true;
  }
  const header = CMAKE_HEADER.exec(text);
  if (header) {
    const head = parseColonHead(context, { from: header[0].length });
    if (!head || !/^ \([\w@]+\):$/.test(head.rest)) return false;
    const state = cmakeState(context);
    const kind = header[1] ?? 'Error';
    state.message = cmakeMessage(context);
    state.trace = undefined;
    context.emit({ file: head.file, line: head.line, severity: /Error/.test(kind) ? 'error' : 'warning', message: state.message });
    return true;
  }
  // `Call Stack (most recent call first):` then `  CMakeLists.txt:9 (include)` — the callers of the header's location.
  if (!CMAKE_FRAME.test(text)) return false;
  const state = cmakeState(context);
  const previous = context.line(-1) ?? '';
  if (previous === 'Call Stack (most recent call first):') {
    state.trace = context.newTraceId();
    state.index = 1;
  } else if (state.trace !== undefined && CMAKE_FRAME.test(previous)) {
    state.index++;
  } else {
    return false;
  }
  const head = parseColonHead(context, { from: 2 });
  if (!head) return false;
  // Index 0 is the header's own location (emitted as the diagnostic): the stack lists its callers.
  context.emit({
    file: head.file,
    line: head.line,
    message: state.message,
    frame: { trace: state.trace, index: state.index, causeRank: 0 },
  });
  return true;
}

export const cmake: GrammarFormat = {
  name: 'cmake',
  trace: { innermost: 'first', causes: 'none' },
  language: 'CMake',
  description:
    '`cmake -S . -B build`: `CMake Error at cmake/deps.cmake:14 (find_package):` + indented message, `Call Stack (most recent call ' +
    "first):` / `  CMakeLists.txt:9 (include)` frames; `CMake Warning at …`; the generate step's `CMake Error in F:` (the file whole).",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://cmake.org/cmake/help/latest/command/message.html',
  // The generate step's `CMake Error in F:` gives no line, so the location anchor does not select it.
  anchor: `${LOCATION_ANCHOR}|CMake (?:Error|Warning(?: \\(dev\\))?) in \\S`,
  parse: parseCMake,
};

// --- Bazel ---

// `ERROR: /ws/pkg/BUILD:12:10: Compiling pkg/a.cc failed: (Exit 1): …` names the failed ACTION's rule; the
// compiler's own diagnostics follow and are the place to fix, so action failures are notes. Bazel before 1.0
// words them `C++ compilation of rule '//pkg:a' failed (Exit 1)`. Other `ERROR: …BUILD:L:C:` lines (bad
// attribute, unknown target, Starlark errors) are errors in the BUILD file.
const BAZEL_ACTION = /^(?:Compiling|Linking|Executing genrule|Testing|Action|Building|Generating|Running|Checking|\S+) .* failed: /;
const BAZEL_OLD_ACTION = /^\S.*(?: of rule '[^']*' failed\b| failed \(Exit -?\d+\))/;

function parseBazel(context: LineContext): boolean {
  const prefix = /^(ERROR|WARNING|INFO|DEBUG): (?=\S+:\d)/.exec(context.text);
  if (!prefix) return false;
  const head = parseColonHead(context, { from: prefix[0].length });
  // The same action line is also seen with no colon after the column (`BUILD:241:8 Executing genrule …`): still Bazel.
  const gap = head ? /^:? (?=\S)/.exec(head.rest) : null;
  if (!head || !gap || !/(?:^|\/)(?:BUILD|WORKSPACE|MODULE)(?:\.bazel)?$|\.(?:bzl|bazel|star)$/.test(head.file)) return false;
  const message = head.rest.slice(gap[0].length);
  context.emit({ file: head.file, line: head.line, column: head.column, severity: bazelSeverity(prefix[1], message), message });
  return true;
}

/** An `ERROR:` that only says which action failed points at the BUILD rule, not at the fault: a note. */
function bazelSeverity(prefix: string | undefined, message: string): 'error' | 'warning' | 'note' {
  if (prefix === 'ERROR') return BAZEL_ACTION.test(message) || BAZEL_OLD_ACTION.test(message) ? 'note' : 'error';
  return prefix === 'WARNING' ? 'warning' : 'note';
}

export const bazel: GrammarFormat = {
  name: 'bazel',
  language: 'Bazel',
  description:
    '`bazel build //...`: `ERROR: /home/u/ws/pkg/BUILD:12:10: Compiling pkg/a.cc failed: …` (the failed action, a note: the compiler ' +
    'output follows) and `ERROR: /ws/pkg/BUILD:3:11: no such target …`.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://bazel.build/run/build',
  // BUILD and WORKSPACE carry no extension, so LOCATION_ANCHOR would miss them: a line-start anchor instead.
  anchor: '^(?:ERROR|WARNING|INFO|DEBUG): \\S*(?:BUILD|WORKSPACE|MODULE|\\.bzl|\\.bazel)(?:\\.bazel)?:\\d',
  parse: parseBazel,
};

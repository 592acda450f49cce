// Sanitizer reports (ASan/LSan/TSan/MSan frames and SUMMARY lines, UBSan `runtime error:` lines).
// Link: https://github.com/google/sanitizers/wiki/AddressSanitizer
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';
import { LOCATION_ANCHOR } from '../../engine/anchors.js';

interface SanitizerState {
  trace: number | undefined;
  index: number;
  message: string;
  causeRank: number;
}

const FRAME = /^\s*#(\d+) 0x[0-9a-f]+ in /;
// ThreadSanitizer prints no address: `    #0 bump /src/race.c:6:3 (app+0x11f8)`, the module offset last, at times
// `(BuildId: …)` after it; `#1 <null> <null> (libtsan.so.0+0x29b3d)` has no source.
const TSAN_FRAME = /^\s*#(\d+) (?!0x[0-9a-f]+ in )\S/;
// A pasted copy may cut the line inside the module part (`… src/uci.cpp:120:14 (app+`).
const TSAN_FRAME_LOCATION = /\s(\S+:\d+(?::\d+)?)(?: \(\S*(?: \(BuildId: [0-9a-f]+\))?)?\s*$/;
// Where a symbolised location starts: the last blank-separated word that ends in `:L` or `:L:C`
// (C++ function names before it may contain spaces: `foo(int, char const*)`).
const FRAME_LOCATION = /\s(\S+:\d+(?::\d+)?)$/;
const ERROR_HEADER = /^==\d+==\s*ERROR: (\w+Sanitizer): (.*)$/;
const TSAN_HEADER = /^WARNING: ThreadSanitizer: (.*?)(?: \(pid=\d+\))?$/;
// A TSan report's first stack is the racing access (`  Read of size 4 at 0x… by main thread:`); the stacks after it
// (the previous access, where the memory or thread came from, synchronisation) explain it.
const TSAN_ACCESS = /^\s*((?:Atomic )?(?:Read|Write) of size \d+) at 0x[0-9a-f]+ by .*:$/;
const TSAN_CONTEXT =
  /^\s*(?:Previous (?:atomic )?(?:read|write) of size|Location is |Thread T\d+ .*created by |As if synchronized|Mutex M\d+ )/;
// Sub-sections of one report: the allocation/free stacks are context for the access stack above them.
const SECTION =
  /^(?:(?:previously )?(?:allocated|freed) by thread \S+ here|Thread \S+ created by .*|(Direct|Indirect) leak of .* allocated from):$/;
// Toolchain runtime sources as gcc/clang symbolise them: glibc's build tree (`../sysdeps/…`, `csu/../…`) and
// the sanitizer runtime (`../../../../src/libsanitizer/…`, compiler-rt). Not the user's code: dropped as runtime.
const RUNTIME_SOURCE = /(?:^|\/)(?:sysdeps|csu|libsanitizer|compiler-rt|nptl)\//;

function sanitizerState(context: LineContext): SanitizerState {
  return context.state<SanitizerState>(() => ({ trace: undefined, index: 0, message: '', causeRank: 0 }));
}

// Frame #0 opens a stack: the nearest header above says whether it is the faulting access (rank 0), a
// leak (each its own root cause), or a context stack such as "allocated by thread T0 here:" (rank 1).
function openStack(context: LineContext, state: SanitizerState): void {
  state.trace = context.newTraceId();
  state.index = 0;
  state.causeRank = 0;
  let access = '';
  // Frames of this stack printed without a source (`#0 … in __interceptor_malloc (/abs/app+0xa414e)`) were
  // not candidates, so the stack may open at #1: skip back over them to the header.
  let start = -1;
  while (start > -40 && isFrame(context.line(start) ?? '')) start--;
  for (let delta = start; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined || isFrame(line)) break;
    if (tsanSection(line, state)) return;
    const header = ERROR_HEADER.exec(line);
    if (header) {
      const kind = (header[2] ?? '').replace(/ on (?:address|unknown address) .*$/, '').replace(/ \(pc .*$/, '');
      state.message = access ? `${kind}: ${access}` : kind;
      return;
    }
    if (/^(?:READ|WRITE) of size \d+/.test(line)) access = line.replace(/ at 0x[0-9a-f]+ thread \S+$/, '');
    const section = SECTION.exec(line);
    if (section) {
      // Leaks are independent findings (rank 0, the first printed wins); other sections explain the access.
      state.causeRank = section[1] === 'Direct' ? 0 : 1;
      state.message = section[1] ? line.replace(/:$/, '') : `${state.message.split(' (')[0]} (${line.replace(/:$/, '')})`;
      return;
    }
  }
}

function isFrame(line: string): boolean {
  return FRAME.test(line) || TSAN_FRAME.test(line);
}

// The TSan section a stack sits under, if `line` is one: the access (rank 0) or context (rank 1).
function tsanSection(line: string, state: SanitizerState): boolean {
  const access = TSAN_ACCESS.exec(line);
  if (access) {
    state.message = `data race (${access[1]})`;
    return true;
  }
  if (!TSAN_CONTEXT.test(line)) return false;
  state.causeRank = 1;
  const section = line
    .trim()
    .replace(/ at 0x[0-9a-f]+| \(tid=[^)]*\)/g, '')
    .replace(/(?: at)?:$/, '');
  state.message = `data race (${section})`;
  return true;
}

function parseSanitizerFrame(context: LineContext): boolean {
  const text = context.text;
  const frame = FRAME.exec(text) ?? TSAN_FRAME.exec(text);
  if (frame) {
    // `in _start (/abs/app+0x1100)`: a module offset, no source location.
    const addressed = frame[0].includes(' in ');
    const where = addressed ? FRAME_LOCATION.exec(text) : TSAN_FRAME_LOCATION.exec(text);
    // A `#N name` line without an address nor TSan's trailing location is another runtime's numbered frame (PHP's
    // `#45 {main} …` with a log record glued after it): left to the formats that read it.
    if (!addressed && !where) return false;
    const state = sanitizerState(context);
    const index = Number(frame[1]);
    // A stack restarts its numbering at #0; #0 itself may have had no source and never reached here.
    if (state.trace === undefined || index <= state.index) openStack(context, state);
    state.index = index;
    if (!where) return true;
    const head = parseColonHead(context, { from: where.index + 1 });
    if (!head || !/^\s*(?:\(.*)?$/.test(head.rest)) return true;
    const runtime = RUNTIME_SOURCE.test(head.file);
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      message: state.message,
      frame: { trace: state.trace as number, index: state.index, causeRank: state.causeRank },
      ...(runtime ? { hints: { runtime: true } } : {}),
    });
    return true;
  }
  // SUMMARY: AddressSanitizer: heap-buffer-overflow src/http/parse.c:9 in parse_hdr — the report's one-line
  // verdict and the place to fix; a leak summary (`32 byte(s) leaked in 1 allocation(s).`) has no location.
  // TSan's kinds have spaces (`data race`, `lock-order-inversion (potential deadlock)`).
  const summary = /^SUMMARY: (\w+Sanitizer): (\S.*?) (?=\S+:\d+(?::\d+)?(?: in|$))/.exec(text);
  if (!summary) return false;
  const head = parseColonHead(context, { from: summary[0].length });
  if (!head) return false;
  const fn = /^ in (\S.*)$/.exec(head.rest)?.[1];
  const access = findAccess(context);
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: 'error',
    code: summary[2] ?? null,
    message: `${summary[2]}${access ? ` (${access})` : ''}${fn ? ` in ${fn}` : ''}`,
    format: summary[1] === 'UndefinedBehaviorSanitizer' ? 'ubsan' : 'asan',
  });
  return true;
}

// The `READ of size 1 at 0x… thread T0` line under the report's ERROR header, if within reach.
function findAccess(context: LineContext): string | undefined {
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined || ERROR_HEADER.test(line) || TSAN_HEADER.test(line)) return undefined;
    const access = /^((?:READ|WRITE) of size \d+)/.exec(line);
    if (access) return access[1];
  }
  return undefined;
}

export const asan: GrammarFormat = {
  name: 'asan',
  // The faulting access's stack is printed first, then where the memory was allocated or freed (context).
  trace: { innermost: 'first', causes: 'root-first' },
  language: 'C/C++',
  description:
    '`gcc|clang -fsanitize=address` (also LSan/TSan/MSan stacks): `    #0 0x4f2a3 in parse_hdr src/http/parse.c:88:12` frames and ' +
    '`SUMMARY: AddressSanitizer: heap-buffer-overflow src/http/parse.c:88:12 in parse_hdr`.',
  columnBase: 1,
  // llvm-symbolizer prints DWARF columns, which count bytes; gcc's libbacktrace prints none.
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://github.com/google/sanitizers/wiki/AddressSanitizer',
  anchor: LOCATION_ANCHOR,
  parse: parseSanitizerFrame,
};

// src/calc.c:5:11: runtime error: signed integer overflow: … — a GNU head whose severity word gcc does not know.
function parseUbsan(context: LineContext): boolean {
  const text = context.text;
  if (!text.includes(': runtime error: ')) return false;
  const head = parseColonHead(context);
  if (!head || !head.rest.startsWith(': runtime error: ')) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: 'error',
    message: head.rest.slice(': runtime error: '.length),
  });
  return true;
}

export const ubsan: GrammarFormat = {
  name: 'ubsan',
  language: 'C/C++',
  description: '`gcc|clang -fsanitize=undefined` at run time: `src/x.c:5:12: runtime error: signed integer overflow: …`.',
  columnBase: 1,
  // UBSan reports the DWARF/source-location column clang and gcc record: a byte offset in the line.
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://clang.llvm.org/docs/UndefinedBehaviorSanitizer.html',
  anchor: LOCATION_ANCHOR,
  parse: parseUbsan,
};

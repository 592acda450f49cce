// Lua: the standalone interpreter's error line (`lua5.4: src/db.lua:20: assertion failed!`) and the
// `stack traceback:` that follows it (`\tsrc/db.lua:20: in local 'f'`, `\t[C]: in ?`).
// Link: https://www.lua.org/manual/5.4/lua.html#7
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { extensionlessScript, parseColonHead } from './shared/common.js';
import { SGR } from '../engine/anchors.js';
import { utf8ToLatin1 } from '../engine/strings.js';
import { newFrameRun, type FrameRunState } from './shared/scripting.js';

// Fennel's own sources in a Lua traceback (`\t./src/guard.fnl:2: in function <./src/guard.fnl:1>`).
// A host that loads a file's text under its path as the chunk name (no `@`) gets `[string "conf/x.lua"]:3:`.
// A script without an extension (`build-aux/gen`, a `bin/` launcher) shows only in its traceback frames, whose
// `: in main chunk`/`: in function …` tail says what they are.
const SCRIPT_FRAME_WORDS = ': in (?:main chunk|function |local |upvalue |method |field )';
const LUA_ANCHOR = `\\.lua${SGR}:${SGR}\\d|\\.fnl:\\d+: in |\\.lua"\\]:\\d|:\\d{1,7}${SCRIPT_FRAME_WORDS}`;
// The program name lua.c puts before the message (`lua`, `lua5.4`, `luajit`, `luac5.4` for `luac -p`).
// A build may run it by its full path (`/opt/lua/bin/lua: src/x.lua:3: …`).
const PROGRAM = /^(?:(?:\/[^\s:/]+)*\/)?(?:lua(?:jit|c)?(?:\d(?:\.\d)?)?: )/;
const TRACEBACK = 'stack traceback:';
// A test runner's words glued to the chunk name with `::` (busted 1.x: `An error occurred while loading a
// test::spec/x_spec.lua:5: msg`): no path holds `::`, so the chunk starts after it.
const GLUED_WORDS = /^[^:\n]{1,200}::(?=[^:\s][^:\n]{0,500}\.lua:\d)/;

// A pasted traceback may lose its tabs: frames at column 0, after blanks, or listed with a bullet (`-src/x.lua:16`), some
// without their `: in …` tail. Such lines count as frames only inside a `stack traceback:` run.
const LOOSE_PREFIX = /^(?: +|[-*\u2022] ?)?/;
// A frame of a script without an extension: `bin/tool:30: in main chunk` (the tail is what makes it a frame).
const SCRIPT_FRAME_TAIL = String.raw`[^\s:][^:\n]{0,500}:\d{1,7}` + SCRIPT_FRAME_WORDS;
const SCRIPT_FRAME = new RegExp(String.raw`^(?:\t|${LOOSE_PREFIX.source.slice(1)})([^\s:][^:\n]{0,500}):(\d{1,7}): in `);
const LOOSE_FRAME = new RegExp(
  String.raw`${LOOSE_PREFIX.source}(?:\[C\]: in |\(\.\.\.tail calls\.\.\.\)|\[string "|` +
    String.raw`[^\s:][^:\n]{0,500}\.(?:lua|fnl):\d|${SCRIPT_FRAME_TAIL})`,
);

/** How far back the `stack traceback:` header of the frames above this line is (a negative delta), if within 40 lines. */
function tracebackHeader(context: LineContext): number | undefined {
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (line.trim() === TRACEBACK) return delta;
    // Frames (`\tx.lua:3: in …`, `\t[C]: in ?`, `\t(...tail calls...)`) are tab-indented, or loose after a paste.
    if (!line.startsWith('\t') && !LOOSE_FRAME.test(line)) return undefined;
  }
  return undefined;
}

// A place on an error line: `src/db.lua:20:`, `[string "conf/x.lua"]:3:`, Fennel's `src/x.fnl:2:`.
const ERROR_PLACE = /\.(?:lua|fnl)"?\]?:\d+:/;

interface LuaRun extends FrameRunState {
  /** The error line above this trace names no place (a host's `onUse: attempt to index a nil value`). */
  placeless: boolean;
}
const newLuaRun = (): LuaRun => ({ ...newFrameRun(), placeless: false });

/** Starts a trace: its message is the error line above `stack traceback:`, without its own `path:L: ` prefix. */
function startTrace(context: LineContext, run: LuaRun): void {
  run.trace = context.newTraceId();
  run.index = 0;
  const header = tracebackHeader(context);
  const said = header === undefined ? '' : (context.line(header - 1) ?? '');
  run.message = said
    .replace(PROGRAM, '')
    .replace(/^\S+?:\d+: /, '')
    .trim();
  run.placeless = header !== undefined && !namesPlace(context, header - 1);
}

/** Whether the error's lines above the traceback (up to 5, to a blank line: a message may run on) name a place. */
function namesPlace(context: LineContext, from: number): boolean {
  for (let delta = from; delta > from - 5; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '') return false;
    if (ERROR_PLACE.test(line)) return true;
  }
  return false;
}

// A chunk named by its path as a string (wezterm, editors, game engines): `[string "/home/u/.wezterm.lua"]:17: msg` on the
// error line (after the host's own words, `runtime error: `), `[string "…"]:15: in main chunk` as a frame (a paste may
// have turned the frame's tab into blanks).
const STRING_CHUNK = /^(\s*)(?:.*?: )?\[string "([^"\n]{1,500}\.lua)"\]:(\d{1,7}): (.+)$/;

// One frame of a `stack traceback:` run: a new trace after the header, a gap, or a line that ended the last run.
// When the error line named no place, the first Lua frame (innermost first) is where it was raised: the error's place.
function emitFrame(context: LineContext, run: LuaRun, file: string, line: number, confirm = false): void {
  if (context.line(-1)?.trim() === TRACEBACK || run.lastLine < 0 || context.logLine - run.lastLine > 40) startTrace(context, run);
  run.lastLine = context.logLine;
  if (run.placeless && run.index === 0) {
    run.index++;
    context.emit({ file, line, severity: 'error', message: run.message, ...(confirm ? { hints: { confirm: true } } : {}) });
    return;
  }
  context.emit({
    file,
    line,
    severity: null,
    message: run.message,
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
    ...(confirm ? { hints: { confirm: true } } : {}),
  });
}

function parseStringChunk(context: LineContext, run: LuaRun): boolean {
  const match = STRING_CHUNK.exec(context.text);
  if (!match) return false;
  const [, indent, file, line, rest] = match as unknown as [string, string, string, string, string];
  if (indent !== '' && /^in /.test(rest)) {
    emitFrame(context, run, file, Number(line));
    return true;
  }
  if (indent !== '') return false;
  context.emit({ file, line: Number(line), severity: 'error', message: rest });
  run.lastLine = -1;
  return true;
}

/** A frame that lost its tab (column 0, blanks, a list bullet) and maybe its `: in …` tail, inside a traceback. */
function parseLooseFrame(context: LineContext, run: LuaRun): boolean {
  const from = LOOSE_PREFIX.exec(context.text)?.[0].length ?? 0;
  const head = parseColonHead(context, { from });
  if (!head || head.column !== null || !/^(?::(?: in .*)?)?$/.test(head.rest) || !/\.(?:lua|fnl)$/.test(head.file)) return false;
  const header = tracebackHeader(context);
  if (header === undefined) return false;
  // A new trace when this run's header lies after the last frame claimed (a place-less error line started it).
  if (context.logLine + header > run.lastLine) run.lastLine = -1;
  emitFrame(context, run, head.file, head.line);
  return true;
}

/** A frame of a script without an extension, under `stack traceback:` only; the workspace must hold it (confirm). */
function parseScriptFrame(context: LineContext, run: LuaRun): boolean {
  const match = SCRIPT_FRAME.exec(context.text);
  if (!match || !extensionlessScript(match[1]!)) return false;
  const header = tracebackHeader(context);
  if (header === undefined) return false;
  if (context.logLine + header > run.lastLine) run.lastLine = -1;
  emitFrame(context, run, match[1]!, Number(match[2]), true);
  return true;
}

function parseLua(context: LineContext): boolean {
  const text = context.text;
  if (text.includes('[string "') && parseStringChunk(context, context.state<LuaRun>(newLuaRun))) return true;
  const run = context.state<LuaRun>(newLuaRun);
  if (text.startsWith('\t')) {
    const head = parseColonHead(context, { from: 1 });
    // `in function <./src/db.lua:4>` names where the function was defined: part of the frame, not a place.
    // Fennel's traceback names its own sources (`\tsrc/x.fnl:20: in function …`) in the same frames.
    if (!head || head.column !== null || !/^: in /.test(head.rest) || !/\.(?:lua|fnl)$/.test(head.file))
      return parseScriptFrame(context, run);
    emitFrame(context, run, head.file, head.line);
    return true;
  }
  if (parseLooseFrame(context, run) || parseScriptFrame(context, run)) return true;
  const program = PROGRAM.exec(text);
  // Without the program name only a line at column 0 (an embedding host printing lua_tostring) qualifies.
  const head = parseColonHead(context, { from: program?.[0].length ?? GLUED_WORDS.exec(text)?.[0].length ?? 0 });
  if (!head || head.column !== null || !/\.lua$/.test(head.file) || !/^: \S/.test(head.rest) || /^\s/.test(text)) return false;
  context.emit({ file: head.file, line: head.line, severity: 'error', message: head.rest.slice(2) });
  // Frames below belong to a new traceback.
  run.lastLine = -1;
  return true;
}

const lua: GrammarFormat = {
  name: 'lua',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Lua',
  description:
    "`lua5.4 main.lua`: `lua5.4: src/db.lua:20: assertion failed!`, then `stack traceback:` with `\\tsrc/db.lua:20: in local 'f'` " +
    'frames (`[C]` frames have no place); a chunk a host loaded under its path is `[string "conf/x.lua"]:3:`.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://www.lua.org/manual/5.4/lua.html#7',
  anchor: LUA_ANCHOR,
  parse: parseLua,
};

// busted's terminal output handlers (utfTerminal; plainTerminal writes `->`): a block per failed test, its head
// `Failure → spec/x_spec.lua @ 12` (an assertion failed in the test) or `Error → spec/x_spec.lua @ 12` (the test raised),
// the test's name below, then the message. A message that names its own place (where an error was raised,
// `./src/x.lua:32: …`, or the assertion's line, both read by the lua format) holds the place to fix; the test's line is
// then a note of where it ran.
const BUSTED_HEAD = /^(Failure|Error) (?:\u2192|->) (\S(?:.*?\S)?) @ (\d{1,7})\s*$/;

function parseBusted(context: LineContext): boolean {
  const head = BUSTED_HEAD.exec(context.text);
  if (head === null || !/\.(?:lua|moon)$/.test(head[2]!)) return false;
  const name = context.line(1)?.trim() ?? '';
  const said = context.line(2)?.trim() ?? '';
  const raisedElsewhere = ERROR_PLACE.test(said);
  context.emit({
    file: head[2]!,
    line: Number(head[3]),
    severity: raisedElsewhere ? 'note' : 'error',
    message: [name, said].filter((part) => part !== '').join('\n'),
  });
  return true;
}

const busted: GrammarFormat = {
  name: 'busted',
  language: 'Lua',
  description:
    '`busted`: `Failure → spec/x_spec.lua @ 12` or `Error → spec/x_spec.lua @ 12` (`->` with the plain handler) over the ' +
    "test's name and its message; a place the message names (a raised error's, an assertion's) comes first.",
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://lunarmodules.github.io/busted/#output-handlers',
  // Anchors read the raw text as latin1: the arrow is its UTF-8 bytes.
  anchor: `^(?:Failure|Error) (?:${utf8ToLatin1('\u2192')}|->) `,
  parse: parseBusted,
};

export const luaFamily: GrammarFamily = { formats: [lua, busted] };

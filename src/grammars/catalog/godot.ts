// Godot: the engine's own error printing, from the editor, an exported game or `godot --headless`. A script's place is
// a `res://` path, the project folder (the one holding project.godot). Godot 3 prints a header line then ` At:`
// (`SCRIPT ERROR: GDScript::reload: Parse Error: …` / `   At: res://scripts/x.gd:5.`), Godot 4 ` at: function (place)`
// (`SCRIPT ERROR: Parse Error: …` / `          at: GDScript::reload (res://scripts/x.gd:6)`), Godot 4.5 puts the
// place first (`ERROR: res://x.gd:154 - Parse Error: …`) and the editor's debugger writes `E 0:00:01.2   fn: msg`
// with `<GDScript Source>` / `<C++ Source>` lines below. A place that is no `res://` path is the engine's own C++
// source (`core/translation.cpp:945`, `modules/gdscript/gdscript.cpp:599`): the engine, never the project, so its
// lines are claimed and report nothing.
// Link: https://docs.godotengine.org/en/stable/tutorials/scripting/debug/debugger_panel.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { Severity } from '../../core/index.js';

// The header a place line belongs to: `SCRIPT ERROR: msg`, `ERROR: msg`, `WARNING: msg`, `USER ERROR: msg`.
const HEADER = /^\s*(?:USER |\*\*)?(SCRIPT ERROR|ERROR|WARNING|SCRIPT WARNING)(?:\*\*)?: (.*)$/;
// Godot 3's ` At: place:L.` and Godot 4's ` at: function (place:L)`, indented under the header.
const PLACE_LINE = /^\s+(?:At: (\S(?:.*\S)?):(\d+)\.?|at: .*\((\S(?:.*\S)?):(\d+)\))\s*$/;
// Godot 4.5's `ERROR: res://x.gd:154 - Parse Error: msg` and the engine's `ERROR: modules/x.cpp:3041 - msg`.
const PLACE_FIRST = /^(\S+):(\d+) - (.*)$/;
// The editor debugger's source lines under an `E 0:00:01.2 …` entry.
const SOURCE_LINE = /^\s*<(?:GDScript|C\+\+) Source>\s+(\S+):(\d+)\b/;
const RES_PLACE = /\bres:\/\/([^\s:()"']+):(\d+)\b/g;
// The top folders of Godot's own source tree: a place under one of them without `res://` is engine code.
const ENGINE_SOURCE = /^(?:core|modules|scene|servers|drivers|platform|editor|main|thirdparty)\/[\w/.-]+\.(?:cpp|h|c|inc)$/;

function severityOfHeader(word: string): Severity {
  return word.includes('WARNING') ? 'warning' : 'error';
}

// Godot 3 names the C++ function before the message (`GDScript::reload: Parse Error: …`): not part of what went wrong.
function headerMessage(text: string): string {
  return text.replace(/^[\w:~]+: (?=\S)/, '').trim();
}

function emitPlace(context: LineContext, printed: string, line: number, severity: Severity | null, message: string): void {
  if (!printed.startsWith('res://')) return;
  context.emit({ file: printed.slice('res://'.length), line, severity, message });
}

function parsePlaceLine(context: LineContext): boolean {
  const place = PLACE_LINE.exec(context.text);
  if (!place) return false;
  const header = HEADER.exec(context.line(-1) ?? '');
  if (!header) return false;
  const printed = place[1] ?? place[3] ?? '';
  if (!printed.startsWith('res://') && !ENGINE_SOURCE.test(printed)) return false;
  emitPlace(context, printed, Number(place[2] ?? place[4]), severityOfHeader(header[1] ?? ''), headerMessage(header[2] ?? ''));
  return true;
}

function parseHeader(context: LineContext): boolean {
  const header = HEADER.exec(context.text);
  if (!header) return false;
  const first = PLACE_FIRST.exec(header[2] ?? '');
  if (first && (first[1]?.startsWith('res://') || ENGINE_SOURCE.test(first[1] ?? ''))) {
    emitPlace(context, first[1] ?? '', Number(first[2]), severityOfHeader(header[1] ?? ''), (first[3] ?? '').trim());
    return true;
  }
  // The header of a place line below: that line reports it, with this line's message.
  return PLACE_LINE.test(context.line(1) ?? '') && !/res:\/\/\S+:\d/.test(header[2] ?? '');
}

function parseGodot(context: LineContext): boolean {
  if (parsePlaceLine(context) || parseHeader(context)) return true;
  const source = SOURCE_LINE.exec(context.text);
  if (source) {
    emitPlace(context, source[1] ?? '', Number(source[2]), null, '');
    return true;
  }
  // Any other line naming a script's place (`reload: JavaScript Error    at res://x.js:1`).
  let found = false;
  RES_PLACE.lastIndex = 0;
  for (let match = RES_PLACE.exec(context.text); match !== null; match = RES_PLACE.exec(context.text)) {
    const message = context.text
      .slice(0, match.index)
      .replace(/\s+(?:at|in)\s*$/, '')
      .trim();
    context.emit({ file: match[1] ?? '', line: Number(match[2]), severity: /\berror\b/i.test(message) ? 'error' : null, message });
    found = true;
  }
  return found;
}

const godot: GrammarFormat = {
  name: 'godot',
  language: 'GDScript (Godot)',
  description:
    '`godot --path proj` (editor, exported game, headless): `SCRIPT ERROR: GDScript::reload: Parse Error: …` then `   At: ' +
    'res://scripts/x.gd:5.` (Godot 3), `          at: GDScript::reload (res://x.gd:6)` (Godot 4), `ERROR: res://x.gd:154 - ' +
    'Parse Error: …` (4.5); `res://` is the project folder, and places in the engine’s own C++ sources report nothing.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://docs.godotengine.org/en/stable/tutorials/scripting/debug/debugger_panel.html',
  // Every alternative but the indented place line carries a `.ext:12` the universal anchors select.
  anchor: 'res://[^\\s:]+\\.\\w+:\\d|^\\s+[Aa]t: |(?:ERROR|WARNING): [a-z]+/[\\w/.-]+\\.(?:cpp|h):\\d+ - |<C\\+\\+ Source>',
  parse: parseGodot,
};

export const godotFamily: GrammarFamily = { formats: [godot] };

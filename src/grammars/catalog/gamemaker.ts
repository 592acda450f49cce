// GameMaker (GameMaker Studio 2, GameMaker 2022+): places are named by resources, not files. The compiler writes
// `Script: scr_move at line 35 : Symbol ) expected` and `Object: obj_player Event: Step at line 12 : malformed
// assignment`; the runner's error box prints the raising code as ` at gml_Object_obj_player_Step_0 (line 4) - x += spd;`
// and then the call stack innermost first (`gml_Object_obj_player_Step_0 (line 4)`, `gml_Script_scr_move (line 10)`).
// A project keeps an object's event in `objects/<object>/<Event>_<n>.gml` and a script in `scripts/<name>/<name>.gml`
// (GameMaker Studio 1.4: `scripts/<name>.gml`), so an object's event is a path and a script a bare name the
// workspace's one `<name>.gml` resolves.
// Link: https://manual.gamemaker.io/monthly/en/Additional_Information/Errors/Runner_Errors.htm
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';

const COMPILE_SCRIPT = /^\s*Script: ([A-Za-z_]\w*) at line (\d+) : (.*)$/;
const COMPILE_OBJECT = /^\s*Object: ([A-Za-z_]\w*) Event: ([A-Za-z][\w -]*?) at line (\d+) : (.*)$/;
// ` at gml_Object_obj_player_Step_0 (line 4) - x += spd;`: the raising place and its source line.
const RAISED_AT = /^\s*at (gml_\w+) \(line (\d+)\)(?: - .*)?$/;
// A call stack entry below the box's closing `####…` line.
const STACK_ENTRY = /^\s*(gml_\w+) \(line (\d+)\)\s*$/;
// Event names of the generated code (`gml_Object_<object>_<Event>_<n>`), as the project's event files are named.
const OBJECT_CODE =
  /^gml_Object_(\w+?)_(Create|Destroy|CleanUp|Step|Alarm|Draw|Other|Collision|Keyboard|KeyPress|KeyRelease|Mouse|Gesture|PreCreate)_(\w+)$/;
// `gml_Script_<function>` and `gml_GlobalScript_<script>`; anonymous functions (`gml_Script_anon_…_gml_GlobalScript_…`)
// name no file of their own.
const SCRIPT_CODE = /^gml_(?:Global)?Script_(\w+)$/;

// The compiler's event names and the files the IDE writes for them.
const EVENT_FILES: ReadonlyMap<string, string> = new Map([
  ['Create', 'Create_0'],
  ['Destroy', 'Destroy_0'],
  ['Clean Up', 'CleanUp_0'],
  ['Step', 'Step_0'],
  ['Begin Step', 'Step_1'],
  ['End Step', 'Step_2'],
  ['Draw', 'Draw_0'],
  ['Draw GUI', 'Draw_64'],
  ['Draw Begin', 'Draw_72'],
  ['Draw End', 'Draw_73'],
  ['Draw GUI Begin', 'Draw_74'],
  ['Draw GUI End', 'Draw_75'],
  ['Pre-Draw', 'Draw_76'],
  ['Post-Draw', 'Draw_77'],
  ['Game Start', 'Other_2'],
  ['Game End', 'Other_3'],
  ['Room Start', 'Other_4'],
  ['Room End', 'Other_5'],
]);

function eventFile(event: string): string | undefined {
  const known = EVENT_FILES.get(event);
  if (known !== undefined) return known;
  const numbered = /^(Alarm|User Event) (\d+)$/.exec(event);
  if (!numbered) return undefined;
  return numbered[1] === 'Alarm' ? `Alarm_${numbered[2]}` : `Other_${10 + Number(numbered[2])}`;
}

/** The project file a generated code name stands for: an object's event path, or a script's bare name. */
function codeFile(code: string): { file: string; bare: boolean } | undefined {
  const object = OBJECT_CODE.exec(code);
  if (object) return { file: `objects/${object[1]}/${object[2]}_${object[3]}.gml`, bare: false };
  const script = SCRIPT_CODE.exec(code);
  if (!script || (script[1] as string).startsWith('anon_')) return undefined;
  return { file: `${script[1]}.gml`, bare: true };
}

interface GameMakerRun {
  trace: number;
  index: number;
  message: string;
  /** The raising place, which the call stack's first entry repeats. */
  raised: string;
}

const newRun = (): GameMakerRun => ({ trace: -1, index: 0, message: '', raised: '' });

// The runner's message: the last non-blank line above ` at gml_…` inside the `####` box.
function raisedMessage(context: LineContext): string {
  for (let delta = -1; delta >= -12; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.startsWith('####')) return '';
    if (line.trim() !== '') return line.trim();
  }
  return '';
}

function emitCode(context: LineContext, code: string, line: number, run: GameMakerRun): boolean {
  const place = codeFile(code);
  if (place === undefined || line === 0) return place !== undefined;
  context.emit({
    file: place.file,
    line,
    severity: run.index === 0 ? 'error' : null,
    message: run.message,
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
    ...(place.bare ? { hints: { basenameOnly: true } } : {}),
  });
  return true;
}

function parseGameMaker(context: LineContext): boolean {
  const text = context.text;
  const script = COMPILE_SCRIPT.exec(text);
  if (script) {
    const hints = { basenameOnly: true };
    context.emit({ file: `${script[1]}.gml`, line: Number(script[2]), severity: 'error', message: script[3] as string, hints });
    return true;
  }
  const object = COMPILE_OBJECT.exec(text);
  if (object) {
    const event = eventFile(object[2] as string);
    if (event === undefined) return false;
    context.emit({ file: `objects/${object[1]}/${event}.gml`, line: Number(object[3]), severity: 'error', message: object[4] as string });
    return true;
  }
  const run = context.state<GameMakerRun>(newRun);
  const raised = RAISED_AT.exec(text);
  if (raised) {
    run.trace = context.newTraceId();
    run.index = 0;
    run.message = raisedMessage(context);
    run.raised = `${raised[1]}:${raised[2]}`;
    return emitCode(context, raised[1] as string, Number(raised[2]), run);
  }
  const entry = STACK_ENTRY.exec(text);
  if (!entry || run.trace < 0) return false;
  // The stack's first entry is the raising place again.
  if (run.index === 1 && `${entry[1]}:${entry[2]}` === run.raised) return true;
  return emitCode(context, entry[1] as string, Number(entry[2]), run);
}

const gamemaker: GrammarFormat = {
  name: 'gamemaker',
  trace: { innermost: 'first', causes: 'none' },
  language: 'GML (GameMaker)',
  description:
    'GameMaker’s compiler and runner: `Script: scr_move at line 35 : msg`, `Object: obj_player Event: Step at line 12 : ' +
    'msg`, and the error box’s ` at gml_Object_obj_player_Step_0 (line 4) - code` with its call stack below; an object’s ' +
    'event is `objects/<object>/<Event>_<n>.gml`, a script the workspace’s one `<name>.gml`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://manual.gamemaker.io/monthly/en/Additional_Information/Errors/Runner_Errors.htm',
  anchor: '^\\s*(?:Script: \\w+|Object: \\w+ Event: .*) at line \\d|gml_\\w+ \\(line \\d',
  parse: parseGameMaker,
};

export const gamemakerFamily: GrammarFamily = { formats: [gamemaker] };

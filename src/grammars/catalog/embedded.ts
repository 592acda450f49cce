// Embedded tool chains whose lines no other format reads. The Arduino IDE (1.x, arduino-builder) and arduino-cli run
// gcc on a copy of the sketch, then print a sketch file's errors under the sketch's name without `.ino`
// (`taiko:302:7: error: 'ct' was not declared in this scope`); the full path is on the context line above
// (`C:\Users\me\Arduino\taiko\taiko.ino: In function 'void loop()':`) and the other files of the sketch under the
// copy's folder (`sketch\Joystick.cpp:2:0`).
// Link: https://docs.arduino.cc/arduino-cli/sketch-build-process/
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { plausiblePath, severityOf } from './shared/common.js';
import { GCC_SCOPE_REST } from '../engine/locale-words-gcc.js';

// `name:L:C: severity: message` where the name is a sketch's, a bare identifier without extension or folder.
// The IDE before 1.6.6 printed no column (`taiko:302: error: …`).
const SKETCH_HEAD = /^([A-Za-z_][\w-]{0,63}):(\d+)(?::(\d+))?: (fatal error|error|warning|note): (.*)$/;
// `sketch\X.cpp:L:C: …` (after `In file included from ` too): a file of the sketch in the build folder's copy.
const SKETCH_COPY = /^(In file included from |\s+from )?sketch[\\/]([^\s:]+):(\d+)(?::(\d+))?([:,].*)$/;
const SKETCH_EXTENSIONS = ['ino', 'pde'];

/** The sketch file a line nearby names in full (`…\taiko\taiko.ino: In function …`), above first, then below (an
 * include chain's lines come before the sketch's own), when one does. */
function sketchPath(context: LineContext, stem: string | undefined): string | undefined {
  for (const step of [-1, 1]) {
    for (let delta = step; Math.abs(delta) <= 40; delta += step) {
      const line = context.line(delta);
      if (line === undefined) break;
      // A Markdown emphasis mark pasted before the path (`_C:\Users\…`) is no part of it.
      const named = /^[_*]*((?:[A-Za-z]:)?[^:]*[\\/]([\w-]+)\.(?:ino|pde)):/.exec(line);
      const rest = named ? line.slice(named[0].length) : '';
      if (named && (/^\d/.test(rest) || GCC_SCOPE_REST.test(rest)) && (stem === undefined || named[2] === stem)) return named[1];
    }
  }
  return undefined;
}

function parseSketchLine(context: LineContext): boolean {
  const head = SKETCH_HEAD.exec(context.text);
  if (!head) return false;
  const stem = head[1] ?? '';
  const full = sketchPath(context, stem);
  // Without a column the head is as plain as `Makefile:30: warning: …`: only the sketch's path nearby makes it one.
  if (head[3] === undefined && full === undefined) return false;
  context.emit({
    file: full ?? `${stem}.${SKETCH_EXTENSIONS[0]}`,
    line: Number(head[2]),
    column: head[3] === undefined ? null : Number(head[3]),
    severity: severityOf(head[4]),
    message: head[5] ?? '',
    // Without the full path above, the name is a guess the workspace must confirm.
    ...(full === undefined ? { hints: { confirm: true } } : {}),
  });
  return true;
}

function parseSketchCopy(context: LineContext): boolean {
  const copy = SKETCH_COPY.exec(context.text);
  if (!copy) return false;
  const sketch = sketchPath(context, undefined);
  if (sketch === undefined || !plausiblePath(copy[2] ?? '')) return false;
  const folder = sketch.slice(0, Math.max(sketch.lastIndexOf('\\'), sketch.lastIndexOf('/')) + 1);
  const tail = /^: (fatal error|error|warning|note): (.*)$/.exec(copy[5] ?? '');
  context.emit({
    file: `${folder}${copy[2] ?? ''}`,
    line: Number(copy[3]),
    // gcc's column 0 in an include chain means none.
    column: copy[4] === undefined || copy[4] === '0' ? null : Number(copy[4]),
    // An include chain's line is a note about the error below it.
    severity: copy[1] === undefined ? severityOf(tail?.[1]) : 'note',
    message: tail?.[2] ?? '',
  });
  return true;
}

// An include chain's last level in the sketch itself (`                 from C:\…\lantern\lantern.ino:2:`): a note,
// as gcc's own chain lines are.
function parseSketchInclude(context: LineContext): boolean {
  const level = /^\s+from ((?:[A-Za-z]:)?[^:]*[\\/][\w-]+\.(?:ino|pde)):(\d+)(?::\d+)?[:,]$/.exec(context.text);
  if (!level) return false;
  context.emit({ file: level[1] ?? '', line: Number(level[2]), severity: 'note', message: 'included from here' });
  return true;
}

const arduino: GrammarFormat = {
  name: 'arduino',
  language: 'C++ (Arduino)',
  description:
    "`arduino-cli compile` / the Arduino IDE: a sketch's errors under its name without `.ino` (`taiko:302:7: error: 'ct' was not " +
    'declared in this scope`; before IDE 1.6.6 without the column, `taiko:302: error: …`), read as the sketch file the ' +
    "`…\\taiko\\taiko.ino: In function` line above names; `sketch\\X.cpp:2:0` lines name the sketch's other files in the " +
    'build copy.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://docs.arduino.cc/arduino-cli/sketch-build-process/',
  anchor: [
    '^[A-Za-z_][\\w-]{0,63}:\\d+(?::\\d+: |: (?:fatal error|error|warning|note): )',
    'sketch[\\\\/][^\\s:]+:\\d',
    '^\\s+from .{1,400}\\.(?:ino|pde):\\d',
  ].join('|'),
  parse: (context) => parseSketchLine(context) || parseSketchCopy(context) || parseSketchInclude(context),
};

export const embeddedFamily: GrammarFamily = { formats: [arduino] };

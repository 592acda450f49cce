// SpiderMonkey's and JavaScriptCore's stack frames: `name@path:line:column`, innermost first, under the error they
// unwind (`JS ERROR: TypeError: x is null` from gjs, `TypeError: x is null` in Firefox's and Safari's consoles,
// React Native on JSC, Playwright's firefox and webkit). A frame names a function before the `@` (empty at a script's
// top level, `foo/<` or `async*foo` for closures and async callers) and a file or URL after it; V8's `at name (…)`
// frames are the javascript family's.
// Link: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Error/stack
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { plausiblePath } from './shared/common.js';
import { continueOrStart, newFrameRun, type FrameRunState } from './shared/scripting.js';

// The function (any non-blank text without `@`), the file, its line and column, nothing after them. The file ends in
// a script's extension: an address such as `user@host:22` is no frame.
// A dev server's query after the file (`x.ts?t=1700`, `App.vue?v=abc`) is no part of it (cleanPrintedPath).
const FRAME = new RegExp(
  String.raw`^\s*[^\s@]{0,300}@(\S+?\.(?:m?js|cjs|jsx|tsx?|mts|cts|qml|vue|svelte|html?)(?:\?[^\s?:]{0,200})?)` +
    String.raw`:(\d{1,7})(?::(\d{1,7}))?\s*$`,
);
// The error the frames unwind, on the line above the first (gjs prefixes its logger's `JS ERROR: `), or above a
// `Stack trace:` line and blanks (gjs's message dialogs, GtkBuilder's errors).
const ERROR_HEAD = /(?:^|JS ERROR: |\s)((?:[A-Z][\w$.]*)?(?:Error|Exception)\b.*)$/;
const HEAD_LOOK_BACK = 3;
// A place the error's own message names (`Gtk.BuilderError: /x/prefs.ui:8:29 Invalid property`): where it was raised.
const HEAD_PLACE = /(\S+\.[A-Za-z][\w+]{0,11}):(\d{1,7})(?::(\d{1,7}))?/;

function errorHead(context: LineContext): string {
  for (let delta = -1; delta >= -HEAD_LOOK_BACK; delta--) {
    const above = context.line(delta);
    if (above === undefined) return '';
    if (above.trim() === '' || /^\s*Stack trace:\s*$/.test(above)) continue;
    return ERROR_HEAD.exec(above)?.[1]?.trim() ?? '';
  }
  return '';
}

// One frame of the run: a place read by FRAME or HEAD_PLACE (file, line, column).
function emitFrame(context: LineContext, run: FrameRunState, place: RegExpExecArray, severity: 'error' | null): void {
  context.emit({
    file: place[1]!,
    line: Number(place[2]),
    ...(place[3] === undefined ? {} : { column: Number(place[3]) }),
    severity,
    message: run.message,
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
  });
}

function parseFrame(context: LineContext): boolean {
  const frame = FRAME.exec(context.text);
  if (!frame || !plausiblePath(frame[1]!)) return false;
  const run = continueOrStart(context, context.state<FrameRunState>(newFrameRun), () => errorHead(context));
  // At a trace's first frame: a place the error names is its innermost frame, the one that raised.
  const headPlace = run.index === 0 ? HEAD_PLACE.exec(run.message) : null;
  if (headPlace && plausiblePath(headPlace[1]!)) emitFrame(context, run, headPlace, 'error');
  // The frame that raised the error above is the error; its callers are context.
  emitFrame(context, run, frame, run.index === 0 && run.message !== '' ? 'error' : null);
  return true;
}

const spidermonkeyStack: GrammarFormat = {
  name: 'spidermonkey-stack',
  language: 'JavaScript',
  description:
    '`gjs script.js`, Firefox and Safari (JavaScriptCore) consoles: `JS ERROR: TypeError: x is null` then frames ' +
    '`readLimit@src/settings.js:2:5`, `@src/main.js:9:5` (top level), innermost first.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Error/stack',
  trace: { innermost: 'first', causes: 'none' },
  // The line starts with any name: the universal anchors select it by `.js:2`; this one decides the format.
  anchor: String.raw`^\s*[^\s@]{0,300}@\S+?\.(?:m?js|cjs|jsx|tsx?|mts|cts|qml|vue|svelte|html?)(?:\?[^\s?:]{0,200})?:\d`,
  parse: parseFrame,
};

export const spidermonkeyFamily: GrammarFamily = { formats: [spidermonkeyStack] };

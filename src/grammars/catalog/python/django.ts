// Django's debug page in its 1.x and early 2.x releases, before it took CPython's frame layout: its "copy-and-paste
// view" (the `Traceback:` block users paste, and the error mail) heads each frame `File "/abs/app/views.py" in detail`
// and puts the line on the next one, in front of the source (`  358.     return render(…)`), outermost first, frames
// sometimes parted by blank lines; `Exception Type:` and `Exception Value:` follow the last frame. No CPython reading
// knows that the number under the header is its line (held-out set 76, a Django 1.x paste).
// Link: https://docs.djangoproject.com/en/1.8/howto/error-reporting/
import type { GrammarFormat, LineContext } from '../../engine/format.js';

// `File "path" in function`: the quoted path runs to its closing quote (Python's paths may hold blanks).
const HEADER = /^\s*File "([^"]+)" in ([\w<>.]+)\s*$/;
// The frame's line and its source; Django leaves the source out (and the whole line) when it could not read it.
const NUMBERED_SOURCE = /^\s*(\d{1,7})\. /;
const EXCEPTION_TYPE = /^Exception Type: (\S+)/;
const EXCEPTION_VALUE = /^Exception Value: ?(.*)$/;
// Frames may be parted by a blank line; a longer gap ends the traceback.
const MAX_GAP = 3;
// How far below a frame its `Exception Value:` line is looked for (the frames below it come between).
const MAX_MESSAGE_LOOKUP = 40;

interface DjangoTrace {
  trace: number;
  index: number;
  /** Log line of the last frame header read (-∞ before the first). */
  lastHeader: number;
}

/** `ZeroDivisionError: msg` from the `Exception Type:` and `Exception Value:` lines below the frames. */
function exceptionMessage(context: LineContext): string {
  let type = '';
  for (let delta = 2; delta <= MAX_MESSAGE_LOOKUP; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    type = EXCEPTION_TYPE.exec(line)?.[1] ?? type;
    const value = EXCEPTION_VALUE.exec(line)?.[1]?.trim();
    if (value !== undefined) return type === '' ? value : `${type}: ${value}`;
  }
  return type;
}

function parseDjangoTraceback(context: LineContext): boolean {
  const header = HEADER.exec(context.text);
  if (!header) return false;
  const numbered = NUMBERED_SOURCE.exec(context.line(1) ?? '');
  if (!numbered) return false;
  const state = context.state<DjangoTrace>(() => ({ trace: 0, index: 0, lastHeader: Number.NEGATIVE_INFINITY }));
  if (context.logLine - state.lastHeader > MAX_GAP) {
    state.trace = context.newTraceId();
    state.index = 0;
  }
  state.lastHeader = context.logLine;
  context.emit({
    file: header[1] as string,
    line: Number(numbered[1]),
    severity: null,
    message: exceptionMessage(context),
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
  });
  return true;
}

export const djangoTraceback: GrammarFormat = {
  name: 'django-traceback',
  trace: { innermost: 'last', causes: 'root-first', handling: 'later-fails' },
  language: 'Python',
  description:
    "Django 1.x's debug page (its copy-and-paste view, the error mail): `Traceback:`, then per frame " +
    '`File "/abs/app/views.py" in fn` over `  N. source`, outermost first; `Exception Value: msg` after the frames.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: false,
  url: 'https://docs.djangoproject.com/en/1.8/howto/error-reporting/',
  anchor: 'File "[^"]+" in ',
  parse: parseDjangoTraceback,
};

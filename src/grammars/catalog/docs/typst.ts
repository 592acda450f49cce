// typst (and other compilers rendering with the codespan-reporting crate) heads a diagnostic with `error: msg` or
// `warning: msg`, then names its place on a box line below: `   ┌─ chapters/intro.typ:12:5`. An error raised inside a
// function is followed by the calls that led to it, innermost first, each as `help: error occurred in this call of
// function `f`` over its own `┌─` line: the place to fix is the innermost of those in the user's files, so the
// calls are the frames of one trace. Packages are named `@preview/<name>:<version>/<path>` (resolve drops them as
// dependencies, or maps them back when the workspace is that package).
// Link: https://github.com/brendanzab/codespan (codespan-reporting's layout); https://typst.app/docs/reference/
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { Severity } from '../../../core/index.js';

interface TypstState {
  trace: number;
  index: number;
  /** The log line of the latest `┌─` place of the current diagnostic. */
  lastPlace: number;
  severity: Severity;
  message: string;
}

const HEAD = /^(error|warning|help|hint|note)(?:\[([\w-]+)\])?: (.*)$/;
const PLACE = /^\s*┌─ (.+?):(\d+):(\d+)\s*$/;
// How far above its place line a head may stand (codespan prints it directly above; a wrapped message adds lines).
const HEAD_REACH = 3;

function typstState(context: LineContext): TypstState {
  return context.state<TypstState>(() => ({ trace: 0, index: 0, lastPlace: -1, severity: 'error', message: '' }));
}

/** The `error: …` head over this place line, with its distance; undefined for a secondary label of the same report. */
function headAbove(context: LineContext): { head: RegExpExecArray; delta: number } | undefined {
  for (let delta = 1; delta <= HEAD_REACH; delta++) {
    const text = context.line(-delta);
    if (text === undefined || /^\s*(?:│|\|)/.test(text)) return undefined;
    const head = HEAD.exec(text.trim());
    if (head) return { head, delta };
  }
  return undefined;
}

function parseTypst(context: LineContext): boolean {
  const place = PLACE.exec(context.text);
  if (!place) return false;
  const state = typstState(context);
  const above = headAbove(context);
  const kind = above?.head[1];
  const file = (place[1] ?? '').trim();
  const line = Number(place[2]);
  const column = Number(place[3]);
  // A call site of the error above: the next frame of its trace, outwards.
  const callSite = (kind === 'help' || kind === 'hint') && /occurred in this (?:call|function)/.test(above?.head[3] ?? '');
  if (kind === 'error' || kind === 'warning' || (callSite && state.lastPlace >= 0)) {
    if (!callSite) {
      state.trace = context.newTraceId();
      state.index = 0;
      state.severity = kind === 'warning' ? 'warning' : 'error';
      state.message = (above?.head[3] ?? '').trim();
    }
    state.lastPlace = context.logLine;
    const message = callSite ? `${state.message} (${(above?.head[3] ?? '').trim()})` : state.message;
    context.emit({
      file,
      line,
      column,
      severity: state.severity,
      message,
      code: above?.head[2] ?? null,
      frame: { trace: state.trace, index: state.index++, causeRank: 0 },
      logLine: context.logLine - (above?.delta ?? 0),
    });
    return true;
  }
  // A second label of the same diagnostic (another span it points at): a note of it.
  context.emit({ file, line, column, severity: 'note', message: state.message });
  return true;
}

export const typst: GrammarFormat = {
  name: 'typst',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Typst',
  description:
    '`typst compile main.typ` (codespan-reporting layout): `error: unknown variable: x` over `   ┌─ chapters/intro.typ:12:5`; ' +
    'the `help: error occurred in this call of function` places below are its calls, innermost first.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://github.com/brendanzab/codespan',
  anchor: String.raw`\xe2\x94\x8c\xe2\x94\x80 [^\n]{1,400}:\d{1,7}:\d`,
  parse: parseTypst,
};

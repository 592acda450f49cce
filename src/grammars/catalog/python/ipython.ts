// IPython's own traceback layout (Jupyter notebooks, `ipython x.py`, every IPython kernel): a banner
// `ValueError      Traceback (most recent call last)`, then one block per frame, outermost first. A block is a header
// naming the file, then the frame's source lines numbered in a gutter, the failing one marked by an arrow
// (`----> 8 main()`). Before 8.0 the header is `path in name(args)` and the line is only the arrow's number; from 8.0
// it is `File path:N, in name(args)` (`Cell In[3], line 2` for a notebook cell, which has no file). No CPython or
// generic reading knows that a gutter's arrow is a frame's line, nor that these blocks are one trace, innermost last.
// Link: https://ipython.readthedocs.io/en/stable/api/generated/IPython.core.ultratb.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { SGR } from '../../engine/anchors.js';
import { openTrace, pythonTraces, type PythonTraces } from './python-trace.js';
import { trackLinked } from '../shared/exception-chain.js';

// The banner: the exception's class at the margin, padded to IPython's column, then the order.
const BANNER = /^([A-Za-z_][\w.]*)\s+Traceback \(most recent call last\)\s*$/;
// The gutter: a numbered source line (its text may be empty) and the arrow on the failing one. A pasted copy may have
// lost the gutter's padding, never its digits.
const NUMBERED = /^\s*\d+(?:\s|$)/;
const ARROW = /^-+>\s?(\d+)(?:\s|$)/;
// Before 8.0: the path, ` in `, then the function (`<module>`, `<cell line: 0>`, `ratio(a, b)`, `f(x=1)` in verbose
// mode). The path is a Python file or a pseudo path (`<ipython-input-3-…>`); it may hold blanks (a Windows profile).
const OLD_FUNCTION = /^(?:<[\w :]+>|[A-Za-z_][\w.]*)(?:\(.*\))?\s*$/;
// From 8.0: `File path:N` (a module's top level), `File path:N, in name(args)`.
const NEW_HEADER = /^File (\S.*?):(\d+)(?:, in \S.*)?\s*$/;
const CELL_HEADER = /^Cell In ?\[\d*\], line \d+/;
// Lines this long are no IPython header (their lazy path would be tried at every colon).
const MAX_HEADER = 1000;
// How far the gutter above an arrow may run (IPython shows a few lines of context; a verbose setting, more).
const MAX_GUTTER = 40;
// How far below a frame the exception line is looked for (the frames below it come between).
const MAX_MESSAGE_LOOKUP = 40;

/** The header of the old layout: its path, or undefined. */
function oldHeaderPath(text: string): string | undefined {
  if (text.length > MAX_HEADER) return undefined;
  for (const end of ['.py in ', '.pyw in ', '> in ']) {
    const at = text.indexOf(end);
    if (at <= 0) continue;
    const path = text.slice(0, at + end.length - 4);
    if (path.startsWith('<') !== end.startsWith('>')) continue;
    return OLD_FUNCTION.test(text.slice(at + end.length)) ? path.trim() : undefined;
  }
  return undefined;
}

/** The exception line ending the trace, by the banner's class (`ImportError: …`), else the class alone. */
function exceptionMessage(context: LineContext, exception: string): string {
  for (let delta = 1; delta <= MAX_MESSAGE_LOOKUP; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (line === exception || line.startsWith(`${exception}:`)) return line.trim();
  }
  return exception;
}

interface IPythonState {
  /** The class the open trace's banner named. */
  exception: string;
}

function emitFrame(context: LineContext, traces: PythonTraces, file: string, line: number): void {
  const state = context.state<IPythonState>(() => ({ exception: '' }));
  if (traces.trace === null) openTrace(context, traces);
  const raw = context.emit({
    file,
    line,
    severity: null,
    message: state.exception === '' ? '' : exceptionMessage(context, state.exception),
    frame: { trace: traces.trace ?? 0, index: traces.index++, causeRank: traces.ranks.rank },
  });
  trackLinked(traces.ranks, raw);
}

function parseIPython(context: LineContext): boolean {
  const text = context.text;
  const traces = pythonTraces(context);
  const banner = BANNER.exec(text);
  if (banner) {
    openTrace(context, traces);
    context.state<IPythonState>(() => ({ exception: '' })).exception = banner[1] as string;
    return true;
  }
  const below = context.line(1) ?? '';
  const gutterBelow = NUMBERED.test(below) || ARROW.test(below);
  if (CELL_HEADER.test(text)) {
    if (gutterBelow) traces.index++;
    return gutterBelow;
  }
  const header = text.length <= MAX_HEADER ? NEW_HEADER.exec(text) : null;
  if (header) {
    // A frozen or built-in module has no source to show: its header stands alone.
    if (!gutterBelow && !(header[1] as string).startsWith('<')) return false;
    emitFrame(context, traces, header[1] as string, Number(header[2]));
    return true;
  }
  const arrow = ARROW.exec(text);
  if (!arrow) return false;
  for (let delta = -1; delta >= -MAX_GUTTER; delta--) {
    const above = context.line(delta);
    if (above === undefined) return false;
    if (NUMBERED.test(above)) continue;
    // The new layout's header placed the frame; the arrow is only its gutter.
    if (NEW_HEADER.test(above) || CELL_HEADER.test(above)) return true;
    const path = oldHeaderPath(above);
    if (path === undefined) return false;
    emitFrame(context, traces, path, Number(arrow[1]));
    return true;
  }
  return false;
}

export const ipythonTraceback: GrammarFormat = {
  name: 'ipython-traceback',
  trace: { innermost: 'last', causes: 'root-first', handling: 'later-fails' },
  language: 'Python',
  description:
    '`ipython app.py`, a Jupyter cell: `ValueError   Traceback (most recent call last)`, then per frame `path in fn(args)` (before ' +
    '8.0) or `File path:N, in fn(args)` over a numbered gutter whose `----> N` arrow marks the line; `Cell In[3], line 2` for a cell.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://ipython.readthedocs.io/en/stable/api/generated/IPython.core.ultratb.html',
  // The exception's name is two characters at least: a line prefix read only in part (a GitHub timestamp's last `Z`)
  // is no name, so the anchor selects after a prefix exactly what it selects without one.
  anchor: `^${SGR}-+>|^${SGR}File [^"]|^${SGR}Cell In|^[A-Za-z_][\\w.]+ +Traceback \\(most`,
  parse: parseIPython,
};

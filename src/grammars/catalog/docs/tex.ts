// TeX engines (pdfTeX, XeTeX, LuaTeX, and latexmk running them) name no file on an error: `! Undefined control
// sequence.` is followed a few lines later by `l.49 <the source read so far>`, a line of the file TeX is reading.
// That file is the innermost one still open in the parenthesis stack TeX prints as it reads: `(./report.tex` opens
// a file, `)` closes it, and opens of package files nest in between (`(/usr/share/…/article.cls … )`). The same
// stack places `LaTeX Warning: … on input line 4.` and package warnings whose `(hyperref)` continuation holds it.
// `-file-line-error` runs print `./x.tex:38: msg` instead; those heads are the GNU formats', and no `! ` line
// starts such a report, so nothing here reads them twice. Transcripts (.log) wrap lines at 79 characters, paths too.
// Link: https://latexref.xyz/ (the LaTeX2e reference: errors, warnings, command line options)
import type { GrammarFormat, LineContext } from '../../engine/format.js';

interface TexState {
  /** Open files, innermost last; null for a parenthesis that opened no file (`(see the transcript …)`). */
  stack: (string | null)[];
  /** Set by a banner or a TeX source opened: before that a `(/path` is some other tool's. */
  active: boolean;
  /** The latest `! message` waiting for its `l.N` line. */
  pending?: { message: string; logLine: number };
}

// A log wraps at max_print_line (79 by default): a line of exactly that length continues on the next.
const WRAP_WIDTH = 79;
const MAX_DEPTH = 128;
// How far below its `! ` line TeX prints the `l.N` context (help text and `<argument>` lines come between).
const CONTEXT_REACH = 24;
const TEX_SOURCE = /\.(?:tex|ltx|dtx|ins|sty|cls|clo|def|cfg|fd|aux|toc|bbl|ind|lof|lot|out)$/i;
const BANNER = /^This is (?:pdf|Xe|Lua|LuaHB|e-|ep|eup)?TeX, Version /;
const ERROR_LINE = /^! (.+)$/;
const CONTEXT_LINE = /^l\.(\d+) /;
const WARNING_HEAD = /^(?:LaTeX(?: Font)?|Package [\w@.-]+|Class [\w@.-]+) Warning: (.*)$/;
const INPUT_LINE = /on input line (\d+)\.?/;
// A path TeX opens: relative (`./x.tex`, `../x`), absolute, a drive, quoted (MiKTeX with spaces), or a bare name.
const OPEN_PATH = /^(?:"[^"]+"|(?:\.{1,2}\/|\/|[A-Za-z]:[\\/])[^\s()[\]{}<>"]*|[\w.-]+\.[A-Za-z]{2,4}(?=[\s)]|$))/;
// A distribution's own file (a package, a class): never the place to fix, so warnings placed there are not reported.
const DISTRIBUTION = /(?:^|[\\/])(?:texmf[\w-]*|texlive|MiKTeX[^\\/]*|tex[\\/](?:latex|generic|plain))[\\/]/i;

function texState(context: LineContext): TexState {
  return context.state<TexState>(() => ({ stack: [], active: false }));
}

function innermostFile(state: TexState): string | undefined {
  for (let index = state.stack.length - 1; index >= 0; index--) {
    const entry = state.stack[index];
    if (entry) return entry;
  }
  return undefined;
}

function push(state: TexState, entry: string | null): void {
  if (state.stack.length >= MAX_DEPTH) state.stack.shift();
  state.stack.push(entry);
}

/** Applies a line's opens and closes to the stack; a path cut at the wrap width continues on the next line. */
function trackParens(context: LineContext, state: TexState, text: string): void {
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x29 /* ) */) {
      state.stack.pop();
    } else if (char === 0x28 /* ( */) {
      const path = OPEN_PATH.exec(text.slice(index + 1))?.[0];
      if (!path) {
        push(state, null);
        continue;
      }
      index += path.length;
      let file = path.replace(/^"|"$/g, '');
      if (index === text.length - 1 && text.length === WRAP_WIDTH) file += /^[^\s()]*/.exec(context.line(1) ?? '')?.[0] ?? '';
      if (TEX_SOURCE.test(file)) state.active = true;
      push(state, file);
    }
  }
}

const CONTINUATION = /^\([\w@.-]+\) {2,}/;

/**
 * The warning whose `on input line N` stands on this line: its head, on this line or above it through `(package)`
 * continuation lines (a line without a digit is never offered, so a continuation line carries the report).
 */
function warningAt(context: LineContext): { text: string; delta: number } | undefined {
  const parts = [context.text];
  for (let delta = 0; delta <= 6; delta++) {
    const text = delta === 0 ? context.text : context.line(-delta);
    if (text === undefined) return undefined;
    if (delta > 0) parts.unshift(text);
    if (WARNING_HEAD.test(text)) return { text: parts.map((part) => part.replace(CONTINUATION, '').trim()).join(' '), delta };
    if (!CONTINUATION.test(text)) return undefined;
  }
  return undefined;
}

function parseTex(context: LineContext): boolean {
  const text = context.text;
  const state = texState(context);
  if (BANNER.test(text)) {
    state.active = true;
    return false;
  }
  const error = ERROR_LINE.exec(text);
  if (error) {
    const message = (error[1] ?? '').trim();
    // `! Emergency stop.` and `!  ==> Fatal error occurred` follow the error that caused them.
    const consequence = message.startsWith('==>') || (message.startsWith('Emergency stop') && state.pending !== undefined);
    if (state.active && !consequence) state.pending = { message, logLine: context.logLine };
    return state.active;
  }
  const contextLine = CONTEXT_LINE.exec(text);
  if (contextLine) {
    const pending = state.pending;
    const file = innermostFile(state);
    if (!pending || context.logLine - pending.logLine > CONTEXT_REACH || !file) return false;
    state.pending = undefined;
    context.emit({ file, line: Number(contextLine[1]), severity: 'error', message: pending.message, logLine: pending.logLine });
    return true;
  }
  const line = INPUT_LINE.exec(text)?.[1];
  const warning = line !== undefined && state.active ? warningAt(context) : undefined;
  if (line !== undefined && warning) {
    const file = innermostFile(state);
    if (file && !DISTRIBUTION.test(file)) {
      context.emit({ file, line: Number(line), severity: 'warning', message: warning.text, logLine: context.logLine - warning.delta });
    }
    return true;
  }
  trackParens(context, state, text);
  return false;
}

export const tex: GrammarFormat = {
  name: 'tex',
  trace: { innermost: 'first', causes: 'none' },
  language: 'TeX',
  description:
    '`pdflatex` / `xelatex` / `lualatex` / `latexmk` and their .log transcripts: `! Undefined control sequence.` then `l.49 …`, ' +
    'placed in the innermost file still open in the `(./chapters/x.tex … )` stack TeX prints; `LaTeX Warning: … on input line 4.`',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://latexref.xyz/',
  anchor:
    // The file stack changes on lines that start with an open of a file, a close or a page marker (`[1{…}] (./x.aux)`);
    // an open later on a line follows one of those in TeX's own output. Only those: any `(` or `[digit` at a line's
    // start made every timestamped or counted line of a CI log (`[12] compiling …`) a candidate for all formats (the
    // 100 MB sparse log 35 % slower, `faultline run` capturing 4× slower). A page marker ends its line (or is wrapped
    // there) or is followed by another marker or an open.
    String.raw`^! |^l\.\d|^This is [\w-]{0,8}TeX, Version |on input line \d|` +
    String.raw`^\s*\((?:\.{0,2}\/|"|[A-Za-z]:[\\/]|[\w.-]+\.[A-Za-z]{2,4}(?:[\s)]|$))|^\s*\)|^\[\d+(?:$|\{|\](?:$| ?[([]))`,
  parse: parseTex,
};

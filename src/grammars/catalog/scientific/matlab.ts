// MATLAB and GNU Octave name a stack frame by its FUNCTION, not its file: MATLAB's `Error in tests.Prep (line 26)`
// (R2012b+; before: `Error in ==> Prep at 26`), `Error using area (line 3)` for the function that raised, and
// `Error: File: run_all.m Line: 4 Column: 9` for a syntax error; Octave's `error: called from` block of
// `    area at line 3 column 5` frames (3.x: `error:   area at line 3, column 5`). A function lives in NAME.m on the
// MATLAB path, which can be any folder of the project, so a name becomes a basename looked up in the workspace
// (package folders `+pkg/`, class folders `@Class/` kept as the path's end); names that are no workspace file
// (MATLAB's own `fileparts`, `matlab.unittest.TestRunner/run`) are weak candidates that vanish.
// Link: https://www.mathworks.com/help/matlab/matlab_prog/packages-create-namespaces.html
// Link: https://docs.octave.org/latest/Catching-Errors.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { Severity } from '../../../core/index.js';

interface MatlabTraceState {
  trace: number;
  index: number;
  lastLine: number;
  message: string;
}

const NAME = String.raw`[A-Za-z][\w.]*(?:/[A-Za-z]\w*)?(?:>[\w.]+)*`;

/**
 * The files a MATLAB function name can live in, most specific first. `pkg.fn` is `+pkg/fn.m` or the static method fn
 * of class pkg (`pkg.m`); `Class/method` is a method in `Class.m` or `@Class/method.m`; `file>local` is a local
 * function of file.m. A printed path (Octave prints a script by its path) is kept as it is.
 */
export function matlabFunctionFiles(name: string): string[] {
  if (/\.m$|\\/.test(name) || (name.match(/\//g)?.length ?? 0) > 1) return [name];
  const outer = name.split('>')[0] ?? name;
  const [qualified = outer, method] = outer.split('/');
  const parts = qualified.split('.');
  const packages = (count: number): string =>
    parts
      .slice(0, count)
      .map((part) => `+${part}/`)
      .join('');
  const last = parts.at(-1) ?? qualified;
  if (method !== undefined) return [`${packages(parts.length - 1)}${last}.m`, `${packages(parts.length - 1)}@${last}/${method}.m`];
  if (parts.length === 1) return [`${last}.m`];
  // `a.b.c`: function c of package a.b, or the static method c of class b in package a.
  return [`${packages(parts.length - 1)}${last}.m`, `${packages(parts.length - 2)}${parts.at(-2) ?? last}.m`];
}

/** The message of the nearest `Error using X` / `error: msg` above a frame (within 12 lines). */
function errorMessage(context: LineContext): string {
  for (let step = 1; step <= 12; step++) {
    const line = context.line(-step);
    if (line === undefined) break;
    const octave = /^(?:error|warning): (?!called from)(.+)$/.exec(line.trim());
    if (octave) return (octave[1] ?? '').trim();
    if (/^Error using /.test(line.trim())) {
      const next = context.line(-step + 1)?.trim() ?? '';
      return next === '' || /^Error in /.test(next) ? line.trim() : next;
    }
  }
  return '';
}

function emitFrame(
  context: LineContext,
  name: string,
  line: number,
  column: number | null,
  raised: boolean,
  kind: Severity = 'error',
): void {
  const state = context.state<MatlabTraceState>(() => ({ trace: 0, index: 0, lastLine: -1, message: '' }));
  // Frames of one trace follow each other, a blank line or a source line apart (MATLAB prints the statement).
  if (raised || state.lastLine < 0 || context.logLine - state.lastLine > 4) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.message = errorMessage(context);
  }
  state.lastLine = context.logLine;
  const index = state.index++;
  for (const file of matlabFunctionFiles(name)) {
    const basenameOnly = !/[\\/]/.test(file);
    context.emit({
      file,
      line,
      column,
      // Every frame of a warning's block is the warning's: an error's trace printed later outranks it (resolve/rank.ts).
      severity: kind === 'warning' ? kind : index === 0 ? 'error' : null,
      message: state.message,
      frame: { trace: state.trace, index, causeRank: 0 },
      hints: { confirm: true, ...(basenameOnly ? { basenameOnly: true } : {}) },
    });
  }
}

function parseMatlab(context: LineContext): boolean {
  const text = context.text.trim();
  // `Error: File: run_all.m Line: 4 Column: 9` (a syntax error: the file is printed as a path). MATLAB wraps it at
  // the command window's width, so the location may go on over the next two lines.
  if (text.startsWith('Error: File:')) {
    let joined = text;
    let delta = 0;
    while (!/ Column: \d+$/.test(joined) && delta < 2 && context.line(delta + 1) !== undefined) {
      joined = `${joined} ${context.line(++delta)?.trim() ?? ''}`;
    }
    const syntax = /^Error: File: (.+?) Line: (\d+) Column: (\d+)$/.exec(joined);
    if (!syntax) return false;
    const message = context.line(delta + 1)?.trim() ?? '';
    context.emit({ file: syntax[1] ?? '', line: Number(syntax[2]), column: Number(syntax[3]), severity: 'error', message });
    return true;
  }
  // `Error in tests.Prep (line 26)`, `Error using area (line 3)`, R2012a and older `Error in ==> Prep at 26`.
  const frame =
    new RegExp(`^Error (in|using) (${NAME}) \\(line (\\d+)\\)$`).exec(text) ??
    new RegExp(`^Error (in) ==> (${NAME}) at (\\d+)$`).exec(text);
  if (frame) {
    emitFrame(context, frame[2] ?? '', Number(frame[3]), null, frame[1] === 'using');
    return true;
  }
  // Octave: `    area at line 3 column 5` under `error: called from`; 3.x `error:   area at line 3, column 5`.
  const octave = /^(?:error: {2,})?(\S+) at line (\d+),? column (\d+)$/.exec(text);
  const block = octave && /^(?:\s+|error: {2,})/.test(context.text) ? octaveBlock(context) : undefined;
  if (octave && block) {
    emitFrame(context, octave[1] ?? '', Number(octave[2]), Number(octave[3]), block.first, block.kind);
    return true;
  }
  return false;
}

/**
 * The `called from` block an Octave frame sits in (that line, then only other frames, above it): whether the block
 * follows a warning or an error, and whether the frame is its first. A warning prints the same block as an error
 * (`warning: called from`, then the frames): its raising frame is a warning's place, and the error printed after it
 * starts a trace of its own even a line below.
 */
function octaveBlock(context: LineContext): { kind: Severity; first: boolean } | undefined {
  for (let step = 1; step <= 40; step++) {
    const line = context.line(-step)?.trim();
    if (line === undefined) return undefined;
    const header = /^(error|warning): called from:?$/.exec(line);
    if (header) return { kind: header[1] === 'warning' ? 'warning' : 'error', first: step === 1 };
    if (!/^(?:error: {2,})?\S+ at line \d+,? column \d+$/.test(line)) return undefined;
  }
  return undefined;
}

export const matlab: GrammarFormat = {
  name: 'matlab',
  trace: { innermost: 'first', causes: 'none' },
  language: 'MATLAB',
  description:
    '`matlab -batch run_all` / `octave-cli run_report.m`: `Error in tests.Prep (line 26)` / `Error using area (line 3)` frames ' +
    '(before R2012b: `Error in ==> Prep at 26`), `Error: File: x.m Line: 4 Column: 9`; Octave `error: called from` frames ' +
    '`area at line 3 column 5`. A function name is looked up as NAME.m (`+pkg/`, `@Class/`) anywhere in the workspace.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://www.mathworks.com/help/matlab/matlab_prog/packages-create-namespaces.html',
  anchor: String.raw`^\s*Error (?:in|using) [^\n]{1,300}\(line \d|^\s*Error in ==> |^\s*Error: File:| at line \d{1,7},? column \d`,
  parse: parseMatlab,
};

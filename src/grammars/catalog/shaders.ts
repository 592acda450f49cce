// Shader compilers. glslangValidator (the Khronos GLSL/ESSL front end, also inside shaderc and many engines) prints
// each input's name on a line of its own, then its diagnostics `ERROR: shaders/tint.frag:4: 'tint' : undeclared
// identifier`. Without `-V` (and in GL drivers' info logs, which ANGLE and Mesa word the same way) the place is a
// source-string number instead of a name: `ERROR: 0:6: '' : syntax error`. String 0 is the file whose name glslang
// printed above; with no such line it is the one input the command names, as for standard input
// (src/resolve/command-names.ts), and a driver's log that names none points at no workspace file.
// Link: https://github.com/KhronosGroup/glslang#usage
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { severityOf } from './shared/common.js';

interface GlslangState {
  /** The input name glslang printed above the current run of diagnostics, and the run's last log line. */
  input: string | undefined;
  lastLine: number;
}

const DIAGNOSTIC = /^(ERROR|WARNING|NOTE): (?:(\d+)|(\S.*?)):(\d+): (.*)$/;
// glslang's own line for an input: the name as the command gave it, nothing else on the line. Shader files end in
// their stage (`.frag`, `.comp`, `.rgen`…) or anything `-S` was told, so any extension counts, not only source ones.
const INPUT_NAME = /^\s*((?:[A-Za-z]:)?[^\s:*?"<>|]+\.[A-Za-z][\w-]{0,15})\s*$/;
// A place's file name: a drive, then no other colon; it may hold blanks (`C:\Program Files\…\sky.frag`).
const FILE_NAME = /^(?:[A-Za-z]:)?[^:*?"<>|]*\.[A-Za-z][\w-]{0,15}$/;
// How far above a run's first diagnostic its input name may be (blank lines from the previous input's summary).
const INPUT_REACH = 3;

/** The input name printed right above a run of diagnostics (only blank lines between), if any. */
function inputNameAbove(context: LineContext): string | undefined {
  for (let delta = -1; delta >= -INPUT_REACH; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (line.trim() === '') continue;
    return INPUT_NAME.exec(line)?.[1];
  }
  return undefined;
}

function parseGlslang(context: LineContext): boolean {
  const diagnostic = DIAGNOSTIC.exec(context.text);
  if (!diagnostic) return false;
  const state = context.state<GlslangState>(() => ({ input: undefined, lastLine: -1 }));
  // Consecutive diagnostics share the input named above the first of them.
  if (context.logLine - state.lastLine > 1) state.input = inputNameAbove(context);
  state.lastLine = context.logLine;
  const named = diagnostic[3];
  if (named !== undefined && !FILE_NAME.test(named) && named !== 'stdin') return false;
  context.emit({
    // `-` stands for an input no line of the tool names: the command's one input file, else no workspace file.
    file: named ?? state.input ?? '-',
    line: Number(diagnostic[4]),
    severity: severityOf(diagnostic[1]),
    message: (diagnostic[5] ?? '').trim(),
  });
  return true;
}

const glslang: GrammarFormat = {
  name: 'glslang',
  language: 'GLSL',
  description:
    "`glslangValidator -V shaders/tint.frag`: `ERROR: shaders/tint.frag:4: 'tint' : undeclared identifier`; without `-V` (and in " +
    "GL drivers' logs) `ERROR: 0:6: …`, string 0 being the input named on the line above, else the command's one input file.",
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/KhronosGroup/glslang#usage',
  anchor: '^(?:ERROR|WARNING|NOTE): \\S.*:\\d+: ',
  parse: parseGlslang,
};

export const shadersFamily: GrammarFamily = { formats: [glslang] };

// PowerShell: Pester 5 failure blocks (`[-] Describe.It`, the message, then `at <ScriptBlock>, /x/a.Tests.ps1:12`
// frames, innermost first) and PowerShell error records (`At /x/build.ps1:12 char:5`).
// Link: https://pester.dev/docs/usage/output
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';

interface PesterState {
  trace: number;
  index: number;
  message: string;
  lastLogLine: number;
}

const PESTER_FRAME = /^\s*at .*, (?=\S)/;

function pesterMessage(context: LineContext): string {
  const lines: string[] = [];
  for (let delta = -1; delta >= -12; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '' || /^\s*\[[-+!?]\] /.test(line) || PESTER_FRAME.test(line)) break;
    lines.unshift(line.trim());
  }
  return lines.join('\n');
}

// `at $result | Should -Be 2, /home/u/tests/a.Tests.ps1:12` — the code or scope, a comma, the path (Windows paths
// may hold spaces, so the path runs from the last `, ` to the `:L` suffix).
function parsePester(context: LineContext): boolean {
  const text = context.text;
  if (!/^\s*at /.test(text)) return false;
  const comma = text.lastIndexOf(', ');
  if (comma < 0) return false;
  const head = parseColonHead(context, { from: comma + 2 });
  if (!head || !/\.ps[md]?1$/i.test(head.file) || head.rest.trim() !== '') return false;
  const state = context.state<PesterState>(() => ({ trace: 0, index: 0, message: '', lastLogLine: -1 }));
  if (state.lastLogLine === context.logLine - 1 && PESTER_FRAME.test(context.line(-1) ?? '')) {
    state.index++;
  } else {
    state.trace = context.newTraceId();
    state.index = 0;
    state.message = pesterMessage(context);
  }
  state.lastLogLine = context.logLine;
  context.emit({
    file: head.file,
    line: head.line,
    message: state.message,
    frame: { trace: state.trace, index: state.index, causeRank: 0 },
  });
  return true;
}

// Windows PowerShell / NormalView: `Get-Item : Cannot find path …` then `At C:\build\a.ps1:12 char:5` (the message is
// above; `+ CategoryInfo` lines follow).
function parsePowershell(context: LineContext): boolean {
  const at = /^\s*At /.exec(context.text);
  if (!at) return false;
  const head = parseColonHead(context, { from: at[0].length });
  if (!head || !/\.ps[md]?1$/i.test(head.file)) return false;
  const char = /^ char:(\d+)\s*$/.exec(head.rest);
  if (!char && head.rest.trim() !== '') return false;
  const above = context.line(-1)?.trim() ?? '';
  context.emit({
    file: head.file,
    line: head.line,
    column: char ? Number(char[1]) : null,
    severity: 'error',
    message: above.replace(/^[\w-]+ : /, ''),
  });
  return true;
}

export const pester: GrammarFormat = {
  name: 'pester',
  trace: { innermost: 'first', causes: 'none', testRunner: true },
  language: 'PowerShell',
  description:
    '`Invoke-Pester` (Pester 5): `[-] Get-Thing.returns 2`, the message, then `at $result | Should -Be 2, ' +
    '/home/u/tests/a.Tests.ps1:12` and `at <ScriptBlock>, …:12` frames.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'message'],
  observed: false,
  url: 'https://pester.dev/docs/usage/output',
  anchor: '\\.[Pp][Ss][MmDd]?1:\\d+\\s*$',
  parse: parsePester,
};

export const powershell: GrammarFormat = {
  name: 'powershell',
  trace: { innermost: 'first', causes: 'none' },
  language: 'PowerShell',
  description: '`pwsh -File build.ps1` (error records, NormalView): `At /home/u/build.ps1:12 char:5` under the error message.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.core/about/about_preference_variables#errorview',
  anchor: '\\.[Pp][Ss][MmDd]?1:\\d+ char:\\d',
  parse: parsePowershell,
};

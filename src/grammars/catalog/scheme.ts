// Scheme systems whose reports no other format reads:
// - Gambit (and Gerbil, which runs on it): `*** ERROR IN loop, "src/x.scm"@1266.33 -- Unbound variable: f`, the file
//   quoted and its line and column after `@` joined by a dot; `*** WARNING IN …` the same way.
// - CHICKEN: an error's `Call history:`, oldest entry first, each `\tx.scm:172: proc`, the entry that raised marked
//   `<--` at its end (entries of `<syntax>` and `<eval>` name no file).
// Link: https://gambitscheme.org/latest/manual/
// Link: https://wiki.call-cc.org/man/5/Debugging
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { plausiblePath } from './shared/common.js';
import { continueOrStart, newFrameRun, type FrameRunState } from './shared/scripting.js';

// The report follows whatever the program wrote to the console without a newline (`mean: *** ERROR IN …`).
const GAMBIT = /(?:^|\s)\*\*\* (ERROR|WARNING) IN (?:.*?, )?"([^"]+)"@(\d{1,7})\.(\d{1,5}) -- (.*)$/;

function parseGambit(context: LineContext): boolean {
  const match = GAMBIT.exec(context.text);
  if (!match || !plausiblePath(match[2]!)) return false;
  context.emit({
    file: match[2]!,
    line: Number(match[3]),
    column: Number(match[4]),
    severity: match[1] === 'ERROR' ? 'error' : 'warning',
    message: match[5]!,
  });
  return true;
}

const gambit: GrammarFormat = {
  name: 'gambit',
  language: 'Scheme',
  description: 'Gambit and Gerbil: `*** ERROR IN loop, "src/x.scm"@1266.33 -- Unbound variable: f` (line and column after `@`).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://gambitscheme.org/latest/manual/',
  // Also mid-line (after the program's own output): the universal anchors select `.scm"@2.7` there.
  anchor: String.raw`\*\*\* (?:ERROR|WARNING) IN `,
  parse: parseGambit,
};

// `\trsc.scm:1737: parse-cmd-line\t  \t<--`: the entry, its procedure and CHICKEN's marker of the one that raised.
const HISTORY_ENTRY = /^\s+(\S+?):(\d{1,7}): (\S.*?)\s*(<--)?\s*$/;
const HISTORY_HEAD = /^\s*Call history:\s*$/;
// How far above an entry the `Call history:` head may be (CHICKEN keeps the last 8–16 entries by default).
const HISTORY_LOOK_BACK = 64;

function inHistory(context: LineContext): boolean {
  for (let delta = -1; delta >= -HISTORY_LOOK_BACK; delta--) {
    const above = context.line(delta);
    if (above === undefined) return false;
    if (HISTORY_HEAD.test(above)) return true;
    if (above.trim() !== '' && !/^\s+(?:<\w+>|\S+?:\d+:)\s/.test(above)) return false;
  }
  return false;
}

// The `Error: …` line above the history, as the trace's message.
function errorAbove(context: LineContext): string {
  for (let delta = -1; delta >= -HISTORY_LOOK_BACK; delta--) {
    const above = context.line(delta);
    if (above === undefined) return '';
    if (/^Error: /.test(above)) return above.slice('Error: '.length).trim();
  }
  return '';
}

function parseChickenHistory(context: LineContext): boolean {
  const entry = HISTORY_ENTRY.exec(context.text);
  if (!entry || !plausiblePath(entry[1]!) || !inHistory(context)) return false;
  const run = continueOrStart(context, context.state<FrameRunState>(newFrameRun), () => errorAbove(context));
  run.lastLine = context.logLine;
  context.emit({
    file: entry[1]!,
    line: Number(entry[2]),
    severity: entry[4] === undefined ? null : 'error',
    message: run.message,
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
  });
  return true;
}

const chicken: GrammarFormat = {
  name: 'chicken',
  language: 'Scheme',
  description:
    "CHICKEN's `Call history:` under an `Error:` line: `\\trsc.scm:1737: parse-cmd-line\\t<--`, oldest entry first, the one " +
    'that raised marked `<--`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://wiki.call-cc.org/man/5/Debugging',
  trace: { innermost: 'last', causes: 'none' },
  anchor: String.raw`\.scm:\d+: \S`,
  parse: parseChickenHistory,
};

export const schemeFamily: GrammarFamily = { formats: [gambit, chicken] };

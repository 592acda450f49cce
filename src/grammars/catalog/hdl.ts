// Hardware description language simulators whose diagnostics no other format reads.
// Synopsys VCS titles each message `Error-[IND] Identifier not declared` (also `Warning-[…]`, `Lint-[…]`, `Note-[…]`)
// and names its place on a line of its own below the title: `rtl/fifo.sv, 12`, or inside a syntax error's text
// `  "rtl/fifo.sv", 18: token is 'endmodule'`. The explanation follows, indented.
// Link: https://github.com/veripool/verilog-mode/blob/master/verilog-mode.el (verilog-error-regexp-alist, `vcs`)
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { Severity } from '../../core/index.js';
import { plausiblePath } from './shared/common.js';

interface VcsState {
  /** The log line of the place read from the last title's lines, claimed when it is offered on its own. */
  placeLine: number;
}

// A pasted title may carry the Markdown backtick that opened the user's quote.
const TITLE = /^`?(Error|Warning|Lint|Note|Info)-\[([\w-]+)\](?:\s+(.*?))?\s*$/;
// `file, 12` alone, or `"file", 18: token is 'x'` in a syntax error's text; a copy may have lost the indentation.
const PLACE = /^\s*("?)([^\s",]+)\1, (\d+)(?::\s*(.*?))?\s*`?$/;
// The place is the title's second to fourth line (a syntax error has a `Following … has syntax error :` line first).
const PLACE_REACH = 3;
const SEVERITIES: Readonly<Record<string, Severity | null>> = {
  Error: 'error',
  Warning: 'warning',
  Lint: 'warning',
  Note: 'note',
  Info: null,
};

// The place is read from the title's line: a bare `file, 12` line has no shape the line prefilter could select
// without offering every `word, 12` of every log to every format.
function parseVcs(context: LineContext): boolean {
  const state = context.state<VcsState>(() => ({ placeLine: -1 }));
  const title = TITLE.exec(context.text);
  if (!title) return context.logLine === state.placeLine;
  for (let delta = 1; delta <= PLACE_REACH; delta++) {
    const text = context.line(delta);
    if (text === undefined || TITLE.test(text)) break;
    const place = PLACE.exec(text);
    if (!place || !plausiblePath(place[2] ?? '')) continue;
    const heading = title[3] ?? '';
    context.emit({
      file: place[2] ?? '',
      line: Number(place[3]),
      severity: SEVERITIES[title[1] ?? ''] ?? null,
      code: title[2] ?? '',
      // A syntax error's title says only that; the token it names is the useful half.
      message: place[4] ? `${heading}: ${place[4]}` : heading,
      logLine: context.logLine + delta,
    });
    state.placeLine = context.logLine + delta;
    break;
  }
  return true;
}

const vcs: GrammarFormat = {
  name: 'vcs',
  language: 'Verilog/SystemVerilog',
  description:
    '`vcs -sverilog top.sv`: a titled message `Error-[IND] Identifier not declared` with its place on the next line ' +
    "(`rtl/fifo.sv, 12`), or a syntax error's `\"rtl/fifo.sv\", 18: token is 'endmodule'` a line further down.",
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'code', 'message'],
  observed: false,
  url: 'https://github.com/veripool/verilog-mode/blob/master/verilog-mode.el',
  // The quoted place line too, so that it is claimed here and not read again as a classic `"file", line` head.
  anchor: '^`?(?:Error|Warning|Lint|Note|Info)-\\[|^\\s*"[^"]+", \\d',
  parse: parseVcs,
};

export const hdlFamily: GrammarFamily = { formats: [vcs] };

// F*: `fstar.exe x.fst` reports a range `(line,col-endLine,endCol)` after the file. Releases up to 2022 print
// `./x.fst(12,8-12,20): (Error 19) Subtyping check failed; … (see also x.fst(4,2-4,9))` on one line (early ones
// without the `(Error N)` tag, some naming the module `X(12,8-12,20)` instead of its file); 2023 releases print a
// header `* Error 19 at x.fst(12,8-12,20):` with the message as `  - ` items below, the last one `  - See also …`.
// Link: https://fstar-lang.org/tutorial/book/part1/part1_getting_off_the_ground.html
import type { Emitted, GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { RawLocation } from '../../core/index.js';
import { severityOf } from './shared/common.js';

// A file (`./x.fst`, `/abs/X.Y.fsti`) or a module name (`Ex02a`, `FStar.List`), then the range.
const PLACE = String.raw`((?:[^\s()]*\.fsti?)|[A-Z][\w']*(?:\.[A-Z][\w']*)*)\((\d+),(\d+)-(\d+),(\d+)\)`;
const ONE_LINE = new RegExp(String.raw`^${PLACE}\s?:\s?(?:\((Error|Warning|Info) (\d+)\) )?(.*)$`);
const HEADER = new RegExp(String.raw`^\* (Error|Warning|Info) (\d+) at ${PLACE}:\s*$`);
// A place a message names besides its own (`(see also x.fst(4,2-4,9))`, `pre-condition at x.fst(21,45-21,50)`).
const OTHER_PLACE = new RegExp(String.raw`(?:see also|[Ss]ee also|at) ${PLACE}`, 'g');
const MAX_ITEM_LINES = 20;

/** A module name stands for its file: module `A.B` is `A.B.fst`. */
function fileOf(printed: string): string {
  return /\.fsti?$/.test(printed) ? printed : `${printed}.fst`;
}

function place(match: RegExpExecArray | RegExpMatchArray, from: number): Omit<Emitted, 'message'> {
  return {
    file: fileOf(match[from] ?? ''),
    line: Number(match[from + 1]),
    column: Number(match[from + 2]),
    endLine: Number(match[from + 3]),
    endColumn: Number(match[from + 4]),
  };
}

function emitRelated(context: LineContext, text: string, diagnostic: RawLocation | undefined, logLine?: number): void {
  if (!diagnostic) return;
  for (const other of text.matchAll(OTHER_PLACE)) {
    context.emit({ ...place(other, 1), message: '', relatedTo: diagnostic, ...(logLine === undefined ? {} : { logLine }) });
  }
}

function parseFstar(context: LineContext): boolean {
  const header = HEADER.exec(context.text);
  if (header) {
    // The message is the `  - ` items below the header, up to the blank line that ends the diagnostic.
    const items: string[] = [];
    const related: Array<{ text: string; logLine: number }> = [];
    for (let delta = 1; delta <= MAX_ITEM_LINES; delta++) {
      const line = context.line(delta);
      if (line === undefined || line.trim() === '') break;
      if (/^\s*- [Ss]ee also /.test(line)) related.push({ text: line, logLine: context.logLine + delta });
      else items.push(line.trim().replace(/^- /, ''));
    }
    const diagnostic = context.emit({
      ...place(header, 3),
      severity: severityOf(header[1]),
      code: header[2] ?? null,
      message: items.join('\n'),
    });
    for (const item of related) emitRelated(context, item.text, diagnostic, item.logLine);
    return true;
  }
  const line = ONE_LINE.exec(context.text);
  if (!line) return false;
  let message = line[8] ?? '';
  // `x.fst(15,10-15,11) : Error` (2016) puts the message on the lines below.
  const bareSeverity = /^(Error|Warning)$/.exec(message.trim());
  if (bareSeverity)
    message = [context.line(1), context.line(2)]
      .filter((part) => part !== undefined)
      .join(' ')
      .trim();
  const diagnostic = context.emit({
    ...place(line, 1),
    severity: severityOf(line[6] ?? bareSeverity?.[1] ?? 'error'),
    code: line[7] ?? null,
    message,
  });
  emitRelated(context, line[8] ?? '', diagnostic);
  return true;
}

const fstar: GrammarFormat = {
  name: 'fstar',
  language: 'F*',
  description:
    '`fstar.exe x.fst`: `./x.fst(12,8-12,20): (Error 19) msg (see also x.fst(4,2-4,9))` (older ones untagged or naming the module, ' +
    '`X(12,8-12,20):`), and 2023+ `* Error 19 at x.fst(12,8-12,20):` with `  - ` message items and `  - See also …`.',
  // F* ranges count columns from 0 (FStar.Compiler.Range: a declaration's first column prints as 0).
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://fstar-lang.org/tutorial/book/part1/part1_getting_off_the_ground.html',
  // A range `(12,8-12,20)` is a universal anchor (engine/prefilter.ts): the prefilter does not try the letter-led module
  // head at every line start.
  anchor: String.raw`\.fsti?\(\d+,\d+-\d+,\d+\)|^[A-Z][\w.']*\(\d+,\d+-\d+,\d+\)|^\* (?:Error|Warning|Info) \d+ at `,
  parse: parseFstar,
};

export const fstarFamily: GrammarFamily = { formats: [fstar] };

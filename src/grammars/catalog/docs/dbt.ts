// dbt names the node that failed and its file in the report's title, and a Jinja error's line only below it:
// `Compilation Error in model orders (models/marts/orders.sql)`, the reason indented, then `  line 14` over the
// template text. The line is the model file's own (Jinja's source line), unlike a database error's `LINE 2:`, which
// counts lines of the compiled SQL under target/ and is left alone.
// Link: https://docs.getdbt.com/guides/debug-errors
import type { GrammarFormat, LineContext } from '../../engine/format.js';

const NODE_KINDS = 'model|macro|test|snapshot|seed|analysis|operation|sql_operation';
const TITLE = new RegExp(
  String.raw`^(?:\d\d:\d\d:\d\d\s+)?(Compilation Error|Parsing Error) in (?:${NODE_KINDS}) \S+ \(([^()\s]+)\)\s*$`,
);
const LINE = /^\s*line (\d+)\s*$/;
// How far below the title Jinja's `line N` may stand (the reason may take a few lines).
const REACH = 6;

function parseDbt(context: LineContext): boolean {
  const title = TITLE.exec(context.text.trim());
  if (!title) return false;
  const reason = context.line(1)?.trim() ?? '';
  for (let delta = 1; delta <= REACH; delta++) {
    const text = context.line(delta);
    if (text === undefined || TITLE.test(text.trim())) break;
    const line = LINE.exec(text.replace(/^\d\d:\d\d:\d\d\s+/, ''));
    if (!line) continue;
    context.emit({ file: title[2] ?? '', line: Number(line[1]), severity: 'error', message: `${title[1]}: ${reason}`.trim() });
    return true;
  }
  return true;
}

export const dbt: GrammarFormat = {
  name: 'dbt',
  language: 'dbt (SQL + Jinja)',
  description:
    '`dbt run` / `dbt compile`: `Compilation Error in model orders (models/marts/orders.sql)`, the reason, then Jinja\'s ' +
    '`  line 14` below it (a line of the model file; a database error\'s `LINE 2:` counts the compiled SQL and is not read).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://docs.getdbt.com/guides/debug-errors',
  anchor: String.raw`^(?:\d\d:\d\d:\d\d\s+)?(?:Compilation|Parsing) Error in `,
  parse: parseDbt,
};

// dbt names the node that failed and its file in the report's title, and a Jinja error's line only below it:
// `Compilation Error in model orders (models/marts/orders.sql)`, the reason indented, then `  line 14` over the
// template text. The line is the model file's own (Jinja's source line), unlike a database error's `LINE 2:`, which
// counts lines of the SQL dbt ran (compiled, wrapped in `create view … as (`) and is left alone. With no Jinja line
// (a database's `Database Error` or, dbt 1.5+, `Runtime Error in model …`, an ambiguous relation) the title's file as a
// whole is the place: the model is what the user edits (fresh set 59).
// Link: https://docs.getdbt.com/guides/debug-errors
import type { GrammarFormat, LineContext } from '../../engine/format.js';

const NODE_KINDS = 'model|macro|test|snapshot|seed|analysis|operation|sql_operation';
const ERROR_KINDS = 'Compilation Error|Parsing Error|Database Error|Runtime Error';
const TITLE = new RegExp(String.raw`^(?:\d\d:\d\d:\d\d\s+)?(${ERROR_KINDS}) in (${NODE_KINDS}) \S+ \(([^()\s]+)\)\s*$`);
const LINE = /^\s*line (\d+)\s*$/;
// How far below the title Jinja's `line N` may stand (the reason may take a few lines).
const REACH = 6;

function parseDbt(context: LineContext): boolean {
  const title = TITLE.exec(context.text.trim());
  if (!title) return false;
  const reason = context.line(1)?.trim() ?? '';
  const message = `${title[1]}: ${reason}`.trim();
  // Only a Jinja error's template has a line of the model's own.
  const jinja = title[1] === 'Compilation Error' || title[1] === 'Parsing Error';
  for (let delta = 1; jinja && delta <= REACH; delta++) {
    const text = context.line(delta);
    if (text === undefined || TITLE.test(text.trim())) break;
    const line = LINE.exec(text.replace(/^\d\d:\d\d:\d\d\s+/, ''));
    if (!line) continue;
    context.emit({ file: title[3] ?? '', line: Number(line[1]), severity: 'error', message });
    return true;
  }
  // A macro's or an operation's path may be dbt's own (`macros/etc/statement.sql` of its global project): only a node
  // the project defines is placed as a whole.
  if (title[2] !== 'macro' && title[2] !== 'operation') context.emit({ file: title[3] ?? '', line: 0, severity: 'error', message });
  return true;
}

export const dbt: GrammarFormat = {
  name: 'dbt',
  language: 'dbt (SQL + Jinja)',
  description:
    '`dbt run` / `dbt compile`: `Compilation Error in model orders (models/marts/orders.sql)`, the reason, then Jinja\'s ' +
    '`  line 14` below it (a line of the model file; a database error\'s `LINE 2:` counts the compiled SQL and is not read: ' +
    '`Database Error` / `Runtime Error in model …` report the model file as a whole).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://docs.getdbt.com/guides/debug-errors',
  // dbt 1.5+ starts every line with a colour reset (`\x1b[0m11:06:00  `), even into a file.
  anchor: String.raw`^(?:\x1b\[0m)?(?:\d\d:\d\d:\d\d\s+)?(?:Compilation|Parsing|Database|Runtime) Error in `,
  parse: parseDbt,
};

// Database clients that name the stored object that failed, not a file: SQL*Plus/SQLcl's compile report
// (`Errors for PACKAGE BODY PIT_ADMIN:` over a `LINE/COL ERROR` table of `988/25   PLS-00201: …` rows), Oracle's
// error stack (`ORA-06512: at "APP.BILLING", line 40`) and SQL Server's `Msg 102, Level 15, State 1, Procedure x,
// Line 12 [Batch Start Line 3]` (sqlcmd, SSMS). The object's name is resolved to the workspace file that keeps its
// source (src/resolve/database-objects.ts); a SQL Server message that names no procedure is in the batch a command
// fed the client (`sqlcmd -i deploy.sql`), which only the command line names.
// Link: https://docs.oracle.com/en/database/oracle/oracle-database/19/sqpug/SHOW.html
// Link: https://learn.microsoft.com/en-us/sql/relational-databases/errors-events/database-engine-events-and-errors
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { Severity } from '../../core/index.js';

const KINDS = 'PACKAGE BODY|PACKAGE|TYPE BODY|TYPE|PROCEDURE|FUNCTION|TRIGGER|VIEW|JAVA SOURCE|LIBRARY';
const NAME = String.raw`"?[\w#$]+"?(?:\."?[\w#$]+"?)?`;
// The report's title in the client's language (SQL*Plus translates it: `Fehler bei`, `Erreurs pour`, `Errori per`,
// `Errores para`, `Erros para`, `Fouten voor`), or SQL Developer's `PACKAGE BODY X compiled` line.
const TITLE = new RegExp(
  String.raw`^\s*(?:(?:Errors for|Fehler bei|Erreurs pour|Errori per|Errores para|Erros para|Fouten voor)\s+(${KINDS})\s+(${NAME})\s*:` +
    String.raw`|(${KINDS})\s+(${NAME})\s+(?:compiled|kompiliert|compilé)\b)`,
  'i',
);
// A row of the table: `LINE/COL` and the message, which may wrap onto indented lines below.
const ROW = /^\s*(\d{1,7})\/(\d{1,5})\s+(\S.*)$/;
const TABLE_HEAD = /^\s*(?:LINE\/COL\s+ERROR|ZEILE\/SPALTE\s+FEHLER|LIGNE\/COL\s+ERREUR|-{4,}[\s-]*)\s*$/i;
// How many lines may stand between two rows of one table (a message wrapped over lines, a blank between rows).
const ROW_GAP = 8;

interface TableState {
  name: string;
  kind: string;
  lastLine: number;
}

// The compiler's own follow-up to the error on the same line (`PL/SQL: Statement ignored`) says where, not what.
function rowSeverity(message: string): Severity {
  if (/^PLW-/.test(message)) return 'warning';
  if (/^PL\/SQL: (?:\w+ )*(?:ignored|terminated)\b/i.test(message)) return 'note';
  return 'error';
}

function tableOf(title: RegExpExecArray, logLine: number): TableState {
  const kind = (title[1] ?? title[3] ?? '').replace(/\s+/g, ' ').toLowerCase();
  return { name: title[2] ?? title[4] ?? '', kind, lastLine: logLine };
}

// The title a table's first lines stand under, when another format claimed the title's line (a translated
// `Fehler bei …:` reads as a localized compiler's error line).
function titleAbove(context: LineContext): TableState | undefined {
  for (let delta = -1; delta >= -ROW_GAP; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    const title = TITLE.exec(line);
    if (title) return tableOf(title, context.logLine + delta);
  }
  return undefined;
}

function parseCompileReport(context: LineContext): boolean {
  const table = context.state<{ current?: TableState }>(() => ({}));
  const title = TITLE.exec(context.text);
  if (title) {
    table.current = tableOf(title, context.logLine);
    return true;
  }
  if (table.current === undefined || context.logLine - table.current.lastLine > ROW_GAP) table.current = titleAbove(context);
  const current = table.current;
  if (current === undefined) return false;
  if (TABLE_HEAD.test(context.text)) {
    current.lastLine = context.logLine;
    return true;
  }
  const row = ROW.exec(context.text);
  if (!row) return false;
  current.lastLine = context.logLine;
  const line = Number(row[1]);
  // `0/0 PL/SQL: Compilation unit analysis terminated` is about the whole unit.
  if (line === 0) return true;
  const message = row[3]!.trim();
  context.emit({
    file: current.name,
    line,
    column: Number(row[2]) || null,
    severity: rowSeverity(message),
    code: /^(PLS|PLW|ORA)-\d+/.exec(message)?.[0] ?? null,
    message,
    hints: { databaseObject: current.kind },
  });
  return true;
}

// `ORA-06512: at "APP.BILLING", line 40` (translated: `in "X", Zeile 4`, `à "X", ligne 4`, `en "X", línea 4`); an
// anonymous block's frame (`at line 5`) names nothing.
const STACK_FRAME = /^\s*ORA-06512: \S+ "([^"]{1,260})", \S+ (\d{1,7})/;

function parseErrorStack(context: LineContext): boolean {
  const frame = STACK_FRAME.exec(context.text);
  if (!frame) return false;
  const run = context.state(() => ({ trace: 0, index: 0, lastLine: -1, message: '' }));
  // Consecutive frames are one stack, innermost first; the error they unwind from is the line above the first.
  if (run.lastLine < 0 || context.logLine - run.lastLine > 1) {
    run.trace = context.newTraceId();
    run.index = 0;
    const above = (context.line(-1) ?? '').trim();
    run.message = /^ORA-\d+: /.test(above) ? above : '';
  }
  run.lastLine = context.logLine;
  context.emit({
    file: frame[1]!,
    line: Number(frame[2]),
    severity: null,
    message: run.message || context.text.trim(),
    code: 'ORA-06512',
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
    hints: { databaseObject: 'object' },
  });
  return true;
}

// `Msg 102, Level 15, State 1, Server DB1, Procedure sp_Load, Line 1148 [Batch Start Line 3]`, the message below.
// SSMS counts `Line` from the batch (the text after the `GO` above it), and says where the batch starts in the file
// it ran: the two added are the file's line.
const MESSAGE_HEAD = new RegExp(
  String.raw`^\s*Msg (\d{1,6}), Level (\d{1,2}), State \d{1,3}, (?:Server [^,]{1,200}, )?(?:Procedure ([^,]{1,260}), )?` +
    String.raw`Line (\d{1,7})(?: \[Batch Start Line (\d{1,7})\])?`,
);

function parseServerMessage(context: LineContext): boolean {
  const head = MESSAGE_HEAD.exec(context.text);
  if (!head) return false;
  const level = Number(head[2]);
  const procedure = head[3]?.trim().replace(/^\[|\]$/g, '');
  const line = Number(head[4]) + Number(head[5] ?? 0);
  if (line < 1) return true;
  context.emit({
    // Without a procedure the place is in what the client read: standard input to be named by its command.
    file: procedure ?? '-',
    line,
    // Levels 0–10 are information, 11–16 errors a user can fix, 17 and above the server's own faults.
    severity: level <= 10 ? 'note' : 'error',
    code: `Msg ${head[1]}`,
    message: (context.line(1) ?? '').trim(),
    hints: procedure === undefined ? { unnamed: true } : { databaseObject: 'procedure' },
  });
  return true;
}

const sqlplusErrors: GrammarFormat = {
  name: 'sqlplus-errors',
  language: 'PL/SQL (SQL*Plus, SQLcl, SQL Developer)',
  description:
    'SQL*Plus/SQLcl `SHOW ERRORS` after a failed compile: `Errors for PACKAGE BODY PIT_ADMIN:` (translated titles too), then ' +
    '`LINE/COL ERROR` rows like `988/25   PLS-00201: identifier … must be declared`; the object is looked up as a workspace ' +
    'file named after it (`pit_admin.pkb`, `.pks`, `.sql`, …).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'code', 'message'],
  observed: false,
  url: 'https://docs.oracle.com/en/database/oracle/oracle-database/19/sqpug/SHOW.html',
  anchor:
    String.raw`^\s*\d+/\d+\s+\S|^\s*(?:LINE/COL|ZEILE/SPALTE|LIGNE/COL|-{4,})` +
    String.raw`|^\s*(?:Errors for|Fehler bei|Erreurs pour|Errori per|Errores para|Erros para|Fouten voor) ` +
    String.raw`|^\s*(?:PACKAGE|TYPE|PROCEDURE|FUNCTION|TRIGGER|VIEW|JAVA SOURCE|LIBRARY)\b[^\n]{1,300}(?:compiled|kompiliert|compilé)`,
  parse: parseCompileReport,
};

const oracleErrorStack: GrammarFormat = {
  name: 'oracle-error-stack',
  trace: { innermost: 'first', causes: 'none' },
  language: 'PL/SQL (Oracle error stack)',
  description:
    'Oracle\'s error stack under an `ORA-` error: `ORA-06512: at "APP.BILLING", line 40` frames, innermost first (translated ' +
    'too); the object is looked up as a workspace file named after it, and one no file holds (`SYS.DBMS_SQL`) is dropped.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'code', 'message'],
  observed: false,
  url: 'https://docs.oracle.com/en/error-help/db/ora-06512/',
  anchor: String.raw`^\s*ORA-06512: `,
  parse: parseErrorStack,
};

const sqlServerMessage: GrammarFormat = {
  name: 'sqlserver-msg',
  language: 'T-SQL (sqlcmd, SSMS)',
  description:
    "SQL Server's `Msg 102, Level 15, State 1, Procedure sp_Load, Line 1148 [Batch Start Line 3]` with the message on the next " +
    'line: the procedure is looked up as a workspace file named after it, the batch start added to the line; with no ' +
    'procedure the place is in the file the command fed the client (`sqlcmd -i deploy.sql`).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'code', 'message'],
  observed: false,
  url: 'https://learn.microsoft.com/en-us/sql/relational-databases/errors-events/database-engine-events-and-errors',
  anchor: String.raw`^\s*Msg \d+, Level \d+, State \d+, `,
  parse: parseServerMessage,
};

export const sqlClientsFamily: GrammarFamily = {
  formats: [sqlplusErrors, oracleErrorStack, sqlServerMessage],
};

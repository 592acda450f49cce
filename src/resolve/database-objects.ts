// Database objects (issue 20, database languages): SQL*Plus, SQL Server and Oracle's error stack name the stored
// object that failed (`Errors for PACKAGE BODY PIT_ADMIN:`, `Procedure sp_BlitzWho, Line 1148`, `ORA-06512: at
// "APP.BILLING", line 40`) and a line counted from the object's `CREATE`, never a file. A project keeps each object's
// source in a file named after it, with an extension its tools use for that kind (`pit_admin.pkb` for a package body,
// `sp_BlitzWho.sql`), written in any case: that one file, when the workspace holds it.
import type { IndexQuery } from './file-index.js';

// Extensions by object kind, the kind's own first: Oracle tools' conventions (SQL Developer, Toad, PL/SQL
// Developer), then the plain `.sql` most projects use.
const BODY = ['pkb', 'bdy', 'pck', 'plb', 'sql', 'pls', 'plsql'];
const SPEC = ['pks', 'spc', 'pck', 'pls', 'sql', 'plsql'];
const EXTENSIONS: Record<string, readonly string[]> = {
  'package body': BODY,
  package: SPEC,
  'type body': ['tpb', 'tbd', 'typ', 'sql'],
  type: ['tps', 'typ', 'sql'],
  procedure: ['prc', 'sql', 'pls', 'plsql', 'proc'],
  function: ['fnc', 'fun', 'sql', 'pls', 'plsql'],
  trigger: ['trg', 'sql', 'pls', 'plsql'],
  view: ['vw', 'sql'],
};
// A kind the message did not say (a stack frame): any source extension, a body's before a spec's.
const ANY_KIND = [...new Set([...BODY, 'prc', 'fnc', 'trg', 'tpb', ...SPEC, 'tps'])];

/** The basenames (lower case: the listing matches them in any case) a database object's source may have, most
 * likely first; empty for a name that is no identifier. A schema before the name (`APP.BILLING`) is not the file's. */
export function databaseObjectNames(printed: string, kind: string): string[] {
  const name = printed.trim().replace(/^"|"$/g, '').split('.').pop()!.replace(/^"|"$/g, '');
  if (!/^[A-Za-z_#$][\w#$]{0,127}$/.test(name)) return [];
  const stem = name.toLowerCase();
  return (EXTENSIONS[kind.toLowerCase()] ?? ANY_KIND).map((extension) => `${stem}.${extension}`);
}

/** The listing query for a database object: the first of its names any workspace file has decides. */
export function databaseObjectQuery(names: readonly string[]): IndexQuery {
  return { suffixes: names, caseless: true };
}

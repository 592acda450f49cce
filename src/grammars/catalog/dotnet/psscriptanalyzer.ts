// PSScriptAnalyzer (`Invoke-ScriptAnalyzer`), the PowerShell linter, prints objects, not lines: by default a table
// `RuleName  Severity  ScriptName  Line  Message` with the script's name only, or, piped to `Format-List` (`| fl`),
// one record per finding (`RuleName  : PSAvoidUsingCmdletAliases`, `Line      : 39`, `ScriptPath : C:\x\a.ps1`, …).
// A record whose script the user left out (`| Select RuleName,Line,Message | fl`) is in the one file the command
// names, as for standard input (src/resolve/command-names.ts).
// Link: https://learn.microsoft.com/en-us/powershell/utility-modules/psscriptanalyzer/using-scriptanalyzer
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { Severity } from '../../../core/index.js';
import { plausiblePath } from '../shared/common.js';

const FIELD = /^(RuleName|Severity|ScriptName|ScriptPath|Line|Message)\s*: ?(.*)$/;
// How far a record's fields reach from its `Line` field (Format-List prints about ten properties per finding).
const RECORD_REACH = 12;
const ROW = /^(PS\w+|\w+)\s{2,}(Error|Warning|Information|ParseError)\s+(\S+)\s+(\d+)\s+(\S.*)$/;
const HEADER = /^RuleName\s+Severity\s+ScriptName\s+Line\s+Message\s*$/;
// Rows stay the table's while this many lines of other text have not come between them and the header.
const TABLE_REACH = 400;

function severityOf(word: string | undefined): Severity | null {
  if (word === 'Error' || word === 'ParseError') return 'error';
  if (word === 'Warning') return 'warning';
  return word === 'Information' ? 'note' : null;
}

/** The fields of the Format-List record around the current `Line` field (a blank line ends a record). */
function recordFields(context: LineContext): Map<string, string> {
  const fields = new Map<string, string>();
  for (const step of [-1, 1]) {
    for (let delta = step; Math.abs(delta) <= RECORD_REACH; delta += step) {
      const line = context.line(delta);
      if (line === undefined || line.trim() === '') break;
      const field = FIELD.exec(line);
      if (field && !fields.has(field[1] ?? '')) fields.set(field[1] ?? '', (field[2] ?? '').trim());
    }
  }
  return fields;
}

function parseRecord(context: LineContext): boolean {
  const line = /^Line\s*: (\d+)\s*$/.exec(context.text);
  if (!line) return false;
  const fields = recordFields(context);
  // Only a record that names its rule is the analyser's: `Line : 5` alone is any object's list.
  if (!fields.get('RuleName')) return false;
  const named = fields.get('ScriptPath') || fields.get('ScriptName');
  context.emit({
    // `-` stands for the file only the command names.
    file: named !== undefined && plausiblePath(named) ? named : '-',
    line: Number(line[1]),
    severity: severityOf(fields.get('Severity')) ?? 'warning',
    code: fields.get('RuleName') ?? null,
    message: fields.get('Message') ?? '',
  });
  return true;
}

function parseRow(context: LineContext): boolean {
  const row = ROW.exec(context.text);
  if (!row || !plausiblePath(row[3] ?? '')) return false;
  const state = context.state<{ headerLine: number }>(() => ({ headerLine: -1 }));
  if (state.headerLine < 0 || context.logLine - state.headerLine > TABLE_REACH) return false;
  context.emit({ file: row[3] ?? '', line: Number(row[4]), severity: severityOf(row[2]), code: row[1] ?? null, message: row[5] ?? '' });
  return true;
}

function parseHeader(context: LineContext): boolean {
  if (!HEADER.test(context.text)) return false;
  context.state<{ headerLine: number }>(() => ({ headerLine: -1 })).headerLine = context.logLine;
  return true;
}

export const psscriptanalyzer: GrammarFormat = {
  name: 'psscriptanalyzer',
  language: 'PowerShell',
  description:
    '`Invoke-ScriptAnalyzer -Path x.ps1`: table rows `PSAvoidUsingCmdletAliases  Warning  x.ps1  39  msg` under the ' +
    '`RuleName Severity ScriptName Line Message` header, or `| fl` records (`Line : 39` with its `RuleName`, `ScriptPath`); a ' +
    'record without its script is in the file the command names.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'code', 'message'],
  observed: false,
  url: 'https://learn.microsoft.com/en-us/powershell/utility-modules/psscriptanalyzer/using-scriptanalyzer',
  anchor: '^Line\\s*: \\d|^RuleName\\s+Severity\\s|^PS[A-Z]\\w+\\s{2,}(?:Error|Warning|Information|ParseError)\\s',
  parse: (context) => parseHeader(context) || parseRecord(context) || parseRow(context),
};

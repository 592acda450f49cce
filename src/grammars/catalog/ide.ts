// Output copied out of IDE panes: Android Studio's Messages pane (a file header, then `Error:(12, 5) msg` rows),
// Visual Studio's Error List and Eclipse's Problems view copied as tab-separated rows, and Code::Blocks' build log
// (`file|line|message|`).
// Link: https://developer.android.com/studio/debug
// Link: https://learn.microsoft.com/en-us/visualstudio/ide/reference/error-list-window
// Link: https://help.eclipse.org/latest/topic/org.eclipse.platform.doc.user/reference/ref-problems_view.htm
// Link: https://wiki.codeblocks.org/index.php/Build_Log
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { Severity } from '../../core/index.js';
import { parseSeverityTail, plausiblePath, severityOf } from './shared/common.js';
import { LOCALIZED_SEVERITY_WORDS, alternation } from '../engine/locale-words.js';
import { utf8ToLatin1 } from '../engine/strings.js';

const PANE_SEVERITY: Record<string, Severity> = { Error: 'error', Warning: 'warning', Information: 'note', Message: 'note' };

// `Error:(12, 5) error: cannot find symbol …` under the file it belongs to (the pane's tree node, copied as a line).
function parseAndroidStudio(context: LineContext): boolean {
  const row = /^(Error|Warning|Information):\((\d+), (\d+)\) (.*)$/.exec(context.text);
  if (!row) return false;
  let file: string | undefined;
  for (let delta = -1; delta >= -40 && file === undefined; delta--) {
    const line = (context.line(delta) ?? '').trim();
    if (line === '') break;
    if (/^(?:Error|Warning|Information):\(\d+, \d+\) /.test(line)) continue;
    if (plausiblePath(line) && !/\s/.test(line)) file = line;
    else break;
  }
  if (file === undefined) return false;
  const tail = parseSeverityTail(`: ${row[4] ?? ''}`);
  context.emit({
    file,
    line: Number(row[2]),
    column: Number(row[3]),
    severity: PANE_SEVERITY[row[1] ?? ''] ?? tail.severity,
    message: tail.message,
  });
  return true;
}

const androidStudio: GrammarFormat = {
  name: 'android-studio',
  language: 'Java/Kotlin',
  description:
    "Android Studio's Messages/Build pane copied as text: the file's path on a line, then `Error:(12, 5) error: cannot find symbol " +
    'class Foo` / `Warning:(20, 9) …` rows.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://developer.android.com/studio/debug',
  anchor: '^(?:Error|Warning|Information):\\(\\d+, \\d+\\) ',
  parse: parseAndroidStudio,
};

interface ErrorListState {
  /** Column indexes from a copied English header row (`Severity	Code	Description	Project	File	Line	…`). */
  columns?: { code: number; description: number; file: number; line: number };
}

// Visual Studio's own words for its Error List's severity and message rows, beside the severity words every
// language in locale-words.ts has (`Fehler`, `错误`, `Ошибка`, `Avertissement`…).
const LIST_SEVERITY: Record<string, Severity> = { ...PANE_SEVERITY, meldung: 'note', 消息: 'note', сообщение: 'note' };
const listSeverity = (cell: string): Severity | null => LIST_SEVERITY[cell] ?? LIST_SEVERITY[cell.toLowerCase()] ?? severityOf(cell);

// The severity cell as the IDE shows it (first letter in upper case: `Fehler`, `Ошибка`), in the scanner's latin1
// view of its UTF-8 bytes (the anchor runs on raw text).
const LIST_SEVERITY_ANCHOR = alternation(
  [...Object.keys(LIST_SEVERITY), ...LOCALIZED_SEVERITY_WORDS].map((word) => utf8ToLatin1(word.charAt(0).toUpperCase() + word.slice(1))),
);

// The File cell: the first path after the severity whose next cell is a line number.
function fileCell(cells: readonly string[], first: number): number {
  for (let index = first + 1; index < cells.length - 1; index++) {
    if (plausiblePath(cells[index]?.trim() ?? '') && /^\d+$/.test(cells[index + 1]?.trim() ?? '')) return index;
  }
  return -1;
}

// VS 2010-2013 put the code inside the description (`error C2065: 'p': undeclared identifier`).
const CODE_IN_DESCRIPTION = /^(?:fatal )?(?:error|warning) ([A-Z]{1,4}\d{3,5})\s*:\s*/;

// A row is read by its cells' shapes, not by a column order: the first cell is a severity word (in any language the
// IDE ships), the File cell a path whose next cell is the line. That holds for VS 2010's order (severity, ordinal,
// description, file, line, column, project), VS 2017-2022's (severity, code, description, project, file, line, …) and
// the copies whose first cells are empty (the icon columns) or that a Markdown code span wraps in backticks.
// The list pasted into a web form as an HTML table (an issue template's `<details>` block): a row per line,
// `<tr><td>Error</td><td>CS0103</td>…</tr>`, read as the tab-separated row it was copied from.
const HTML_ROW = /^\s*<tr>\s*<t[dh]>/;

// A row whose tabs a web page or an editor turned into runs of spaces (`Error   1   error C2065: …   C:\src\a.cpp  57`):
// two spaces or more part its cells, as a tab did, but the severity cell may end at one (`Warning 3`, its tab stop).
const SPACED_ROW = /^ {0,3}(\S+) +(\S.*? {2,}\S.*)$/;

function rowCells(text: string): string[] {
  const spaced = text.includes('\t') || HTML_ROW.test(text) ? null : SPACED_ROW.exec(text);
  if (spaced) return [spaced[1] ?? '', ...(spaced[2] ?? '').trim().split(/ {2,}/)];
  if (!HTML_ROW.test(text)) return text.replace(/^`|`$/g, '').split('\t');
  return text
    .replace(/^\s*<tr>\s*<t[dh]>|<\/t[dh]>\s*<\/tr>\s*$/g, '')
    .split(/<\/t[dh]>\s*<t[dh]>/)
    .map((cell) =>
      cell
        .replace(/<br\s*\/?>/g, ' ')
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' '),
    );
}

function parseErrorList(context: LineContext): boolean {
  const cells = rowCells(context.text);
  const state = context.state<ErrorListState>(() => ({}));
  if (cells[0] === 'Severity') {
    const index = (name: string): number => cells.findIndex((cell) => cell.trim() === name);
    const columns = { code: index('Code'), description: index('Description'), file: index('File'), line: index('Line') };
    if (columns.file < 0 || columns.line < 0) return false;
    state.columns = columns;
    return true;
  }
  const first = cells.findIndex((cell) => cell.trim() !== '');
  const severity = first >= 0 && first <= 3 ? listSeverity(cells[first]?.trim() ?? '') : null;
  if (severity === null) return false;
  const header = first === 0 ? state.columns : undefined;
  // A row pasted through a web form may break at a tab: the cells from File on continue on the next line.
  if (header && (cells[header.file]?.trim() ?? '') === '') cells.splice(header.file, Infinity, ...(context.line(1) ?? '').split('\t'));
  const cell = (index: number): string => (index >= 0 ? (cells[index]?.trim() ?? '') : '');
  let file = header ? header.file : fileCell(cells, first);
  if (file < 0 && cell(cells.length - 1) === '') {
    cells.splice(cells.length - 1, 1, ...(context.line(1) ?? '').split('\t'));
    file = fileCell(cells, first);
  }
  if (file < 0 || !/^\d+$/.test(cell(file + (header ? header.line - header.file : 1))) || !plausiblePath(cell(file))) return false;
  const line = Number(cell(file + (header ? header.line - header.file : 1)));
  const between = cells.slice(first + 1, file).map((text) => text.trim());
  let description = header
    ? cell(header.description)
    : between.reduce((longest, text) => (text.length > longest.length ? text : longest), '');
  let code = header ? cell(header.code) || null : (between.find((text) => /^[A-Z]{1,4}\d{3,5}$/.test(text)) ?? null);
  const embedded = CODE_IN_DESCRIPTION.exec(description);
  if (embedded) {
    code ??= embedded[1] ?? null;
    description = description.slice(embedded[0].length);
  }
  const column = !header && /^\d+$/.test(cell(file + 2)) ? Number(cell(file + 2)) : null;
  context.emit({ file: cell(file), line, column, severity, code, message: description });
  return true;
}

const visualStudio: GrammarFormat = {
  name: 'visual-studio',
  language: 'C#/C++/.NET',
  description:
    "Visual Studio's Error List copied (Ctrl+C) as tab-separated rows: `Error<TAB>CS0103<TAB>The name 'x' does not " +
    'exist…<TAB>App<TAB>C:\\src\\App\\Program.cs<TAB>12<TAB>Active`, with or without the header row, in any UI language ' +
    "(`Fehler`, `错误`), in VS 2010-2013's order (`Error<TAB>1<TAB>error C2065: …<TAB>file<TAB>line<TAB>column<TAB>project`) " +
    'and pasted as HTML table rows (`<tr><td>Error</td><td>MC3072</td>…</tr>`) or with its tabs turned into runs of spaces.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://learn.microsoft.com/en-us/visualstudio/ide/reference/error-list-window',
  // A severity cell first (after up to three empty cells or a backtick), capitalized as the IDE prints it.
  // Its tabs turned into spaces by a web page: the severity cell, and two spaces or more further on.
  anchor:
    `^[\\t\`]{0,3}(?:${LIST_SEVERITY_ANCHOR})\\t|^Severity\\tCode\\t|^\\s*<tr>\\s*<td>(?:${LIST_SEVERITY_ANCHOR})</td>` +
    `|^ {0,3}(?:${LIST_SEVERITY_ANCHOR}) +\\S.*? {2,}\\S`,
  parse: parseErrorList,
};

interface ProblemsState {
  /** Column indexes from the copied header row (`Description	Resource	Path	Location	Type`). */
  columns?: { description: number; resource: number; path: number; location: number };
  /** The group a copy of grouped problems last named (`Warnings (3 items)`). */
  severity: Severity;
}

const PROBLEMS_GROUP: Record<string, Severity> = { Errors: 'error', Warnings: 'warning', Infos: 'note' };

// Eclipse's Problems view copied (Ctrl+C): a `Description	Resource	Path	Location	Type` header, then a row per problem whose
// Path is the folder in the Eclipse workspace (`/project/src/…`, the project first) and Location `line 23`. Any
// checker's markers share it (Java Problem, PMD Marker, Checkstyle Problem…), and nothing else writes that header.
function parseProblemsView(context: LineContext): boolean {
  const cells = context.text.split('\t').map((cell) => cell.trim());
  const state = context.state<ProblemsState>(() => ({ severity: 'error' }));
  const index = (name: string): number => cells.indexOf(name);
  if (cells[0] === 'Description' && index('Resource') > 0 && index('Location') > 0) {
    state.columns = { description: 0, resource: index('Resource'), path: index('Path'), location: index('Location') };
    return true;
  }
  const group = /^(Errors|Warnings|Infos) \(\d+ items?\)$/.exec(cells[0] ?? '');
  if (group && cells.length === 1 && state.columns) {
    state.severity = PROBLEMS_GROUP[group[1] ?? ''] ?? 'error';
    return true;
  }
  const columns = state.columns;
  const line = /^line (\d+)$/.exec(columns ? (cells[columns.location] ?? '') : '');
  const resource = columns ? (cells[columns.resource] ?? '') : '';
  if (!columns || !line || !plausiblePath(resource)) return false;
  const folder = (columns.path >= 0 ? (cells[columns.path] ?? '') : '').replace(/^[/\\]+/, '');
  context.emit({
    file: folder === '' ? resource : `${folder}/${resource}`,
    line: Number(line[1]),
    severity: state.severity,
    message: cells[columns.description] ?? '',
  });
  return true;
}

const eclipseProblems: GrammarFormat = {
  name: 'eclipse-problems',
  language: 'Java',
  description:
    "Eclipse's Problems view copied (Ctrl+C) as tab-separated rows: `Description<TAB>Resource<TAB>Path<TAB>Location<TAB>Type` then " +
    '`Avoid unused private fields…<TAB>Repo.java<TAB>/api/src/main/java/app<TAB>line 23<TAB>PMD Marker` (Path: project, then folders).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://help.eclipse.org/latest/topic/org.eclipse.platform.doc.user/reference/ref-problems_view.htm',
  // A row's `line 23` is selected by the universal anchor's `line N` branch; the header and group rows by their start.
  anchor: '^Description\\tResource\\t|^(?:Errors|Warnings|Infos) \\(\\d+ items?\\)|\\tline \\d+\\t',
  parse: parseProblemsView,
};

// `main.cpp|14|error: expected ';' before '}' token|` (the build log's columns: file, line, message).
function parseCodeBlocks(context: LineContext): boolean {
  const match = /^([^|]+)\|(\d+)\|(.*?)\|?$/.exec(context.text);
  if (!match || !plausiblePath((match[1] ?? '').trim())) return false;
  const tail = parseSeverityTail(`: ${match[3] ?? ''}`);
  context.emit({
    file: (match[1] ?? '').trim(),
    line: Number(match[2]),
    severity: tail.severity ?? 'error',
    code: tail.code,
    message: tail.message.trim(),
  });
  return true;
}

const codeBlocks: GrammarFormat = {
  name: 'codeblocks',
  language: 'C/C++',
  description:
    "Code::Blocks' build messages copied as text: `/home/u/calc/main.cpp|14|error: expected ';' before '}' token|` (`file||In " +
    'function …|` context rows name no line).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://wiki.codeblocks.org/index.php/Build_Log',
  // `path.ext|14|` is selected by the universal anchor's `|` branch.
  anchor: '\\.[A-Za-z][A-Za-z0-9+_]{0,11}\\|\\d+\\|',
  parse: parseCodeBlocks,
};

export const ideFamily: GrammarFamily = {
  // Disjoint shapes (`Error:(L, C) `, tab-separated cells led by a severity or under a `Description` header, `|L|`).
  formats: [androidStudio, visualStudio, eclipseProblems, codeBlocks],
};

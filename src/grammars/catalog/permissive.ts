// The permissive tier (issue 11 item 3): any path-like token followed by a line number, whatever its extension
// (`Gemfile:12`, `config.ru:3`, `db.inc:7`, `.env:1`, `x.haml:2`, `12.go:3`) or route-group
// parentheses (`app/(auth)/page.tsx:5`). The shape alone proves nothing (`localhost:8080`, `count:3`), so every
// candidate carries `hints.confirm`: resolve keeps it only when it names an existing file inside a root, and
// drops it silently otherwise. Grammars never touch the file system; the workspace decides.
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { UNIVERSAL_ANCHORS } from '../engine/prefilter.js';
import { severityOf } from './shared/common.js';
import { fieldSeverity } from './shared/severity-fields.js';
import { shapedFrame } from './shared/trace-blocks.js';

// One path segment: word characters and the punctuation file names carry, or a whole bracketed group
// (`(auth)`, `[id]`, `[...slug]`) as frameworks name route folders; a group never starts with a digit, so
// `f(12)` stays a call with a line number.
// Letters beyond ASCII count as word characters (`src/模块/主.c`, `charm.🔥`): a name the workspace then confirms.
// A `#` ends a folder's name only (Visual Studio's `C#\`, `F#\` solution folders): never a file's, so `x.R#2` stays whole.
const SEGMENT = String.raw`(?:[\w.@~+$%\u0080-\uffff-]|#(?=[\\/])|\((?!\d)[\w.@~+$%-]*\)|\[[\w.@~+$%-]*\])+`;
// What a tool prints for standard input (`<stdin>`, `<standard input>`; `(stdin)` and `[stdin]` are segments): the
// command names the file (src/resolve/command-names.ts).
// A scheme may lead the path (Godot's `res://scripts/x.gd`, Angular's `ng:///C:/app/x.html`, `file:///srv/x.js`, a dev
// server's `http://localhost:3000/x.js`): it is taken off (withoutScheme) and the workspace confirms the rest.
const SCHEME = String.raw`(?:[a-z][a-z0-9+.-]{1,15}:\/\/(?:\/(?=[A-Za-z]:[\\/])|(?:localhost|127\.0\.0\.1):\d{1,5}(?=\/))?)?`;
const PATH = String.raw`(?:<stdin>|<standard input>|${SCHEME}(?:[A-Za-z]:)?[\\/]?${SEGMENT}(?:[\\/]${SEGMENT})*)`;
// What may stand before a path: the line start, a blank, an opening quote or bracket, `=` or `,`; or an escaped
// newline or tab (`\n`, `\t`): a tool's output kept as one JSON string (a structured logger's field, an API's
// answer) has its lines joined by them.
// A severity word glued before the path counts as a blank (thrift's `[ERROR:/w/idl/a.thrift:4]`, `WARNING:src/a.c:3`).
const BEFORE = String.raw`(?<=^|[\s"'\x60(\[{<=,|]|\\[nrt]|(?:^|[\s[(])(?:ERROR|WARNING|FATAL|[Ee]rror|[Ww]arning):)`;
// `path:L[:C]` (not followed by more digits, a dot and digit or a URL path), the GNU standard's dotted column and ranges
// (`path:L.C:`, `path:L.C-EL.EC:`, valac and bison print them), `path(L[,C])` and `path(L:C)` (Odin),
// `path[,:]? line L`, and a span over several lines written as two bracketed positions (`path:(12:7)-(31:15)`: jsonnet,
// GHC's `path:(12,5)-(13,7)`), a blank after each colon (`path: 14: error: …`, GnuCOBOL 2.0) and a blank before a
// parenthesised line that a colon follows (AutoHotkey's `C:\x\OSD.ahk (141) : ==> …`). Session 13's fallback ablation
// added the heads study logs' own tools print, for tools no format names: `path:[L,C]` and `path[L, C]` (Maven, tslint),
// `path: (L, C)` and `path (L,C)` (Kotlin, ts-loader), `"path" (L:C)` (js-yaml), `path(L,C-EL,EC)` (F*) and a
// tab-separated row's line cell after its file cell (an IDE's error list). The fixture ablation (session 15) added
// `path L:C` followed by a blank or the line's end (dart-sass's trace rows, webpack 5's module header).
// The fixture ablation (mend31) added the file and its line as two cells of a row, the line a bare number between
// separators: a pipe's (`path|L|msg`, Code::Blocks), a quote and a comma's (`"path",L  Error…`, `"path", L: msg`: IAR,
// VCS, old Unix compilers), or blanks (`Error E2209 path L: msg` Borland, an IDE's copied error list `msg  path  L  C
// project`, a PowerShell table's `path  L  message`, IAR's build window `msg path L` at the line's end). A cell ends the
// line, or a colon, a tab or two blanks follow it; a blank-separated one counts only on a line that says error or
// warning (parsePermissive): a coverage table's `path  12  3  75%` row is no place.
const CELL_END = String.raw` ?: |\t| {2,}|\s*$`;
const SHAPES = new RegExp(
  `${BEFORE}(${PATH})(?::(\\d{1,7})(?:[:.](\\d{1,5})(?:-(?:\\d{1,7}\\.)?\\d{1,5})?)?(?![\\d/]|\\.\\d)|` +
    `\\((\\d{1,7})(?:[,:]\\s?(\\d{1,5}))?(?:-\\d{1,7}[,:]\\d{1,5})?\\)|[,:]? (?:at )?line (\\d{1,7})\\b|` +
    `:\\((\\d{1,7})[,:](\\d{1,5})\\)(?:-\\((\\d{1,7})[,:]\\d{1,5}\\))?|: (\\d{1,7}): | \\((\\d{1,7})\\) ?: |` +
    `:?\\[(\\d{1,7}),\\s?(\\d{1,5})\\]|:? \\((\\d{1,7})[,:]\\s?(\\d{1,5})\\)|` +
    `["'\\x60] \\((\\d{1,7})[,:]\\s?(\\d{1,5})\\)|\\t(\\d{1,7})(?=\\t|\\s*$)| (\\d{1,7}):(\\d{1,5})(?=\\s|$)|` +
    `\\|(\\d{1,7})\\||["'\\x60], ?(\\d{1,7})(?=${CELL_END})| {1,8}(\\d{1,7})(?=${CELL_END}))`,
  'g',
);

// A line that starts with an absolute path and its line (`/home/u/.config/bar/config:153:`), or a name with or without
// folders and its line after a severity word that starts the line (polybar's `error: F:153: …`, logrotate's `error:
// wtmp:9 msg` and `error: /etc/logrotate.d/app:19 msg`): config files have no extension.
// Standard input at a line's start (`-:4 DL3007 …`, `/dev/stdin:2 DL3006 …`): the command names the file (resolve).
const EXTENSIONLESS_HEADS = [
  String.raw`^\/[^\s:]{1,300}:\d{1,7}[:\s]`,
  String.raw`^-:\d{1,7}[:\s]`,
  String.raw`^\s*(?:[Ee]rror|ERROR|[Ww]arning|WARNING|[Ff]atal|FATAL): [^\s:]{1,300}:\d{1,7}[:\s]`,
  // A frame of a workspace script without an extension (`bin/rails`, `script/deploy`, `exe/tool`) in Ruby's frame shape,
  // which starts its line: `from F:L:in …`, numbered (`4: from …`) in 2.5-2.7's traces printed oldest first. Ruby's own
  // format needs an extension; V8's `at` frames, Python's `File "F"` frames and shell's `F: line L:` read such files.
  // Led by a literal after the indentation: tried at few lines.
  String.raw`^\s*(?:\d{1,5}: )?from (?:[A-Za-z]:)?[^\s:]{1,300}:\d{1,7}:in\b`,
];

// Tokens that are never files whatever the workspace holds: numbers, versions, addresses, dates and clocks.
const NOT_A_PATH = /^(?:[\d.]+|v\d[\w.]*|\d{4}-\d\d-\d\d[T\d:.-]*|[\d.]+\.(?:tar|gz|zip)|.*\.\.\..*|[.~-]+)$/i;

const SEVERITY_WORD = /\b(error|warning|note|fatal)\b/i;
// The severity word a location's own tail starts with: `: error: …`, ` : Warning BCP318: …`.
const TAIL_SEVERITY = /^[\s:,-]*(error|warning|note|fatal)\b/i;

// A Windows path whose folders hold blanks (`C:\Program Files\GIMP 2\scripts\resize.scm`), from its drive to an
// extension, before `:L`, ` : L` (TinyScheme's `(F : 1)`) or `(L)`: the blanks end no word here, the drive began it.
const WINDOWS_NAME = String.raw`[^\\/:*?"<>|\r\n]`;
const DRIVE_PATH_WITH_BLANKS = new RegExp(
  String.raw`(?<=^|[\s"'(])([A-Za-z]:\\(?:${WINDOWS_NAME}+\\)*${WINDOWS_NAME}+?\.[A-Za-z]\w{0,7})` +
    String.raw`(?: ?: ?(\d{1,7})\b|\((\d{1,7})(?:, ?(\d{1,5}))?\)|\t(\d{1,7})(?=\t|\s*$))`,
  'g',
);

// A word that names a file by its look alone: a folder in it, or an extension that starts with a letter.
const FILE_LIKE = /[\\/]|\.[A-Za-z]\w{0,11}$/;

// A copy that elides the checkout's root (`.../app/Rakefile`, `…/config/app.conf`) still names a file: the resolver looks
// the segments after the elision up in the workspace (resolve/elided-paths.ts).
const ELIDED_ROOT = /^(?:…|\.{3,})[\\/](?=[^.\\/])/;

function candidate(token: string): boolean {
  const named = token.replace(ELIDED_ROOT, '');
  return named.length >= 2 && /[A-Za-z]/.test(named) && !NOT_A_PATH.test(named) && !token.endsWith('.');
}

// Never claims its line: its candidates are guesses the workspace may refuse (`on line 4 of x.ini` proposes `on`),
// so the prose tier after it still reads the line's words; the prose tier skips a place proposed here already.
function parsePermissive(context: LineContext): boolean {
  const text = context.text;
  SHAPES.lastIndex = 0;
  for (let match = SHAPES.exec(text); match !== null; match = SHAPES.exec(text)) {
    const token = withoutScheme(match[1]!);
    const lineText =
      match[2] ?? match[4] ?? match[6] ?? match[7] ?? match[10] ?? match[11] ?? match[12] ?? match[14] ?? match[16] ?? match[19];
    const cell = match[21] ?? match[22] ?? match[23];
    const line = Number(lineText ?? match[18] ?? cell);
    const standardInput = token === '-' && match.index === 0;
    if (token === undefined || !(candidate(token) || standardInput) || !(line >= 1)) continue;
    // A blank before `(L,C)`, `(L:C)` or `L:C` leaves any word before it (`Unexpected token (7:4)`, `at 12:30`): only a
    // file-like one counts.
    if ((match[14] !== undefined || match[16] !== undefined || match[19] !== undefined) && !FILE_LIKE.test(token)) continue;
    if (cell !== undefined && !FILE_LIKE.test(token)) continue;
    if (match[23] !== undefined && !SEVERITY_WORD.test(text)) continue;
    const columnText = match[3] ?? match[5] ?? match[8] ?? match[13] ?? match[15] ?? match[17] ?? match[20];
    const endLine = match[9] === undefined || Number(match[9]) <= line ? null : Number(match[9]);
    const rest = text.slice(match.index + match[0].length);
    // The location's own tail says its severity (`x.bicep(65,23) : Warning …`); only without one does a word elsewhere
    // on the line count, since a wrapping tool's `ERROR: step failed: … stderr:` before it speaks of the whole step.
    // A field right after the location (` [W] `, `: C: `) is its tool's statement too; a tab row's first cell is its severity
    // column, in the language of the IDE that printed it (`警告`, `Fehler`).
    const firstCell = match[18] === undefined ? undefined : text.slice(0, text.indexOf('\t')).trim();
    const severity =
      severityOf(TAIL_SEVERITY.exec(rest)?.[1]) ??
      fieldSeverity(rest) ??
      severityOf(firstCell) ??
      severityOf(SEVERITY_WORD.exec(text)?.[1]);
    // Perl-like `msg at path line N.` puts the message before the location; so does a tab-separated row (an IDE's
    // error list: severity, code, message, project, then file and line cells).
    // A row's cells are its message, whichever side of the place they stand on.
    const message =
      (cell !== undefined ? text.trim() : '') ||
      (match[18] === undefined ? rest.replace(/^[:\s.,;-]+/, '').trim() : '') ||
      text
        .slice(0, match.index)
        .replace(/\s*["'\x60]$/, '')
        .replace(/\s+(?:at|in|from)\s*$/, '')
        .trim();
    const column = columnText === undefined ? null : Number(columnText);
    // A frame-like line is one frame of a trace whose order its shape or header states (shared/trace-blocks.ts).
    const shaped = severity === null ? shapedFrame(context, text.indexOf(match[1]!, match.index), rest) : undefined;
    const frame = shaped === undefined ? {} : { frame: shaped.frame };
    const emitted = context.emit({ file: token, line, column, endLine, severity, message, ...frame, hints: { confirm: true } });
    shaped?.track(emitted);
    // A word glued to the path by an escaped line break (`…rule body\n/srv/x.rego:41`, a JSON string holding a
    // tool's output) or a Windows folder (`src\tests\a.c`): both readings are proposed, the workspace keeps one.
    const broken = token.includes('\\') ? afterLastEscapedBreak(token) : undefined;
    if (broken !== undefined && candidate(broken))
      context.emit({ file: broken, line, column, endLine, severity, message, hints: { confirm: true } });
  }
  if (text.includes(':\\') && text.includes(' ')) proposeDrivePathsWithBlanks(context);
  if (text.includes(')')) proposeFilesBeforeTrailingPosition(context);
  return false;
}

// A position that ends the line, `(L:C)`, for a file named earlier on it and followed by a colon: Babel's
// `SyntaxError: /x/src/a.js: Unexpected token (7:4)` (a colon may close it when a code frame follows), prettier's
// `[error] a.tsx: SyntaxError: … (7:5)`. A line naming no file takes the one a header line above names alone, after at
// most a label (webpack's `ERROR in ./src/a.js` or `./pages/a.ts` over `Module parse failed: Unexpected token (3:16)`):
// up to three lines of message between, never across a blank line.
const TRAILING_POSITION = /\((\d{1,7})[:,] ?(\d{1,5})\):?\s*$/;
const FILE_HEADER = /^\s*(?:[A-Za-z]{1,12} in )?(\S+?):?\s*$/;
const HEADER_REACH = 3;
const FILE_BEFORE_COLON = new RegExp(`${BEFORE}(${PATH}): `, 'g');
// The words before a colon a line may offer: a message names few files, and each costs a workspace look-up.
const MAX_FILES_BEFORE_POSITION = 4;

function proposeFilesBeforeTrailingPosition(context: LineContext): void {
  const text = context.text;
  const position = TRAILING_POSITION.exec(text);
  if (!position) return;
  const line = Number(position[1]);
  const column = Number(position[2]);
  const head = text.slice(0, position.index);
  let proposed = 0;
  FILE_BEFORE_COLON.lastIndex = 0;
  for (
    let match = FILE_BEFORE_COLON.exec(head);
    match !== null && proposed < MAX_FILES_BEFORE_POSITION;
    match = FILE_BEFORE_COLON.exec(head)
  ) {
    const token = withoutScheme(match[1]!);
    if (token === undefined || !candidate(token) || !FILE_LIKE.test(token) || !(line >= 1)) continue;
    const message = head.slice(match.index + match[0].length).trim();
    const severity = severityOf(SEVERITY_WORD.exec(text)?.[1]);
    context.emit({ file: token, line, column, endLine: null, severity, message, hints: { confirm: true } });
    proposed++;
  }
  if (proposed === 0) proposeHeaderFile(context, line, column);
}

function proposeHeaderFile(context: LineContext, line: number, column: number): void {
  for (let delta = -1; delta >= -HEADER_REACH; delta--) {
    const above = context.line(delta);
    if (above === undefined || above.trim() === '') return;
    const token = withoutScheme(FILE_HEADER.exec(above)?.[1] ?? '');
    if (token === undefined || !candidate(token) || !FILE_LIKE.test(token) || !(line >= 1)) continue;
    const severity = severityOf(SEVERITY_WORD.exec(context.text)?.[1] ?? SEVERITY_WORD.exec(above)?.[1]);
    context.emit({ file: token, line, column, endLine: null, severity, message: context.text.trim(), hints: { confirm: true } });
    return;
  }
}

function proposeDrivePathsWithBlanks(context: LineContext): void {
  const text = context.text;
  DRIVE_PATH_WITH_BLANKS.lastIndex = 0;
  for (let match = DRIVE_PATH_WITH_BLANKS.exec(text); match !== null; match = DRIVE_PATH_WITH_BLANKS.exec(text)) {
    const line = Number(match[2] ?? match[3] ?? match[5]);
    // A path without blanks is the main shapes' already.
    if (!(line >= 1) || !match[1]!.includes(' ')) continue;
    const rest = text.slice(match.index + match[0].length);
    const severity = severityOf((TAIL_SEVERITY.exec(rest) ?? SEVERITY_WORD.exec(text))?.[1]);
    const message = match[5] === undefined ? rest.replace(/^[)\]:\s.,;-]+/, '').trim() : text.slice(0, match.index).trim();
    const column = match[4] === undefined ? null : Number(match[4]);
    context.emit({ file: match[1]!, line, column, endLine: null, severity, message, hints: { confirm: true } });
  }
}

// Schemes whose path is the project's: a dev server on this machine keeps its host out of the path too.
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::\d{1,5})?\//;

/** The path without a leading scheme; undefined for a URL of another host (`https://cdn.example.org/x.js:3`). */
function withoutScheme(token: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]{1,15}):\/\//.exec(token);
  if (!scheme) return token;
  const rest = token.slice(scheme[0].length);
  if (!/^https?$/.test(scheme[1]!)) return /^\/[A-Za-z]:[\\/]/.test(rest) ? rest.slice(1) : rest;
  const host = LOCAL_HOST.exec(rest);
  return host ? rest.slice(host[0].length) : undefined;
}

function afterLastEscapedBreak(token: string): string | undefined {
  let cut = -1;
  for (let index = token.indexOf('\\'); index >= 0; index = token.indexOf('\\', index + 1))
    if (/[nrt]/.test(token[index + 1] ?? '')) cut = index;
  return cut < 0 ? undefined : token.slice(cut + 2);
}

const permissive: GrammarFormat = {
  name: 'permissive',
  language: 'Any',
  description:
    'Any path-like token before a line number (`Gemfile:12`, `config.ru:3`, `db.inc(7)`, `.env:1`, `automake line 922`, `x.cfg:[12,5]`, ' +
    "`x.cfg: (8, 2)`, `app://ui/x.tmpl:14`, an error list's tab cells, `x.js: message (7:4)`), with any extension or none, kept " +
    'only when the workspace has that file.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'endLine', 'message'],
  observed: true,
  // The universal anchors, tried anywhere in a line, which is where these paths are; and, at a line's start only (cheap:
  // one dispatch by first character), an absolute path without an extension before `:L:` (`/home/u/.config/bar/config:153:`,
  // after a severity word too), which no universal anchor selects (an extensionless one anywhere in a line cost ~45 %).
  anchor: [...UNIVERSAL_ANCHORS, ...EXTENSIONLESS_HEADS].join('|'),
  fallback: true,
  trace: { innermost: 'shape', causes: 'root-last' },
  parse: parsePermissive,
};

export const permissiveFamily: GrammarFamily = { formats: [permissive] };

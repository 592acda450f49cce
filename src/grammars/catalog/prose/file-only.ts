// A tool that names the file at fault with no line (issue 20): Compose's `The Compose file './docker-compose.yml' is
// invalid because:`, RuboCop's `An error occurred while X cop was inspecting /w/app/x.rb.`, a template engine's
// `Error rendering template util/x.mako: …`, pytest's progress row `tests/test_x.py ..FF.  [100%]` whose details were
// cut off; a compiler's whole-file diagnostic, the file first and a severity after it with no position between
// (`lib/x.dart: Error: No 'main' method found.`); a build tool's file alone on its line with the failure line under it
// (`app/x.tsx` over `Type error: …`, as Next.js prints a type check's failure). The file is then the place as a whole
// (line 0). Such a candidate is the last resort twice over: a weak one
// (hints.confirm, kept only as a workspace file resolve confirms), and a whole-file one (hints.fileOnly, kept only when
// nothing else of the log resolved), so it never stands beside or before a place with a line. A last-resort format
// (engine/last-resort.ts): read on the log's first and last lines only, where such a tool stops or starts.
import type { RawLocation } from '../../../core/index.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import { tokensOf, likely, fullest, type Token } from './tokens.js';
import { withoutHost } from './words.js';
import { LINE_PREFIX_SOURCE } from '../../engine/prefixes.js';

// A line led by a failure word, as a tool's own report starts (`ERROR: …`, `Error rendering …`, `An error occurred …`):
// a word inside a user's sentence says less.
// A service's or a job's name before the line (`web  | `, `api.1 | `), as Compose and process managers print, is no
// sentence: the tool's own words start after it (a known prefix, `web_1  | `, the scan has peeled already).
const SERVICE = String.raw`[\w.-]{1,40} {0,12}\| `;
// The anchor's failure words, as a tool writes them (`[Ff]ail` holds the third alternative's `[Ff]ailure`).
const FAILURE_WORD = '[Ee]rror|ERROR|[Ff]atal|FATAL|[Ff]ail|FAIL|[Ii]nvalid|INVALID|[Ee]xception|EXCEPTION';
const SERVICE_LEAD = new RegExp(String.raw`^\s*${SERVICE}`);
// A tool's own mark may lead its failure line (CocoaPods' and Bundler's `[!] Invalid …`, `✖ Error …`, `==> Error …`): no
// sentence starts that way. A quote's `>` is no such mark (Gradle's `> Failed to …` cause lines name classes).
const MARK = String.raw`(?:\[!\]|!{1,3}|[\u00d7\u2716\u2717\u2718\u274c\u2a2f]|==>)\s{1,3}`;
const FAILURE_LEAD = new RegExp(
  String.raw`^\s*(?:${SERVICE})?(?:${MARK})?(?:An? )?(?:error|fatal|failed|failure|invalid|exception)\b`,
  'i',
);
// An exception's header leads a runtime's failure line as a failure word does: its class, qualified by a package
// or a namespace (`org.thymeleaf.exceptions.TemplateInputException: …`, `Illuminate\View\ViewException: …`,
// `jinja2.exceptions.TemplateNotFound` needs its own word), then a colon, or ` in ` and the raising file (the
// `ErrorException in Factory.php line 564: …` of Symfony's and Laravel 5's debug page, after its `2/2` counter);
// a chained cause's `Caused by: ` before it. A framework that fails while rendering a template names that template
// in the message (`(template: "class path resource [templates/x.html]")`, `(View: /app/resources/views/x.blade.php)`)
// and no line: the frames below are its own.
const EXCEPTION_CLASS = String.raw`(?:[A-Za-z_$][\w$]*[.\\]){0,12}[A-Z][\w$]*(?:Exception|Error)(?=: | in )`;
const EXCEPTION_LEAD = new RegExp(String.raw`^\s*(?:\d{1,3}/\d{1,3} |Caused by: )?${EXCEPTION_CLASS}`);
// A sentence whose subject is a quoted file and whose verb says the file is invalid (`The Compose file
// './docker-compose.yml' is invalid because:`): the tool's own failure line, as a paste keeps it when it cuts the
// `ERROR: ` a logger wrote before it, or as a tool prints it with no severity at all. At most four words before the
// quote, the first a capital's (a sentence's start); the quoted word must have a source file's extension, so
// `The Deployment "web" is invalid` (kubectl's object name) names none.
const INVALID_SUBJECT =
  /^\s*(?:[A-Z][\w-]{0,30}(?: [\w-]{1,30}){0,3} )?["'`]([^"'`\s]{1,300})["'`] (?:is|was) (?:invalid|not valid|malformed)\b/;
// A test runner's badge for a test file that failed (`FAIL  tests/a.spec.js`, jest and its kin, capitals only): with no
// frame under it up to the next badge or the summary (jest 0.x printed none) the file is the place. A frame under it,
// even a dependency's alone (a setup file of a package that failed to load), says where the failure is instead.
// The badge's file has an extension: go test's `FAIL\t<package>\t0.01s` names a package, not a file.
const FAIL_BADGE = /^\s*FAIL\s+\S*\.[A-Za-z]\w*(?:\s|$)/;
const BADGE_END = /^\s*(?:FAIL|PASS)\s|^\s*(?:Test Suites|Test Files|Tests):?\s/;
// A V8 frame (`at …`), or any frame that ends in its position (vitest's `❯ fn path:L:C`, whatever its mark's encoding).
const FRAME = /^\s*at \S|\S:\d+:\d+\)?\s*$/;
const BADGE_REACH = 40;

function badgeOverNoFrame(context: LineContext): boolean {
  for (let delta = 1; delta <= BADGE_REACH; delta++) {
    const line = context.line(delta);
    if (line === undefined || BADGE_END.test(line)) return true;
    if (FRAME.test(line)) return false;
  }
  return true;
}
// A test runner's progress row with a failure or an error mark: `tests/test_x.py ....FF.   [100%]`.
const PROGRESS_ROW = /^\s*(\S{1,300}) +[.sxXFE]{0,500}[FE][.sxXFE]{0,500} +\[ {0,2}\d{1,3}%\]\s*$/;
// A whole-file diagnostic: the file (a source extension, no position) then a failure severity and a colon. Argparse's
// `x.py: error: unrecognized arguments` has the same shape under its `usage:` lines, and is the command's to fix.
// MSBuild's canonical row allows an origin with no position (`Views/Cart.xaml : error XV0001: …`, a blank before the
// colon; xbuild writes none), after its node prefix (`1>`), with a code after the severity; an error list copied with
// an empty code column keeps its colon (`App.xaml: Error:  : XamlC error …`).
const SEVERITY_CODE = String.raw`(?: \[([\w-]{1,40})\]| ([A-Za-z]{1,10}\d{2,6}))?`;
const HEADED = new RegExp(
  String.raw`^\s*(?:\d{1,4}>)?((?:[A-Za-z]:)?[^\s:]{1,300}) ?: {1,2}(?:fatal )?(?:error|fatal|failure)${SEVERITY_CODE} ?:\s{1,4}\S`,
  'i',
);
const USAGE = /^\s*usage:/i;
const USAGE_LOOKBACK = 8;
// A file alone on its line (a source extension, nothing after it), and the line under it led by a failure word
// (`Type error: …`, `SyntaxError: …`, `Error: …`): the tool named the file, then said what is wrong with it.
const ALONE = /^\s*((?:[A-Za-z]:)?[^\s:]{1,300})\s*$/;
// Under a file named alone, only a missing path says the file is not the subject: `… does not exist on type` is a
// type error in it.
const NO_SUCH_FILE = /no such file|ENOENT/i;
const FAILURE_UNDER = /^\s*(?:[A-Za-z]{1,30} )?[A-Za-z]{0,30}(?:error|exception|failure|failed)\b[^\n:]{0,60}: \S/i;
// A line that says the file is missing names no file to fix (`failed to read dockerfile: open /x/Dockerfile: no such
// file or directory`): the tool looked for it somewhere else.
const MISSING = /no such file|not found|does not exist|cannot find|could not find|ENOENT/i;
// A whole-file row with the tool's code (`App.csproj : error MSB4057: The target "Pack" does not exist in the project.`) is
// the tool's own diagnostic about that file: its missing words name something the file refers to (a target, an import,
// a package), not the file.
function missingFile(text: string): boolean {
  if (!MISSING.test(text)) return false;
  const headed = HEADED.exec(text);
  return headed === null || (headed[2] === undefined && headed[3] === undefined);
}
// Extensions of the files a tool reads as source or configuration; a bare unquoted word needs one to be a file.
const SOURCE_EXTENSIONS = [
  'py|rb|js|mjs|cjs|jsx|ts|tsx|go|rs|java|kt|kts|scala|c|h|cc|cpp|hpp|cs|php|swift|lua|pl|pm|r|dart|ex|exs|erl|sh|sql',
  'ya?ml|json|toml|xml|html?|mako|erb|haml|twig|j2|vue|svelte|s?css|ini|cfg|conf|tf|gradle|proto|graphql',
  // UI markup compiled with an app (XAML, Avalonia's, Interface Builder's) and the MSBuild projects a package error names.
  'a?xaml|xib|storyboard|[cfv]sproj|vcxproj',
];
const SOURCE_EXTENSION = new RegExp(String.raw`\.(?:${SOURCE_EXTENSIONS.join('|')})$`, 'i');
// What a tool writes about itself, never a place to fix: its own log file, a cache.
const TOOL_OWN = /\.log$|(?:^|[\\/])(?:_logs|\.cache|\.npm|\.yarn)[\\/]/i;
// A word followed by a position is a place some format reads with its line; this rule is for files named without one.
const POSITIONED = /^(?::\d|\(\d|#L\d)/;
// A line with no quote, folder separator or extension names no file: most failure lines end here, before any word is cut.
const MAY_NAME_FILE = /["'`\\/]|\.[A-Za-z]/;
// A bounded number of files per line and per scan: a log of a million error lines costs a bounded resolve.
const MAX_PER_LINE = 2;
const MAX_PER_SCAN = 16;
const emittedPerScan = new WeakMap<readonly RawLocation[], number>();

// R's `system.file("utils/x.R", package = "p")` (and its `"extdata", "x.csv"` parts) names a file inside the INSTALLED
// package, which the workspace's `inst/` only holds when it is that package: never a file the line names by itself.
const PACKAGE_RELATIVE = /\bsystem\.file\(\s*(?:["'][^"']{0,80}["']\s*,\s*){0,4}["']?$/;

// Quotes around the token, or kept inside its span (a backtick-quoted name: `[!] Invalid \`Podfile\` file`).
function quoted(text: string, token: Token): boolean {
  const around = token.start > 0 && `"'\``.includes(text[token.start - 1]!) && text[token.end] === text[token.start - 1];
  return around || (token.end - token.start > 2 && `"'\``.includes(text[token.start]!) && text[token.end - 1] === text[token.start]);
}

// A quoted path-like word, or one with a folder or a source file's extension, that no position follows.
function namedFiles(text: string): string[] {
  const tokens = tokensOf(text);
  const files: string[] = [];
  for (const token of tokens) {
    if (files.length >= MAX_PER_LINE) break;
    if (!likely(token) || POSITIONED.test(text.slice(token.end, token.end + 3))) continue;
    // A test's node id names its file before `::` (pytest's `tests/test_x.py::test_y`, cargo's `tests::y`).
    const path = withoutHost(fullest(token, tokens).path).replace(/::.*$/, '');
    if (TOOL_OWN.test(path) || files.includes(path)) continue;
    if (PACKAGE_RELATIVE.test(text.slice(Math.max(0, token.start - 160), token.start))) continue;
    if (quoted(text, token) || /[\\/]/.test(path) || SOURCE_EXTENSION.test(path)) files.push(path);
  }
  return files;
}

// The file a line names before its failure words (HEADED) or alone above them (ALONE), with the failure's words.
function fileFirst(context: LineContext): { file: string; message: string } | undefined {
  const text = context.text;
  const headed = HEADED.exec(text);
  if (headed !== null) {
    for (let delta = -1; delta >= -USAGE_LOOKBACK; delta--) if (USAGE.test(context.line(delta) ?? '')) return undefined;
    return { file: headed[1]!, message: text.trim() };
  }
  const alone = ALONE.exec(text);
  const under = alone === null ? undefined : context.line(1);
  if (under === undefined || !FAILURE_UNDER.test(under) || NO_SUCH_FILE.test(under)) return undefined;
  return { file: alone![1]!, message: `${alone![1]!}: ${under.trim()}` };
}

function parseFileOnly(context: LineContext): boolean {
  const text = context.text;
  const row = PROGRESS_ROW.exec(text);
  const first = row === null && !missingFile(text) ? fileFirst(context) : undefined;
  const subject = INVALID_SUBJECT.exec(text)?.[1];
  const invalidFile = subject !== undefined && SOURCE_EXTENSION.test(subject) ? subject : undefined;
  const lead =
    FAILURE_LEAD.test(text) ||
    EXCEPTION_LEAD.test(text) ||
    invalidFile !== undefined ||
    (FAIL_BADGE.test(text) && badgeOverNoFrame(context));
  if (row === null && first === undefined && (!lead || !MAY_NAME_FILE.test(text) || missingFile(text))) return false;
  const count = emittedPerScan.get(context.emitted) ?? 0;
  if (count >= MAX_PER_SCAN) return false;
  const named = row?.[1] ?? first?.file ?? invalidFile;
  const files = named === undefined ? namedFiles(text) : [named].filter((file) => SOURCE_EXTENSION.test(file) && !TOOL_OWN.test(file));
  let emitted = 0;
  for (const file of files) {
    if (count + emitted >= MAX_PER_SCAN || !context.mayBeWorkspaceFile(file)) continue;
    const message = first?.message ?? text.replace(SERVICE_LEAD, '').trim();
    if (context.emit({ file, line: 0, column: null, severity: 'error', message, hints: { confirm: true, fileOnly: true } })) emitted++;
  }
  if (emitted > 0) emittedPerScan.set(context.emitted, count + emitted);
  return false;
}

const proseFile: GrammarFormat = {
  name: 'prose-file',
  language: 'Any',
  description:
    "Any tool naming the file at fault with no line on a failure line (`The Compose file './docker-compose.yml' is invalid`, " +
    '`An error occurred while … inspecting app/x.rb.`, `[!] Invalid `Podfile` file: …`, ' +
    "a progress row `tests/test_x.py ..F.  [100%]`, MSBuild's `Views/Cart.xaml : error XV0001: …` with no position): " +
    'the file as a whole, ' +
    "kept only when the workspace has it and nothing else of the log was placed; read on the log's first and last 16 KiB, " +
    'and between them while nothing else is placed.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'message'],
  observed: false,
  // Searched over the raw first and last lines: a failure word after no lower-case letter (blanks, colour, a CI
  // timestamp, a known line prefix or a service's name may come first; a word inside a sentence may not) on a line
  // with a quote, a folder separator or an extension after it; or a progress row's percentage. A line parse would
  // refuse costs no normalisation here.
  anchor:
    [
      String.raw`^(?:${LINE_PREFIX_SOURCE}|${SERVICE})?(?:[^a-z\n\x1b]|\x1b\[[0-9;]*m){0,40}(?:An? )?`,
      `(?:${FAILURE_WORD})`,
      String.raw`(?=[^\n]*(?:["'\x60\\/]|\.[A-Za-z]))`,
    ].join('') +
    String.raw`|%\]` +
    // An exception's header (EXCEPTION_LEAD), on a line that may name a file after it.
    String.raw`|^[ \t]*(?:\d{1,3}/\d{1,3} |Caused by: )?${EXCEPTION_CLASS}(?=[^\n]*(?:["'\x60\\/]|\.[A-Za-z]))` +
    // A quoted file the sentence calls invalid (INVALID_SUBJECT), wherever the quote closes.
    String.raw`|["'\x60] (?:is|was) (?:invalid|not valid|malformed)\b` +
    [
      // A file first on its line, then a failure severity with no position (HEADED), or alone on its line (ALONE).
      String.raw`|^[ \t]*(?:[A-Za-z]:)?[^\s:]{1,300}(?: ?: {1,2}(?:[Ff]atal |FATAL )?(?:[Ee]rror|ERROR|[Ff]atal|FATAL|[Ff]ailure|FAILURE)|`,
      String.raw`(?<=\.[A-Za-z]{1,10})[ \t]*\r?$)`,
    ].join(''),
  lastResort: true,
  // What each of the anchor's alternatives holds on its line: a failure word, the percentage's `%]`, an extension at
  // the line's end, or INVALID_SUBJECT's verbs that hold no failure word. A log's first 10 KiB searched for these cost
  // ~14 us, the anchor's own search there ~190 us: each line's start paid the prefix alternation and a backtracking
  // file word.
  lastResortGate: String.raw`${FAILURE_WORD}|%\]|\.[A-Za-z]{1,10}[ \t]*$| (?:is|was) (?:not valid|malformed)\b`,
  parse: parseFileOnly,
};

export const proseFileFamily: GrammarFamily = { formats: [proseFile] };

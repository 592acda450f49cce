// The prose tier (issue 20): a file and a line written in words, in any order, by tools no format describes:
// `line 4 of conf/app.ini`, `conf/app.ini, line 4`, `conf/app.ini line 4:`, `at line 4 in q.sql`, `(4) in q.sql`,
// `File = a.c, Line = 9`, `near line 10 col 3 file a.f`, `(file "run.tcl" line 3)`, `'x.ini' [line  6]`, a file
// named in a message and its line in a later clause, a URL-ish anchor (`src/a.c#L12`, `…/blob/main/a.c#L12-L14`),
// and a location split from its file onto the next line (`:4:20: error: …` under a line ending in the path).
// The words prove nothing by themselves, so like the permissive tier every candidate carries `hints.confirm`:
// resolve keeps it only when it names an existing file inside a root. It runs after every other format, on
// lines none of them claimed. Each line is read by a few linear scans (no backtracking regex over the line),
// and at most MAX_PHRASES numbers and MAX_TOKENS path-like words of a line (tokens.ts) are considered, so a log of prose
// costs about what a plain log does (bench/realistic.mjs prints the ratio).
import type { Severity } from '../../../core/index.js';
import type { Emitted, GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import { PROSE_ANCHORS } from '../../engine/prefilter.js';
import { RepeatMemo } from '../../engine/repeat-memo.js';
import { ownCopy } from '../../engine/strings.js';
import { severityOf } from '../shared/common.js';
import { proposedAlready, wrapsInner } from './proposals.js';
import { rowUnderHeader } from './rows.js';
import { markedRowUnderHeader } from './listing.js';
import { markedExcerptLine } from './excerpt.js';
import {
  ANY_PHRASE,
  callerOfNamedPlace,
  fileBelow,
  fileCandidates,
  isListItem,
  LINE_LABEL,
  listFileAbove,
  listHeaderOf,
  messageAbove,
  messageOfItem,
  rememberListItem,
} from './around.js';
import { likely, tokensOf, type Token } from './tokens.js';
import { fileFor, joinedByWords } from './file-for.js';
import {
  calledTemplate,
  conventionalName,
  functionNameBefore,
  pathInLogicalName,
  pathLike,
  qualifiedName,
  SEVERITY_WORD,
  withoutHost,
} from './words.js';
import { splitFromPreviousLine } from './split-location.js';
import { blockOffset, blockOffsetWithin, noteBlockLine } from './block-lines.js';
import { frameInRun, noteTraceHeader, type RunFrame } from './trace-run.js';
import { emitFieldPlaces, mayHoldFields } from './fields.js';

const MAX_PHRASES = 8;

// A number written as a line: `line 4`, `Line: 4`, `Line:<TAB>4` (a dialog's fields), `Line = 4`, `line #4`, `LINE 4`, `lines 4-6`,
// `line no: 4` (LINE_LABEL), with an optional column (`, column 7`, ` col 7`, ` char 7`, `:7`).
const LINE_PHRASE = new RegExp(
  String.raw`${LINE_LABEL}(?: *[:=#][ \t]*| +)(\d{1,7})(?:-(\d{1,7}))?` +
    String.raw`(?:(?:, *| +|:)(?:(?:[Cc]ol(?:umn)?|[Cc]har(?:acter)?|[Pp]os(?:ition)?)(?: *[:=] *| +))?(\d{1,5}))?`,
  'g',
);
// `(4) in q.sql`, `(4,7) in q.sql`: the number in parentheses and the file after ` in `.
const PAREN_PHRASE = /\((\d{1,7})(?:, ?(\d{1,5}))?\) in /g;
// `"F" (4) :`, `"F"(4,7) : warning`: the number in parentheses right after a quoted file (AutoIt's and Au3Check's,
// a quoted cl.exe-style row); the quotes let the path hold blanks.
const QUOTED_PAREN_PHRASE = /" ?\((\d{1,7})(?:, ?(\d{1,5}))?\)/g;
// `F#L12`, `F#L12C3`, `F#L12-L14` (GitHub, GitLab, Gitea and Bitbucket's `#lines-12` anchors).
const ANCHORED = /^(.+?)#(?:L|lines-)(\d{1,7})(?:C(\d{1,5}))?(?:[-:]L?(\d{1,7}))?$/;
// An error line that may name no file because its tool read standard input.
const UNNAMED_ERROR = /\b(?:error|fatal|failed)\b|[a-z]Exception\b/i;

interface Found {
  file: string;
  unnamed?: boolean;
  /** The file is the one the line above named. */
  fromAbove?: boolean;
  /** Words join the file to its number (`F line 4`, `line 4 of F`, `in F at line 4`), not mere nearness on the line. */
  joined?: boolean;
  /** The file is the one path-like word elsewhere on the line, taken for want of one beside the number. */
  borrowed?: boolean;
  line: number;
  column: number | null;
  endLine: number | null;
  start: number;
  end: number;
  /** Whether the line says more than this location (messageOf), found once per distinct line. */
  saysMore?: boolean;
  /** The words before the file call it a template and it has no extension: an engine's logical name. */
  logicalName?: boolean;
  /** The file is a runtime's qualified name for a function or module, which resolve completes to its file. */
  moduleName?: boolean;
}

// A log repeats its lines (the same warning per file, per retry, per copy of a run): what a line's own words say
// is read once per distinct text. Only an analysis that never looked at the line above is kept, so the memo is a
// pure function of the text; it is bounded in entries and in the length of the lines it keeps.
// Where a long line's later number phrases are, for the words around them (tokens.ts).
const LATE_PLACES = new RegExp(ANY_PHRASE.source, 'g');

const phrasesMemo = new RepeatMemo<readonly Found[]>(512, 1024);

function rememberedPhrasesOf(text: string, above: () => string | undefined, below: () => string | undefined): readonly Found[] {
  const known = phrasesMemo.get(text);
  if (known !== undefined) return known;
  let lookedAbove = false;
  const tokens = tokensOf(text, LATE_PLACES);
  const phrases =
    tokens.length === 0
      ? []
      : phrasesOf(
          text,
          tokens,
          () => {
            lookedAbove = true;
            return above();
          },
          () => {
            lookedAbove = true;
            return below();
          },
        );
  // What is kept holds no slice of the line (the memo copies its key; phrases keep their own copies of files).
  if (!lookedAbove && phrasesMemo.wants(text))
    phrasesMemo.set(
      text,
      phrases.map((found) => ({ ...found, file: ownCopy(found.file) })),
    );
  return phrases;
}

function phrasesOf(text: string, tokens: readonly Token[], above: () => string | undefined, below: () => string | undefined): Found[] {
  const found: Found[] = [];
  const candidates = fileCandidates(tokens);
  for (const token of tokens) {
    const anchored = token.path.includes('#') ? ANCHORED.exec(token.path) : null;
    if (!anchored || !pathLike(anchored[1]!) || found.length >= MAX_PHRASES) continue;
    const line = Number(anchored[2]);
    const endLine = anchored[4] === undefined ? null : Number(anchored[4]);
    found.push({
      file: anchored[1]!,
      line,
      column: anchored[3] === undefined ? null : Number(anchored[3]),
      endLine: endLine !== null && endLine > line ? endLine : null,
      start: token.start,
      end: token.end,
    });
  }
  for (const regex of [LINE_PHRASE, PAREN_PHRASE, QUOTED_PAREN_PHRASE]) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match !== null && found.length < MAX_PHRASES; match = regex.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      const quotedParen = regex === QUOTED_PAREN_PHRASE;
      const paren = regex === PAREN_PHRASE || quotedParen;
      const own = quotedParen
        ? tokens.find((token) => token.end === start + 1)
        : paren
          ? tokens.find((token) => token.start >= end)
          : fileFor(text, tokens, candidates, { start, end }, found);
      // An item of a list under a header that named the file (`line 48: field x not found in type config.plain` under
      // `FAILED: parsing YAML file prometheus.yml: …`): the header's file, unless words join the item's own.
      const item = !paren && isListItem(text, start, end) && (own === undefined || !joinedByWords(text, own, start, end));
      const listed = item ? above() : undefined;
      // A runtime's name for the function a frame ran (`Error in tests.Prep (line 26)`): resolve completes it to its file.
      const called = own === undefined && !paren ? functionNameBefore(text, tokens, start) : undefined;
      const named = listed === undefined ? (own ?? called) : undefined;
      // No file on the line at all: the one the line above named (a message in two lines), else on an error line
      // (`parse error: … at line 3, column 11`) standard input, which only the command can name (resolve,
      // src/resolve/command-names.ts).
      const alone = listed !== undefined || (named === undefined && !paren && !tokens.some(likely));
      const previous = alone ? (listed ?? above()) : undefined;
      const fromAbove = previous === undefined ? undefined : { path: previous, start, end, fromAbove: true };
      // Else a report field below names it (`File: "F"` under the message and its snippet).
      const field = alone && previous === undefined ? below() : undefined;
      const fromBelow = field === undefined ? undefined : { path: field, start, end };
      const unnamed = alone && previous === undefined && field === undefined && UNNAMED_ERROR.test(text);
      const file = unnamed ? { path: '-', start, end } : (named ?? fromAbove ?? fromBelow);
      if (
        !file ||
        !(unnamed || 'fromAbove' in file || file === called || likely(file)) ||
        found.some((each) => each.start <= start && start < each.end)
      )
        continue;
      const line = Number(match[1]);
      const endLine = !paren && match[2] !== undefined && Number(match[2]) > line ? Number(match[2]) : null;
      const joined = named !== undefined && (paren || joinedByWords(text, named, start, end));
      const column = (paren ? match[2] : match[3]) ?? null;
      const logicalName = joined && calledTemplate(text, named.start, named.path);
      const moduleName = joined && !logicalName && qualifiedName(named.path);
      // A file only borrowed from elsewhere on the line is no part of the phrase: a phrase between them that words
      // join to it stays readable (`defined line 120. in f() (line 138 of F)`).
      const borrowed = named !== undefined && !joined;
      found.push({
        file: file.path,
        ...(unnamed ? { unnamed } : {}),
        ...('fromAbove' in file ? { fromAbove: true } : {}),
        ...(joined ? { joined } : {}),
        ...(borrowed ? { borrowed } : {}),
        ...(logicalName ? { logicalName } : {}),
        ...(moduleName ? { moduleName } : {}),
        line,
        column: column === null ? null : Number(column),
        endLine,
        start: borrowed ? start : Math.min(start, file.start),
        end: borrowed ? end : Math.max(end, file.end),
      });
    }
  }
  // The line's own place first: a number words join to its file before one that borrowed a file named elsewhere.
  return found.some((each) => each.borrowed)
    ? [...found.filter((each) => !each.borrowed), ...found.filter((each) => each.borrowed)]
    : found;
}

// The line itself when it says more than the location (nothing is cut from a message in words), else the
// message above an indented location-only line. Whether the line says more is its own text's: kept on the phrase.
// A guess the workspace will refuse needs no message: the lines above are then not read, and the line stays its own.
function messageOf(context: LineContext, found: Found, file: string): string {
  const text = context.text;
  found.saysMore ??= /[A-Za-z]/.test(
    `${text.slice(0, found.start)} ${text.slice(found.end)}`.replace(/\b(?:at|in|of|on|near|from|file|line|col(?:umn)?)\b/gi, ''),
  );
  if (found.saysMore) return text.trim();
  return context.mayBeWorkspaceFile(file) ? messageAbove(context) : '';
}

const JOINED_TRACE = /Traceback \(most recent call last\):/;

// A script's line under an error that says its step failed because of errors printed before (Vivado's `'wait_on_runs'
// failed due to earlier errors` over Tcl's `(file "build.tcl" line 75)`): the line only ran the step, as make's recipe.
const EARLIER_ERRORS = /\bfailed (?:due to|because of) (?:earlier|previous|prior) errors?\b/i;

// PostgreSQL's and DuckDB's echo of the failing query (`LINE 3: from 'orders.csv' o`, a caret under it when it is
// whole): the number counts lines of the query the client sent, and a name in it is the query's, not where it is kept.
const QUERY_ECHO = /^\s*LINE \d{1,7}: /;

function parseProse(context: LineContext): boolean {
  const text = context.text;
  if (splitFromPreviousLine(context) || markedExcerptLine(context) || rowUnderHeader(context) || markedRowUnderHeader(context)) return true;
  if (noteTraceHeader(context) || noteBlockLine(context)) return false;
  const byFields = mayHoldFields(text) && emitFieldPlaces(context);
  if (!ANY_PHRASE.test(text)) return byFields;
  if (QUERY_ECHO.test(text)) return false;
  const severity = severityOf(SEVERITY_WORD.exec(text)?.[1]);
  let claimed = byFields;
  let above: string | undefined | null = null;
  const fileOfAbove = (): string | undefined => (above === null ? (above = listFileAbove(context)) : above);
  const phrases = rememberedPhrasesOf(text, fileOfAbove, () => fileBelow(context));
  if (phrases.length === 0) return byFields;
  rememberListItem(context, phrases);
  // A Python traceback whose newlines a copy lost is one line of frames: its header says the innermost is last.
  // So is a message that wraps the error it met in the file it read (Apache's `Syntax error on line 140 of a.conf:
  // Syntax error on line 1 of b.load: …`): each place after a colon is where the one before it failed, innermost last.
  const chained = phrases.length > 1 && (JOINED_TRACE.test(text) || wrapsInner(text, phrases));
  // A frame of a run under a header that says its order (`Traceback (most recent call last):` over indented frames).
  const run: RunFrame | undefined = chained || phrases.length > 1 ? undefined : frameInRun(context);
  const trace = chained ? context.newTraceId() : undefined;
  let index = run?.index ?? 0;
  // A message in two lines says how bad it is in its first (`ERROR: …` over `Note: …`); a traceback is an error.
  const severityFor = (found: Found, message: string): Severity | null => {
    if (trace !== undefined || run !== undefined) return 'error';
    if (found.fromAbove && callerOfNamedPlace(context)) return 'note';
    return found.fromAbove ? severityOf(SEVERITY_WORD.exec(`${listHeaderOf(context)} ${message}`)?.[1]) : severity;
  };
  // A file place under the lines of blocks it holds (Tcl's `("foreach" body line 3)`) is where the block starts.
  const inBlocks = phrases.length === 1 ? blockOffset(context) : 0;
  for (const found of phrases) {
    const file = conventionalName(pathInLogicalName(withoutHost(found.file)));
    if (
      !(found.line >= 1) ||
      proposedAlready(context, file, found.line, found.unnamed === true, found.joined === true, found.moduleName === true)
    )
      continue;
    // A frame of a run names its own file: one borrowed from the header above (`<frozen importlib._bootstrap>` names none
    // this tier reads) is not the frame's.
    if (run !== undefined && (found.fromAbove === true || found.unnamed === true)) continue;
    // A message in two lines is one message; a later item of a list is its own.
    const message = found.fromAbove ? messageOfItem(context) : messageOf(context, found, file);
    if (found.saysMore === false && EARLIER_ERRORS.test(message)) {
      claimed = true;
      continue;
    }
    const location: Emitted = {
      file,
      line: found.line + (phrases.length === 1 ? inBlocks : blockOffsetWithin(text, found.start)),
      column: found.column,
      endLine: found.endLine,
      severity: severityFor(found, message),
      message,
      hints: found.unnamed
        ? { confirm: true, unnamed: true }
        : {
            confirm: true,
            ...(found.joined ? { named: true } : {}),
            ...(found.logicalName ? { logicalName: true } : {}),
            ...(found.moduleName ? { moduleName: true } : {}),
            ...(file !== found.file && file.toLowerCase() === found.file ? { kindName: true } : {}),
          },
      ...(trace === undefined && run === undefined
        ? {}
        : { frame: { trace: trace ?? run!.trace(), index: index++, causeRank: run?.causeRank ?? 0 } }),
    };
    const emitted = context.emit(location);
    run?.track(emitted);
    claimed = emitted !== undefined || claimed;
  }
  return claimed;
}

const prose: GrammarFormat = {
  name: 'prose',
  language: 'Any',
  description:
    'Any tool writing its location in words (`line 4 of conf/app.ini`, `q.sql, line 4`, `at line 4 in q.sql`, `(4) in q.sql`, `File = ' +
    'a.c, Line = 9`, Tcl\'s `(file "run.tcl" line 3)`, `src/a.c#L12`, a listing\'s marked `->  4:` under its file, a pest ' +
    "arrow's `--> 7:24` under the line naming the file), kept only when the workspace has that file.",
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'endLine', 'message'],
  observed: true,
  anchor: PROSE_ANCHORS.join('|'),
  // Only a joined Python traceback's frames carry a trace (parseProse).
  trace: { innermost: 'last', causes: 'root-first' },
  fallback: true,
  readsClaimedLines: true,
  parse: parseProse,
};

export const proseFamily: GrammarFamily = { formats: [prose] };

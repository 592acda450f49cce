// The candidate-line prefilter. An unanchored alternative is tried at every position of the log, so the
// combined regex keeps only a few literal-led universal ones; alternatives anchored at line start (`^…`)
// are tried once per line, and only those that can begin with that line's first character (a bitmap per
// character: one combined `^(?:…75 alternatives…)` regex cost ~0.6 s per 100 MB, the dispatch ~0.1 s).
// Keyed by a line's first two characters instead (derived from the sources, built lazily per pair) it ran 1 % fewer
// regexes on the CI bench log (166 944 → 165 009 on 10 MB) and no less CPU: the common lines start with words, digits or
// blanks, which the class-led alternatives accept whatever follows (`[A-Za-z_][\w-]{0,63}:\d`, `\s*[A-Za-z][\w ]{0,30}\(`).
// Their time is the regexes' work, not the calls: a trivial sticky test at every line start costs 0.01 s per 100 MB,
// the real ones 0.28 s (issue 21). Two class-led alternatives that need a long literal (`(most recent call last)`, `Error: `)
// are 16 % of the stage's instructions; trying them only at lines holding the literal (String#indexOf per slice) saved
// 2 % a pass and cost ~240 M instructions once: not kept (bench/floors.mjs, session 28).
// A test checks on every fixture that no line a format's own anchor selects is missed here
// (test/grammars/prefilter.test.ts). Measurements: shared/reference/performance.md §3b, §6; bench/run.mjs.
import { LOCALISED_LINE_ANCHOR, SGR, STANDARD_INPUT_ANCHOR, URL_QUERY } from './anchors.js';
import { ALL_CHARS, firstChars, type FirstChars } from './first-chars.js';
import type { GrammarFormat } from './format.js';
import { FormatAnchors } from './format-anchors.js';
import { dispatchTable, testAt } from './dispatch.js';
import { impliesUniversalAnchor } from './implied-anchor.js';
import { afterPasteMarks, skipBlanksAndColour, skipColour } from './line-skips.js';

/** What nearly every location line contains, whatever the tool. */
export const UNIVERSAL_ANCHORS: readonly string[] = [
  // path.ext:12 / path.ext(12 / GHC's path.hs:(12,5) — compilers, linters, stack frames (ANSI allowed
  // between the parts); path.ext 12:5 / path.ext (12:5) — webpack, dart-sass, Dart frames, rollup. One
  // alternative: irregexp tries each alternative at every `.` of the log.
  // Also `path.ext:[12,5]` (Maven), `path.ext|12|` (Code::Blocks), `path.ext[3, 7]` (tslint), `path.ext (3,7)`
  // (ts-loader) and `path.ext (3, 7)` (a build wrapper's re-print of tsc's row: broccoli's), a dev server's query
  // after the file (`x.ts?t=1700:12:5`), `path.ext (12.5):` (a build wrapper's re-print of cl.exe's row),
  // `path.ext (141) :` (AutoHotkey), `path.ext : 1` (TinyScheme), `path.ext: 3:` (dash),
  // `path.ext: (12, 5):` (Kotlin's legacy renderer), `path.ext [12, 5]` / `path.ext [Ln 12, Col 5]` (an editor's
  // problem list), `path.ext<TAB>12` (tab-separated reports: brakeman, Visual Studio's Error List) and HockeyApp's
  // `Class;method;File.java;117` rows (`;`: their letter-led line-start alternative is then implied, implied-anchor.ts):
  // more characters in the same classes cost irregexp nothing extra. A Markdown code span or emphasis
  // may close between the file and its number (`` `src/x.c`:12 ``, a web copy: engine/line-texts.ts repairs it), and
  // so may a quote (the Nu Html Checker's `"file:/x/index.html":9.13-9.17:`, Gambit's `"x.scm"@2.7`), and a Lua chunk
  // named as a string (`[string "conf/x.lua"]:3:`). The line as a row's cell after the file's (`path  12  …`,
  // `"path",12  …`, `"path", 12: …`: permissive.ts), a bare number that ends the line or that a colon, a tab or two
  // blanks follow: no line more of the 1 MB and 10 MB CI bench logs (16 and 156 selected, before and after).
  `\\.[A-Za-z][A-Za-z0-9+_]{0,11}${URL_QUERY}` +
    `(?:${SGR}[\\x60*"\\]]{0,3}[:(|[\\t@;]${SGR}[([]?\\d| \\(?\\d+(?:[:,] ?\\d|\\) ?:|\\.\\d+\\):)|` +
    `: \\(?\\d+[:,] | : \\d| \\[(?:Ln )?\\d|` +
    `[\\x60"']?(?:, ?| {1,8})\\d{1,7}(?= ?: |\\t| {2,}|[ \\t]*\\r?$))`,
  // "line 12", "Line: 12", ":line 14" — PHP, Perl, Terraform, ShellCheck, Gradle, .NET frames, Python frames;
  // and the prose tier's `LINE 12`, `lines 4-6`, `[line  6]` (Python's configparser), `Line = 9`, `line #3`, a
  // report's aligned field (Flyway's `Line       : 33`). One alternative led by the same letters: irregexp starts
  // it where the old one started. An error page's markup may wrap the number (Drupal's `line <em class="placeholder">41</em>`:
  // engine/line-texts.ts drops it before the formats read the line).
  // A record's line field too (prose/fields.ts): `"lineno": 57`, `'line': 8`, `lineNumber: 12`, Erlang's `{line,12}`.
  // A web copy may close emphasis or a code span on the label (`**Line**: 234`: engine/web-copy.ts repairs it).
  // A user's words may name the number (`line no: 164`, `line no. 12`, `line number 7`).
  `(?:[Ll]ine|LINE)(?:s|no|No|_?[Nn]umber| ?[Nn]o\\.?| [Nn]umber)?(?:["'\\x60]|\\*{1,2})?(?: *[:=#,][ \\t]*| +)` +
    `(?:<[a-z]{1,6}(?: [^<>\\n]{0,80})?>)?\\d`,
  // Python frames with the path quoted (`File "`), and extensionless build files (Makefile:12, Dockerfile:3,
  // Jenkinsfile, Gemfile…) by their common ending: naming the prefixes made irregexp start a match at every
  // D, d, M, m, C, J, V, G and R of the log (measured: 140 → 110 ms per 100 MB for the whole regex).
  `[Ff]ile(?: ${SGR}"|[\\w.-]*:\\d)`,
  // GitHub workflow commands
  `::(?:error|warning|notice)\\b`,
  // The prose tier's URL-ish anchors (`src/a.c#L12`, Bitbucket's `#lines-12`) and `(12) in file`: literal-led. The
  // same literal leads a position that ends its line (`a.js: Unexpected token (7:4)`, Babel and prettier; a colon may
  // follow it): the permissive tier looks for its file earlier on the line, or on a header line above.
  `#(?:L|lines-)\\d`,
  // The same literal leads a traceback header wherever it stands (`Broken DAG: [x.py] Traceback (most recent call last):`,
  // prose/trace-run.ts; `  Traceback (most recent call last)` in any tool's words): a line-start alternative that needs it
  // is then implied (implied-anchor.ts) and not tried at every line start, where it was the costliest of all (issue 21).
  // And a frame's `(file:`, `(package:` or `(dart:` (Dart, Chrome): a Dart frame's line-start alternative read every `#12 …`
  // line of a Docker build to its end and back (implied-anchor.ts). Also selected: old cargo's `Compiling x (file:///…)`.
  // F*'s range (`X(12,8-12,20)`) and a Python tokenizer's `start (40,79)` in a message (vyper) too: their letter-led
  // line-start alternatives are then implied.
  `\\((?:\\d{1,7}(?:(?:, ?\\d{1,5})?\\) in |[:,] ?\\d{1,5}\\):?[ \\t]*$)|\\d+,\\d+-\\d+,\\d+\\)|(?<=\\bstart \\()\\d|` +
    `most recent call last\\)|(?:file|package|dart):)`,
  // A source read from standard input (`<stdin>:3:18: error`, `[stdin]:3`, ruff's `-:1:8`): its file is named by
  // the command only (src/resolve/command-names.ts).
  ...topLevelAlternatives(STANDARD_INPUT_ANCHOR),
  // No alternative of its own for the permissive tier's extensionless files in a folder (`bin/rails:4`): one for
  // `/name:12` selected URLs and clocks and cost ~45 % more CPU on the 100 MB bench log, and even `bin/name:12` or a
  // Ruby frame tail (`:4:in '`) cost 5-7 %. Such a line is found when it also names a file with an extension.
  // zsh's head names a script without an extension (`resty:40: parse error near …`) or a function: its commonest
  // messages are literal enough to be tried where a colon and a number meet. So is a Lua traceback's frame of a script
  // without an extension (`\tbuild-aux/gen:142: in main chunk`, catalog/lua.ts).
  `:\\d{1,7}: (?:parse error|command not found: |no such file or directory: |in (?:main chunk|function |local |upvalue |method |field ))`,
  // An Erlang stack entry's location list printed anywhere in an OTP report or logger line (`exception exit:
  // {{function_clause,[{m,f,1,[{file,"src/m.erl"},{line,9}]}…`), and Elixir's keyword form of it: literal-led.
  `\\[\\{file,"[^"\\n]{1,300}"\\},`,
  `\\[file: (?:~c)?["'][^"'\\n]{1,300}["'], line: \\d`,
  // OTP's ErrorInfo after a file a tool could not read as terms (`Failed to load rebar.config: {error,{32,file,…`), the
  // pretty printer's break after `{error,` included: literal-led, and the file before it has no number of its own.
  `: \\{error,(?:\\s*$|\\{ ?\\{?\\d)`,
  // CMake's generate step names a file with no line (`CMake Error in lib/CMakeLists.txt:`, native-build.ts): literal-led.
  `CMake (?:Error|Warning(?: \\(dev\\))?) in \\S`,
  // A line number after a path's colon in a runtime's localised words (a .NET crash report's frame, anchors.ts). Last:
  // PROSE_ANCHORS names the alternatives above by their place.
  LOCALISED_LINE_ANCHOR,
];

/** The prose tier's anchors: the universal ones that can hold a location in words, a line that starts with a
 * location whose file ended the line before (`:4:20: error: …`), and a severity or numbered row under a file header. */
export const PROSE_ANCHORS: readonly string[] = [
  UNIVERSAL_ANCHORS[1]!,
  UNIVERSAL_ANCHORS[4]!,
  // The universal `(` alternative as the prose tier reads it: a traceback header's literal only where it ends its line.
  `\\((?:\\d{1,7}(?:(?:, ?\\d{1,5})?\\) in |[:,] ?\\d{1,5}\\):?[ \\t]*$)|most recent call last\\):?\\s*$)`,
  '^:\\d',
  // A line led by a quoted file and its number in parentheses (AutoIt's `"C:\My Apps\F.au3" (4) : ==>`, Au3Check's
  // `"F"(4,7) : warning`): prose/prose.ts. The quotes let the path hold blanks, which the universal anchors refuse.
  '"[^"\\n]{1,512}" ?\\(\\d',
  '^\\s*(?:Error|Warning|Notice|Info|Note)s?: \\d+:\\d',
  '^\\s+\\d+(?::\\d+)?: \\S',
  // The grouped rows of prose/rows.ts: `  12:5  error  …`, ` 12 | ERROR | …`, a `Line` column's `  12    …`, `L:  12 | P:`.
  '^\\s+\\d+:\\d+ +[^\\s\\d]',
  // The same rows at the margin, their severity word required (prose/rows.ts).
  '^\\d+:\\d+ +(?:[Ee]rror|ERROR|[Ww]arn|WARN)',
  // A source excerpt's numbered line too (prose/excerpt.ts): colour may close after the number (swc's, miette's) and the
  // bar may be a box-drawing one (`4 │`, UTF-8 read as latin1 here).
  '^(?:[ \\t]|\\x1b\\[[0-9;]*m)*\\d+(?:\\x1b\\[[0-9;]*m)* *(?:\\||\\xe2\\x94\\x82) *\\S',
  '^\\s+\\d+\\s{2,}\\S',
  '^\\s*L: *\\d+ *\\|',
  // A trace header that states its frames' order (prose/trace-run.ts).
  '^\\s*[A-Za-z][\\w ]{0,30}\\(most recent call last\\)',
  // A marked line of a source listing under a file header (prose/listing.ts): `->  3:`, `> 12 |`, `* 12`, `51*`.
  '^\\s*(?:-{1,2}>|={1,2}>|>{1,2}|\\*)\\s{0,4}\\d',
  '^\\s*\\d{1,7}\\*(?:\\s|$)',
];

/** Splits a regex source into its top-level alternatives (outside groups and classes). */
export function topLevelAlternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let index = 0; index < source.length; index++) {
    const character = source[index];
    if (character === '\\') {
      index++;
      continue;
    }
    if (inClass) {
      if (character === ']') inClass = false;
      continue;
    }
    if (character === '[') inClass = true;
    else if (character === '(') depth++;
    else if (character === ')') depth--;
    else if (character === '|' && depth === 0) {
      parts.push(source.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(source.slice(start));
  return parts;
}

/** Tells whether a line-start anchor selects the line beginning at `start`. */
export interface LineStartMatcher {
  matches(text: string, start: number): boolean;
}

export interface Prefilter {
  /** Unanchored, literal-led: tried at every position. */
  anywhere: RegExp;
  /** The line-start matcher trying only the given CI/task-runner prefix kinds (see detectLinePrefixes). */
  lineStartFor(prefixSource: string): LineStartMatcher;
  /** Line-start alternatives left to the universal anchors because they could begin with almost any
   * character (a path): each contains a universal anchor, which the coverage test checks on every fixture. */
  broad: readonly string[];
}

// More possible first characters than this and an alternative would be tried at nearly every line.
const BROAD = 128;

function analyse(sources: string[]): { narrow: Array<{ source: string; chars: Set<number> }>; broad: string[] } {
  const narrow: Array<{ source: string; chars: Set<number> }> = [];
  const broad: string[] = [];
  for (const source of sources) {
    const chars: FirstChars = firstChars(source);
    if (chars === undefined || chars.size > BROAD) broad.push(source);
    else narrow.push({ source, chars });
  }
  return { narrow, broad };
}

export function buildPrefilter(formats: readonly GrammarFormat[]): Prefilter {
  const alternatives = [...new Set(formats.flatMap((format) => topLevelAlternatives(format.anchor)))].filter(
    (alternative) => !UNIVERSAL_ANCHORS.includes(alternative) && !impliesUniversalAnchor(alternative.replace(/^\^/, '')),
  );
  const anchored = analyse(alternatives.filter((alternative) => alternative.startsWith('^')).map((alternative) => alternative.slice(1)));
  // An unanchored alternative names a phrase (`Traceback`, `Caused by:`, `●`) that starts its line, after
  // indentation or colour; the prefilter looks for it there only (the coverage test flags a mid-line one).
  // An alternative led by a file extension (`\.go:\d`, `\.pyi?:…`) selects lines the universal anchors
  // already select; trying it at every line start only cost time (the coverage test keeps this honest).
  const phrases = analyse(alternatives.filter((alternative) => !alternative.startsWith('^') && !alternative.startsWith('\\.')));
  // At the line's start the anchored alternatives and the phrases are one regex per first character: one run a line
  // instead of two (the runs, not what they read, were most of the line-start prefilter: ~2 a line on a CI log).
  const startTable = dispatchTable([...anchored.narrow, ...phrases.narrow]);
  const phraseTable = dispatchTable(phrases.narrow);
  // Indented and coloured lines are common (code frames, stack frames, test reporters): the alternatives that
  // can start with a blank or ESC are keyed by the first character after blanks and colour codes, so such a
  // line tries a few instead of every one that allows a colour prefix (each of which re-read the codes).
  const leadTable = dispatchTable([...leading(anchored.narrow), ...leading(phrases.narrow)]);
  const matchAt = (text: string, position: number): boolean => {
    const first = text.charCodeAt(position);
    // Most lines start with neither a blank nor colour: one regex run, nothing to skip (this runs at every line).
    if (first !== 0x20 && first !== 0x09 && first !== 0x1b) return testAt(startTable, text, position, first);
    if (testAt(leadTable, text, position, text.charCodeAt(skipBlanksAndColour(text, position)))) return true;
    const afterColour = skipColour(text, position);
    if (afterColour !== position && testAt(phraseTable, text, afterColour)) return true;
    const afterBlanks = skipBlanksAndColour(text, afterColour);
    return afterBlanks !== afterColour && testAt(phraseTable, text, afterBlanks);
  };
  // A Markdown quote (`> `, `> > `) or a code fence glued before a pasted line: its line-start alternatives are tried
  // after the marks too (the line's text loses them: engine/line-texts.ts).
  const matchQuoted = (text: string, position: number): boolean => {
    const first = text.charCodeAt(position);
    return matchAt(text, position) || ((first === 0x3e || first === 0x60) && matchAt(text, afterPasteMarks(text, position)));
  };
  const cache = new Map<string, LineStartMatcher>();
  return {
    anywhere: new RegExp(group([...UNIVERSAL_ANCHORS]), 'gm'),
    broad: [...anchored.broad, ...phrases.broad],
    lineStartFor(prefixSource: string): LineStartMatcher {
      let matcher = cache.get(prefixSource);
      if (!matcher) cache.set(prefixSource, (matcher = lineStartMatcher(prefixSource, matchQuoted)));
      return matcher;
    },
  };
}

const group = (sources: string[]): string => sources.map((source) => `(?:${source})`).join('|') || '(?!)';

// The colour-code groups anchors use, as written in their sources (see _anchors.ts and the families).
const COLOUR_GROUPS = [SGR, '(?:\\x1b\\[[0-9;]*m)*'];
const BLANK_OR_COLOUR = /\(\?:\[ \\t\]\|\\x1b\\\[\[0-9;\]\*m\)[*+]/g;

// The alternatives that can start with a blank or ESC, with the characters they can start with once blanks
// and colour codes are skipped: their colour groups removed (a blank-or-colour run becomes optional blanks),
// then firstChars after blanks. A line skipped the same way starts with one of those if the alternative
// matches it; test/grammars/prefilter.test.ts checks this on every fixture line.
function leading(
  alternatives: ReadonlyArray<{ source: string; chars: ReadonlySet<number> }>,
): Array<{ source: string; chars: ReadonlySet<number> }> {
  return alternatives
    .filter(({ chars }) => chars.has(0x20) || chars.has(0x09) || chars.has(0x1b))
    .map(({ source }) => {
      const plain = COLOUR_GROUPS.reduce((text, colour) => text.split(colour).join(''), source.replace(BLANK_OR_COLOUR, '[ \\t]*'));
      return { source, chars: firstChars(plain, true) ?? ALL_CHARS };
    });
}

// Anchors match after up to two CI/task-runner prefixes (a GitHub timestamp wrapping a turbo prefix); a
// single kind needs one. The prefix regex runs only at lines whose first character can start a prefix.
function lineStartMatcher(prefixSource: string, matchAt: (text: string, position: number) => boolean): LineStartMatcher {
  if (prefixSource === '') return { matches: matchAt };
  const prefix = new RegExp(`(?:${prefixSource})`, 'y');
  const prefixChars = firstChars(prefixSource);
  const rounds = prefixSource.includes('|') ? 2 : 1;
  const afterPrefix = (text: string, position: number): number => {
    if (prefixChars !== undefined && !prefixChars.has(text.charCodeAt(position))) return -1;
    prefix.lastIndex = position;
    return prefix.test(text) ? prefix.lastIndex : -1;
  };
  return {
    matches(text, start) {
      let position = start;
      for (let round = 0; ; round++) {
        if (matchAt(text, position)) return true;
        if (round === rounds) return false;
        position = afterPrefix(text, position);
        if (position < 0) return false;
      }
    },
  };
}

// Everything above depends on the format set and the log's prefix kinds only, never on the log: a process that
// locates many small logs (an editor, an agent) builds each once (issue 15: rebuilding them was most of a warm
// 10 KB call). Bounded, because `--tool`/`formats` choose the set and a caller may vary it.
const MAX_CACHED_SETS = 16;
const prefilters = new Map<string, Prefilter>();
const formatAnchors = new Map<string, FormatAnchors>();
// A set is usually the same array call after call (the registry's frozen whole set): its key is remembered.
const setKeys = new WeakMap<readonly GrammarFormat[], string>();
function formatSetKey(formats: readonly GrammarFormat[]): string {
  let key = setKeys.get(formats);
  if (key === undefined) setKeys.set(formats, (key = formats.map((format) => format.name).join(',')));
  return key;
}

const formatIndexes = new Map<string, ReadonlyMap<string, GrammarFormat>>();
/** The set by format name, once per format set per process. */
export function formatsByNameFor(formats: readonly GrammarFormat[]): ReadonlyMap<string, GrammarFormat> {
  return remember(formatIndexes, formatSetKey(formats), () => new Map(formats.map((format) => [format.name, format])));
}

function remember<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= MAX_CACHED_SETS) cache.delete(cache.keys().next().value as string);
    cache.set(key, (value = build()));
  }
  return value;
}

/** buildPrefilter, once per format set per process (its regexes are used synchronously, lastIndex set first). */
export function prefilterFor(formats: readonly GrammarFormat[]): Prefilter {
  return remember(prefilters, formatSetKey(formats), () => buildPrefilter(formats));
}

/** The formats' own anchors, once per format set and prefix kinds per process (their regexes are used synchronously). */
export function formatAnchorsFor(formats: readonly GrammarFormat[], prefixes: string): FormatAnchors {
  return remember(formatAnchors, `${prefixes}\u0000${formatSetKey(formats)}`, () => new FormatAnchors(formats, prefixes));
}

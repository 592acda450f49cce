// .NET stack frames: `   at Calc.Tests.AddTests.Add() in /home/u/svc/tests/AddTests.cs:line 14` (CoreCLR/.NET
// Framework, xUnit/NUnit/MSTest "Stack Trace:" blocks) and Mono's `  at Calc.Program.Main () [0x00001] in /x/Program.cs:12`.
// Inner exceptions print FIRST, closed by `--- End of inner exception stack trace ---`, so the first section of a chain
// is the root cause (causeRank 0) and each later section ranks one higher.
// Link: https://learn.microsoft.com/en-us/dotnet/api/system.exception.stacktrace
import type { IToken } from 'chevrotain';
import { Colon, Int, Space, Word } from '../../engine/tokens.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { plausiblePath } from '../shared/common.js';
import { consumeUntil } from '../../engine/until.js';
import { utf8ToLatin1 } from '../../engine/strings.js';
import { LOCALISED_LINE_ANCHOR } from '../../engine/anchors.js';

export function defineDotnetRules(parser: LineParser): void {
  // `<path>:line 14` (CoreCLR) or `<path>:12` at the end of the line (Mono).
  parser.define('dotnetFrameLocation', () => {
    consumeUntil(
      parser,
      20,
      (peek) =>
        peek(1).tokenType === Colon &&
        ((peek(2).tokenType === Word && LINE_WORDS.has(peek(2).image) && peek(3).tokenType === Space && numberOrEnd(peek(4))) ||
          (peek(2).tokenType === Int && (peek(3).tokenType === Space || peek(3).tokenType.name === 'EOF'))),
    );
    parser.tok(1, Colon);
    parser.opt(1, () => {
      parser.tok(1, Word);
      parser.tok(1, Space);
    });
    parser.alt(1, [{ GATE: () => parser.peek(1).tokenType === Int, ALT: () => parser.tok(1, Int) }, { ALT: () => parser.tok(2, Word) }]);
  });
}

// German's resource ends the sentence: `in F:Zeile 41.` (the number and its period lex as one word).
function numberOrEnd(token: IToken): boolean {
  return token.tokenType === Int || (token.tokenType === Word && /^\d+\.$/.test(token.image));
}

interface StackState {
  trace: number;
  index: number;
  causeRank: number;
  message: string;
  lastLogLine: number;
}

// The runtime prints its frame words in the system's language (the `Word_At` and `StackTrace_InFileLineNumber`
// resources): `   bei X() in F:Zeile 9`, `   à X() dans F:ligne 9`, `   en X() en F:línea 9`, `   在 X() 位置 F:行号 9`,
// `   場所 X() 場所 F:行 9`, `   в X() в F:строка 9`, `   em X() em F:linha 9`, `   in X() in F:riga 9`.
const AT_LIST = ['at', 'bei', 'à', 'en', 'in', 'em', 'в', '在', '場所', 'w', 'v', 'bij', 'vid'];
const LINE_LIST = ['line', 'Zeile', 'ligne', 'línea', 'riga', 'linha', 'строка', '行号', '行', 'wiersz', 'řádek', 'regel', 'rad'];
const AT_WORDS = `(?:${AT_LIST.join('|')})`;
const IN_WORDS = String.raw`(?:in|dans|en|em|в|位置|場所|w|v|i)`;
const LINE_WORDS = new Set(LINE_LIST);
const FRAME = new RegExp(String.raw`^\s*${AT_WORDS} \S`);
// Where the path starts: after the method's parameter list, Mono's IL offset, and ` in `.
const IN = new RegExp(String.raw`^\s*${AT_WORDS} .*?\)(?: \[0x[0-9a-f]+\])? ${IN_WORDS} (?=\S)`);
// A crash report App Center files (its `### Stacktrace ###` section, also opened as an issue by its GitHub
// integration) prints each frame without the frame word, the method's class's namespace after a semicolon, and a
// blank line between frames: `Shop.Cart.Total(Int32 n) in C:\src\Shop\Cart.cs:line 41;Shop`, localised alike
// (`… en C:\src\Shop\Cart.cs:línea 41;Shop`), or `Shop.Cart.Total(Int32 n);Shop` when the build had no symbols.
// The parameter list holds no parenthesis and the path no semicolon, so each part is matched once. An app built with
// Mono (Xamarin) prints Mono's frame: a blank before the parameter list, the IL offset, `:L` (`Shop.Cart.Total ()
// [0x0005f] in C:\src\Shop\Cart.cs:41;Shop`).
const MONO_OFFSET = String.raw`(?: \[0x[0-9a-f]+\])?`;
const REPORT_FRAME = new RegExp(String.raw`^\s*(?:${AT_WORDS} )?[^\s(]+ ?\([^()]*\)${MONO_OFFSET}(?: ${IN_WORDS} \S[^;]*)?;[\w.\`]+\s*$`);
const REPORT_IN = new RegExp(String.raw`^\s*(?:${AT_WORDS} )?[^\s(]+ ?\([^()]*\)${MONO_OFFSET} ${IN_WORDS} (?=\S)`);
// Application Insights (Azure Monitor) shows an exception's parsed stack with the assembly in place of the parameter list
// and the file and line after it: `   at Shop.Cart+<Total>d__4.MoveNext (Shop, Version=1.0.0.0, Culture=neutral,
// PublicKeyToken=null: D:\src\Shop\Cart.cs:41)`. A copy of the portal's table (held-out set 62) repeats the assembly before
// each cell, glued to the cell before it: `(A, …, PublicKeyToken=nullA, …: D:\src\Shop\Cart.csA, …: 41)`. The
// assembly's display name ends at its `PublicKeyToken=`; taking out every repetition of it leaves `: F:L` or `: F: L`.
const INSIGHTS_HEAD = new RegExp(String.raw`^\s*${AT_WORDS} [^\s()]+ \(`);
const INSIGHTS_TAIL = /^: (.+):\s?(\d{1,7})$/;
const PUBLIC_KEY_TOKEN = /^(?:null|[0-9a-fA-F]{16})/;

function insightsLocation(text: string): { file: string; line: number } | undefined {
  const head = INSIGHTS_HEAD.exec(text);
  const body = text.trimEnd();
  if (!head || !body.endsWith(')')) return undefined;
  const inside = body.slice(head[0].length, -1);
  // A display name is short: the bound keeps the split below linear on a hostile line.
  const token = inside.indexOf('PublicKeyToken=');
  // The token is `null` or 16 hex digits; the copy glues the next cell's assembly name right after it.
  const value = token < 0 || token > 400 ? null : PUBLIC_KEY_TOKEN.exec(inside.slice(token + 'PublicKeyToken='.length));
  if (!value) return undefined;
  const end = token + 'PublicKeyToken='.length + value[0].length;
  const tail = INSIGHTS_TAIL.exec(inside.slice(end).split(inside.slice(0, end)).join(''));
  return tail ? { file: tail[1]!, line: Number(tail[2]) } : undefined;
}

const isFrame = (line: string): boolean => FRAME.test(line) || REPORT_FRAME.test(line);
const END_OF_INNER = /^\s*--- End of inner exception stack trace ---/;
const END_OF_RETHROW = /^\s*--- End of stack trace from previous location/;

// The exception text above the first frame: xUnit/NUnit put it under `Error Message:` and above `Stack Trace:` (in an
// XML result, in the `<message>` element above `<stack-trace>`);
// an unhandled exception prints `Unhandled exception. System.X: msg` (Mono: `Unhandled Exception:` then the text).
function exceptionMessage(context: LineContext, above: number): string {
  const lines: string[] = [];
  for (let delta = above; delta >= above - 12; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '' || isFrame(line)) break;
    if (/^\s*Stack Trace:\s*$/.test(line) && lines.length === 0) continue;
    if (/^\s*(?:Error Message:|Unhandled [Ee]xception:|Failed |\[xUnit\.net|X |\[FAIL\])/.test(line)) break;
    // The console logger's record header (`fail: Category[1]`) opens the record the exception is printed in.
    if (/^(?:trce|dbug|info|warn|fail|crit): /.test(line)) break;
    // A line of a test report's markup alone (`<failure>`, `<test-case name="…">`) is not the exception's text.
    if (/^\s*<[^<>]*>\s*$/.test(line)) break;
    const unhandled = /^(?:\[ERROR\] FATAL UNHANDLED EXCEPTION: |Unhandled [Ee]xception\. )(.*)$/.exec(line.trim());
    lines.unshift(unhandled ? (unhandled[1] ?? '') : line.trim());
    if (unhandled) break;
  }
  return lines.join('\n');
}

// A crash report states the exception below its frames, under `### Reason ###`.
function reportReason(context: LineContext): string {
  for (let delta = 1; delta <= 40; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (!/^#{1,6} *Reason *#*\s*$/.test(line)) continue;
    for (let below = delta + 1; below <= delta + 3; below++) {
      const reason = context.line(below)?.trim();
      if (reason) return reason;
    }
    break;
  }
  return '';
}

// A compiled Razor view's frame names no file when its symbols were not deployed, but its generated class is the
// view's path with each `/` and `.` written `_`: `AspNetCore._Views_Home_Index_cshtml` (ASP.NET Core 1.x–2.0),
// `AspNetCore.Views_Home_Index` (Razor SDK, 2.1+), `AspNetCoreGeneratedDocument.Pages_Index` (.NET 6+),
// `ASP._Page_Views_Home_Index_cshtml` (ASP.NET MVC 5). The view folders start the name, so no other class matches.
// Ben.Demystifier writes `at async Task<IActionResult> Ns.Type.Method()`: a modifier and a return type may come first.
const VIEW_PREFIX = String.raw`(?:AspNetCore(?:GeneratedDocument)?\._?|ASP\._Page_)`;
const VIEW_CLASS = new RegExp(
  String.raw`^\s*${AT_WORDS} (?:async )?(?:\S+ )?${VIEW_PREFIX}((?:Areas|Views|Pages)_\w{1,200}?)(?:_(cshtml|vbhtml))?\.[\w<]`,
);

/** The view a compiled Razor view's class names (`Views_Shared__Layout` is `Views/Shared/_Layout.cshtml`), as a whole. */
function viewOfFrame(text: string): { file: string; line: number } | undefined {
  const view = VIEW_CLASS.exec(text);
  if (!view?.[1]) return undefined;
  // A file or folder's own leading `_` (`_Layout`, `_ViewStart`) doubles the separator's; other `_` inside a name are
  // read as separators too, so such a view stays unresolved rather than guessed.
  return { file: `${view[1].replace(/_(_?)/g, '/$1')}.${view[2] ?? 'cshtml'}`, line: 0 };
}

/** The file and line of a runtime's frame (` in F:line L`, Mono's ` in F:L`) or a crash report's (`…;Namespace`). */
function frameLocation(context: LineContext, report: boolean): { file: string; line: number } | undefined {
  const text = context.text;
  if (report && !REPORT_FRAME.test(text)) return undefined;
  const start = report ? REPORT_IN.exec(text) : IN.exec(text);
  if (!start) return undefined;
  // A report's namespace after the line number would lex as one word with it: the frame is read without it.
  const source = report ? text.replace(/;[\w.`]+\s*$/, '') : text;
  const parsed = context.parse('dotnetFrameLocation', { from: start[0].length, text: source });
  if (!parsed) return undefined;
  const location = /^(.*):(?:[^\s:\\/]{1,8} )?(\d+)\.?$/.exec(context.slice(parsed.cst, parsed, source));
  return location ? { file: location[1] ?? '', line: Number(location[2]) } : undefined;
}

function parseDotnetStack(context: LineContext): boolean {
  const text = context.text;
  const report = !FRAME.test(text);
  const printed = (report ? undefined : insightsLocation(text)) ?? frameLocation(context, report);
  const found = printed && plausiblePath(printed.file) ? printed : report ? undefined : viewOfFrame(text);
  if (!found) return false;
  const state = context.state<StackState>(() => ({ trace: 0, index: 0, causeRank: 0, message: '', lastLogLine: -1 }));
  // Frames of one trace are consecutive apart from frames without a file (skipped, not emitted) and the
  // section markers; anything else above the frame starts a new trace.
  let delta = -1;
  let marker: 'inner' | 'rethrow' | undefined;
  for (; delta >= -40; delta--) {
    const line = context.line(delta) ?? '';
    if (END_OF_INNER.test(line)) marker = 'inner';
    else if (END_OF_RETHROW.test(line)) marker ??= 'rethrow';
    // A report's frames stand a blank line apart.
    else if (report && line.trim() === '' && REPORT_FRAME.test(context.line(delta - 1) ?? '')) continue;
    else if (!isFrame(line)) break;
  }
  // A paste read double-spaced steps over the blank lines between a report's frames, so the run above may span up to
  // twice as many log lines as lines read.
  const runStart = context.logLine + (report ? 2 : 1) * (delta + 1);
  const continues = state.lastLogLine >= runStart && state.lastLogLine > 0;
  if (!continues) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.causeRank = 0;
    state.message = report ? reportReason(context) : exceptionMessage(context, delta);
  } else if (marker === 'inner') {
    // The outer exception's frames: same printed trace, one rank further from the root cause.
    state.trace = context.newTraceId();
    state.index = 0;
    state.causeRank++;
  } else {
    state.index++;
  }
  state.lastLogLine = context.logLine;
  context.emit({
    file: found.file,
    line: found.line,
    message: state.message,
    frame: { trace: state.trace, index: state.index, causeRank: state.causeRank },
  });
  return true;
}

export const dotnetStack: GrammarFormat = {
  name: 'dotnet-stack',
  trace: { innermost: 'first', causes: 'root-first' },
  language: 'C#/F#/VB (.NET)',
  description:
    '`dotnet test` / an unhandled exception / `mono --debug`: `   at Calc.Tests.AddTests.Add() in /home/u/svc/tests/AddTests.cs:line ' +
    '14`, Mono `  at X.Main () [0x00001] in /x/Program.cs:12`, inner-exception sections, App Center crash reports ' +
    '(`X.Main(String[] args) in C:\\x\\Program.cs:line 12;X`, localised), Application Insights ' +
    '(`at X.Main (X, Version=1.0.0.0, Culture=neutral, PublicKeyToken=null: C:\\x\\Program.cs:12)`), a compiled Razor ' +
    'view named by its class (`at AspNetCore.Views_Home_Index.ExecuteAsync()`: `Views/Home/Index.cshtml` as a whole).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://learn.microsoft.com/en-us/dotnet/api/system.exception.stacktrace',
  // A localised frame is selected by its frame word at the line's start (its line word sits mid-line).
  anchor:
    ':line \\d|\\] in [^\\n]{1,1000}\\.[A-Za-z]{1,4}:\\d' +
    // Application Insights' frame: the assembly's display name, then `: F:L)` (or its table copy's `: L)`).
    '|PublicKeyToken=(?:null|[0-9a-fA-F]{16})[^\\n]{0,1000}: ?\\d{1,7}\\)' +
    // Anchors read the raw bytes (latin1): the words are written as their UTF-8 bytes.
    `|^\\s+(?:${utf8ToLatin1(AT_LIST.slice(1).join('|'))}) [^\\n]{1,1000}:(?:${utf8ToLatin1(LINE_LIST.slice(1).join('|'))}) \\d` +
    // A crash report's frame, without the frame word, in any language (anchors.ts).
    `|${LOCALISED_LINE_ANCHOR}` +
    // A compiled Razor view's frame, which prints no file (viewOfFrame).
    `|${VIEW_PREFIX}(?:Areas|Views|Pages)_`,
  parse: parseDotnetStack,
};

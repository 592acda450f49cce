// .NET and Windows native: MSBuild's canonical error format `origin(L,C): [subcategory] error CODE: text [project]`
// shared by cl.exe (msvc) and csc/mcs/fsc/vbc under msbuild or `dotnet build`; .NET and Mono stack frames; Pester
// and PowerShell error positions. PowerShell lives in _powershell.ts.
// Link: https://learn.microsoft.com/en-us/visualstudio/msbuild/msbuild-diagnostic-format-for-tasks
import { fable } from './fable.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import { parseParenHead, plausiblePath, severityOf, type LocationHead } from '../shared/common.js';
import { locationAnchorFor } from '../../engine/anchors.js';
import { wrapHeadAbove } from '../../engine/wraps.js';

// Both read only the `origin(L,C)` head (or a wrapper's `origin (L,C)`): a `file:L:C` line is never theirs.
// The wrapper's blank form only where a row follows (`(L,C`, `(L):`, `(L.C):`): `Test.Case (0 ms)` is no head.
const WRAPPER_HEAD_ANCHOR = String.raw`\.[A-Za-z][A-Za-z0-9+_]{0,11} \(\d+(?:,\d|\) ?:|\.\d+\):)`;
// MSBuild's console logger (before MSBuild 16) wraps its rows itself at the console's width less one (119 in a
// 120-column window), anywhere in the path: a cut right after the extension's dot leaves the extension alone at the
// margin (`cs(3,7): error CS0246: …`) under the folders and the name (`c:\src\Lib.Shared\Attribute.`).
const WRAPPED_EXTENSION_ROW = /^([A-Za-z][A-Za-z0-9]{0,5})\((\d{1,7})(?:,(\d{1,5}))?(?:,(\d{1,7}),(\d{1,5}))?\)(?=\s?:)/;
const WRAPPED_EXTENSION_ANCHOR = String.raw`^[A-Za-z][A-Za-z0-9]{0,5}\(\d+(?:,\d+){0,3}\)\s?:\s?(?:fatal )?(?:error|warning) `;
const PAREN_HEAD_ANCHOR = `${locationAnchorFor('[A-Za-z][A-Za-z0-9+_]{0,11}', '\\(')}|${WRAPPER_HEAD_ANCHOR}|${WRAPPED_EXTENSION_ANCHOR}`;
import { dotnetStack, defineDotnetRules } from './dotnet-stack.js';
import { pester, powershell } from './powershell.js';
import { psscriptanalyzer } from './psscriptanalyzer.js';

// MSBuild's node prefix in multi-processor builds (`3>`), possibly indented by the terminal logger.
const NODE_PREFIX = /^\s*(?:\d+>)?\s*/;
// The project MSBuild appends when it logs a task's error: `… [C:\src\app\app.vcxproj]`.
const PROJECT_SUFFIX = /\s+\[([^\]]+\.(?:[a-z]{1,6}proj|sln|slnx|targets|props|proj))\]\s*$/i;
// `: error C2065: msg`, `: fatal error C1083: msg`, `: Command line warning D9002: msg`, `: error : msg`. The
// format's code is any word without spaces: linters that write it name a rule (`error no-unused-vars : msg` from
// eslint's visualstudio formatter, `error noConsole: msg` from tslint's msbuild one).
const TAIL = /^\s*:\s*(?:([A-Za-z][\w ]*?)\s+)?(fatal error|error|warning|note|info|message)(?:\s+([A-Za-z][\w@/.-]*))?\s*:\s?(.*)$/i;
const C_FAMILY = /\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|inl|ipp|tlh|tli|rc|idl|cu|ixx|cppm)$/i;
// Keil C51, which writes the same head, numbers its errors in three digits (`error C202`).
const MSVC_CODE = /^(?:C|LNK|D|RC|CVT|BK|PRJ)\d{3,4}$/;
// MSBuild's logic files: the SDK's and NuGet packages' targets and props (held-out sets 54–56), and the codes by which
// they judge the project itself: the SDK's checks (NETSDKxxxx: target frameworks, runtime identifiers), a target the
// project lacks (MSB4057), its package references (NU11xx/NU12xx unresolvable or incompatible, NU16xx versions). A
// task's tool that exited badly (MSB6006, MSB3073), a network failure (NU1301) or a crash is no fault of the project.
const BUILD_LOGIC = /\.(?:targets|props|tasks)$/i;
const PROJECT_FAULT = /^(?:NETSDK\d{4}|MSB4057|NU1[126]\d\d)$/;
const PROJECT_FALLBACK = { confirm: true, fileOnly: true } as const;

interface Diagnostic {
  file: string;
  line: number;
  column: number | null;
  endLine: number | null;
  endColumn: number | null;
  severity: ReturnType<typeof severityOf>;
  code: string | null;
  message: string;
  project: string | undefined;
}

// A console that hard-wraps at its width cuts the trailing project hint: `… expected [/home/u/sv` then `c/svc.csproj]`
// on the next line, or the whole `[…/svc.csproj]` alone there. The join counts only when it is a project hint.
function withWrappedProject(rest: string, next: string | undefined): string {
  if (next === undefined || PROJECT_SUFFIX.test(rest)) return rest;
  const joined =
    /\[[^\]\s]*$/.test(rest) && /^[^\s[\]]+\]\s*$/.test(next)
      ? rest + next
      : /^\s*\[[^\]]+\]\s*$/.test(next)
        ? `${rest} ${next.trim()}`
        : rest;
  return PROJECT_SUFFIX.test(joined) ? joined : rest;
}

// The head of a row whose path a wrap cut after its extension's dot (WRAPPED_EXTENSION_ROW): the two halves joined.
function wrappedExtensionHead(context: LineContext): LocationHead | undefined {
  const row = WRAPPED_EXTENSION_ROW.exec(context.text);
  const previous = row ? context.line(-1) : undefined;
  if (!row || previous === undefined || !previous.endsWith('.')) return undefined;
  const head = wrapHeadAbove(previous);
  const file = head === undefined ? '' : head + row[1]!;
  if (!/[\\/]/.test(file) || !plausiblePath(file)) return undefined;
  const number = (at: number): number | null => (row[at] === undefined ? null : Number(row[at]));
  return {
    file,
    line: Number(row[2]),
    column: number(3),
    endLine: number(4),
    endColumn: number(5),
    rest: context.text.slice(row[0].length),
    start: 0,
  };
}

function parseDiagnostic(context: LineContext): Diagnostic | undefined {
  const prefix = NODE_PREFIX.exec(context.text)?.[0].length ?? 0;
  // Paths may hold spaces and parentheses (`C:\Program Files (x86)\…`), so the path runs to the location suffix.
  // A build wrapper that re-prints cl.exe's rows may put a blank before the parenthesis and a dot between line and
  // column (`Thrdstk.c (1317.37): Error C2039: …`): the severity word and code after it still make the row MSBuild's.
  const head = parseParenHead(context, { from: prefix, parens: true, wrapper: true }) ?? wrappedExtensionHead(context);
  if (!head) return undefined;
  const rest = withWrappedProject(head.rest, context.line(1));
  const project = PROJECT_SUFFIX.exec(rest);
  const tail = TAIL.exec(project ? rest.slice(0, project.index) : rest);
  if (!tail) return undefined;
  const word = (tail[2] ?? '').toLowerCase();
  return {
    file: head.file,
    line: head.line,
    column: head.column,
    endLine: head.endLine,
    endColumn: head.endColumn,
    // MSBuild's `message` category is informational output a task attaches to a place.
    severity: word === 'message' ? 'note' : severityOf(word),
    code: tail[3] ?? null,
    message: [tail[1], tail[4]]
      .filter((part) => part !== undefined && part !== '')
      .join(': ')
      .trim(),
    project: project?.[1],
  };
}

function emitDiagnostic(context: LineContext, diagnostic: Diagnostic, format: string): void {
  const { project, ...location } = diagnostic;
  // cl.exe and csc run in the project's directory: a relative origin is relative to it.
  const cut = project === undefined ? -1 : Math.max(project.lastIndexOf('\\'), project.lastIndexOf('/'));
  const projectDirectory = cut > 0 ? project?.slice(0, cut) : undefined;
  context.emit({ ...location, format, ...(projectDirectory ? { hints: { projectDirectory } } : {}) });
  // An error MSBuild's own logic (the SDK's or a package's `.targets`/`.props`) raised about the project it names in
  // brackets (a target framework the SDK cannot build, a missing target): when the logic file is no workspace file,
  // that project is the place, as a whole (a last resort, kept only when nothing else of the log resolved).
  // Only an error: the same codes inform too (`message NETSDK1057: You are using a preview version of .NET`).
  const fault = location.severity === 'error' && PROJECT_FAULT.test(location.code ?? '');
  if (project !== undefined && fault && BUILD_LOGIC.test(location.file)) {
    context.emit({ ...location, file: project, line: 0, column: null, endLine: null, endColumn: null, format, hints: PROJECT_FALLBACK });
  }
}

function isMsvc(diagnostic: Diagnostic): boolean {
  return diagnostic.code === null ? C_FAMILY.test(diagnostic.file) : MSVC_CODE.test(diagnostic.code);
}

const msvc: GrammarFormat = {
  name: 'msvc',
  language: 'C/C++',
  description:
    "`cl.exe` / `msbuild app.vcxproj`: `C:\\src\\app\\main.cpp(12,5): error C2065: 'x': undeclared identifier " +
    '[C:\\src\\app\\app.vcxproj]`, line-only `(214)`, `3>` node prefixes.',
  columnBase: 1,
  // Microsoft documents /diagnostics:column as 1-based but not its unit.
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://learn.microsoft.com/en-us/cpp/build/reference/diagnostics-compiler-diagnostic-options',
  anchor: PAREN_HEAD_ANCHOR,
  parse(context) {
    const diagnostic = parseDiagnostic(context);
    if (!diagnostic || !isMsvc(diagnostic)) return false;
    emitDiagnostic(context, diagnostic, 'msvc');
    return true;
  },
};

const msbuild: GrammarFormat = {
  name: 'msbuild',
  language: 'C#/F#/VB (.NET)',
  description:
    '`dotnet build` / `msbuild` / `csc` / `mcs`: `/home/u/svc/Program.cs(10,31): error CS1002: ; expected [/home/u/svc/svc.csproj]`, ' +
    '`(L,C,EL,EC)` ranges, MSBxxxx errors on targets files.',
  columnBase: 1,
  // Roslyn prints LinePosition.Character + 1: UTF-16 code units (mcs counts chars the same way).
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://learn.microsoft.com/en-us/visualstudio/msbuild/msbuild-diagnostic-format-for-tasks',
  anchor: PAREN_HEAD_ANCHOR,
  parse(context) {
    const diagnostic = parseDiagnostic(context);
    if (!diagnostic || isMsvc(diagnostic)) return false;
    emitDiagnostic(context, diagnostic, 'msbuild');
    return true;
  },
};

export const dotnetFamily: GrammarFamily = {
  // The stack frames first: `at X.M() in C:\x\A.cs:line 14` never has the paren head, but the frame parser is
  // the cheaper refusal. msvc before msbuild: they share the head and msvc claims only C-family codes/files.
  formats: [dotnetStack, pester, powershell, psscriptanalyzer, msvc, msbuild, fable],
  rules: defineDotnetRules,
};

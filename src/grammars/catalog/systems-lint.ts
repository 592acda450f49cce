// Rust and Go linters: clippy (rustc's renderer plus a lint link) and golangci-lint (go-build's head plus a
// trailing `(linter)`). Both share their compiler's location shape and are told apart by what follows it.
// Link: https://doc.rust-lang.org/clippy/usage.html
// Link: https://golangci-lint.run/docs/configuration/cli/#run
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { parseColonHead, severityOf } from './shared/common.js';

// --- clippy ---------------------------------------------------------------------------------------------
// clippy is a rustc driver: its diagnostics are rustc's (`warning: msg`, ` --> src/lib.rs:6:5`, gutter) and
// the rustc format, earlier in the registry, claims the arrow. Only this line, inside the diagnostic's
// `= help:`/`= note:` block, says which clippy lint fired:
//   `  = help: for further information visit https://rust-lang.github.io/rust-clippy/rust-1.95.0/index.html#needless_return`
const LINT_LINK = /^\s*= help: for further information visit https:\/\/rust-lang\.github\.io\/rust-clippy\/\S*#([a-z0-9_]+)\s*$/;
const HEADER = /^(error|warning)(?:\[[\w-]+\])?: (.*)$/;
const ARROW = /^(\s*)--> /;
// Between the header and the link: the arrow, gutter lines, `= note:` lines, ` ::: ` secondary spans.
const BETWEEN = /^\s*(?:\d+\s*)?[|=]|^\s*(?:-->|:::) |^\s*\.\.\.\s*$|^\s{4,}\S/;
// A diagnostic's frame rarely exceeds a few dozen lines; the scanner's neighbour window bounds it.
const MAX_LOOK_BACK = 40;

function parseClippy(context: LineContext): boolean {
  const link = LINT_LINK.exec(context.text);
  if (!link) return false;
  const code = `clippy::${link[1] ?? ''}`;
  // Walk up to the header, remembering the first arrow below it (the primary span).
  let arrowDelta: number | null = null;
  for (let delta = -1; delta >= -MAX_LOOK_BACK; delta--) {
    const line = context.line(delta);
    if (line === undefined) return false;
    const header = HEADER.exec(line);
    if (header) {
      if (arrowDelta === null) return false;
      return claimDiagnostic(context, arrowDelta, code, severityOf(header[1]), header[2] ?? '');
    }
    if (!BETWEEN.test(line)) return false;
    if (ARROW.test(line)) arrowDelta = delta;
  }
  return false;
}

// With rustc active, its location for this arrow already exists: it becomes clippy's (same place, same
// severity and message; the lint name is the code). With `--tool clippy` alone, clippy emits it itself.
function claimDiagnostic(
  context: LineContext,
  arrowDelta: number,
  code: string,
  severity: ReturnType<typeof severityOf>,
  message: string,
): boolean {
  const arrowLine = context.logLine + arrowDelta;
  const existing = context.emitted.findLast((location) => location.logLine === arrowLine);
  if (existing) {
    if (existing.format !== 'rustc' || existing.code !== null) return false;
    existing.code = code;
    existing.format = 'clippy';
    return true;
  }
  const text = context.line(arrowDelta) ?? '';
  const arrow = ARROW.exec(text);
  const head = arrow ? parseColonHead(context, { text, from: arrow[0].length }) : undefined;
  if (!head || head.rest.trim() !== '' || !head.file.endsWith('.rs')) return false;
  context.emit({ file: head.file, line: head.line, column: head.column, severity, code, message, logLine: arrowLine });
  return true;
}

const clippy: GrammarFormat = {
  name: 'clippy',
  language: 'Rust',
  description:
    "`cargo clippy` (human output): rustc's `warning: msg` / ` --> src/lib.rs:6:5` diagnostic whose `= help: for further information " +
    'visit …rust-clippy…#lint` line names the lint (the code, `clippy::lint`).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://doc.rust-lang.org/clippy/usage.html',
  // Line-start anchored: the prefilter takes `^` alternatives as they are (no universal anchor covers this line).
  anchor: '^[ \\t]*= help: for further information visit https://rust-lang\\.github\\.io/rust-clippy/',
  parse: parseClippy,
};

// --- golangci-lint --------------------------------------------------------------------------------------
// `pkg/a.go:12:5: Error return value of \`f.Close\` is not checked (errcheck)`, then the source line and a
// caret line (both with the file's own tab indentation). Issues without a column (lll) print `pkg/a.go:41: …`.
// golangci-lint-action re-prints each issue behind `Error: ` (a GitHub annotation echo).
const LINTER_TAIL = /^: (.*) \(([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*)\)$/;
const ACTION_PREFIX = /^(?:Error|Warning): /;
// Linter names that never appear in parentheses at the end of a go build/vet message; anything else in
// that position is a linter. go's own messages end in prose (`(mismatched types int and string)` has spaces).
const NOT_LINTERS = new Set(['type', 'value', 'variable', 'constant']);

function parseGolangciLint(context: LineContext): boolean {
  const prefix = ACTION_PREFIX.exec(context.text)?.[0] ?? '';
  const head = parseColonHead(context, { from: prefix.length });
  // The linter in parentheses ends the line: go build's lines, which come here first in a dense log, end in prose.
  if (!head || head.start !== prefix.length || !head.file.endsWith('.go') || !head.rest.endsWith(')')) return false;
  const tail = LINTER_TAIL.exec(head.rest);
  const linter = tail?.[2];
  if (!tail || !linter || NOT_LINTERS.has(linter)) return false;
  // Every reported issue fails `golangci-lint run` (exit 1); the text output prints no severity of its own.
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: prefix.startsWith('Warning') ? 'warning' : 'error',
    code: linter,
    message: tail[1] ?? '',
  });
  return true;
}

const golangciLint: GrammarFormat = {
  name: 'golangci-lint',
  language: 'Go',
  description:
    '`golangci-lint run` (text output): `pkg/a.go:12:5: msg (linter)` followed by the source line and a caret; `pkg/a.go:41: msg ' +
    '(lll)` without a column.',
  columnBase: 1,
  // go/token columns: 1-based bytes, a tab counting 1.
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://golangci-lint.run/docs/configuration/cli/#run',
  anchor: '\\.go:\\d+(?::\\d+)?: ',
  parse: parseGolangciLint,
};

export const systemsLintFamily: GrammarFamily = {
  formats: [
    // The two never compete for a line: clippy reads a `= help:` line, golangci-lint `.go` heads.
    clippy,
    golangciLint,
  ],
};

// Bundlers: esbuild (`✘ [ERROR] msg` then `    src/x.ts:3:16:` on its own line), webpack (`ERROR in ./src/App.js 6:2`),
// vite 8 / rolldown (`[plugin] msg` then `╭─[ src/x.ts:2:24 ]`), swc (`,-[src/x.ts:11:1]` frames), rollup (`[!] RollupError: src/x.js
// (2:12): msg`) and babel (`SyntaxError: /abs/src/a.js: Unexpected token (2:10)` above a code frame). Links:
// https://esbuild.github.io/api/#log-level, https://webpack.js.org/configuration/stats/, https://vite.dev/guide/build,
// https://rollupjs.org/command-line-interface/
import type { Severity } from '../../../core/index.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { SGR } from '../../engine/anchors.js';
import { emitWebpackHead, parseParenLocation, parseSpaceLocation, parseTrailingLineCol } from './web-rules.js';
import { parseColonHead, plausiblePath } from '../shared/common.js';
import { stripLinePrefixes } from '../../engine/prefixes.js';
import { compileBlockModule, noteCompileHeading, parseWebpackBare } from './webpack-bare.js';
import { parseWebpackLegacy } from './webpack-legacy.js';
import { esbuildApi, parseEsbuildLegacy, viteRollup } from './esbuild-vite-legacy.js';

// --- esbuild: header, blank, `    path:L:C:`, code frame; notes are 2-space prose then their own `    path:L:C:` ---

const ESBUILD_HEADER = /^\s*[✘▲] \[(ERROR|WARNING)\] (.*?)(?: \[([\w-]+)\])?\s*$/;

// A blank line behind a task prefix (`@acme/web:build: `) reaches the grammar unstripped: the scanner strips a
// prefix only when text follows it. Appending a character makes the prefix strippable, leaving that character.
function isBlank(line: string | undefined): boolean {
  if (line === undefined) return false;
  return line.trim() === '' || stripLinePrefixes(`${line.trimEnd()} .`) === '.';
}

function parseEsbuild(context: LineContext): boolean {
  const text = context.text;
  if (parseEsbuildLegacy(context)) return true;
  if (!/^ {4}\S/.test(text)) return false;
  const head = parseColonHead(context, { from: 4 });
  // The location line is the location and a colon, nothing else.
  if (!head || head.column === null || head.rest.trim() !== ':') return false;
  if (!isBlank(context.line(-1))) return false;
  const above = context.line(-2) ?? '';
  const header = ESBUILD_HEADER.exec(above);
  let severity: Severity;
  let message: string;
  let code: string | null = null;
  if (header) {
    severity = header[1] === 'WARNING' ? 'warning' : 'error';
    message = header[2] ?? '';
    code = header[3] ?? null;
  } else if (/^ {2}\S/.test(above)) {
    // A note (`  The symbol "x" was declared here:`) pointing at a related place.
    severity = 'note';
    message = above.trim();
  } else {
    return false;
  }
  context.emit({ file: head.file, line: head.line, column: head.column, severity, message, code });
  return true;
}

// --- webpack: `ERROR in ./src/App.js 6:2` / `WARNING in …`, the message on the next line ---

function parseWebpack(context: LineContext): boolean {
  const head = /^(ERROR|WARNING) in (?=\S)/.exec(context.text);
  if (!head) {
    if (noteCompileHeading(context)) return false;
    const block = compileBlockModule(context);
    return parseWebpackBare(context) || parseWebpackLegacy(context, context.text, block ?? 'error', block !== undefined);
  }
  const location = parseSpaceLocation(context, head[0].length);
  // `ERROR in ./src/x.js` without a position (a loader failure) or `ERROR in main` (a chunk) names no line.
  if (!location) return parseWebpackLegacy(context, context.text.slice(head[0].length), head[1] === 'WARNING' ? 'warning' : 'error', true);
  if (context.text.slice(location.end).trim() !== '') return false;
  const message = (context.line(1) ?? '').trim();
  emitWebpackHead(context, location, head[1] === 'WARNING' ? 'warning' : 'error', message);
  return true;
}

// --- vite 8 (rolldown/oxc): `[builtin:vite-transform] Unexpected token`, then `   ╭─[ src/greet.ts:2:24 ]` ---

function parseVite(context: LineContext): boolean {
  const frame = /^\s*╭─\[ ?/.exec(context.text);
  if (!frame) return false;
  const head = parseColonHead(context, { from: frame[0].length });
  if (!head || !/^ ?\]\s*$/.test(head.rest)) return false;
  // The message heads the frame: `[plugin] msg` or `[CODE] Error: msg` a line or two above.
  for (let delta = -1; delta >= -3; delta--) {
    const heading = /^\[([\w:@/-]+)\] (.*)$/.exec(context.line(delta) ?? '');
    if (!heading) continue;
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: 'error',
      message: heading[2] ?? '',
      code: heading[1] ?? null,
    });
    return true;
  }
  return false;
}

// --- swc (and Next.js, which embeds it): `  x msg`, then the frame `   ,-[src/x.ts:302:1]` over numbered excerpt lines ---

// Older swc (and the Next.js builds that embed it) head the frame with the excerpt's FIRST line (`:302:1`), newer
// ones with the marked line but always column 1; the place is the line its marks sit under: a `:  ^^^` row after it, a `,->` opening a
// multi-line span, or a code-frame `>` before its number.
const SWC_HEAD = /^\s*,-\[/;
const SWC_EXCERPT = /^(\s*>?\s*)(\d+) \|( ?)(.*)$/;
const SWC_MARKS = /^(\s*): ?(.*)$/;
const SWC_HEADING = /^\s*(x|×|⚠|!)\s+(\S.*)$/;

function swcMarkedPlace(context: LineContext): { line: number; column: number | null } | undefined {
  for (let delta = 1, previous: { line: number; barAt: number } | undefined; delta <= 40; delta++) {
    const text = context.line(delta);
    if (text === undefined || /^\s*`-{3,}/.test(text)) return undefined;
    const excerpt = SWC_EXCERPT.exec(text);
    if (excerpt) {
      const line = Number(excerpt[2]);
      if ((excerpt[1] ?? '').includes('>')) return { line, column: null };
      // A multi-line span opens with `,->` in the span gutter: its start column is not drawn.
      if (/^,->/.test(excerpt[4] ?? '')) return { line, column: null };
      previous = { line, barAt: text.indexOf('|') };
      continue;
    }
    const marks = SWC_MARKS.exec(text);
    if (marks && previous && (marks[1] ?? '').length === previous.barAt) {
      const caret = text.indexOf('^', previous.barAt + 2);
      if (caret < 0) continue;
      return { line: previous.line, column: caret - (previous.barAt + 2) + 1 };
    }
  }
  return undefined;
}

function parseSwc(context: LineContext): boolean {
  const frame = SWC_HEAD.exec(context.text);
  if (!frame) return false;
  const head = parseColonHead(context, { from: frame[0].length });
  if (!head || !/^\]\s*$/.test(head.rest)) return false;
  const heading = SWC_HEADING.exec(context.line(-1) ?? '') ?? SWC_HEADING.exec(context.line(-2) ?? '');
  const marked = swcMarkedPlace(context);
  context.emit({
    file: head.file,
    line: marked?.line ?? head.line,
    // Without marks the header's column is only the excerpt's start, not a place.
    column: marked ? marked.column : null,
    severity: heading?.[1] === '⚠' || heading?.[1] === '!' ? 'warning' : 'error',
    message: heading?.[2]?.trim() ?? '',
  });
  return true;
}

// --- rollup: `[!] RollupError: src/math.js (2:12): msg` (error), `(!) …` (warning) and `src/math.js (2:12)` rows ---

interface RollupState {
  last?: { logLine: number; key: string };
}

function parseRollup(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<RollupState>(() => ({}));
  const bang = /^\[!\] (?:(\w*Error): )?/.exec(text);
  const from = bang ? bang[0].length : 0;
  const location = parseParenLocation(context, from);
  if (!location) return false;
  const key = `${location.file}:${location.line}:${location.column}`;
  // rollup repeats the location alone on the line after its `[!]` heading: one location, not two.
  if (!bang && state.last?.key === key && state.last.logLine >= context.logLine - 2) return true;
  const rest = text.slice(location.end).replace(/^:\s*/, '').trim();
  let severity: Severity | null = bang ? 'error' : null;
  let message = rest;
  if (!bang) {
    // A row under a warning heading `(!) Plugin typescript: TS2307: …` (or an error heading without the location).
    const heading = /^(\(!\)|\[!\]) (.*)$/.exec(context.line(-1) ?? '');
    if (!heading && rest === '') return false;
    severity = heading?.[1] === '(!)' ? 'warning' : 'error';
    message = rest || (heading?.[2] ?? '');
  }
  state.last = { logLine: context.logLine, key };
  context.emit({ file: location.file, line: location.line, column: location.column, severity, message });
  return true;
}

// --- babel: `SyntaxError: /abs/src/a.js: Unexpected token (2:10)` (also indented under jest, after babel-loader) ---

// A wrapper that passes babel's error on writes its own label first (`Stack trace: SyntaxError: …` from a renderer
// that runs babel in a child process, `Module build failed: SyntaxError: …`, the browser's `Uncaught SyntaxError: …`):
// one label of words and a colon, or `Uncaught`, may stand before the error's name.
const BABEL_HEAD = /^\s*(?:[A-Z][A-Za-z]{0,20}(?: [A-Za-z]{1,20}){0,3}: |Uncaught )?(?:Syntax|Type|Reference)?Error: (?=\S)/;
const BABEL_SOURCE = /\.(?:[cm]?[jt]sx?|flow)$/;

// The code frame's caret, 1-based in UTF-16 units: `> 2 | const a = ;` then `    |           ^` within a few lines.
function babelCaret(context: LineContext, line: number): number | undefined {
  for (let delta = 1; delta <= 12; delta++) {
    const marked = context.line(delta);
    if (marked === undefined) return undefined;
    const gutter = new RegExp(`^\\s*>\\s+${line} \\| `).exec(marked);
    if (!gutter) continue;
    const caret = /^(\s*\|)( *)\^/.exec(context.line(delta + 1) ?? '');
    // The caret row's `|` sits under the gutter's; the code starts one space after it.
    return caret && caret[1]!.length + 1 === gutter[0].length ? caret[2]!.length : undefined;
  }
  return undefined;
}

function parseBabel(context: LineContext): boolean {
  const text = context.text;
  const head = BABEL_HEAD.exec(text);
  if (!head) return false;
  const colon = text.indexOf(': ', head[0].length);
  const file = colon < 0 ? '' : text.slice(head[0].length, colon);
  if (!BABEL_SOURCE.test(file) || !plausiblePath(file)) return false;
  // `(L:C)` ends the message, or its first line when more follows (`… isn't currently enabled (2:10):`).
  const position = parseTrailingLineCol(context, { trailingColon: true });
  if (!position || position.start < colon) return false;
  // The parser's message counts the column from 0; @babel/core's missing-plugin message from 1. The caret under
  // the code frame settles it when present.
  const fromMessage = /^Support for the experimental syntax /.test(text.slice(colon + 2)) ? position.column : position.column + 1;
  const column = babelCaret(context, position.line) ?? fromMessage;
  context.emit({ file, line: position.line, column, severity: 'error', message: text.slice(colon + 2, position.start).trim() });
  return true;
}

export const webBundlerFormats: GrammarFormat[] = [
  {
    name: 'esbuild',
    language: 'JavaScript',
    description:
      '`npx esbuild src/index.ts --bundle`: `✘ [ERROR] msg`, a blank line, then `    src/index.ts:3:16:` on its own line and a code frame.',
    // esbuild's MsgLocation.Column is "0-based, in bytes" (pkg/api): observed `src/greet.ts:2:40` for the `;` that is
    // the 38th character but the 41st byte of `  const é = "café"; return é + name +;`.
    columnBase: 0,
    columnUnit: 'byte',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    observed: true,
    url: 'https://esbuild.github.io/api/#log-level',
    anchor:
      `^ {4}\\S.*\\.[A-Za-z][A-Za-z0-9+_]{0,11}:\\d+:\\d+:${SGR}\\r?$` +
      // Before 0.9: ` > src/a.js:2:18: error: msg` and its notes `   src/a.js:1:6: note: msg`.
      `|^${SGR}(?: > | {3})\\S.*\\.[A-Za-z][A-Za-z0-9+_]{0,11}:\\d+:\\d+: ${SGR}(?:error|warning|note): `,
    parse: parseEsbuild,
  },
  {
    name: 'webpack',
    language: 'JavaScript',
    description:
      '`npx webpack` (webpack 5 stats): `ERROR in ./src/App.js 6:2` (module, SPACE, L:C[-EC]) then the message (`Module not found: ' +
      '…`); webpack 1-4: `ERROR in ./src/App.js` then `Module parse failed: Unexpected token (6:2)` (webpack 1.12: `… /abs/F ' +
      'Line 6: msg`) or `Module build failed: ' +
      "SyntaxError: … (6:2)` (webpack 4: `Module build failed (from ./node_modules/x-loader/…):`, the loader's error below), " +
      "else the chain's first entry naming the module (`@ ./src/App.js 6:0-20`), else the module as a whole (line 0); " +
      "create-react-app: `./src/App.js 6:2` alone, then webpack's message; Next.js: `./pages/x.ts` alone, " +
      'then `Module parse failed: … (3:16)`.',
    // Positions come from acorn's SourceLocation: 1-based lines, 0-based UTF-16 columns, exclusive end.
    columnBase: 0,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message'],
    observed: true,
    url: 'https://webpack.js.org/configuration/stats/',
    // The second branch: create-react-app's `./src/x.jsx 48:12` header alone on its line.
    // The third: a module alone (Next.js), read when webpack's `Module parse failed: … (L:C)` follows, or any webpack or
    // compiler message when it opens an entry of a `Failed to compile.` block (the module as a whole, or its import).
    // `ERROR in 0.12s` is a duration (dbt's run summary), not a module.
    anchor:
      `(?:ERROR|WARNING)${SGR} in ${SGR}(?!\\d[\\d.]*m?s\\b)[.\\w/@-]|^\\.{1,2}/\\S+ \\d+:\\d+|^\\.{1,2}/\\S+\\s*$` +
      // A compile block's heading (create-react-app, Next.js): read for the modules alone on their lines below it.
      '|^(?:Failed to compile|Compiled with warnings|Compiled successfully)\\b',
    parse: parseWebpack,
  },
  {
    name: 'vite',
    language: 'JavaScript',
    description: '`npx vite build` (vite 8, rolldown): `[plugin] msg`, then the framed excerpt headed `╭─[ src/greet.ts:2:24 ]`.',
    // oxc spans are UTF-8 offsets but the miette-style header prints a 1-based character column (observed 2:24 under `;`).
    columnBase: 1,
    columnUnit: 'char',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    observed: true,
    url: 'https://vite.dev/guide/build',
    // ╭ is e2 95 ad and ─ e2 94 80 in the raw text.
    anchor: `\\xe2\\x95\\xad\\xe2\\x94\\x80\\[`,
    parse: parseVite,
  },
  // vite 2-7's `file: path:L:C` line and esbuild's API rows (`path:L:C: ERROR: msg`, which vite:esbuild prints above it).
  esbuildApi,
  viteRollup,
  {
    name: 'swc',
    language: 'JavaScript',
    description:
      '`npx swc src -d dist` / Next.js builds: `  x msg`, then the frame `,-[src/x.ts:11:1]` whose `:  ^` marks (or `,->` span) name ' +
      'the line and column.',
    // The column is the caret's cell under the echoed line (miette-style rendering by display width).
    columnBase: 1,
    columnUnit: 'display',
    fields: ['file', 'line', 'column', 'severity', 'message'],
    observed: true,
    url: 'https://swc.rs/docs/usage/cli',
    anchor: '^\\s*,-\\[',
    parse: parseSwc,
  },
  {
    name: 'rollup',
    language: 'JavaScript',
    description:
      '`npx rollup src/main.js --file out.js`: `[!] RollupError: src/math.js (2:12): msg` then `src/math.js (2:12)` and a code frame.',
    // Rollup prints acorn-style positions: 0-based columns (observed (2:12) under the 13th character).
    columnBase: 0,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message'],
    observed: true,
    url: 'https://rollupjs.org/command-line-interface/',
    // Line-start: `x.js (2:12)` has a space before the parenthesis, which no universal prefilter anchor covers.
    anchor: `^${SGR}[[(]!${SGR}[\\])] |^[^\\s(]+\\.[A-Za-z][A-Za-z0-9+_]{0,11} \\(\\d+:\\d+\\)`,
    parse: parseRollup,
  },
  {
    name: 'babel',
    language: 'JavaScript',
    description:
      '`npx babel src -d lib` (and babel-jest, babel-loader): `SyntaxError: /abs/src/a.js: Unexpected token (2:10)`, then a code ' +
      'frame whose caret marks the column.',
    // The caret's position, 1-based in UTF-16 units (the code frame blanks each code unit of the line).
    columnBase: 1,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message'],
    observed: true,
    url: 'https://babeljs.io/docs/babel-parser#errorrecovery',
    // A phrase at the start of the line (after jest's indentation): the universal anchors miss `a.js: msg (2:10)`.
    // Babel in a browser names the module by its URL (`SyntaxError: http://localhost:3000/app.js: …`, `file:///…`).
    // A Windows path starts with its drive (`SyntaxError: D:/app/src/a.js: …`), and a home folder may hold a space
    // (`C:\\Users\\ana maria\\app\\src\\a.js: …`, as create-react-app prints it).
    anchor: '(?:Syntax|Type|Reference)?Error: (?:[a-z]+://[^\\s/]*|[A-Za-z]:)?[^\\s:][^:\\n]*\\.(?:[cm]?[jt]sx?|flow): ',
    parse: parseBabel,
  },
];

// Linters and checkers of the web tool-chain: ESLint compact, Biome, Prettier, stylelint, svelte-check and dart-sass.
// Links: https://www.npmjs.com/package/eslint-formatter-compact, https://biomejs.dev/reference/reporters/,
// https://prettier.io/docs/cli#--check, https://stylelint.io/user-guide/options/#formatter,
// https://github.com/sveltejs/language-tools/tree/master/packages/svelte-check, https://sass-lang.com/documentation/cli/dart-sass/
import type { Severity } from '../../../core/index.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead, plausiblePath } from '../shared/common.js';
import { SGR } from '../../engine/anchors.js';
import { parseCompactLocation, parseSpaceLocation, parseTrailingLineCol } from './web-rules.js';

// --- eslint-compact: `/abs/src/util.js: line 2, col 25, Error - msg (rule)` ---

function parseEslintCompact(context: LineContext): boolean {
  const location = parseCompactLocation(context);
  if (!location) return false;
  const tail = /^\s*(Error|Warning) - (.*?)(?: \(([^()\s]+)\))?\s*$/.exec(context.text.slice(location.end));
  if (!tail) return false;
  context.emit({ ...location, severity: tail[1] === 'Warning' ? 'warning' : 'error', message: tail[2] ?? '', code: tail[3] ?? null });
  return true;
}

// --- biome: `src/lint.js:3:9 lint/suspicious/noDoubleEquals  FIXABLE  ━━━━`, then `  × message` in the block ---

// Biome's diagnostic markers: × (error), ! (warning), i (information); ✖ ⚠ ℹ where the terminal has them.
const BIOME_MARKERS: Record<string, Severity> = { '×': 'error', '✖': 'error', '!': 'warning', '⚠': 'warning', i: 'note', ℹ: 'note' };
const BIOME_TAIL = /^ ([\w/.-]+)(?: {2}.*?)? {2}━+\s*$/;

function parseBiome(context: LineContext): boolean {
  const head = parseColonHead(context);
  // A header without a line (`src/fmt.js format ━━━`) is a whole-file formatting diff: no place to point at.
  const tail = head && head.column !== null ? BIOME_TAIL.exec(head.rest) : null;
  if (!head || !tail) return false;
  // The message is the first marker line of the framed block (after a blank line).
  let severity: Severity = 'error';
  let message = '';
  for (let delta = 1; delta <= 4; delta++) {
    const marker = /^\s+(\S) (.+)$/.exec(context.line(delta) ?? '');
    const level = marker ? BIOME_MARKERS[marker[1] ?? ''] : undefined;
    if (marker && level) {
      severity = level;
      message = marker[2] ?? '';
      break;
    }
  }
  context.emit({ file: head.file, line: head.line, column: head.column, severity, message, code: tail[1] ?? null });
  return true;
}

// --- prettier: `[error] src/broken.js: SyntaxError: Unexpected token (2:14)` ---

function parsePrettier(context: LineContext): boolean {
  const text = context.text;
  // `[warn] src/fmt.js` (file not formatted) names no line: formatter-check reports the file as a whole.
  const head = /^\[error\] (?=\S)/.exec(text);
  if (!head) return false;
  const position = parseTrailingLineCol(context);
  if (!position) return false;
  const colon = text.indexOf(': ', head[0].length);
  const file = colon < 0 ? '' : text.slice(head[0].length, colon);
  if (!plausiblePath(file)) return false;
  const message = text.slice(colon + 2, position.start).trim();
  context.emit({ file, line: position.line, column: position.column, severity: 'error', message });
  return true;
}

// --- stylelint: the file alone on a line, then `  2:12  ✖  Unexpected unit  length-zero-no-unit` rows ---

const STYLELINT_ROW = /^\s+(\d+):(\d+)\s+([✖⚠])\s+(.*?)(?:\s{2,}([\w@/-]+))?\s*$/;

interface StylelintState {
  header?: string;
  lastRow: number;
}

// Like ESLint stylish: consecutive rows keep the header in state; otherwise walk back over rows to it.
function stylelintHeader(context: LineContext, state: StylelintState): string | undefined {
  if (state.header !== undefined && state.lastRow === context.logLine - 1) return state.header;
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (STYLELINT_ROW.test(line)) continue;
    const path = line.trimEnd();
    return !/^\s/.test(path) && plausiblePath(path) ? path : undefined;
  }
  return undefined;
}

function parseStylelint(context: LineContext): boolean {
  const row = STYLELINT_ROW.exec(context.text);
  if (!row) return false;
  // The row head `  L:C  ` is the shared colon suffix after an empty path; read the numbers through the rule.
  const parsed = context.parse('colonSuffix', { from: context.text.indexOf(':') });
  const [, column] = parsed ? context.ints(parsed.cst) : [];
  const state = context.state<StylelintState>(() => ({ lastRow: -1 }));
  const header = stylelintHeader(context, state);
  if (header === undefined) return false;
  state.header = header;
  state.lastRow = context.logLine;
  context.emit({
    file: header,
    line: Number(row[1]),
    column: column ?? Number(row[2]),
    severity: row[3] === '⚠' ? 'warning' : 'error',
    message: row[4] ?? '',
    code: row[5] ?? null,
  });
  return true;
}

// --- svelte-check (human output): `/abs/src/App.svelte:3:9` alone, then `Error: msg (ts)` ---

function parseSvelteCheck(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || head.start !== 0 || head.column === null || head.rest.trim() !== '') return false;
  const next = /^(Error|Warn|Warning|Hint): (.*)$/.exec(context.line(1) ?? '');
  if (!next) return false;
  const word = next[1];
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: word === 'Error' ? 'error' : word === 'Hint' ? 'note' : 'warning',
    message: next[2] ?? '',
  });
  return true;
}

// --- sass: a framed excerpt, then stack rows `  src/_vars.scss 3:20  double()` (innermost first) ---

const SASS_HEADER = /^(Error|Warning|Deprecation Warning(?: \[[\w-]+\])?|DEPRECATION WARNING)(?::\s*(.*))?$/;

/** The `Error: msg` / `Warning: msg` heading the rows (bounded look-back over the excerpt and earlier rows). */
function sassHeading(context: LineContext): { severity: Severity; message: string; rowIndex: number } | undefined {
  let rowIndex = 0;
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (/^\s+\S.* \d+:\d+ {2}/.test(line)) rowIndex++;
    const heading = SASS_HEADER.exec(line);
    if (heading) return { severity: heading[1] === 'Error' ? 'error' : 'warning', message: heading[2] ?? heading[1] ?? '', rowIndex };
  }
  return undefined;
}

function parseSass(context: LineContext): boolean {
  const text = context.text;
  const indent = /^\s+/.exec(text);
  if (!indent) return false;
  const location = parseSpaceLocation(context, indent[0].length);
  // A row ends with two spaces and the member (`root stylesheet`, `double()`, `@use`, `@include foo`).
  const member = location ? /^ {2,}(\S.*)$/.exec(text.slice(location.end)) : null;
  if (!location || !member || location.endLine !== null) return false;
  const heading = sassHeading(context);
  if (!heading) return false;
  // The first row is where the error is; later rows are the calls that led there (notes, like gcc's "required from").
  const first = heading.rowIndex === 0;
  context.emit({
    file: location.file,
    line: location.line,
    column: location.column,
    severity: first ? heading.severity : 'note',
    message: first ? heading.message : `${heading.message} (via ${member[1]?.trim() ?? ''})`,
  });
  return true;
}

const JS_LINT = { language: 'JavaScript', columnBase: 1, observed: true } as const;

export const webLintFormats: GrammarFormat[] = [
  {
    ...JS_LINT,
    name: 'eslint-compact',
    description: '`npx eslint -f compact src` (eslint-formatter-compact): `/abs/src/util.js: line 2, col 25, Error - msg (rule)`.',
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    url: 'https://www.npmjs.com/package/eslint-formatter-compact',
    anchor: ': line \\d+, col \\d+, (?:Error|Warning) - ',
    parse: parseEslintCompact,
  },
  {
    ...JS_LINT,
    name: 'biome',
    description:
      '`npx biome check` / `biome lint` (default reporter): `src/lint.js:3:9 lint/suspicious/noDoubleEquals  FIXABLE  ━━━` then `  × ' +
      'msg` in a framed block.',
    // Observed: on `const café = "é"; if (café == 2)` Biome printed 1:28, the character column (byte column: 31).
    columnUnit: 'char',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    url: 'https://biomejs.dev/reference/reporters/',
    // The header: `path:L:C category ` (a subset of the prefilter's universal `.ext:digit` anchor; the `━━━` rule alone
    // would also select `src/fmt.js format ━━━` headers, which carry no line).
    anchor: `\\.[A-Za-z][A-Za-z0-9+_]{0,11}${SGR}:\\d+:\\d+${SGR} ${SGR}[A-Za-z][\\w/.-]*${SGR} `,
    parse: parseBiome,
  },
  {
    ...JS_LINT,
    name: 'prettier',
    description:
      '`npx prettier --check src`: `[error] src/broken.js: SyntaxError: Unexpected token (2:14)`, the location at the end in parentheses.',
    // JavaScript string offsets (Babel/acorn); observed 1:43 after two `é` where the byte column is 46.
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message'],
    url: 'https://prettier.io/docs/cli#--check',
    // Line-start: `.js: ` is not a universal prefilter anchor (_prefilter.ts), so the `[error] ` tag is.
    anchor: `^\\[${SGR}error${SGR}\\] `,
    parse: parsePrettier,
  },
  {
    name: 'stylelint',
    language: 'CSS',
    description:
      '`npx stylelint "src/**/*.css"` (string formatter): the file alone, then `  2:12  ✖  Unexpected unit  length-zero-no-unit` rows.',
    columnBase: 1,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    observed: true,
    url: 'https://stylelint.io/user-guide/options/#formatter',
    // A row: `L:C`, spaces, ✖ (e2 9c 96) or ⚠ (e2 9a a0), each part possibly coloured.
    // Line-start anchored: a bare `L:C` row matches no universal prefilter anchor (_prefilter.ts).
    anchor: `^ +${SGR}\\d+:\\d+${SGR} +${SGR}\\xe2(?:\\x9c\\x96|\\x9a\\xa0)`,
    parse: parseStylelint,
  },
  {
    name: 'svelte-check',
    language: 'Svelte',
    description: '`npx svelte-check --output human`: `/abs/src/App.svelte:3:9` alone on a line, then `Error: msg (ts)`.',
    columnBase: 1,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message'],
    observed: true,
    url: 'https://github.com/sveltejs/language-tools/tree/master/packages/svelte-check',
    // The location line ends right after `L:C`.
    anchor: `\\.[A-Za-z][A-Za-z0-9+_]{0,11}:\\d+:\\d+${SGR}\\r?$`,
    parse: parseSvelteCheck,
  },
  {
    name: 'sass',
    language: 'CSS',
    description: '`npx sass src/a.scss out.css` (dart-sass): `Error: msg`, a framed excerpt, then `  src/_vars.scss 3:20  double()` rows.',
    columnBase: 1,
    // source_span counts UTF-16 code units (Dart strings).
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message'],
    observed: true,
    url: 'https://sass-lang.com/documentation/cli/dart-sass/',
    anchor: `\\.(?:s[ac]ss|css) \\d+:\\d+ {2}`,
    parse: parseSass,
  },
];

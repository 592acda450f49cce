// Older and framework-wrapped JavaScript tooling: ts-loader's `[tsl] ERROR in file(L,C)` (and the `file.ts (L,C):`
// form of early ts-loader and ts-node), webpack's `@ ./src/x.js 3:0-22` import chains, tslint's
// `ERROR: file[L, C]: msg`, and Next.js (`next lint` / `next build`: a `./file` header, then `L:C  Error: msg  rule`).
// Links: https://github.com/TypeStrong/ts-loader#readme, https://palantir.github.io/tslint/usage/cli/,
// https://nextjs.org/docs/app/api-reference/config/eslint
import type { Severity } from '../../../core/index.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';
import { CHAIN_CLAIMS, type WebpackChainClaims } from './webpack-legacy.js';

// --- ts-loader: `[tsl] ERROR in /abs/src/a.ts(3,7)` then `      TS2322: msg` ---

function parseTsLoader(context: LineContext): boolean {
  const text = context.text;
  const tsl = /^\[tsl\] (ERROR|WARNING) in (.+)\((\d+),(\d+)\)\s*$/.exec(text);
  if (tsl) {
    const detail = /^\s+(TS\d+): (.*)$/.exec(context.line(1) ?? '');
    context.emit({
      file: tsl[2] ?? '',
      line: Number(tsl[3]),
      column: Number(tsl[4]),
      severity: tsl[1] === 'WARNING' ? 'warning' : 'error',
      code: detail?.[1] ?? null,
      message: detail?.[2] ?? '',
    });
    return true;
  }
  // ts-loader before 3.0 under webpack 1-3: webpack's `ERROR in ./src/a.ts` header names the module, and the
  // error below it starts with the position, `(3,7): error TS2322: msg`.
  const bare = /^\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$/.exec(text);
  if (bare) {
    const header = /^(?:ERROR|WARNING) in (\S+\.(?:[cm]?tsx?|[cm]?jsx?|vue))\s*$/.exec(context.line(-1) ?? '');
    if (!header || !plausiblePath(header[1] ?? '')) return false;
    context.emit({
      file: header[1] ?? '',
      line: Number(bare[1]),
      column: Number(bare[2]),
      severity: bare[3] === 'warning' ? 'warning' : 'error',
      code: bare[4] ?? null,
      message: bare[5] ?? '',
    });
    return true;
  }
  // Early ts-loader / ts-node: `src/a.ts (3,7): Type 'string' is not assignable …` (a space before the parenthesis);
  // Angular 4-5's AOT compiler prints its templates the same way, `ng:///C:/app/src/x.component.html (71,29): msg`.
  const spaced =
    /^(?:(?:ERROR|WARNING) in )?(\S+\.(?:[cm]?tsx?|[cm]?jsx?|vue|html)) \((\d+),(\d+)\): (?:(error|warning) )?(?:(TS\d+): )?(.*)$/.exec(
      text,
    );
  if (!spaced) return false;
  context.emit({
    file: spaced[1] ?? '',
    line: Number(spaced[2]),
    column: Number(spaced[3]),
    severity: spaced[4] === 'warning' ? 'warning' : 'error',
    code: spaced[5] ?? null,
    message: spaced[6] ?? '',
  });
  return true;
}

// --- webpack: the `@ ./src/x.js 3:0-22` chain under an error names the importing modules ---

function parseWebpackChain(context: LineContext): boolean {
  const match = /^\s*@ (\S+?)(?: \+ \d+ modules?)? (\d+):(\d+)(?:-(?:(\d+):)?(\d+))?(?: \S.*)?$/.exec(context.text);
  if (!match || !plausiblePath(match[1] ?? '')) return false;
  // webpack 4's first entry naming the failed module itself is that report's position, read with its header.
  if (context.sharedIfMade<WebpackChainClaims>(CHAIN_CLAIMS)?.lines.has(context.logLine) === true) return true;
  const line = Number(match[2]);
  const endColumn = match[5] === undefined ? null : Number(match[5]);
  context.emit({
    file: match[1] ?? '',
    line,
    column: Number(match[3]),
    endLine: endColumn === null ? null : Number(match[4] ?? line),
    endColumn,
    severity: 'note',
    message: 'imported here',
  });
  return true;
}

// --- tslint: verbose/old prose `ERROR: (rule) src/a.ts[3, 7]: msg`, 6.x prose `ERROR: src/a.ts:3:7 - msg`, and
// the default stylish formatter (`src/a.ts:3:7` header, then `ERROR: 3:7  rule  msg` rows) ---

const TSLINT_STYLISH_ROW = /^(ERROR|WARNING): (\d+):(\d+) +(\S+) +(.*)$/;

function parseTslint(context: LineContext): boolean {
  const text = context.text;
  const header = /^(\S+):\d+:\d+\s*$/.exec(text);
  if (header) return plausiblePath(header[1] ?? '') && TSLINT_STYLISH_ROW.test(context.line(1) ?? '');
  const row = TSLINT_STYLISH_ROW.exec(text);
  if (row) {
    let file: string | undefined;
    for (let delta = -1; delta >= -40 && file === undefined; delta--) {
      const line = context.line(delta);
      if (line === undefined || !(TSLINT_STYLISH_ROW.test(line) || /^\S+:\d+:\d+\s*$/.test(line))) break;
      file = /^(\S+):\d+:\d+\s*$/.exec(line)?.[1];
    }
    if (file === undefined) return false;
    context.emit({
      file,
      line: Number(row[2]),
      column: Number(row[3]),
      severity: row[1] === 'WARNING' ? 'warning' : 'error',
      code: row[4] ?? null,
      message: row[5] ?? '',
    });
    return true;
  }
  const prose = /^(ERROR|WARNING): (\S+):(\d+):(\d+) - (.*)$/.exec(text);
  if (prose && plausiblePath(prose[2] ?? '')) {
    context.emit({
      file: prose[2] ?? '',
      line: Number(prose[3]),
      column: Number(prose[4]),
      severity: prose[1] === 'WARNING' ? 'warning' : 'error',
      message: prose[5] ?? '',
    });
    return true;
  }
  const match = /^(?:(ERROR|WARNING): )?(?:\((\S+)\) )?(\S+)\[(\d+), (\d+)\]: (.*)$/.exec(text);
  if (!match || !plausiblePath(match[3] ?? '')) return false;
  context.emit({
    file: match[3] ?? '',
    line: Number(match[4]),
    column: Number(match[5]),
    severity: match[1] === 'WARNING' ? 'warning' : 'error',
    code: match[2] ?? null,
    message: match[6] ?? '',
  });
  return true;
}

// --- Next.js: `./pages/index.js` alone, then `12:5  Error: 'x' is not defined.  no-undef` rows ---

const NEXT_HEADER = /^(\.{0,2}\/?[^\s:]+\.[A-Za-z]{1,5})$/;

function nextHeader(context: LineContext): string | undefined {
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '') return undefined;
    const header = NEXT_HEADER.exec(line);
    if (header) return header[1];
    if (!/^\d+:\d+ {2}/.test(line)) return undefined;
  }
  return undefined;
}

function parseNext(context: LineContext): boolean {
  const text = context.text;
  const row = /^(\d+):(\d+) {2}(Error|Warning|Info): (.*?)(?: {2}(@?[\w-]+(?:\/[\w-]+)*))?$/.exec(text);
  if (row) {
    const file = nextHeader(context);
    if (file === undefined) return false;
    const severity: Severity = row[3] === 'Error' ? 'error' : row[3] === 'Warning' ? 'warning' : 'note';
    context.emit({ file, line: Number(row[1]), column: Number(row[2]), severity, code: row[5] ?? null, message: row[4] ?? '' });
    return true;
  }
  // next build's type check: `./src/app/page.tsx:5:7` alone, then `Type error: msg` (Next.js 15 drops the `./`).
  const place = /^((?:\.{0,2}\/)?[^\s:]+):(\d+):(\d+)$/.exec(text);
  // Only `Type error:`: svelte-check prints the same place-alone line followed by `Error: msg`.
  const kind = /^(Type error): (.*)$/.exec(context.line(1) ?? '');
  if (!place || !kind || !plausiblePath(place[1] ?? '')) return false;
  context.emit({ file: place[1] ?? '', line: Number(place[2]), column: Number(place[3]), severity: 'error', message: kind[2] ?? '' });
  return true;
}

export const webLegacyFormats: GrammarFormat[] = [
  {
    name: 'ts-loader',
    language: 'TypeScript',
    description:
      '`npx webpack` with ts-loader: `[tsl] ERROR in /abs/src/a.ts(3,7)` then `      TS2322: msg`; ts-loader 2 and older print ' +
      "webpack's `ERROR in ./src/a.ts` then `(3,7): error TS2322: msg`; early ts-loader and ts-node print " +
      "`src/a.ts (3,7): msg` (a space before the parenthesis), as Angular 4-5's AOT compiler does for templates " +
      '(`ng:///C:/app/src/x.component.html (71,29): msg`).',
    columnBase: 1,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    observed: true,
    url: 'https://github.com/TypeStrong/ts-loader#readme',
    // `x.ts (3,7)` is selected by the universal anchor's ` (L,C` branch; `(3,7): error TS` under a header by its own.
    anchor: '^\\[tsl\\] (?:ERROR|WARNING) in |\\.(?:[cm]?[jt]sx?|html) \\(\\d+,\\d+\\): |^\\(\\d+,\\d+\\): (?:error|warning) TS',
    parse: parseTsLoader,
  },
  {
    name: 'webpack-chain',
    language: 'JavaScript',
    description: '`npx webpack`: the import chain below a module error, `@ ./src/index.js 3:0-22` (each importing module, as notes).',
    columnBase: 0,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message'],
    observed: true,
    url: 'https://webpack.js.org/configuration/stats/',
    anchor: '^\\s*@ \\S',
    parse: parseWebpackChain,
  },
  {
    name: 'tslint',
    language: 'TypeScript',
    description:
      '`npx tslint -p .`: verbose (and pre-6 prose) `ERROR: (semicolon) src/a.ts[3, 7]: Missing semicolon`, 6.x prose `ERROR: ' +
      'src/a.ts:3:7 - msg`, the default stylish `src/a.ts:3:7` header with `ERROR: 3:7  rule  msg` rows; tslint 4 printed no ' +
      'severity.',
    columnBase: 1,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    observed: true,
    url: 'https://palantir.github.io/tslint/usage/cli/',
    // `x.ts[3, 7]` is selected by the universal anchor's `[` branch.
    // The stylish header (`path:L:C` alone) is claimed only when a row follows, so generic does not count it too.
    anchor: '^(?:ERROR|WARNING): |\\.[A-Za-z][A-Za-z0-9+_]{0,11}\\[\\d+, \\d+\\]: |\\.[A-Za-z][A-Za-z0-9+_]{0,11}:\\d+:\\d+\\s*$',
    parse: parseTslint,
  },
  {
    name: 'next',
    language: 'JavaScript',
    description:
      "`next lint` / `next build`: a `./pages/index.js` header, then `12:5  Error: 'x' is not defined.  no-undef` rows; `next " +
      "build`'s `./src/app/page.tsx:5:7` (Next.js 15: `src/app/page.tsx:5:7`) then `Type error: msg`.",
    columnBase: 1,
    columnUnit: 'utf-16',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    observed: false,
    url: 'https://nextjs.org/docs/app/api-reference/config/eslint',
    // A path holds no escape byte: a clock behind a colour code (dbt's `ESC[0m11:05:59`) is no bare place.
    anchor: '^\\d+:\\d+ {2}(?:Error|Warning|Info): |^(?:\\.{0,2}/)?[^\\s:\\x1b]{1,300}:\\d+:\\d+\\s*$',
    parse: parseNext,
  },
];

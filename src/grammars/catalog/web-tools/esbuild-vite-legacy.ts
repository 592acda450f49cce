// The shapes of esbuild and vite that their current formats do not print: esbuild before 0.9, vite 2 to 7 (rollup
// underneath) and esbuild's JavaScript API. vite prints a failed build as `[plugin] message`, then
// rollup's `file: /abs/src/main.js:3:21` (line 1-based, column 0-based as acorn and esbuild count), then a code frame.
// Through vite:esbuild (and any tool that rethrows esbuild's API error: tsup, esbuild-loader) the message is esbuild's
// `Transform failed with 1 error:` and `/abs/src/main.ts:1:30: ERROR: Expected ")" but found ";"` (also 0-based).
// Link: https://v5.vite.dev/guide/build, https://esbuild.github.io/api/#transform
import type { RawLocation, Severity } from '../../../core/index.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';
import { SGR } from '../../engine/anchors.js';

// esbuild before 0.9 put the place first: ` > src/a.js:2:18: error: msg`, its notes 3 spaces in
// (`   src/a.js:1:6: note: "a" was originally declared here`), each above a code frame.
const LEGACY_MARGIN = /^(?: > | {3}(?=\S))/;
const LEGACY_TAIL = /^: (error|warning|note): (.*)$/;
// A note follows its error's code frame (3 lines) and any earlier notes.
const NOTE_REACH = 40;

export function parseEsbuildLegacy(context: LineContext): boolean {
  const margin = LEGACY_MARGIN.exec(context.text);
  const head = margin ? parseColonHead(context, { from: margin[0].length }) : undefined;
  const tail = head && head.column !== null ? LEGACY_TAIL.exec(head.rest) : null;
  if (!head || !tail || (tail[1] === 'note') !== (margin?.[0] === '   ')) return false;
  const state = context.state<{ owner?: RawLocation }>(() => ({}));
  if (tail[1] === 'note') {
    // An indented `path:L:C: note:` is esbuild's only under one of its ` > ` errors (a compiler's note is not).
    const owner = state.owner;
    if (!owner || context.logLine - owner.logLine > NOTE_REACH) return false;
    context.emit({ file: head.file, line: head.line, column: head.column, severity: 'note', message: tail[2] ?? '', relatedTo: owner });
    return true;
  }
  const severity: Severity = tail[1] === 'warning' ? 'warning' : 'error';
  state.owner = context.emit({ file: head.file, line: head.line, column: head.column, severity, message: tail[2] ?? '' });
  return true;
}

const API_TAIL = /^: (ERROR|WARNING): (.*)$/;

interface ApiRow {
  file: string;
  line: number;
  column: number | null;
  severity: string;
  message: string;
}

/** esbuild's API message row, `path:L:C: ERROR: msg`, or undefined. */
function apiRow(context: LineContext, delta: number): ApiRow | undefined {
  const text = context.line(delta);
  if (text === undefined) return undefined;
  const head = parseColonHead(context, { text });
  const tail = head && head.column !== null ? API_TAIL.exec(head.rest) : null;
  if (!head || !tail) return undefined;
  return { file: head.file, line: head.line, column: head.column, severity: tail[1] ?? 'ERROR', message: tail[2] ?? '' };
}

function parseEsbuildApi(context: LineContext): boolean {
  const row = apiRow(context, 0);
  if (!row) return false;
  context.emit({ ...row, severity: row.severity === 'WARNING' ? 'warning' : 'error' });
  return true;
}

// `[vite:build-import-analysis] [plugin vite:build-import-analysis] src/main.js (1:0): Failed to parse…`: the tags
// and rollup's repeated place are dropped from the message.
const PLUGIN_HEADING = /^\[([\w:@/.-]+)\] (.*)$/;
const REPEATED_PLACE = /^(?:\[plugin [^\]]+\] )?(?:\S+ \(\d+:\d+\): )?/;

function parseViteFile(context: LineContext): boolean {
  const prefix = /^file: /.exec(context.text);
  const head = prefix ? parseColonHead(context, { from: prefix[0].length }) : undefined;
  if (!head || head.column === null || head.rest.trim() !== '') return false;
  // esbuild's row just above already gave this place, with its message: the `file:` line only repeats it.
  const api = apiRow(context, -1);
  if (api && api.line === head.line && api.column === head.column) return true;
  for (let delta = -1; delta >= -3; delta--) {
    const heading = PLUGIN_HEADING.exec(context.line(delta) ?? '');
    if (!heading) continue;
    const message = (heading[2] ?? '').replace(REPEATED_PLACE, '').replace(/ \(\d+:\d+\)$/, '');
    context.emit({ file: head.file, line: head.line, column: head.column, severity: 'error', message, code: heading[1] ?? null });
    return true;
  }
  return false;
}

export const viteRollup: GrammarFormat = {
  name: 'vite-rollup',
  language: 'JavaScript',
  description:
    '`npx vite build` (vite 2-7, rollup): `[plugin] msg`, then `file: /abs/src/main.js:3:21` (0-based column) ' + 'above a code frame.',
  // rollup's loc and esbuild's location: 1-based lines, 0-based columns in JavaScript string units.
  columnBase: 0,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://v5.vite.dev/guide/build',
  anchor: `^${SGR}file: `,
  parse: parseViteFile,
};

export const esbuildApi: GrammarFormat = {
  name: 'esbuild-api',
  language: 'JavaScript',
  description:
    "esbuild's JavaScript API errors (vite:esbuild, tsup, esbuild-loader): `Transform failed with 1 error:` then " +
    '`/abs/src/main.ts:1:30: ERROR: msg` (0-based column).',
  columnBase: 0,
  // esbuild's API Location.column counts UTF-8 bytes (pkg/api), as its CLI does.
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://esbuild.github.io/api/#transform',
  anchor: `:\\d+:\\d+: ${SGR}(?:ERROR|WARNING)${SGR}: `,
  parse: parseEsbuildApi,
};

// `faultline explain [LOG|-] [--cwd DIR] [--root DIR]… [--json] [--no-lsp]` — locate, then show the
// enclosing symbol and a code frame for the primary location and up to two more.
import { resolve } from 'node:path';
import { locationToJson } from '../../core/index.js';
import { locate } from '../../locate/index.js';
import { explainLocations, type ExplainItem } from '../../lsp-client/index.js';
import { parseLogArgs } from '../args.js';
import { EXIT_FINDINGS, EXIT_OK, type CliCommand } from '../io.js';
import { outputFormatOf, printResult } from '../output.js';

export const EXPLAIN_JSON_VERSION = 1;

function explainJson(items: readonly ExplainItem[]): string {
  return JSON.stringify({
    version: EXPLAIN_JSON_VERSION,
    items: items.map((item) => ({
      location: locationToJson(item.location),
      symbol: item.symbol === null ? null : { name: item.symbol.name, kind: item.symbol.kind, startLine: item.symbol.startLine, endLine: item.symbol.endLine, source: item.symbol.source },
      selection: item.selection,
      excerpt: item.excerpt,
    })),
  });
}

export function explainText(items: readonly ExplainItem[]): string {
  return items
    .map((item) => {
      const { location, symbol } = item;
      const column = location.column === null ? '' : `:${location.column}`;
      const label = [location.severity, location.code].filter((part) => part !== null).join(' ');
      const message = [label, location.message.split('\n', 1)[0] ?? ''].filter((part) => part !== '').join(': ');
      const head = `${location.file}:${location.line}${column}${message === '' ? '' : `  ${message}`}`;
      const where =
        symbol === null
          ? `  no enclosing symbol (lines ${item.selection.startLine}-${item.selection.endLine})`
          : `  in ${symbol.kind} ${symbol.name} (lines ${symbol.startLine}-${symbol.endLine}, ${symbol.source})`;
      return [head, where, item.excerpt].filter((part) => part !== '').join('\n');
    })
    .join('\n\n');
}

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'show the enclosing function and code around the top locations of a log',
  usage: `usage: faultline explain [LOG|-] [--cwd DIR] [--root DIR]... [--json] [--no-lsp] [--timeout MS] [--input-format NAME]

  LOG           the log file; '-' or none reads standard input
  --cwd DIR     where the command ran; default: here
  --root DIR    a workspace root, repeatable; default: the git top level of --cwd, else --cwd
  --json        print {"version":1,"items":[{location,symbol,selection,excerpt}]}
  --format F    github | sarif | rdjsonl | gitlab: the explained locations in that format (text and json as above)
  --no-lsp      don't start language servers (tree-sitter, then heuristics)
  --input-format NAME  read the log as this structured report, or 'text' (default: detected)
  --timeout MS  per-lookup language-server deadline, cold start included (default 10000)

exit: 0 no location found, 1 locations explained, 2 usage or internal error`,
  async run(argv, io) {
    const { values, log } = parseLogArgs(argv, io, { 'no-lsp': { type: 'boolean' }, timeout: { type: 'string' } });
    const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
    if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
      io.stderr(`faultline explain: --timeout must be a positive integer of milliseconds\n`);
      return 2;
    }
    const roots = log.roots?.map((root) => resolve(io.cwd, root));
    const result = await locate(log.source, { cwd: resolve(io.cwd, log.cwd), ...(roots ? { roots } : {}), ...(log.inputFormat ? { inputFormat: log.inputFormat } : {}) });
    const items = await explainLocations({
      locations: result.locations,
      ...(roots ? { roots } : {}),
      noLsp: values['no-lsp'] === true,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    const format = outputFormatOf(values);
    if (format !== 'text' && format !== 'json') {
      await printResult({ ...result, locations: items.map((item) => item.location) }, format, io);
    } else if (format === 'json') io.stdout(`${explainJson(items)}\n`);
    else if (items.length > 0) io.stdout(`${explainText(items)}\n`);
    else io.stderr('faultline: no location in the workspace to explain\n');
    return items.length > 0 ? EXIT_FINDINGS : EXIT_OK;
  },
};

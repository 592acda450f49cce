// `faultline explain [LOG|-] [--cwd DIR] [--root DIR]… [--json] [--no-lsp]` — locate, then show the
// enclosing symbol and a code frame for the primary location and up to two more.
import { resolve } from 'node:path';
import { frameDepths, locationToJson } from '../../core/index.js';
import { locate } from '../../locate/index.js';
import { explainLocations, ServerPool, type ExplainItem } from '../../lsp-client/index.js';
import { createRedactor } from '../../redact/index.js';
import { parseLogArgs } from '../args.js';
import { CHAIN_USAGE, chainedLog, warnIfStale } from '../chain.js';
import { CI_USAGE, ciSettings, errorsOnly, reportExitCode, unresolvedHint } from '../conventions.js';
import type { CliCommand } from '../io.js';
import { outputFormatOf, printResult, writeOutput } from '../output.js';
import { listenForSignals, requestExit } from '../signals.js';
import { diffFilterOf, maxLocationsOf, userFormatsOf } from '../scan-settings.js';
import { overflowNote } from '../notes.js';

export const EXPLAIN_JSON_VERSION = 1;
const MAX_TIMEOUT_MS = 86_400_000;

function explainJson(items: readonly ExplainItem[]): string {
  return JSON.stringify({
    version: EXPLAIN_JSON_VERSION,
    items: items.map((item) => ({
      location: locationToJson(item.location),
      symbol:
        item.symbol === null
          ? null
          : {
              name: item.symbol.name,
              kind: item.symbol.kind,
              startLine: item.symbol.startLine,
              endLine: item.symbol.endLine,
              source: item.symbol.source,
            },
      selection: item.selection,
      excerpt: item.excerpt,
      ...(item.error ? { error: item.error } : {}),
    })),
  });
}

export function explainText(items: readonly ExplainItem[]): string {
  const raisingOf = new Map<number, ExplainItem['location']>();
  const depths = frameDepths(items.map((item) => item.location));
  for (const [location, frame] of depths) if (frame.raised) raisingOf.set(frame.trace, location);
  return items
    .map((item) => {
      const { location, symbol } = item;
      const column = location.column === null ? '' : `:${location.column}`;
      const frame = depths.get(location);
      const raising = frame === undefined || frame.raised ? undefined : raisingOf.get(frame.trace);
      // A caller frame says where its trace raised instead of repeating (or lacking) the message.
      const label = raising ? 'called from here' : [location.severity, location.code].filter((part) => part !== null).join(' ');
      const text = raising ? `on the way to ${raising.file}:${raising.line}` : (location.message.split('\n', 1)[0] ?? '');
      const message = [label, text].filter((part) => part !== '').join(': ');
      const head = `${location.file}:${location.line}${column}${message === '' ? '' : `  ${message}`}`;
      const where = item.error
        ? `  not explained: ${item.error.message} [${item.error.code}]`
        : symbol === null
          ? `  no enclosing symbol (lines ${item.selection.startLine}-${item.selection.endLine})`
          : `  in ${symbol.kind} ${symbol.name} (lines ${symbol.startLine}-${symbol.endLine}, ${symbol.source})`;
      return [head, where, item.excerpt].filter((part) => part !== '').join('\n');
    })
    .join('\n\n');
}

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'show the enclosing function and code around the top locations of a log',
  usage:
    `usage: faultline explain [LOG|-|RUN|--last|--last-failed] [--cwd DIR] [--root DIR]... [--json] [--no-lsp] ` +
    `[--timeout MS] [--redact] [--input-format NAME]

  LOG           the log file; '-' or none reads standard input
${CHAIN_USAGE}
  --cwd DIR     where the command ran; default: here
  --root DIR    a workspace root, repeatable; default: the git top level of --cwd, else --cwd
  --json        print {"version":1,"items":[{location,symbol,selection,excerpt}]}
  --format F    github | sarif | rdjsonl | gitlab: the explained locations in that format (text and json as above)
  --no-lsp      don't start language servers (tree-sitter, then heuristics)
  --input-format NAME  read the log as this structured report, or 'text' (default: detected)
  --timeout MS  per-lookup language-server deadline, cold start included (default 10000)
  --redact      redact secrets in frames and messages (for a model); github/sarif/rdjsonl/gitlab always are
  --trust-workspace  run the language-server commands the workspace's own faultline.config.json or
                package.json "faultline" names (also FAULTLINE_TRUST_WORKSPACE=1, or the workspace listed in
                ~/.config/faultline/trusted-workspaces); otherwise only built-in servers run
${CI_USAGE}

exit: 0 no location found, 1 locations explained, 2 usage or internal error`,
  async run(argv, io) {
    const parsed = parseLogArgs(
      argv,
      io,
      { 'no-lsp': { type: 'boolean' }, timeout: { type: 'string' }, redact: { type: 'boolean' }, 'trust-workspace': { type: 'boolean' } },
      'explain',
    );
    const values = parsed.values;
    const log = await chainedLog(parsed.log, io);
    warnIfStale(log, io);
    const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
    // Above 2^31-1 ms Node's timers fire at once; no lookup needs more than a day.
    if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
      io.stderr(`faultline explain: --timeout must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}\n`);
      return 2;
    }
    const settings = ciSettings(values);
    const roots = log.roots?.map((root) => resolve(io.cwd, root));
    const signals = listenForSignals();
    const pool = new ServerPool({ env: io.env, cwd: io.cwd, trustWorkspace: values['trust-workspace'] === true });
    const work = (async () => {
      const userFormats = userFormatsOf(values);
      const cap = maxLocationsOf(values);
      const diff = await diffFilterOf(values, io, log.cwd, log.roots, 'stream' in log.source);
      const located = await locate(log.source, {
        cwd: resolve(io.cwd, log.cwd),
        ...(roots ? { roots } : {}),
        ...(log.inputFormat ? { inputFormat: log.inputFormat } : {}),
        ...(userFormats ? { userFormats } : {}),
        ...(diff ? { diff } : {}),
        ...cap,
        ...(log.run ? { command: log.run.command } : {}),
      });
      overflowNote(located, io);
      const result = settings.quiet ? { ...located, ...errorsOnly(located) } : located;
      signals.signal.throwIfAborted();
      const items = await explainLocations({
        locations: result.locations,
        ...(roots ? { roots } : {}),
        noLsp: values['no-lsp'] === true,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        // Own rules plus the environment's secret values (secretlint needs the texts, which explain reads later).
        ...(values.redact === true ? { redact: createRedactor({ env: io.env }) } : {}),
        pool,
        signal: signals.signal,
      });
      return { result, located, items };
    })();
    work.catch(() => undefined);
    let outcome: Awaited<typeof work> | undefined;
    try {
      outcome = await Promise.race([work, signals.received.then(() => undefined)]).catch((error: unknown) => {
        if (signals.signal.aborted) return undefined;
        throw error;
      });
    } finally {
      signals.close();
      // Interrupted: servers are killed at once (one that ignores stdin EOF would otherwise outlive us).
      await pool.dispose({ graceful: !signals.signal.aborted });
    }
    if (outcome === undefined || signals.signal.aborted) {
      io.stderr(`faultline explain: interrupted by ${String(signals.signal.reason)}; language servers stopped\n`);
      requestExit();
      return signals.exitCode();
    }
    const { result, located, items } = outcome;
    for (const notice of pool.notices()) io.stderr(`faultline explain: ${notice}\n`);
    const format = outputFormatOf(values);
    if (format !== 'text' && format !== 'json') {
      await printResult({ ...result, locations: items.map((item) => item.location) }, format, io, {
        ...settings,
        ...(log.run ? { run: log.run } : {}),
      });
    } else if (format === 'json') writeOutput(io, settings, `${explainJson(items)}\n`);
    else if (items.length > 0) writeOutput(io, settings, `${explainText(items)}\n`);
    else if (!unresolvedHint(result, resolve(io.cwd, log.cwd))) io.stderr('faultline: no location in the workspace to explain\n');
    const hint = unresolvedHint(result, resolve(io.cwd, log.cwd));
    if (hint) io.stderr(hint);
    return reportExitCode(result, located, settings, io);
  },
};

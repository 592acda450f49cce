// `faultline prompt [LOG|-] [--cwd DIR] [--root DIR]… [--budget N] [--json] [--input-format NAME]` — a bounded, redacted
// "fix this" prompt for a model: the log is located, the located files' code is read (inside the roots
// only), and everything is redacted before it is bounded.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { FaultlineError, type ResolvedLocation, type RunInfo, type SymbolInfo } from '../../core/index.js';
import { locate } from '../../locate/index.js';
import { readLogTail, readLogWindow, spoolToFile } from '../../locate/log-window.js';
import { attachmentSelection, findEnclosingSymbol } from '../../lsp-client/index.js';
import { buildFixPrompt, decodeReportText, reportKind, type PromptResult } from '../../prompt/index.js';
import { buildRedactor } from '../../redact/index.js';
import { summariseError } from '../../summarise/index.js';
import { parseLogArgs } from '../args.js';
import { CHAIN_USAGE, chainedLog, warnIfStale } from '../chain.js';
import { readBoundedLines } from '../bounded-read.js';
import { ciSettings } from '../conventions.js';
import { EXIT_OK, type CliCommand, type CliIo } from '../io.js';
import { writeOutput } from '../output.js';
import { diffFilterOf, maxLocationsOf, userFormatsOf, type ScanSettings } from '../scan-settings.js';

/** Finds the symbol enclosing a location (the LSP provider is wired by the lead); undefined = none. */
export type SymbolProvider = (request: { location: ResolvedLocation; fileText: string }) => Promise<SymbolInfo | undefined>;

export interface PromptCommandOptions {
  symbolProvider?: SymbolProvider;
}

const MAX_ATTACHED_FILES = 3;
const EXCERPT_RADIUS = 20;
// A located "file" larger than this is not source worth attaching (a bundle, a data dump).
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_FILE_LINES = 100_000;

// The file's head when its real path lies inside one of the roots (symlinks resolved), else undefined. Bounded
// in bytes and lines (bounded-read.ts): a located 1.5 GB file is not read whole; a cut file says so.
export async function readInsideRoots(
  location: ResolvedLocation,
  roots: readonly string[],
): Promise<{ text: string; cut: boolean } | undefined> {
  try {
    const real = await realpath(location.absolutePath);
    const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => root)));
    if (!realRoots.some((root) => real === root || real.startsWith(root.endsWith(sep) ? root : root + sep))) return undefined;
    const { lines, cut } = readBoundedLines(real, { maxBytes: MAX_FILE_BYTES, maxLines: MAX_FILE_LINES });
    // The location is past what was read: nothing of it to attach.
    if (cut && location.line > lines.length) return undefined;
    return { text: lines.join('\n'), cut };
  } catch {
    return undefined;
  }
}

function excerpt(location: ResolvedLocation, fileText: string): SymbolInfo {
  const lines = fileText.split('\n');
  const startLine = Math.max(1, location.line - EXCERPT_RADIUS);
  const endLine = Math.min(lines.length, location.line + EXCERPT_RADIUS);
  return { name: '', kind: 'excerpt', startLine, endLine, source: lines.slice(startLine - 1, endLine).join('\n'), file: location.file };
}

async function attachments(
  locations: readonly ResolvedLocation[],
  roots: readonly string[],
  provider: SymbolProvider | undefined,
): Promise<SymbolInfo[]> {
  const out: SymbolInfo[] = [];
  const seen = new Set<string>();
  for (const location of locations) {
    if (out.length >= MAX_ATTACHED_FILES) break;
    const key = `${location.root}\u0000${location.file}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const allowed = roots.length > 0 ? roots : [location.root];
    const read = await readInsideRoots(location, allowed);
    if (read === undefined) continue;
    const fileText = read.text;
    const symbol = provider ? await provider({ location, fileText }).catch(() => undefined) : undefined;
    const attached = symbol ? { ...symbol, file: symbol.file ?? location.file } : excerpt(location, fileText);
    // Said where the model reads it: code that ends at the cut may look complete.
    out.push(
      read.cut && attached.endLine >= fileText.split('\n').length
        ? {
            ...attached,
            source:
              `${attached.source}\n[… ${location.file} was cut after ${MAX_FILE_BYTES / 1024 / 1024} MiB (at most ${MAX_FILE_LINES} ` +
              `lines); the rest was not read …]`,
          }
        : attached,
    );
  }
  return out;
}

function parseBudget(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const budget = Number(value);
  if (!Number.isInteger(budget) || budget <= 0)
    throw new FaultlineError('E_USAGE', `--budget expects a positive integer (characters), got '${String(value)}'`);
  return budget;
}

/** The command, with an injectable symbol provider (the LSP one is wired in by the caller). */
export function createPromptCommand(options: PromptCommandOptions = {}): CliCommand {
  return {
    name: 'prompt',
    summary: 'build a bounded, redacted prompt asking a model to fix the located error',
    usage: `usage: faultline prompt [LOG|-|RUN|--last|--last-failed] [--cwd DIR] [--root DIR]... [--budget N] [--json]

  LOG          the log file; '-' or none reads standard input
${CHAIN_USAGE}
  --cwd DIR    where the command ran; default: here
  --root DIR   a workspace root, repeatable; code is read from inside the roots only
  --budget N   prompt size bound in characters (default 12000; ~N/4 tokens)
  --json       print {"version":1,"prompt","chars","approxTokens","redactions"}
  -o FILE      write the prompt to FILE instead of standard output (--output FILE)

Secrets (tokens, keys, passwords, private keys, and the values of secret-looking environment
variables) are replaced with [REDACTED:<type>] before the prompt is built.

exit: 0 prompt printed, 2 usage or internal error`,
    async run(argv, io) {
      const parsed = parseLogArgs(argv, io, { budget: { type: 'string' } }, 'prompt');
      const values = parsed.values;
      // A prompt is printed whatever was found, so an exit-code threshold would be silently ignored: refused.
      for (const option of ['fail-level', 'max-warnings'] as const) {
        if (values[option] !== undefined)
          throw new FaultlineError(
            'E_USAGE',
            `--${option} does not apply to prompt (it exits 0 once the prompt is printed); use it with locate, explain or run`,
          );
      }
      const log = await chainedLog(parsed.log, io);
      warnIfStale(log, io);
      const budget = parseBudget(values.budget);
      const roots = log.roots?.map((root) => resolve(io.cwd, root));
      // The log is streamed, never held whole: standard input is spooled to a private temporary file, and
      // only the lines around the primary location and the tail are read back.
      const spooled = 'stream' in log.source ? await spoolToFile(log.source.stream) : undefined;
      const logPath = spooled?.path ?? ('path' in log.source ? log.source.path : undefined);
      if (logPath === undefined) throw new FaultlineError('E_USAGE', 'the prompt command reads a file or standard input');
      try {
        const prompt = await promptForLog({
          logPath,
          scan: await scanSettingsOf(values, io, log.cwd, log.roots, 'stream' in log.source),
          cwd: resolve(io.cwd, log.cwd),
          roots,
          tools: Array.isArray(values.tool) ? (values.tool as string[]) : undefined,
          withoutTools: Array.isArray(values['without-tool']) ? (values['without-tool'] as string[]) : undefined,
          binary: values.binary === true,
          inputFormat: log.inputFormat,
          budget,
          env: io.env,
          symbolProvider: options.symbolProvider,
          run: log.run,
        });
        const settings = ciSettings(values);
        if (values.json === true) {
          const { chars, approxTokens, redactions } = prompt;
          writeOutput(io, settings, `${JSON.stringify({ version: 1, prompt: prompt.prompt, chars, approxTokens, redactions })}\n`);
        } else {
          writeOutput(io, settings, prompt.prompt.endsWith('\n') ? prompt.prompt : `${prompt.prompt}\n`);
          const total = prompt.redactions.reduce((sum, entry) => sum + entry.count, 0);
          if (total > 0)
            io.stderr(
              `faultline: redacted ${total} secret${total === 1 ? '' : 's'} ` +
                `(${prompt.redactions.map((entry) => `${entry.type} ×${entry.count}`).join(', ')})\n`,
            );
        }
        return EXIT_OK;
      } finally {
        spooled?.dispose();
      }
    },
  };
}

function readHead(path: string, bytes: number): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

// Lines read back around the primary location for the summary, and bytes of the log's end for the tail.
const SUMMARY_RADIUS = 60;
const TAIL_BYTES = 64 * 1024;

async function promptForLog(request: {
  logPath: string;
  cwd: string;
  roots: string[] | undefined;
  tools: string[] | undefined;
  withoutTools: string[] | undefined;
  binary: boolean;
  inputFormat: string | undefined;
  budget: number | undefined;
  env: NodeJS.ProcessEnv;
  symbolProvider: SymbolProvider | undefined;
  /** The saved run the log came from (RUN, --last, --last-failed): its command and exit code head the prompt. */
  run?: RunInfo | undefined;
  /** --efm patterns and the diff filter (cli/scan-settings.ts). */
  scan: ScanSettings;
}): Promise<PromptResult> {
  const { logPath, cwd, roots } = request;
  const result = await locate(
    { path: logPath },
    {
      cwd,
      ...request.scan,
      ...(roots ? { roots } : {}),
      ...(request.tools ? { formats: request.tools } : {}),
      ...(request.withoutTools ? { excludeFormats: request.withoutTools } : {}),
      ...(request.inputFormat ? { inputFormat: request.inputFormat } : {}),
      ...(request.run ? { command: request.run.command } : {}),
      allowBinary: request.binary,
    },
  );
  const usedRoots = roots ?? [...new Set(result.locations.map((location) => location.root))];
  const symbols = await attachments(result.locations, usedRoots, request.symbolProvider);
  const primary = result.locations[0];
  // A log that fits the tail budget is read once (the window is inside it); a longer one is read as the lines
  // around the primary plus the tail, each bounded.
  const whole = statSync(logPath).size <= TAIL_BYTES;
  const rawTail = readLogTail(logPath, TAIL_BYTES);
  const around =
    primary && !whole ? readLogWindow(logPath, { line: primary.logLine, before: SUMMARY_RADIUS, after: SUMMARY_RADIUS }) : undefined;
  // A JSON or XML report is shown as the text it carries, decoded: its raw form can hold a secret split by an
  // escape, an entity, CDATA or two Output events, which only the decoded text shows whole (report-text.ts).
  const kind = reportKind(readHead(logPath, 512));
  const decoded = (text: string): string => (kind === null ? text : decodeReportText(text, kind));
  const tail = decoded(rawTail);
  const windowText = around ? decoded(around.lines.join('\n')) : '';
  // Redact before the summary and the budget cut anything (a cut could split a secret); line numbers survive.
  const redactor = await buildRedactor({
    texts: [windowText, tail, ...result.locations.map((location) => location.message), ...symbols.map((symbol) => symbol.source)],
    env: request.env,
  });
  // As shown (normalised): redacting the raw log and normalising after rejoins split secrets.
  const redactedTail = redactor.redactShown(tail);
  // A decoded report's lines are not the log's lines: its summary is found in the text, not at a line number.
  const summary =
    around && kind === null
      ? summariseError({
          lines: redactor.redactShown(windowText).split('\n'),
          primaryLogLine: (primary?.logLine ?? 1) - around.firstLine + 1,
        })
      : around
        ? summariseError({ text: redactor.redactShown(windowText) })
        : summariseError({ text: redactedTail, ...(primary ? { primaryLogLine: primary.logLine } : {}) });
  return buildFixPrompt({
    run: request.run ?? { command: [], cwd, exitCode: null },
    locations: result.locations,
    symbols,
    summary: summary.text,
    outputTail: redactedTail,
    ...(request.budget !== undefined ? { budget: request.budget } : {}),
    redactor,
  });
}

// The attached code is the enclosing function found by tree-sitter (then the heuristic): a prompt is built
// in well under a second, without starting language servers (`faultline explain` uses them).
const enclosingSymbolProvider: SymbolProvider = async ({ location, fileText }) => {
  const lookup = await findEnclosingSymbol({
    file: location.absolutePath,
    root: location.root,
    line: location.line,
    text: fileText,
    noLsp: true,
  });
  if (!lookup.symbol) return undefined;
  const lines = fileText.split('\n');
  const { startLine, endLine } = attachmentSelection(lookup.symbol, location.line, lines.length);
  return {
    name: lookup.symbol.name,
    kind: lookup.symbol.kind,
    startLine,
    endLine,
    source: lines.slice(startLine - 1, endLine).join('\n'),
    file: location.file,
  };
};

export const promptCommand: CliCommand = createPromptCommand({ symbolProvider: enclosingSymbolProvider });

// A log read from standard input was spooled from it already, so `--diff -` is refused then.
async function scanSettingsOf(
  values: Record<string, unknown>,
  io: CliIo,
  cwd: string,
  roots: string[] | undefined,
  logOnStdin: boolean,
): Promise<ScanSettings> {
  const userFormats = userFormatsOf(values);
  const cap = maxLocationsOf(values);
  const diff = await diffFilterOf(values, io, cwd, roots, logOnStdin);
  return { ...(userFormats ? { userFormats } : {}), ...(diff ? { diff } : {}), ...cap };
}

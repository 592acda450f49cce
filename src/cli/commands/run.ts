// run = execute a command with its output captured to an artifact, then locate the errors in it.
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { FaultlineError, countOf, didYouMean, toLocateJson, type LocateResult } from '../../core/index.js';
import { defaultHistoryKey, readArtifact, runCommand, type RunResult } from '../../capture/index.js';
import { locate } from '../../locate/index.js';
import { defaultRoots } from '../../locate/workspace-roots.js';
import { overflowNote } from '../notes.js';
import { REPORT_NAMES } from '../../reports/index.js';
import { explainLocations } from '../../lsp-client/index.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../../output/index.js';
import { buildRedactor } from '../../redact/index.js';
import { formatRunHeader, summariseError } from '../../summarise/index.js';
import { commandAfterOptions } from '../args.js';
import { keepYoungGenerationSmall } from '../heap.js';
import { EXIT_CANNOT_RUN, EXIT_NOT_FOUND, EXIT_RUN_USAGE, type CliCommand, type CliIo } from '../io.js';
import { lookUpCommand } from '../command-path.js';
import { childColourEnv, ciSettings, errorsOnly, reportExitCode, type CiSettings } from '../conventions.js';
import { outputFormatOf, printResult } from '../output.js';
import { explainText } from './explain.js';
import { SCAN_OPTION_NAMES, SCAN_USAGE, diffFilterOf, maxLocationsOf, userFormatsOf } from '../scan-settings.js';

const USAGE =
  `usage: faultline run [--cwd DIR] [--timeout S] [--shell] [--json | --format F] [--explain] ` +
  `[--background] [--redact] [--input-format NAME] -- CMD [ARGS…]

Runs CMD with stdin closed, stdout+stderr merged and shown live, saves every byte to an artifact,
then prints where the errors are. Exits with CMD's exit code (124 on timeout, 128+N on a signal); 125 is
faultline's own usage or internal error, 126 CMD cannot run, 127 CMD is not found.

  --cwd DIR      run in DIR (default: the current directory)
  --timeout S    end the whole process group after S seconds
  --shell        run CMD through $SHELL -c (pipefail on for bash/zsh/ksh)
  --json         print one JSON object on stdout; the live output goes to stderr
  --format F     print the located errors as ${OUTPUT_FORMATS.join(' | ')} (the live output goes to stderr)
  --explain      when CMD fails, explain it: summary, enclosing function and code frame (pre-commit hooks)
  --background   run CMD in a detached worker (same argv as without it; with --shell a shell line), print
                 its id and return at once; then faultline read ID --follow | --wait MS, kill ID, ps
  --redact       with --json: redact secrets in the preview and messages (for a model)
  --input-format NAME  read the output as this structured report, or 'text' (default: detected by content)
  --max-warnings N  exit 1 when CMD succeeded but more than N warnings were located in its output
${SCAN_USAGE}
  -o, --output FILE, --quiet, --color, --no-color: as for locate (the exit code stays CMD's)
When faultline's stdout is a terminal, CMD gets FORCE_COLOR=1 and CLICOLOR_FORCE=1 so it keeps its colour;
the artifact keeps every byte and locating reads through the colour codes.`;

const MAX_TIMER_MS = 2 ** 31 - 1;
// For "did you mean" on a mistyped option.
const RUN_OPTIONS = [
  '--cwd',
  '--timeout',
  '--shell',
  '--json',
  '--format',
  '--explain',
  '--background',
  '--input-format',
  '--redact',
  '--output',
  '-o',
  '--max-warnings',
  '--quiet',
  '--color',
  '--no-color',
  ...SCAN_OPTION_NAMES,
];

interface RunArgs {
  cwd: string | undefined;
  timeoutMs: number | undefined;
  shell: boolean;
  json: boolean;
  format: OutputFormat;
  explain: boolean;
  background: boolean;
  redact: boolean;
  inputFormat: string | undefined;
  command: string[];
  /** -o/--output, --quiet, --color/--no-color (cli/conventions.ts). */
  ci: Record<string, string | boolean>;
  /** --efm (repeatable), --filter-mode, --diff, --diff-base, --max-locations (cli/scan-settings.ts). */
  scan: Record<string, string | string[]>;
}

// Options come before the command; everything from `--` (or the first non-option word) is the command,
// so `faultline run npm test -- --watch=false` keeps the command's own flags intact.
function parseRunArgs(argv: string[]): RunArgs {
  const args: RunArgs = {
    cwd: undefined,
    timeoutMs: undefined,
    shell: false,
    json: false,
    format: 'text',
    explain: false,
    background: false,
    redact: false,
    inputFormat: undefined,
    command: [],
    ci: {},
    scan: {},
  };
  args.command = commandAfterOptions(
    argv,
    'run',
    (name, value) => {
      if (name === '--cwd') args.cwd = value();
      else if (name === '--timeout') {
        const seconds = Number(value());
        // Node's timers hold at most 2^31-1 ms (a larger one fired at once), and below 1 ms it rounded to none.
        if (!Number.isFinite(seconds) || seconds * 1000 < 1 || seconds * 1000 > MAX_TIMER_MS) {
          throw new FaultlineError('E_USAGE', `--timeout must be a number of seconds from 0.001 to ${Math.floor(MAX_TIMER_MS / 1000)}`);
        }
        args.timeoutMs = Math.round(seconds * 1000);
      } else if (name === '--shell') args.shell = true;
      else if (name === '--json') args.json = true;
      else if (name === '--format') args.format = outputFormatOf({ format: value() });
      else if (name === '--explain') args.explain = true;
      else if (name === '--background') args.background = true;
      else if (name === '--input-format') args.inputFormat = value();
      else if (name === '--redact') args.redact = true;
      else if (name === '-o' || name === '--output') args.ci.output = value();
      else if (name === '--max-warnings') args.ci['max-warnings'] = value();
      else if (name === '--quiet' || name === '--color' || name === '--no-color') args.ci[name.slice(2)] = true;
      else if (name === '--efm') args.scan.efm = [...((args.scan.efm as string[] | undefined) ?? []), value()];
      else if (SCAN_OPTION_NAMES.includes(name)) args.scan[name.slice(2)] = value();
      else return false;
      return true;
    },
    RUN_OPTIONS,
  );
  // Checked before the command runs: a typo must not cost a whole build.
  if (args.inputFormat !== undefined && args.inputFormat !== 'text' && !REPORT_NAMES.includes(args.inputFormat)) {
    throw new FaultlineError(
      'E_USAGE',
      `unknown input format '${args.inputFormat}'${didYouMean(args.inputFormat, ['text', ...REPORT_NAMES])} (one of: text, ` +
        `${REPORT_NAMES.join(', ')})`,
    );
  }
  if (args.command.length === 0) throw new FaultlineError('E_USAGE', `no command given: faultline run [options] -- CMD [ARGS…]`);
  return args;
}

function envNumber(io: CliIo, name: string): number | undefined {
  const raw = io.env[name];
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

// The human explanation a pre-commit hook shows: what ran, the error block, and where to fix it.
async function explainFailure(result: RunResult, located: LocateResult): Promise<string> {
  const primary = located.locations[0];
  const parts = [formatRunHeader({ command: result.command, cwd: result.cwd, exitCode: result.exitStatus })];
  // Read only the lines around the primary from the artifact (paging is O(page)), never the whole log.
  const around = primary ? Math.max(1, primary.logLine - 30) : Math.max(1, result.artifact.lines - 40);
  const page = await readArtifact({ artifact: result.artifact.path, offset: around, limit: 80 }).catch(() => undefined);
  if (page) {
    const lines = page.lines.map((line) => line.text);
    const summary = summariseError({ lines, ...(primary ? { primaryLogLine: primary.logLine - around + 1 } : {}) });
    if (summary.text) parts.push(`\n${summary.text}`);
  }
  if (primary) {
    // Tree-sitter, not a language server: a hook must answer in well under a second.
    const items = await explainLocations({ locations: located.locations, noLsp: true, limit: 1 });
    if (items.length > 0) parts.push(`\n${explainText(items)}`);
  }
  return `${parts.join('\n')}\n`;
}

// The command's own code; a command that succeeded fails (1) only on more warnings than --max-warnings.
function exitStatusOf(result: RunResult, found: LocateResult, settings: CiSettings, io: CliIo): number {
  if (result.exitStatus !== 0 || settings.maxWarnings === undefined) return result.exitStatus;
  return reportExitCode(found, found, { ...settings, failLevel: 'none' }, io);
}

function describeExit(result: RunResult): string {
  if (result.timedOut) return 'timed out';
  if (result.interactive !== null) return 'stopped: waiting for input';
  if (result.signal) return `killed by ${result.signal}`;
  return `exit ${result.exitCode}`;
}

export const runCommandCli: CliCommand = {
  name: 'run',
  summary: 'run a command, save its output, and point at the errors',
  usage: USAGE,
  usageExit: EXIT_RUN_USAGE,
  async run(argv, io) {
    const args = parseRunArgs(argv);
    const settings = ciSettings(args.ci);
    const cwd = resolve(io.cwd, args.cwd ?? '.');
    if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) {
      throw new FaultlineError('E_USAGE', `--cwd ${args.cwd ?? cwd}: no such directory (the command would run there)`);
    }
    // Checked before the command runs: a bad pattern or ref must not cost a whole build.
    const userFormats = userFormatsOf(args.scan);
    const chosen = { ...(userFormats ? { userFormats } : {}), ...maxLocationsOf(args.scan) };
    const diff = await diffFilterOf(args.scan, io, cwd, undefined, false);
    // With --shell the shell decides what its words mean; otherwise the first word must be a command.
    if (!args.shell) {
      const lookup = lookUpCommand(args.command[0]!, cwd, io.env);
      if (!lookup.found) {
        const what =
          lookup.reason === 'not-found'
            ? `command not found: ${args.command[0]}${args.command[0]!.includes('/') ? '' : ' (not on PATH)'}`
            : `cannot run ${lookup.path}: ${lookup.reason === 'directory' ? 'it is a directory' : 'not executable'}`;
        io.stderr(`faultline run: ${what}\n`);
        return lookup.reason === 'not-found' ? EXIT_NOT_FOUND : EXIT_CANNOT_RUN;
      }
    }
    if (args.background)
      return (await import('./background.js')).runBackground(args.command, { cwd, shell: args.shell, json: args.json }, io);
    // A captured command's output has no size limit.
    await keepYoungGenerationSmall();
    // Live output keeps stdout clean for the JSON document when --json is given.
    const toStderr = args.json || args.format !== 'text';
    const liveStream = toStderr ? io.stderr : io.stdout;
    // Bytes pass through as they came (invalid UTF-8 included). Measured: writing them as decoded strings grew a
    // 100 MB capture's heap to ~190 MB before a full GC (peak RSS ~130-150 MB); writing the bytes keeps it flat.
    const liveBytes = toStderr ? io.stderrBytes : io.stdoutBytes;
    let liveEndsLine = true;
    const live = (text: string): void => {
      if (text === '') return;
      liveEndsLine = text.endsWith('\n');
      liveStream(text);
    };
    // The command's own output may hold `::error …` lines: on GitHub they must not run as workflow commands,
    // so the live copy is fenced with stop-commands (a fresh token each run) and faultline's annotations follow.
    const stopToken = args.format === 'github' ? randomUUID().replace(/-/g, '') : undefined;
    if (stopToken) live(`::stop-commands::${stopToken}\n`);
    const decoder = new StringDecoder('utf8');
    const controller = new AbortController();
    const onSignal = (signal: NodeJS.Signals) => () => controller.abort(signal);
    const handlers: [NodeJS.Signals, () => void][] = [
      ['SIGINT', onSignal('SIGINT')],
      ['SIGTERM', onSignal('SIGTERM')],
      // A closed terminal: without a handler Node died at once, leaving the group running and no metadata.
      ['SIGHUP', onSignal('SIGHUP')],
    ];
    for (const [signal, handler] of handlers) process.on(signal, handler);
    let result: RunResult;
    try {
      result = await runCommand({
        command: args.command,
        cwd,
        shell: args.shell,
        env: { ...io.env, ...childColourEnv(io, settings.colour) },
        timeoutMs: args.timeoutMs,
        signal: controller.signal,
        onOutput: (chunk) => {
          if (!liveBytes) return live(decoder.write(chunk));
          if (chunk.length === 0) return;
          liveEndsLine = chunk[chunk.length - 1] === 0x0a;
          liveBytes(chunk);
        },
        interactiveSilenceMs: envNumber(io, 'FAULTLINE_INTERACTIVE_SILENCE_MS'),
        // Marked as the CLI's, in this workspace: --last in this project picks it, not an agent's library run.
        history: { key: defaultHistoryKey(io.env), origin: 'cli', root: defaultRoots(cwd, io.env)[0]! },
      });
    } finally {
      for (const [signal, handler] of handlers) process.off(signal, handler);
    }
    const rest = decoder.end();
    if (rest) live(rest);
    if (stopToken) live(`${liveEndsLine ? '' : '\n'}::${stopToken}::\n`);

    if (result.captureError) io.stderr(`faultline run: ${result.captureError.message} [${result.captureError.code}]\n`);
    if (result.timedOut) io.stderr(`faultline run: timed out after ${(args.timeoutMs ?? 0) / 1000} s; the process group was ended\n`);
    if (result.interactive !== null) {
      io.stderr(
        `faultline run: the command is waiting for input (${JSON.stringify(result.interactive)}) and was stopped; run it in a ` +
          `terminal or make it non-interactive\n`,
      );
    }
    if (result.artifact.truncated)
      io.stderr(`faultline run: output past ${result.artifact.bytes} bytes was not saved (artifact size cap)\n`);

    let located: LocateResult = { locations: [], unresolved: [], dropped: [] };
    let found = located;
    try {
      found = located = await locate(
        { path: result.artifact.path },
        {
          cwd: result.cwd,
          command: result.command,
          ...(args.inputFormat ? { inputFormat: args.inputFormat } : {}),
          ...chosen,
          ...(diff ? { diff } : {}),
        },
      );
      overflowNote(found, io);
      if (settings.quiet) located = errorsOnly(located);
    } catch (error) {
      io.stderr(`faultline run: locating errors failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }

    if (args.json) {
      // The preview as shown (normalised) and then redacted: a secret split by escapes is whole only there.
      const redactor = args.redact
        ? await buildRedactor({ texts: [result.preview.text, ...located.locations.map((location) => location.message)], env: io.env })
        : undefined;
      const locations = toLocateJson(located).locations.map((location) =>
        redactor ? { ...location, message: redactor.redactRaw(location.message) } : location,
      );
      const document = {
        version: 1,
        command: result.command,
        cwd: result.cwd,
        exitCode: result.exitCode,
        signal: result.signal,
        timedOut: result.timedOut,
        ...(result.interactive !== null ? { interactive: result.interactive } : {}),
        durationMs: result.durationMs,
        artifact: {
          id: result.artifact.id,
          path: result.artifact.path,
          bytes: result.artifact.bytes,
          lines: result.artifact.lines,
          truncated: result.artifact.truncated,
        },
        preview: {
          text: redactor ? redactor.redactShown(result.preview.text) : result.preview.text,
          omittedLines: result.preview.omittedLines,
          omittedBytes: result.preview.omittedBytes,
        },
        locations,
      };
      io.stdout(`${JSON.stringify(document)}\n`);
      return exitStatusOf(result, found, settings, io);
    }
    // The command's last line may lack its newline (`printf abc`): the summary still starts a line of its own.
    const trailer =
      `${liveEndsLine ? '' : '\n'}faultline: ${describeExit(result)} · ${(result.durationMs / 1000).toFixed(1)} s · ` +
      `${countOf(result.artifact.lines, 'line')} · artifact ${result.artifact.id}\n  ${result.artifact.path}\n`;
    if (args.format !== 'text') {
      await printResult(located, args.format, io, settings);
      io.stderr(trailer);
    } else if (args.explain) {
      if (result.failed) io.stdout(`\n${await explainFailure(result, located)}`);
      io.stderr(trailer);
    } else {
      if (located.locations.length > 0) io.stdout('\n');
      await printResult(located, 'text', io, settings);
      io.stdout(located.locations.length > 0 ? trailer.replace(/^\n/, '') : trailer);
    }
    return exitStatusOf(result, found, settings, io);
  },
};

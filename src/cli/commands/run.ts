// run = execute a command with its output captured to an artifact, then locate the errors in it.
import { randomUUID } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { FaultlineError, toLocateJson, type LocateResult } from '../../core/index.js';
import { defaultHistoryKey, readArtifact, runCommand, type RunResult } from '../../capture/index.js';
import { locate } from '../../locate/index.js';
import { explainLocations } from '../../lsp-client/index.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../../output/index.js';
import { formatRunHeader, summariseError } from '../../summarise/index.js';
import { keepYoungGenerationSmall } from '../heap.js';
import type { CliCommand, CliIo } from '../io.js';
import { outputFormatOf, printResult } from '../output.js';
import { explainText } from './explain.js';

const USAGE = `usage: faultline run [--cwd DIR] [--timeout S] [--shell] [--json | --format F] [--explain] [--background] -- CMD [ARGS…]

Runs CMD with stdin closed, stdout+stderr merged and shown live, saves every byte to an artifact,
then prints where the errors are. Exits with CMD's exit code (124 on timeout, 128+N on a signal).

  --cwd DIR      run in DIR (default: the current directory)
  --timeout S    end the whole process group after S seconds
  --shell        run CMD through $SHELL -c (pipefail on for bash/zsh/ksh)
  --json         print one JSON object on stdout; the live output goes to stderr
  --format F     print the located errors as ${OUTPUT_FORMATS.join(' | ')} (the live output goes to stderr)
  --explain      when CMD fails, explain it: summary, enclosing function and code frame (pre-commit hooks)
  --background   run CMD (a shell command line) in a detached worker, print its id and return at once;
                 then faultline read ID --follow | --wait MS, faultline kill ID, faultline ps`;

interface RunArgs {
  cwd: string | undefined;
  timeoutMs: number | undefined;
  shell: boolean;
  json: boolean;
  format: OutputFormat;
  explain: boolean;
  background: boolean;
  command: string[];
}

// Options come before the command; everything from `--` (or the first non-option word) is the command,
// so `faultline run npm test -- --watch=false` keeps the command's own flags intact.
function parseRunArgs(argv: string[]): RunArgs {
  const args: RunArgs = { cwd: undefined, timeoutMs: undefined, shell: false, json: false, format: 'text', explain: false, background: false, command: [] };
  let index = 0;
  const value = (name: string): string => {
    const next = argv[++index];
    if (next === undefined) throw new FaultlineError('E_USAGE', `${name} needs a value`);
    return next;
  };
  for (; index < argv.length; index++) {
    const word = argv[index]!;
    if (word === '--') {
      index++;
      break;
    }
    if (!word.startsWith('-')) break;
    const [name, inline] = word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
    if (name === '--cwd') args.cwd = inline ?? value(name);
    else if (name === '--timeout') {
      const seconds = Number(inline ?? value(name));
      if (!Number.isFinite(seconds) || seconds <= 0) throw new FaultlineError('E_USAGE', '--timeout must be a positive number of seconds');
      args.timeoutMs = Math.round(seconds * 1000);
    } else if (name === '--shell') args.shell = true;
    else if (name === '--json') args.json = true;
    else if (name === '--format') args.format = outputFormatOf({ format: inline ?? value(name) });
    else if (name === '--explain') args.explain = true;
    else if (name === '--background') args.background = true;
    else throw new FaultlineError('E_USAGE', `unknown option ${word}\n${USAGE}`);
  }
  args.command = argv.slice(index);
  if (args.command.length === 0) throw new FaultlineError('E_USAGE', `no command given\n${USAGE}`);
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
  async run(argv, io) {
    const args = parseRunArgs(argv);
    const cwd = args.cwd ?? io.cwd;
    if (args.background) return (await import('./background.js')).runBackground(args.command, cwd, args.json, io);
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
    ];
    for (const [signal, handler] of handlers) process.on(signal, handler);
    let result: RunResult;
    try {
      result = await runCommand({
        command: args.command,
        cwd,
        shell: args.shell,
        env: io.env,
        timeoutMs: args.timeoutMs,
        signal: controller.signal,
        onOutput: (chunk) => {
          if (!liveBytes) return live(decoder.write(chunk));
          if (chunk.length === 0) return;
          liveEndsLine = chunk[chunk.length - 1] === 0x0a;
          liveBytes(chunk);
        },
        interactiveSilenceMs: envNumber(io, 'FAULTLINE_INTERACTIVE_SILENCE_MS'),
        history: { key: defaultHistoryKey(io.env) },
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
      io.stderr(`faultline run: the command is waiting for input (${JSON.stringify(result.interactive)}) and was stopped; run it in a terminal or make it non-interactive\n`);
    }
    if (result.artifact.truncated) io.stderr(`faultline run: output past ${result.artifact.bytes} bytes was not saved (artifact size cap)\n`);

    let located: LocateResult = { locations: [], unresolved: [], dropped: [] };
    try {
      located = await locate({ path: result.artifact.path }, { cwd: result.cwd });
    } catch (error) {
      io.stderr(`faultline run: locating errors failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }

    if (args.json) {
      const document = {
        version: 1,
        command: result.command,
        cwd: result.cwd,
        exitCode: result.exitCode,
        signal: result.signal,
        timedOut: result.timedOut,
        ...(result.interactive !== null ? { interactive: result.interactive } : {}),
        durationMs: result.durationMs,
        artifact: { id: result.artifact.id, path: result.artifact.path, bytes: result.artifact.bytes, lines: result.artifact.lines, truncated: result.artifact.truncated },
        preview: { text: result.preview.text, omittedLines: result.preview.omittedLines, omittedBytes: result.preview.omittedBytes },
        locations: toLocateJson(located).locations,
      };
      io.stdout(`${JSON.stringify(document)}\n`);
      return result.exitStatus;
    }
    const trailer = `faultline: ${describeExit(result)} · ${(result.durationMs / 1000).toFixed(1)} s · ${result.artifact.lines} lines · artifact ${result.artifact.id}\n  ${result.artifact.path}\n`;
    if (args.format !== 'text') {
      await printResult(located, args.format, io);
      io.stderr(trailer);
    } else if (args.explain) {
      if (result.failed) io.stdout(`\n${await explainFailure(result, located)}`);
      io.stderr(trailer);
    } else {
      if (located.locations.length > 0) io.stdout('\n');
      await printResult(located, 'text', io);
      io.stdout(trailer);
    }
    return result.exitStatus;
  },
};

// The CLI side of background commands: `run --background`, `read ID --follow|--wait MS`, `kill ID`, `ps`.
import { FaultlineError, isFaultlineError } from '../../core/index.js';
import { defaultHistoryKey, kill, list, output, start, type BackgroundResult } from '../../capture/index.js';
import { defaultRoots } from '../../locate/workspace-roots.js';
import type { Redactor } from '../../redact/index.js';
import type { CliCommand, CliIo } from '../io.js';
import { parseOptions } from '../args.js';

function describe(result: BackgroundResult): string {
  const seconds = `${(result.durationMs / 1000).toFixed(1)} s`;
  if (result.running) return `${result.id} running${result.server ? ' (server/watcher)' : ''} · ${seconds}`;
  const code = result.exitCode === null ? `no exit code${result.signal ? ` (${result.signal})` : ''}` : `exit ${result.exitCode}`;
  return `${result.id} ${result.status} · ${code} · ${seconds}`;
}

// The capture stage speaks to programs (`see list()`, `output() returns new output only`); a CLI user types
// commands. The library's wording stays (its callers read it), the CLI names its own commands instead.
const LIBRARY_TO_CLI: [RegExp, string][] = [
  [/\blist\(\)/g, "'faultline ps'"],
  [/\boutput\(\)/g, "'faultline read ID --wait MS'"],
  [/\bkill\(\)/g, "'faultline kill ID'"],
  [/\bstart\(\)/g, "'faultline run --background'"],
];

export function inCliWords(text: string): string {
  return LIBRARY_TO_CLI.reduce((current, [pattern, words]) => current.replace(pattern, words), text);
}

// A FaultlineError from the capture stage, reworded for the CLI (same code, same one line).
async function cliWorded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isFaultlineError(error)) throw new FaultlineError(error.code, inCliWords(error.message));
    throw error;
  }
}

function print(result: BackgroundResult, io: CliIo, json: boolean): void {
  if (json) {
    io.stdout(`${JSON.stringify({ version: 1, ...result })}\n`);
    return;
  }
  if (result.output !== '') io.stdout(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
  for (const note of result.notes) io.stderr(`faultline: note: ${inCliWords(note)}\n`);
  io.stderr(`faultline: ${describe(result)}\n`);
}

// What the CLI exits with once the command ended: its code (1 when it has none), 0 while it runs.
function exitOf(result: BackgroundResult): number {
  if (result.running || result.status === 'stopped') return 0;
  return result.exitStatus ?? result.exitCode ?? 1;
}

// One POSIX sh word: the argument exactly as given (single quotes keep everything but a single quote).
function shWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `faultline run --background`: starts the command in a detached worker, prints the id, returns at once.
 * The worker runs a shell line, so without `--shell` each word is quoted for /bin/sh and exec'd: the command gets
 * exactly the argv `run` would give it (`bash -c "sleep 20"` stays three words). With `--shell` the words are
 * one script for $SHELL, as `run --shell` does.
 */
export async function runBackground(
  command: string[],
  options: { cwd: string; shell: boolean; json: boolean },
  io: CliIo,
): Promise<number> {
  const { cwd, json } = options;
  const line = options.shell ? command.join(' ') : `exec ${command.map(shWord).join(' ')}`;
  const history = { key: defaultHistoryKey(io.env), origin: 'cli' as const, root: defaultRoots(cwd, io.env)[0]! };
  const result = await start(line, { cwd, baseEnv: io.env, detach: true, history, ...(options.shell ? {} : { shell: '/bin/sh' }) });
  if (json) io.stdout(`${JSON.stringify({ version: 1, ...result })}\n`);
  else {
    io.stdout(`${result.id}\n`);
    io.stderr(
      `faultline: running in the background; follow it with 'faultline read ${result.id} --follow', end it with 'faultline kill ` +
        `${result.id}'\n`,
    );
  }
  return 0;
}

/** `faultline read ID --wait MS` (one call) or `--follow` (until the command ends). */
export async function readBackground(
  id: string,
  options: { follow: boolean; waitMs: number; json: boolean; redact?: Redactor },
  io: CliIo,
): Promise<number> {
  // --redact applies here too: the output of a running command is exactly what goes to a model.
  const store = { env: io.env, redact: options.redact };
  if (!options.follow) {
    const result = await cliWorded(output(id, { ...store, waitMs: options.waitMs }));
    print(result, io, options.json);
    return exitOf(result);
  }
  for (;;) {
    const result = await cliWorded(output(id, { ...store, waitMs: 1000 }));
    if (options.json) {
      if (result.output !== '' || !result.running) io.stdout(`${JSON.stringify({ version: 1, ...result })}\n`);
    } else if (result.output !== '') io.stdout(result.output);
    if (!result.running) {
      if (!options.json) {
        for (const note of result.notes) io.stderr(`faultline: note: ${inCliWords(note)}\n`);
        io.stderr(`faultline: ${describe(result)}\n`);
      }
      return exitOf(result);
    }
  }
}

export const killCommand: CliCommand = {
  name: 'kill',
  summary: 'end a background command and its whole process tree',
  usage: `usage: faultline kill ID [--json]

Ends the background command ID (its process group and every descendant, setsid ones included), prints the
output not read yet and its end, and frees the id.`,
  async run(argv, io) {
    const { values, positionals } = parseOptions('kill', { args: argv, allowPositionals: true, options: { json: { type: 'boolean' } } });
    if (positionals.length !== 1) throw new FaultlineError('E_USAGE', 'expected one background command id');
    print(await cliWorded(kill(positionals[0]!, { env: io.env })), io, values.json ?? false);
    return 0;
  },
};

export const psCommand: CliCommand = {
  name: 'ps',
  summary: 'list background commands',
  usage: `usage: faultline ps [--json]

Lists the background commands of this cache: running ones first, then ended ones not killed yet.`,
  async run(argv, io) {
    const { values } = parseOptions('ps', { args: argv, options: { json: { type: 'boolean' } } });
    const jobs = await list({ env: io.env });
    if (values.json) {
      io.stdout(`${JSON.stringify({ version: 1, jobs })}\n`);
      return 0;
    }
    if (jobs.length === 0) {
      io.stdout('no background commands\n');
      return 0;
    }
    for (const job of jobs) {
      const kind = job.server ? ' server' : '';
      io.stdout(
        `${job.id}  ${job.status.padEnd(9)}${kind}  ${(job.durationMs / 1000).toFixed(0).padStart(5)} s  pid ${job.pid ?? '-'}  ` +
          `${job.command}\n`,
      );
    }
    return 0;
  },
};

// Shared option parsing for the commands that read a log (locate, explain, prompt).
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { statSync } from 'node:fs';
import { FaultlineError, didYouMean } from '../core/index.js';
import type { LogSource } from '../locate/index.js';
import { CHAIN_OPTIONS, runReference, type LogArgs } from './chain.js';
import { CI_OPTIONS } from './conventions.js';
import type { CliIo } from './io.js';
import { SCAN_OPTIONS } from './scan-settings.js';

const LOG_OPTIONS = {
  cwd: { type: 'string' },
  root: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  format: { type: 'string' },
  tool: { type: 'string', multiple: true },
  'without-tool': { type: 'string', multiple: true },
  binary: { type: 'boolean' },
  // -o/--output, --fail-level, --quiet, --color/--no-color (cli/conventions.ts).
  ...CI_OPTIONS,
  // --last, --last-failed: a saved run instead of a log (cli/chain.ts).
  ...CHAIN_OPTIONS,
  'input-format': { type: 'string' },
  // --efm, --filter-mode, --diff, --diff-base (cli/scan-settings.ts).
  ...SCAN_OPTIONS,
} as const;

type OptionConfig = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/**
 * node:util parseArgs (strict), with its unknown-option error made one line of ours: the option, the closest
 * known one ("did you mean"), and where the list is. Node's own text suggests `--` for positionals, which is
 * never what a mistyped flag meant.
 */
export function parseOptions<T extends ParseArgsConfig & { options: OptionConfig }>(
  command: string,
  config: T,
): ReturnType<typeof parseArgs<T & { strict: true }>> {
  const simple = simpleParse(config);
  if (simple) return simple as ReturnType<typeof parseArgs<T & { strict: true }>>;
  try {
    return parseArgs({ ...config, strict: true as const });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw error;
    const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? '?';
    throw new FaultlineError(
      'E_USAGE',
      `unknown option ${option}${didYouMean(option, knownOptions(config.options))} (faultline ${command} --help lists them)`,
    );
  }
}

// node:util's parseArgs costs a start ~1.2 ms of CPU (its getter loads Node's parser, whose first call compiles it), a
// tenth of what an empty log adds to `node -e 0` (issue 21). The command lines people type (known `--name`, `--name value`,
// `--name=value`, plain positionals) are read here with parseArgs' result; anything else (a short flag, `--`, an unknown
// option, a value that starts with `-` or is missing, `=` on a boolean) is left to parseArgs, so every usage error keeps
// its text. test/cli/args-fast-path.test.ts compares the two on such lines.
function simpleParse(
  config: ParseArgsConfig & { options: OptionConfig },
): { values: Record<string, unknown>; positionals: string[] } | undefined {
  const { args, options } = config;
  if (args === undefined || Object.keys(config).some((key) => key !== 'args' && key !== 'options' && key !== 'allowPositionals'))
    return undefined;
  const values: Record<string, unknown> = Object.create(null);
  const positionals: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    if (word === '-' || !word.startsWith('-')) {
      if (config.allowPositionals !== true) return undefined;
      positionals.push(word);
      continue;
    }
    if (!word.startsWith('--') || word === '--') return undefined;
    const equals = word.indexOf('=');
    const name = equals < 0 ? word.slice(2) : word.slice(2, equals);
    const option = Object.hasOwn(options, name) ? options[name] : undefined;
    if (option === undefined || 'default' in option) return undefined;
    let value: string | boolean = true;
    if (option.type === 'string') {
      const given = equals < 0 ? args[++index] : word.slice(equals + 1);
      if (given === undefined || given.startsWith('-')) return undefined;
      value = given;
    } else if (option.type !== 'boolean' || equals >= 0) return undefined;
    if (option.multiple) ((values[name] ??= []) as unknown[]).push(value);
    else values[name] = value;
  }
  return { values, positionals };
}

function knownOptions(options: OptionConfig): string[] {
  return Object.entries(options).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]);
}

/** Parses argv with the log options plus `extra`; positional[0] is the log (`-` or none = stdin). */
export function parseLogArgs<T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>(
  argv: string[],
  io: CliIo,
  extra: T,
  command = 'locate',
) {
  const parsed = parseOptions(command, { args: argv, options: { ...LOG_OPTIONS, ...extra }, allowPositionals: true });
  const positionals = parsed.positionals;
  if (positionals.length > 1) throw new FaultlineError('E_USAGE', `expected at most one log file, got ${positionals.length}`);
  const file = positionals[0];
  const reference = runReference(parsed.values as Record<string, unknown>, file);
  let source: LogSource;
  if (reference !== undefined) {
    source = { path: '' }; // replaced by the run's artifact in chainedLog
  } else if (file === undefined || file === '-') {
    if (file === undefined && io.stdinIsTTY)
      throw new FaultlineError('E_USAGE', 'no log given: pass a file, or pipe the output in (use - for standard input)');
    source = { stream: io.stdin as AsyncIterable<Uint8Array> };
  } else {
    source = { path: resolve(io.cwd, file) };
  }
  const values = parsed.values as Record<string, unknown>;
  const cwd = typeof values.cwd === 'string' ? values.cwd : io.cwd;
  const roots = Array.isArray(values.root) ? (values.root as string[]) : undefined;
  // Named by the option the user typed: "workspace root is not a directory" did not say that --cwd was wrong.
  for (const [option, directory] of [
    ...(typeof values.cwd === 'string' ? [['--cwd', values.cwd]] : []),
    ...(roots ?? []).map((root) => ['--root', root]),
  ] as [string, string][]) {
    if (!statSync(resolve(io.cwd, directory), { throwIfNoEntry: false })?.isDirectory())
      throw new FaultlineError('E_USAGE', `${option} ${directory}: no such directory`);
  }
  const inputFormat = typeof values['input-format'] === 'string' ? values['input-format'] : undefined;
  const log: LogArgs = {
    source,
    cwd,
    roots,
    cwdGiven: typeof values.cwd === 'string',
    inputFormat,
    ...(reference !== undefined ? { reference } : {}),
  };
  return { values, log };
}

/**
 * Options before a command (`run`, `check-command`): everything from `--` or the first word that is not an
 * option is the command, kept as given, so `faultline run npm test -- --watch=false` keeps the command's own
 * flags. parseArgs cannot stop there. `--name=value` and `--name value` both work. `onOption` returns false for
 * an option it does not know. Returns the command's words.
 */
export function commandAfterOptions(
  argv: readonly string[],
  command: string,
  onOption: (name: string, value: () => string) => boolean,
  known: readonly string[] = [],
): string[] {
  let index = 0;
  for (; index < argv.length; index++) {
    const word = argv[index]!;
    if (word === '--') return argv.slice(index + 1);
    if (!word.startsWith('-')) break;
    const equals = word.indexOf('=');
    const name = equals > 0 ? word.slice(0, equals) : word;
    const value = (): string => {
      if (equals > 0) return word.slice(equals + 1);
      const next = argv[++index];
      if (next === undefined) throw new FaultlineError('E_USAGE', `${name} needs a value`);
      return next;
    };
    if (!onOption(name, value))
      throw new FaultlineError('E_USAGE', `unknown option ${word}${didYouMean(name, known)} (faultline ${command} --help lists them)`);
  }
  return argv.slice(index);
}

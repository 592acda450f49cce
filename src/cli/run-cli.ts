// Dispatches `faultline <command> …` to the command modules and turns errors into exit code 2.
import { didYouMean, isFaultlineError } from '../core/index.js';
import { COMMANDS } from './commands/index.js';
import { keepYoungGenerationSmallForCommand } from './heap.js';
import { EXIT_USAGE, type CliIo } from './io.js';

function help(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const lines = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return (
    `usage: faultline <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun 'faultline <command> --help' for a command's ` +
    `options.\n`
  );
}

// Node's parseArgs explains an option value that starts with `-` (a negative number) in three lines; one is enough.
function parseArgsMessage(message: string): string {
  const ambiguous = /^Option '(-[^']*)' argument is ambiguous/.exec(message);
  if (ambiguous) return `${ambiguous[1]} got a value starting with "-" (a negative number?); write ${ambiguous[1]}=VALUE to pass it`;
  return message.split('\n', 1)[0] ?? message;
}

/** Runs one CLI invocation and resolves to the exit code. Never throws for expected errors. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(help());
    return name === undefined ? EXIT_USAGE : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${process.env.FAULTLINE_VERSION ?? '0.1.0'}\n`);
    return 0;
  }
  const entry = COMMANDS.find((candidate) => candidate.name === name);
  if (!entry) {
    // One line, as every usage error (README): the list of commands is a `faultline --help` away.
    const names = COMMANDS.map((command) => command.name);
    io.stderr(`faultline: unknown command '${name}'${didYouMean(name, names)} (one of: ${names.join(', ')}; see faultline --help)\n`);
    return EXIT_USAGE;
  }
  await keepYoungGenerationSmallForCommand(name, rest, () => io.stdinIsTTY);
  const command = await entry.load();
  // Only faultline's own options ask for help: `faultline run -- grep --help` is grep's.
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (own.includes('--help') || own.includes('-h')) {
    io.stdout(`${command.usage}\n`);
    return 0;
  }
  const usageExit = command.usageExit ?? EXIT_USAGE;
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (isFaultlineError(error)) {
      io.stderr(`faultline ${command.name}: ${error.message} [${error.code}]\n`);
      return usageExit;
    }
    if (error instanceof TypeError && (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      io.stderr(`faultline ${command.name}: ${error.message} (see faultline ${command.name} --help)\n`);
      return usageExit;
    }
    if (error instanceof Error && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`faultline ${command.name}: ${parseArgsMessage(error.message)}\n`);
      return usageExit;
    }
    io.stderr(`faultline ${command.name}: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return usageExit;
  }
}

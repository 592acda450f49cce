// check-command = classify a command line before running it: blocked, read-only, allowed, needs-approval.
import { FaultlineError } from '../../core/index.js';
import { classifyCommand, type ClassifyOptions } from '../../safety/index.js';
import { commandAfterOptions } from '../args.js';
import { EXIT_BLOCKED, EXIT_FINDINGS, EXIT_OK, type CliCommand } from '../io.js';

const USAGE = `usage: faultline check-command [--json] [--shell bash|powershell] [--allow PATTERN]… [--block PATTERN]…
                              [--protect PATH]… [--secret PATH]… [--workdir DIR] -- CMD

Decides, on a real parse tree, whether CMD is blocked, read-only, allowed by one of your --allow patterns
(such as 'npm run *'), or needs approval; every segment of every chain, pipeline, substitution and
bash -c string must pass. Pass CMD as one argument, quoted for your shell:
  faultline check-command -- 'git commit -m "a b"'
Several words are joined by spaces, which loses their quoting. --block, --protect and --secret replace their
default lists (a read of a secret path needs approval: its contents would reach the model); see
docs/agent-shell.md.

exit: 0 read-only or allowed (run it), 1 needs approval (ask first), 3 blocked (never run it), 2 usage error`;

export const checkCommandCli: CliCommand = {
  name: 'check-command',
  summary: 'decide whether a command is blocked, read-only, allowed by a pattern, or needs approval',
  usage: USAGE,
  async run(argv, io) {
    const options: ClassifyOptions & { allow: string[]; block?: string[]; protectedPaths?: string[]; secretPaths?: string[] } = {
      allow: [],
      root: io.cwd,
    };
    let json = false;
    const words = commandAfterOptions(
      argv,
      'check-command',
      (name, value) => {
        if (name === '--json') json = true;
        else if (name === '--shell') {
          const shell = value();
          if (shell !== 'bash' && shell !== 'powershell') throw new FaultlineError('E_USAGE', '--shell must be bash or powershell');
          options.shell = shell;
        } else if (name === '--allow') options.allow.push(value());
        else if (name === '--block') (options.block ??= []).push(value());
        else if (name === '--protect') (options.protectedPaths ??= []).push(value());
        else if (name === '--secret') (options.secretPaths ??= []).push(value());
        else if (name === '--workdir') options.workdir = value();
        else return false;
        return true;
      },
      ['--json', '--shell', '--allow', '--block', '--protect', '--secret', '--workdir'],
    );
    if (words.length === 0) throw new FaultlineError('E_USAGE', `no command given: faultline check-command [options] -- CMD`);
    const result = await classifyCommand(words.join(' '), options);
    if (json) io.stdout(`${JSON.stringify(result)}\n`);
    else {
      io.stdout(`${result.verdict}: ${result.reason}\n`);
      for (const segment of result.segments)
        io.stdout(`  ${segment.verdict.padEnd(14)} ${JSON.stringify(segment.text)}  (${segment.rule})\n`);
    }
    if (result.verdict === 'blocked') return EXIT_BLOCKED;
    return result.verdict === 'read-only' || result.verdict === 'allowed' ? EXIT_OK : EXIT_FINDINGS;
  },
};

// check-command = classify a command line before running it: blocked, read-only, allowed, needs-approval.
import { FaultlineError } from '../../core/index.js';
import { classifyCommand, type ClassifyOptions } from '../../safety/index.js';
import type { CliCommand } from '../io.js';

const USAGE = `usage: faultline check-command [--json] [--shell bash|powershell] [--allow PATTERN]… [--block PATTERN]…
                              [--protect PATH]… [--workdir DIR] -- CMD

Decides, on a real parse tree, whether CMD is blocked, read-only, allowed by one of your --allow patterns
(such as 'npm run *'), or needs approval; every segment of every chain, pipeline, substitution and
bash -c string must pass. Pass CMD as one argument ('faultline check-command -- "git commit -m \"a b\""'): several
words are joined by spaces, which loses their quoting. Exits 0 when CMD may run without asking (read-only or allowed), 1 when it is
blocked or needs approval. --block replaces the default blocked list; see docs/command-safety.md.`;

export const checkCommandCli: CliCommand = {
  name: 'check-command',
  summary: 'decide whether a command is blocked, read-only, allowed by a pattern, or needs approval',
  usage: USAGE,
  async run(argv, io) {
    const options: ClassifyOptions & { allow: string[]; block?: string[]; protectedPaths?: string[] } = { allow: [], root: io.cwd };
    let json = false;
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
      if (word === '--json') json = true;
      else if (word === '--shell') {
        const shell = value(word);
        if (shell !== 'bash' && shell !== 'powershell') throw new FaultlineError('E_USAGE', '--shell must be bash or powershell');
        options.shell = shell;
      } else if (word === '--allow') options.allow.push(value(word));
      else if (word === '--block') (options.block ??= []).push(value(word));
      else if (word === '--protect') (options.protectedPaths ??= []).push(value(word));
      else if (word === '--workdir') options.workdir = value(word);
      else throw new FaultlineError('E_USAGE', `unknown option ${word}\n${USAGE}`);
    }
    const words = argv.slice(index);
    if (words.length === 0) throw new FaultlineError('E_USAGE', `no command given\n${USAGE}`);
    const result = await classifyCommand(words.join(' '), options);
    if (json) io.stdout(`${JSON.stringify(result)}\n`);
    else {
      io.stdout(`${result.verdict}: ${result.reason}\n`);
      for (const segment of result.segments) io.stdout(`  ${segment.verdict.padEnd(14)} ${JSON.stringify(segment.text)}  (${segment.rule})\n`);
    }
    return result.verdict === 'read-only' || result.verdict === 'allowed' ? 0 : 1;
  },
};

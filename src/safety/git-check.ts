// git's read-only check: the global options before the subcommand (`-c`, `--exec-path`, `-p` run programs),
// then the subcommand's own options from git-specs.ts. rules.ts and evaluate.ts find the subcommand here too.
import { GIT_GLOBAL_FLAGS, GIT_GLOBAL_WITH_VALUE, GIT_SPECS, GIT_VERBS } from './git-specs.js';
import { type Args, checkOptions } from './options.js';

export function gitSubcommand(args: Args): { index: number; unsafe: string | null } {
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === null) return { index: -1, unsafe: 'a computed git option' };
    const name = arg.split('=')[0]!;
    if (['-c', '--config-env', '--exec-path', '-p', '--paginate'].includes(name) || /^-c./.test(arg)) {
      if (!(arg === '--exec-path' && args.length === 1)) return { index: -1, unsafe: `git ${name} can run a configured program` };
    }
    if (GIT_GLOBAL_WITH_VALUE.has(arg)) at++;
    else if (GIT_GLOBAL_WITH_VALUE.has(name)) continue;
    else if (!arg.startsWith('-')) return { index: at, unsafe: null };
    else if (!GIT_GLOBAL_FLAGS.has(arg) && !['--version', '--help', '--exec-path'].includes(arg))
      return { index: -1, unsafe: `git ${arg} is not a global option known to only read` };
  }
  return { index: -1, unsafe: null };
}

export function gitCheck(args: Args): string | null {
  const { index, unsafe } = gitSubcommand(args);
  if (unsafe) return unsafe;
  if (index < 0) return args.some((arg) => arg === '--version' || arg === '--help' || arg === '--exec-path') ? null : 'no git subcommand';
  const sub = args[index]!;
  const rest = args.slice(index + 1);
  if (sub === 'rev-parse') return rest.some((arg) => arg === null) ? 'a computed argument of git rev-parse' : null;
  const verbs = GIT_VERBS[sub];
  if (verbs) {
    const verb = rest[0] ?? '';
    const verbSpec = verb !== null && !verb.startsWith('-') ? verbs[verb] : verbs[''];
    if (verbSpec === undefined) return `git ${sub} ${verb ?? ''} is not a read-only form`.replace(/ +/g, ' ');
    return checkOptions(`git ${sub}`, verbSpec, verb !== null && !verb.startsWith('-') ? rest.slice(1) : rest);
  }
  const subSpec = GIT_SPECS[sub];
  return subSpec === undefined ? `git ${sub} is not a read-only subcommand` : checkOptions(`git ${sub}`, subSpec, rest);
}

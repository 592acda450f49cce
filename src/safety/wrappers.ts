// Wrappers run another command given in their arguments: `sudo rm`, `env X=1 rm`, `xargs rm`, `timeout 5 rm`.
// Each is unwrapped to the inner command, which is then checked like any other. An option the unwrapper
// does not know means the inner command cannot be found: that needs approval.
import { SAFE_ASSIGNMENTS } from './lists.js';

interface Unwrapped {
  /** The inner command's words (a computed word is null); empty when the wrapper runs nothing. */
  inner: (string | null)[];
  /** Elevation (sudo, doas): never allowed by the inner command's pattern alone. */
  elevates: boolean;
  /** The wrapper appends words the shell cannot see (xargs). */
  appendsArguments: boolean;
  /** Why the inner command could not be found, or null. */
  unknown: string | null;
}

// Options that take a value, per wrapper; anything else starting with `-` is a flag without one.
const WITH_VALUE: Record<string, Set<string>> = {
  sudo: new Set([
    '-u',
    '--user',
    '-g',
    '--group',
    '-C',
    '-D',
    '--chdir',
    '-h',
    '--host',
    '-p',
    '--prompt',
    '-r',
    '--role',
    '-t',
    '--type',
    '-U',
    '--other-user',
    '-T',
    '--command-timeout',
  ]),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string']),
  nice: new Set(['-n', '--adjustment']),
  ionice: new Set(['-c', '--class', '-n', '--classdata', '-p', '--pid', '-P', '--pgid', '-u', '--uid']),
  timeout: new Set(['-s', '--signal', '-k', '--kill-after']),
  stdbuf: new Set(['-i', '-o', '-e', '--input', '--output', '--error']),
  xargs: new Set([
    '-a',
    '--arg-file',
    '-d',
    '--delimiter',
    '-E',
    '-e',
    '--eof',
    '-I',
    '-i',
    '--replace',
    '-L',
    '-l',
    '--max-lines',
    '-n',
    '--max-args',
    '-P',
    '--max-procs',
    '-s',
    '--max-chars',
    '--process-slot-var',
  ]),
  command: new Set(),
  builtin: new Set(),
  exec: new Set(['-a']),
  nohup: new Set(),
  time: new Set(['-f', '--format', '-o', '--output']),
  setsid: new Set(),
  taskset: new Set(),
  chrt: new Set(),
  unbuffer: new Set(),
  busybox: new Set(),
  coproc: new Set(),
  watch: new Set(['-n', '--interval', '-q', '--equexit']),
  parallel: new Set(['-j', '--jobs', '-S', '--sshlogin', '--joblog', '-a', '--arg-file', '--delay', '--timeout']),
  flock: new Set(['-w', '--timeout', '-E', '--conflict-exit-code']),
};
// Options that make the wrapper itself do something else (a shell, a listing, a write, another argv[0]).
const SPECIAL: Record<string, Set<string>> = {
  sudo: new Set(['-s', '--shell', '-i', '--login', '-e', '--edit', '-l', '--list', '-v', '--validate', '-k', '-K']),
  env: new Set(['-S', '--split-string', '-a', '--argv0', '-C', '--chdir']),
  time: new Set(['-o', '--output']),
  command: new Set(['-v', '-V']),
  exec: new Set(['-a']),
  xargs: new Set(['-a', '--arg-file', '--process-slot-var', '-o', '--open-tty']),
  timeout: new Set([]),
  watch: new Set(['-x', '--exec']),
};
// Flags without a value each wrapper is known to take; any other option needs approval (it may take a value
// that hides the command, or change what runs).
const FLAGS: Record<string, Set<string>> = {
  sudo: new Set([
    '-A',
    '--askpass',
    '-b',
    '--background',
    '-E',
    '--preserve-env',
    '-H',
    '--set-home',
    '-n',
    '--non-interactive',
    '-P',
    '--preserve-groups',
    '-S',
    '--stdin',
    '-B',
    '--bell',
  ]),
  doas: new Set(['-n', '-s']),
  env: new Set([
    '-i',
    '--ignore-environment',
    '-0',
    '--null',
    '-v',
    '--debug',
    '--default-signal',
    '--ignore-signal',
    '--block-signal',
    '--list-signal-handling',
  ]),
  nice: new Set([]),
  ionice: new Set(['-t', '--ignore']),
  timeout: new Set(['--foreground', '--preserve-status', '-v', '--verbose', '-f', '-p']),
  stdbuf: new Set([]),
  xargs: new Set(['-0', '--null', '-r', '--no-run-if-empty', '-t', '--verbose', '-p', '--interactive', '-x', '--exit', '--show-limits']),
  command: new Set(['-p']),
  builtin: new Set([]),
  exec: new Set(['-c', '-l']),
  nohup: new Set([]),
  time: new Set(['-p', '--portability', '-v', '--verbose', '-a', '--append', '-q', '--quiet']),
  setsid: new Set(['-c', '--ctty', '-f', '--fork', '-w', '--wait']),
  taskset: new Set(['-a', '--all-tasks', '-c', '--cpu-list']),
  chrt: new Set([
    '-b',
    '--batch',
    '-d',
    '--deadline',
    '-f',
    '--fifo',
    '-i',
    '--idle',
    '-o',
    '--other',
    '-r',
    '--rr',
    '-R',
    '--reset-on-fork',
    '-a',
    '--all-tasks',
    '-m',
    '--max',
    '-v',
    '--verbose',
  ]),
  unbuffer: new Set(['-p']),
  busybox: new Set([]),
  coproc: new Set([]),
  watch: new Set([
    '-d',
    '--differences',
    '-t',
    '--no-title',
    '-b',
    '--beep',
    '-e',
    '--errexit',
    '-g',
    '--chgexit',
    '-c',
    '--color',
    '-p',
    '--precise',
    '-w',
    '--no-wrap',
  ]),
  parallel: new Set([
    '-k',
    '--keep-order',
    '--halt-on-error',
    '-q',
    '--quote',
    '--dry-run',
    '--will-cite',
    '--bar',
    '--progress',
    '-u',
    '--ungroup',
    '--line-buffer',
    '-0',
    '--null',
  ]),
  flock: new Set([
    '-s',
    '--shared',
    '-x',
    '-e',
    '--exclusive',
    '-u',
    '--unlock',
    '-n',
    '--nb',
    '--nonblock',
    '-o',
    '--close',
    '-F',
    '--no-fork',
    '--verbose',
  ]),
};

// A long option as GNU getopt_long reads it: an exact name or the unique name it abbreviates.
function resolveLong(flag: string, known: string[]): string | null {
  if (known.includes(flag)) return flag;
  const candidates = known.filter((name) => name.startsWith(flag));
  // An abbreviation of an option that changes what runs is taken as that option, however ambiguous.
  const special = candidates.find((name) => SPECIAL_ANY.has(name));
  if (special !== undefined) return special;
  return candidates.length === 1 ? candidates[0]! : null;
}
const SPECIAL_ANY = new Set(Object.values(SPECIAL).flatMap((set) => [...set]));

export function isWrapper(name: string): boolean {
  return name in WITH_VALUE;
}

export function unwrap(name: string, args: (string | null)[]): Unwrapped {
  const result: Unwrapped = {
    inner: [],
    elevates: name === 'sudo' || name === 'doas',
    appendsArguments: name === 'xargs' || name === 'parallel',
    unknown: null,
  };
  const withValue = WITH_VALUE[name]!;
  let at = 0;
  let lockSkipped = false;
  for (; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === null) {
      result.unknown = `a computed ${name} argument`;
      return result;
    }
    if (arg === '--') {
      at++;
      break;
    }
    if (name === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(arg)) {
      const variable = arg.split('=')[0]!;
      if (!SAFE_ASSIGNMENTS.has(variable)) result.unknown = `env sets ${variable}, which can change what the command runs`;
      continue;
    }
    if (name === 'flock' && !lockSkipped && !arg.startsWith('-')) {
      // flock LOCKFILE COMMAND…: the first operand is the lock, not the command.
      lockSkipped = true;
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      // timeout DURATION, taskset MASK, chrt PRIORITY come before the command.
      if (
        (name === 'timeout' || name === 'taskset' || name === 'chrt') &&
        !result.inner.length &&
        /^[\d.]+[smhd]?$|^0x[0-9a-f]+$/i.test(arg)
      )
        continue;
      break;
    }
    const given = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    const special = SPECIAL[name] ?? new Set<string>();
    const flags = FLAGS[name] ?? new Set<string>();
    const known = [...withValue, ...special, ...flags].filter((option) => option.startsWith('--'));
    const flag = given.startsWith('--') ? resolveLong(given, known) : given;
    if (flag === null) {
      result.unknown = `${name} ${given} is not an option known to this check`;
      return result;
    }
    // A cluster of short flags (`-iv`): each letter must be a known flag, the last may take a value.
    const letters = /^-[a-zA-Z0-9]{2,}$/.test(flag) && !withValue.has(flag) ? [...flag.slice(1)].map((letter) => `-${letter}`) : [flag];
    for (const [index, letter] of letters.entries()) {
      if (special.has(letter)) {
        result.unknown = `${name} ${letter}${letter === given ? '' : ` (in ${given})`} is not a plain wrapper`;
        return result;
      }
      const numeric = /^-\d+$/.test(flag) && (name === 'nice' || name === 'xargs');
      if (withValue.has(letter)) {
        if (index === letters.length - 1 && !arg.includes('=') && letters.length === 1) at++;
        break;
      }
      if (!flags.has(letter) && !numeric) {
        result.unknown = `${name} ${letter}${letter === given ? '' : ` (in ${given})`} is not an option known to this check`;
        return result;
      }
    }
  }
  result.inner = args.slice(at);
  // xargs -I R / parallel put input into any argument holding R: `xargs -I % sh -c 'echo %'` runs the input.
  const replace = name === 'xargs' ? replaceString(args.slice(0, at)) : name === 'parallel' ? '{' : null;
  if (replace !== null) result.inner = result.inner.map((arg, index) => (index > 0 && arg !== null && arg.includes(replace) ? null : arg));
  return result;
}

function replaceString(options: (string | null)[]): string | null {
  for (let at = 0; at < options.length; at++) {
    const option = options[at] ?? '';
    if (option === '-I' || option === '--replace') return options[at + 1] ?? '{}';
    if (option.startsWith('--replace=')) return option.slice('--replace='.length) || '{}';
    if (option.startsWith('-I') && option.length > 2) return option.slice(2);
    if (option === '-i') return '{}';
    if (option.startsWith('-i') && option.length > 2) return option.slice(2);
  }
  return null;
}

// Wrappers run another command given in their arguments: `sudo rm`, `env X=1 rm`, `xargs rm`, `timeout 5 rm`.
// Each is unwrapped to the inner command, which is then checked like any other. An option the unwrapper
// does not know means the inner command cannot be found: that needs approval.
import { SAFE_ASSIGNMENTS } from './lists.js';

export interface Unwrapped {
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
  sudo: new Set(['-u', '--user', '-g', '--group', '-C', '-D', '--chdir', '-h', '--host', '-p', '--prompt', '-r', '--role', '-t', '--type', '-U', '--other-user', '-T', '--command-timeout']),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string']),
  nice: new Set(['-n', '--adjustment']),
  ionice: new Set(['-c', '--class', '-n', '--classdata', '-p', '--pid', '-P', '--pgid', '-u', '--uid']),
  timeout: new Set(['-s', '--signal', '-k', '--kill-after']),
  stdbuf: new Set(['-i', '-o', '-e', '--input', '--output', '--error']),
  xargs: new Set(['-a', '--arg-file', '-d', '--delimiter', '-E', '-e', '--eof', '-I', '-i', '--replace', '-L', '-l', '--max-lines', '-n', '--max-args', '-P', '--max-procs', '-s', '--max-chars', '--process-slot-var']),
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
// Options that make the wrapper itself do something else (a shell, a listing, a write).
const SPECIAL: Record<string, Set<string>> = {
  sudo: new Set(['-s', '--shell', '-i', '--login', '-e', '--edit', '-l', '--list', '-v', '--validate', '-k', '-K']),
  env: new Set(['-S', '--split-string']),
  time: new Set(['-o', '--output']),
  command: new Set(['-v', '-V']),
};

export function isWrapper(name: string): boolean {
  return name in WITH_VALUE;
}

export function unwrap(name: string, args: (string | null)[]): Unwrapped {
  const result: Unwrapped = { inner: [], elevates: name === 'sudo' || name === 'doas', appendsArguments: name === 'xargs' || name === 'parallel', unknown: null };
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
      if ((name === 'timeout' || name === 'taskset' || name === 'chrt') && !result.inner.length && /^[\d.]+[smhd]?$|^0x[0-9a-f]+$/i.test(arg)) continue;
      break;
    }
    const flag = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    if (SPECIAL[name]?.has(flag)) {
      result.unknown = `${name} ${flag} is not a plain wrapper`;
      return result;
    }
    if (withValue.has(flag) && !arg.includes('=')) at++;
    else if (/^-[a-zA-Z]$/.test(flag) || flag.startsWith('--') || /^-[a-zA-Z]{2,}$/.test(flag) || /^-\d+$/.test(flag)) continue;
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

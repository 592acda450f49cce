// The read-only list: commands that only read, and the flags or forms that make them write or run code.
// A command is read-only only when its spec says so for these exact arguments; anything else needs a
// user pattern or approval. docs/agent-shell.md describes this list for users.

type Args = (string | null)[];
/** null = read-only; a string = why these arguments are not. */
type Check = (args: Args) => string | null;

const any: Check = () => null;

function shortCluster(arg: string): string {
  return /^-([a-zA-Z]+)/.exec(arg)?.[1] ?? '';
}

function hasFlag(args: Args, ...flags: string[]): string | null {
  for (const arg of args) {
    if (arg === null) continue;
    for (const flag of flags) {
      if (arg === flag || (flag.startsWith('--') && arg.startsWith(`${flag}=`))) return flag;
      // A short flag in a cluster (`-in` holds -i) or with its value attached (`-O'sh -c id'`, `-o/tmp/x`): the
      // cluster's letters up to the first other character. Reading a value's letters as flags only errs strict.
      if (/^-[a-zA-Z]$/.test(flag) && /^-[a-zA-Z]/.test(arg) && shortCluster(arg).includes(flag[1]!)) return flag;
    }
  }
  return null;
}

function without(...flags: string[]): Check {
  return (args) => {
    const found = hasFlag(args, ...flags);
    return found === null ? null : `${found} writes or runs a program`;
  };
}

// less runs `+cmd` at start (`+!sh` a shell), writes its input with -o/-O/--log-file, and reads key bindings
// (lesskey) that may run commands.
function lessCheck(args: Args): string | null {
  if (args.some((arg) => arg !== null && arg.startsWith('+'))) return 'less +COMMAND runs less commands (! runs a shell)';
  const found = hasFlag(args, '-o', '-O', '--log-file', '--LOG-FILE', '-k', '--lesskey-file', '--lesskey-src', '--lesskey-content');
  return found === null ? null : `less ${found} writes a file or loads key bindings`;
}

function positionals(args: Args): Args {
  return args.filter((arg) => arg === null || !arg.startsWith('-'));
}

// sed: only printing scripts (`-n '10,20p'`, `5q`) and plain substitutions to stdout; `w`, `e`, `r`, `W`
// commands and `-i` write or run. Each -e/positional script is checked.
function sedCheck(args: Args): string | null {
  const inPlace = hasFlag(args, '-i', '--in-place', '-s', '--separate', '-f', '--file');
  if (inPlace) return `sed ${inPlace} edits files or reads a script`;
  const scripts: Args = [];
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === '-e' || arg === '--expression') scripts.push(args[++at] ?? null);
    else if (arg === null || !arg.startsWith('-')) {
      if (!args.includes('-e')) {
        scripts.push(arg);
        break;
      }
    }
  }
  for (const script of scripts) {
    if (script === null) return 'sed script is computed';
    const safe = script.split(/[;\n]/).every((part) => /^\s*(?:(?:(?:\d+|\$|\/[^/\\]*\/)(?:,(?:\d+|\$|\+\d+|\/[^/\\]*\/))?)?\s*[pqd=]|(?:\d+|\$)|s(.)(?:(?!\1)[^\\])*\1(?:(?!\1)[^\\])*\1[gpiI0-9]*)\s*$/.test(part));
    if (!safe) return `sed script ${JSON.stringify(script)} is not a plain print or substitution`;
  }
  return null;
}

function awkCheck(args: Args): string | null {
  if (hasFlag(args, '-f', '--file')) return 'awk -f runs a program file';
  // Every operand is checked: `-F ,` or `-v x=1` put a value before the program.
  const operands = positionals(args);
  if (operands.length === 0 || operands.some((operand) => operand === null)) return 'awk program is computed';
  if (operands.some((operand) => /system|getline|\||>|close|fflush|ENVIRON/.test(operand!))) return 'awk program may write or run commands';
  return null;
}

// git: the subcommand comes after global options (-C DIR, --git-dir …); -c/--config-env can set core.pager
// or an alias and run anything, -p runs the pager.
const GIT_GLOBAL_WITH_VALUE = new Set(['-C', '--git-dir', '--work-tree', '--namespace']);
const GIT_UNSAFE_GLOBAL = new Set(['-c', '--config-env', '--exec-path', '-p', '--paginate']);

export function gitSubcommand(args: Args): { index: number; unsafe: string | null } {
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === null) return { index: -1, unsafe: 'a computed git option' };
    const name = arg.split('=')[0]!;
    if (GIT_UNSAFE_GLOBAL.has(name) || arg.startsWith('-c')) return { index: -1, unsafe: `git ${name} can run a configured program` };
    if (GIT_GLOBAL_WITH_VALUE.has(arg)) at++;
    else if (!arg.startsWith('-')) return { index: at, unsafe: null };
  }
  return { index: -1, unsafe: null };
}

const GIT_OUTPUT_FLAGS = ['--output', '--ext-diff', '--textconv', '-O', '--open-files-in-pager'];
const GIT_READERS: Record<string, Check> = {
  status: without('--ignore-submodules=none'), log: without(...GIT_OUTPUT_FLAGS), show: without(...GIT_OUTPUT_FLAGS),
  diff: without(...GIT_OUTPUT_FLAGS), blame: any, grep: without(...GIT_OUTPUT_FLAGS), 'ls-files': any, 'ls-tree': any,
  'rev-parse': any, describe: any, shortlog: any, 'cat-file': any, 'rev-list': any, 'merge-base': any, 'name-rev': any,
  'for-each-ref': any, 'show-ref': any, 'count-objects': any, 'check-ignore': any, 'check-attr': any, version: any,
  help: any, whatchanged: without(...GIT_OUTPUT_FLAGS), 'diff-tree': without(...GIT_OUTPUT_FLAGS), 'diff-files': any, 'diff-index': any,
  branch: (args) => {
    const writes = hasFlag(args, '-d', '-D', '--delete', '-m', '-M', '--move', '-c', '-C', '--copy', '-f', '--force', '-u', '--set-upstream-to', '--unset-upstream', '--edit-description', '--track', '--no-track');
    if (writes) return `git branch ${writes} changes branches`;
    const listing = hasFlag(args, '--list', '-l', '--contains', '--merged', '--no-merged', '--points-at');
    return positionals(args).length > 0 && !listing ? 'git branch NAME creates a branch' : null;
  },
  tag: (args) => (hasFlag(args, '-l', '--list') || args.length === 0 ? (hasFlag(args, '-d', '--delete', '-a', '-s', '-f') ? 'git tag changes tags' : null) : 'git tag NAME creates a tag'),
  remote: (args) => (args.length === 0 || (args.length === 1 && args[0] === '-v') || args[0] === 'get-url' || args[0] === 'show' ? null : 'git remote changes remotes'),
  config: (args) => ((hasFlag(args, '--get', '--get-all', '--get-regexp', '--list', '-l') || (args.length === 1 && !args[0]?.startsWith('-'))) && !hasFlag(args, '--add', '--unset', '--unset-all', '--replace-all', '--edit', '-e', '--rename-section', '--remove-section') ? null : 'git config without --get/--list writes'),
  stash: (args) => (args[0] === 'list' || args[0] === 'show' ? null : 'git stash changes the work tree'),
  worktree: (args) => (args[0] === 'list' ? null : 'git worktree changes worktrees'),
  reflog: (args) => (args.length === 0 || args[0] === 'show' ? null : 'git reflog expire/delete writes'),
};

function gitCheck(args: Args): string | null {
  const { index, unsafe } = gitSubcommand(args);
  if (unsafe) return unsafe;
  if (index < 0) return args.some((arg) => arg === '--version' || arg === '--help') ? null : 'no git subcommand';
  const sub = args[index]!;
  const check = GIT_READERS[sub];
  return check === undefined ? `git ${sub} is not a read-only subcommand` : check(args.slice(index + 1));
}

function findCheck(args: Args): string | null {
  const writes = hasFlag(args, '-delete', '-fprint', '-fprint0', '-fprintf', '-fls');
  return writes === null ? null : `find ${writes} writes`;
}

// Package managers and container tools: only the subcommands that list or show.
const SUBCOMMAND_READERS: Record<string, readonly string[]> = {
  npm: ['ls', 'list', 'll', 'la', 'outdated', 'view', 'info', 'show', 'explain', 'why', 'root', 'prefix', 'bin', 'help'],
  pnpm: ['ls', 'list', 'outdated', 'why', 'root'],
  yarn: ['list', 'info', 'why', 'outdated'],
  pip: ['list', 'show', 'freeze', 'check'],
  pip3: ['list', 'show', 'freeze', 'check'],
  go: ['version', 'doc'],
  cargo: ['version', 'tree', 'metadata'],
  docker: ['ps', 'images', 'inspect', 'logs', 'version', 'info', 'top', 'port', 'stats'],
  kubectl: ['get', 'describe', 'logs', 'version', 'explain', 'top', 'api-resources', 'cluster-info'],
};

function subcommandCheck(tool: string): Check {
  return (args) => {
    const sub = args[0];
    if (sub === null || sub === undefined) return `${tool} without a listing subcommand`;
    return SUBCOMMAND_READERS[tool]!.includes(sub) ? null : `${tool} ${sub} is not a read-only subcommand`;
  };
}

// Tools that only report their own version or help.
const VERSION_ONLY = ['node', 'npm', 'npx', 'pnpm', 'yarn', 'python', 'python3', 'pip', 'pip3', 'go', 'cargo', 'rustc', 'java', 'javac', 'tsc', 'gcc', 'g++', 'clang', 'make', 'cmake', 'ruby', 'php', 'perl', 'deno', 'bun', 'dotnet', 'mvn', 'gradle'];

const BASH_READERS: Record<string, Check> = {
  cat: any, head: any, tail: any, wc: any, ls: any, dir: any, stat: any, file: without('-C', '--compile'), du: any, df: any, pwd: any, echo: any,
  printf: without('-v'), true: any, false: any, ':': any, which: any, whereis: any, type: any, realpath: any, readlink: any,
  basename: any, dirname: any, grep: any, egrep: any, fgrep: any, zgrep: any, rg: without('--pre', '--pre-glob', '--search-zip', '-z'),
  ag: any, ack: any, diff: any, cmp: any, comm: any, cut: any, tr: any, nl: any, od: any, hexdump: any, strings: any,
  md5sum: any, sha1sum: any, sha256sum: any, sha512sum: any, cksum: any, id: any, whoami: any, uname: any, env: (args) => (args.length === 0 ? null : 'env with arguments runs a program'),
  printenv: any, ps: any, pgrep: any, jq: any, column: any, fold: any, fmt: any, paste: any, expand: any, rev: any, tac: any,
  seq: any, test: any, '[': any, sleep: any, cd: any, date: (args) => (hasFlag(args, '-s', '--set') || positionals(args).some((arg) => arg !== null && /^\d{4,}(?:\.\d\d)?$/.test(arg)) ? 'date can set the clock' : null),
  tree: without('-o'), uniq: (args) => (positionals(args).length > 1 ? 'uniq INPUT OUTPUT writes OUTPUT' : null),
  sort: without('-o', '--output', '--compress-program'), xxd: (args) => (hasFlag(args, '-r') && positionals(args).length > 1 ? 'xxd -r writes a file' : null),
  sed: sedCheck, awk: awkCheck, gawk: awkCheck, find: findCheck, git: gitCheck, base64: without('-o', '--output'),
  hostname: (args) => (positionals(args).length > 0 ? 'hostname NAME sets the host name' : null), nproc: any, free: any, uptime: any,
  lsof: any, less: lessCheck, more: any, bat: without('--pager'), fd: without('-x', '--exec', '-X', '--exec-batch'), locale: any, groups: any,
  history: (args) => (hasFlag(args, '-c', '-d', '-w', '-a', '-r') ? 'history changes the history file' : null),
};

const PS_READERS = new Set([
  'get-childitem', 'gci', 'ls', 'dir', 'get-content', 'gc', 'cat', 'type', 'select-string', 'sls', 'measure-object', 'measure',
  'get-location', 'pwd', 'gl', 'test-path', 'resolve-path', 'select-object', 'select', 'get-item', 'gi', 'write-output', 'echo', 'write',
  'write-host', 'get-process', 'ps', 'gps', 'get-command', 'gcm', 'get-date', 'format-table', 'ft', 'format-list', 'fl', 'sort-object',
  'sort', 'where-object', 'where', '?', 'foreach-object', '%', 'get-help', 'get-member', 'gm', 'out-string', 'convertto-json',
  'convertfrom-json', 'get-filehash', 'get-itemproperty', 'get-service', 'group-object', 'out-host', 'out-null', 'get-variable', 'get-alias',
  'split-path', 'join-path', 'get-psdrive', 'get-history', 'compare-object', 'set-location', 'sl', 'cd', 'chdir',
  'push-location', 'pushd', 'pop-location', 'popd', 'start-sleep', 'sleep', 'get-acl', 'get-unique', 'get-random', 'get-culture', 'get-host',
]);

/** null when `name args` only reads; otherwise why not. */
export function readOnlyReason(name: string, args: Args, dialect: 'bash' | 'powershell'): string | null {
  const versionQuery = args.length === 1 && ['--version', '-v', '-V', 'version', '--help'].includes(args[0] ?? '');
  if (dialect === 'powershell') {
    const lower = name.toLowerCase().replace(/\.exe$/, '');
    if (VERSION_ONLY.includes(lower) && versionQuery) return null;
    if (lower === 'git' || lower === 'rg' || lower === 'findstr') return BASH_READERS[lower]?.(args) ?? null;
    if (PS_READERS.has(lower)) return null;
    return `${name} is not on the read-only list`;
  }
  if (VERSION_ONLY.includes(name) && versionQuery) return null;
  const check = BASH_READERS[name] ?? (SUBCOMMAND_READERS[name] ? subcommandCheck(name) : undefined);
  if (check === undefined) return `${name} is not on the read-only list`;
  return check(args);
}

/** Readers whose arguments decide whether they write: a computed or globbed argument could be a flag. */
export function hasArgumentRules(name: string): boolean {
  return ['sed', 'awk', 'gawk', 'find', 'git', 'sort', 'rg', 'date', 'uniq', 'xxd', 'tree', 'base64', 'env', 'printf', 'hostname', 'fd', 'bat', 'history', 'less'].includes(name);
}

export const READ_ONLY_COMMANDS = { bash: Object.keys(BASH_READERS), powershell: [...PS_READERS], gitSubcommands: Object.keys(GIT_READERS), versionOnly: VERSION_ONLY, subcommands: SUBCOMMAND_READERS };

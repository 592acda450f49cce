// The read-only list: commands that only read, each with the options and operand shapes under which it does
// (tool-specs.ts, git-specs.ts). Anything not listed — an unknown option, an abbreviation of one that writes
// or runs, a program given as an option value — needs a user pattern or approval, and the reason names it.
// docs/agent-shell.md describes this list for users.
import { GIT_GLOBAL_FLAGS, GIT_GLOBAL_WITH_VALUE, GIT_SPECS, GIT_VERBS } from './git-specs.js';
import { type Args, checkOptions, parseOptions, type ToolSpec } from './options.js';
import { SUBCOMMAND_SPECS } from './subcommand-specs.js';
import { TOOL_SPECS } from './tool-specs.js';

/** null = read-only; a string = why these arguments are not. */
type Check = (args: Args) => string | null;

const free: Check = () => null;

function spec(tool: string, toolSpec: ToolSpec): Check {
  return (args) => checkOptions(tool, toolSpec, args);
}

// less runs `+cmd` at start (`+!sh` a shell), writes its input with -o/-O/--log-file, and reads key bindings
// (lesskey) that may run commands.
const LESS: ToolSpec = {
  flags: 'aABcCdDeEfFgGiIJKLmMnNqQrRsSuUVwWX~', values: 'bhjpPtTxyz#"', printsFiles: true,
  long: 'quit-at-eof QUIT-AT-EOF quit-if-one-screen no-init chop-long-lines RAW-CONTROL-CHARS raw-control-chars ignore-case IGNORE-CASE ' +
      'LINE-NUMBERS line-numbers squeeze-blank-lines silent quiet QUIET SILENT long-prompt LONG-PROMPT status-column follow-name mouse ' +
      'no-histdups no-keypad incsearch use-color help version',
  longValues: 'tabs prompt pattern jump-target shift window max-back-scroll buffers',
  unsafe: { '-o': 'writes its input to a file', '-O': 'writes its input to a file', '--log-file': 'writes its input to a file', '--LOG-FILE': 'writes its input to a file', '-k': 'loads key bindings that may run commands', '--lesskey-file': 'loads key bindings that may run commands', '--lesskey-src': 'loads key bindings that may run commands', '--lesskey-content': 'loads key bindings that may run commands' },
};
function lessCheck(args: Args): string | null {
  if (args.some((arg) => arg !== null && arg.startsWith('+'))) return 'less +COMMAND runs less commands (! runs a shell)';
  return checkOptions('less', LESS, args);
}

// sed: only printing scripts (`-n '10,20p'`, `5q`) and plain substitutions to stdout; `w`, `e`, `r`, `W`
// commands and `-i` write or run. Each -e/positional script is checked.
const SED_SAFE = new RegExp(
    String.raw`^\s*(?:(?:(?:\d+|\$|\/[^/\\]*\/)(?:,(?:\d+|\$|\+\d+|\/[^/\\]*\/))?)?\s*[pqd=]|(?:\d+|\$)` +
    String.raw`|s(.)(?:(?!\1)[^\\])*\1(?:(?!\1)[^\\])*\1[gpiI0-9]*)\s*$`,
);
function sedCheck(args: Args): string | null {
  const parsed = parseOptions('sed', TOOL_SPECS.sed!, args);
  if ('reason' in parsed) return parsed.reason;
  const scripts = parsed.options.filter((option) => option.name === '-e' || option.name === '--expression').map((option) => option.value);
  if (scripts.length === 0) scripts.push(parsed.operands[0] ?? null);
  for (const script of scripts) {
    if (script === null) return 'sed script is computed';
    if (!script.split(/[;\n]/).every((part) => SED_SAFE.test(part))) return `sed script ${JSON.stringify(script)} is not a plain print or substitution`;
  }
  return null;
}

// awk: the program text must not run commands, open pipes or files, read the environment, or reach gawk's
// @-directives and indirect calls (`@load`, `@include`, `f = "system"; @f(…)`).
const AWK_RISK = /system|getline|\||>|close|fflush|ENVIRON|PROCINFO|@|\bsubstr\s*\(\s*ENVIRON/;
function awkCheck(tool: string): Check {
  return (args) => {
    const parsed = parseOptions(tool, TOOL_SPECS.awk!, args);
    if ('reason' in parsed) return parsed.reason;
    const sources = parsed.options.filter((option) => option.name === '-e' || option.name === '--source').map((option) => option.value);
    // Every operand is checked: `x=1` assignments and file names come after the program.
    const programs = [...sources, ...parsed.operands];
    if (sources.length === 0 && parsed.operands.length === 0) return `${tool} program is missing`;
    if (programs.some((program) => program === null)) return `${tool} program is computed`;
    const risky = programs.find((program) => AWK_RISK.test(program!));
    return risky === undefined ? null : `${tool} program may write, run commands or load code (${AWK_RISK.exec(risky!)![0]})`;
  };
}

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
    else if (!GIT_GLOBAL_FLAGS.has(arg) && !['--version', '--help', '--exec-path'].includes(arg)) return { index: -1, unsafe: `git ${arg} is not a global option known to only read` };
  }
  return { index: -1, unsafe: null };
}

function gitCheck(args: Args): string | null {
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

// find: its expression is an allow-list of tests and printing actions; -exec/-ok are checked by evaluate.ts.
const FIND_ALONE = new Set(['-print', '-print0', '-ls', '-prune', '-not', '!', '-o', '-or', '-a', '-and', '(', ')', ',', '-true', '-false', '-quit', '-empty', '-readable', '-writable', '-executable', '-nouser', '-nogroup', '-xdev', '-mount', '-depth', '-daystart', '-noleaf', '-follow', '-L', '-H', '-P', '-ignore_readdir_race', '-noignore_readdir_race', '--help', '--version', '-d', '-s', '-x', '-E', '-X']);
const FIND_VALUE = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-type', '-xtype', '-maxdepth', '-mindepth', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-size', '-user', '-group', '-perm', '-regex', '-iregex', '-regextype', '-links', '-samefile', '-inum', '-uid', '-gid', '-lname', '-ilname', '-printf', '-used', '-fstype', '-context', '-newermt', '-newerct', '-newerat', '-newermm', '-newercm', '-neweram', '-newerBt', '-newermB']);
const FIND_WRITES = new Set(['-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);
function findCheck(args: Args): string | null {
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    if (arg === null || arg === undefined) return 'a computed argument of find could be an action';
    if (FIND_WRITES.has(arg)) return `find ${arg} writes`;
    if (FIND_VALUE.has(arg)) at++;
    else if (/^-[DO]/.test(arg)) return `find ${arg} is not an option known to only read`;
    else if (arg.startsWith('-') && arg !== '-' && !FIND_ALONE.has(arg)) return `find ${arg} is not a test or action known to only read`;
  }
  return null;
}

// xxd: `xxd IN OUT` writes OUT (with or without -r); its options are single-dash words.
const XXD_ALONE = new Set(['-a', '-autoskip', '-b', '-bits', '-C', '-capitalize', '-E', '-EBCDIC', '-e', '-h', '-help', '-i', '-include', '-p', '-ps', '-postscript', '-plain', '-r', '-revert', '-d', '-u', '-v', '-version']);
const XXD_VALUE = new Set(['-c', '-cols', '-g', '-groupsize', '-l', '-len', '-n', '-name', '-o', '-s', '-seek', '-R']);
function xxdCheck(args: Args): string | null {
  let operands = 0;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    if (arg === null || arg === undefined) return 'a computed argument of xxd could be an option or an output file';
    if (XXD_VALUE.has(arg)) at++;
    else if (/^-(?:c|g|l|s|o|n)\S+$/.test(arg) && !XXD_ALONE.has(arg)) continue;
    else if (arg.startsWith('-') && arg !== '-') {
      if (!XXD_ALONE.has(arg)) return `xxd ${arg} is not an option known to only read`;
    } else if (++operands > 1) return `xxd INFILE OUTFILE writes ${arg}`;
  }
  return null;
}

const DATE: ToolSpec = { flags: 'uRjn', values: 'dfrv', attached: 'I', long: 'debug rfc-email resolution universal utc help version', longValues: 'date file reference', longOptional: 'iso-8601 rfc-3339', unsafe: { '-s': 'sets the clock', '--set': 'sets the clock' }, computedOk: false };
function dateCheck(args: Args): string | null {
  const parsed = parseOptions('date', DATE, args);
  if ('reason' in parsed) return parsed.reason;
  return parsed.operands.some((arg) => arg !== null && !arg.startsWith('+')) ? 'date MMDDhhmm sets the clock' : null;
}

// jq --arg NAME VALUE (and --argjson, --slurpfile, --rawfile) take two words.
function jqCheck(args: Args): string | null {
  const rest: Args = [];
  for (let at = 0; at < args.length; at++) {
    if (['--arg', '--argjson', '--slurpfile', '--rawfile'].includes(args[at] ?? '')) at += 2;
    else rest.push(args[at]!);
  }
  return checkOptions('jq', TOOL_SPECS.jq!, rest);
}

const BASH_READERS: Record<string, Check> = {
  echo: free, true: free, false: free, ':': free, test: free, '[': free, sleep: free, cd: free, ps: free, lsof: free,
  printf: (args) => (args[0] === '-v' ? 'printf -v sets a variable' : null),
  env: (args) => (args.length === 0 ? null : 'env with arguments runs a program'),
  history: (args) => (args.length === 0 || (args.length === 1 && /^\d+$/.test(args[0] ?? '')) ? null : 'history with options changes the history file'),
  sed: sedCheck, awk: awkCheck('awk'), gawk: awkCheck('gawk'), mawk: awkCheck('mawk'), nawk: awkCheck('nawk'),
  find: findCheck, git: gitCheck, less: lessCheck, xxd: xxdCheck, date: dateCheck, jq: jqCheck,
};
for (const [tool, toolSpec] of Object.entries(TOOL_SPECS)) BASH_READERS[tool] ??= spec(tool, toolSpec);

// Tools that print a file's contents: a computed operand could name a secret.
const PRINTERS = new Set([...Object.entries(TOOL_SPECS).filter(([, toolSpec]) => toolSpec.printsFiles).map(([tool]) => tool), 'less', 'xxd', 'jq', 'git']);
const PS_PRINTERS = new Set(['get-content', 'gc', 'cat', 'type', 'select-string', 'sls', 'get-filehash', 'git', 'rg', 'findstr']);

/** True when the command prints files it is given, so a computed operand could put a secret in the output. */
export function printsFiles(name: string, dialect: 'bash' | 'powershell'): boolean {
  return dialect === 'powershell' ? PS_PRINTERS.has(name.toLowerCase()) : PRINTERS.has(name);
}

/** True when no argument, computed or not, can make the command write or run (its options are all harmless). */
export function computedArgumentsOk(name: string): boolean {
  return BASH_READERS[name] === free || TOOL_SPECS[name]?.computedOk === true;
}

// Tools that only report their own version or help.
const VERSION_ONLY = ['node', 'npm', 'npx', 'pnpm', 'yarn', 'python', 'python3', 'pip', 'pip3', 'go', 'cargo', 'rustc', 'java', 'javac', 'tsc', 'gcc', 'g++', 'clang', 'make', 'cmake', 'ruby', 'php', 'perl', 'deno', 'bun', 'dotnet', 'mvn', 'gradle'];

const PS_READERS = new Set([
  'get-childitem', 'gci', 'ls', 'dir', 'get-content', 'gc', 'cat', 'type', 'select-string', 'sls', 'measure-object', 'measure',
  'get-location', 'pwd', 'gl', 'test-path', 'resolve-path', 'select-object', 'select', 'get-item', 'gi', 'write-output', 'echo', 'write',
  'write-host', 'get-process', 'ps', 'gps', 'get-command', 'gcm', 'get-date', 'format-table', 'ft', 'format-list', 'fl', 'sort-object',
  'sort', 'where-object', 'where', '?', 'foreach-object', '%', 'get-help', 'get-member', 'gm', 'out-string', 'convertto-json',
  'convertfrom-json', 'get-filehash', 'get-itemproperty', 'get-service', 'group-object', 'out-host', 'out-null', 'get-variable', 'get-alias',
  'split-path', 'join-path', 'get-psdrive', 'get-history', 'compare-object', 'set-location', 'sl', 'cd', 'chdir',
  'push-location', 'pushd', 'pop-location', 'popd', 'start-sleep', 'sleep', 'get-acl', 'get-unique', 'get-random', 'get-culture', 'get-host',
]);

/** Marks a glob or computed operand that cannot expand to an option (`src/*.ts`); a program text it is not. */
export const PLACEHOLDER = '\u0002';
const PROGRAM_OPERANDS = new Set(['sed', 'awk', 'gawk', 'mawk', 'nawk', 'printf', 'history', 'date', 'hostname']);

/** null when `name args` only reads; otherwise why not. */
export function readOnlyReason(name: string, given: Args, dialect: 'bash' | 'powershell'): string | null {
  const args = PROGRAM_OPERANDS.has(name) ? given.map((arg) => (arg?.startsWith(PLACEHOLDER) ? null : arg)) : given;
  const versionQuery = args.length === 1 && ['--version', '-v', '-V', 'version', '--help'].includes(args[0] ?? '');
  if (dialect === 'powershell') {
    const lower = name.toLowerCase().replace(/\.exe$/, '');
    if (VERSION_ONLY.includes(lower) && versionQuery) return null;
    if (lower === 'git' || lower === 'rg' || lower === 'findstr') return BASH_READERS[lower]?.(args) ?? null;
    if ((lower === 'get-help' || lower === 'help') && args.some((arg) => arg !== null && /^-on/i.test(arg))) return 'Get-Help -Online opens a web browser';
    if (PS_READERS.has(lower)) return null;
    return `${name} is not on the read-only list`;
  }
  if (VERSION_ONLY.includes(name) && versionQuery) return null;
  const check = BASH_READERS[name] ?? (SUBCOMMAND_SPECS[name] ? (input: Args) => subcommandCheck(name, input) : undefined);
  if (check === undefined) return `${name} is not on the read-only list`;
  return check(args);
}

function subcommandCheck(tool: string, args: Args): string | null {
  const sub = args[0];
  if (sub === null || sub === undefined) return `${tool} without a listing subcommand`;
  const subSpec = SUBCOMMAND_SPECS[tool]![sub];
  // go's flag package spells long options with one dash (`go doc -all`).
  const rest = tool === 'go' ? args.slice(1).map((arg) => (arg !== null && /^-[a-z]{2,}$/.test(arg) ? `-${arg}` : arg)) : args.slice(1);
  return subSpec === undefined ? `${tool} ${sub} is not a read-only subcommand` : checkOptions(`${tool} ${sub}`, subSpec, rest);
}

export const READ_ONLY_COMMANDS = {
  bash: Object.keys(BASH_READERS), powershell: [...PS_READERS], gitSubcommands: [...Object.keys(GIT_SPECS), ...Object.keys(GIT_VERBS), 'rev-parse'], versionOnly: VERSION_ONLY,
  subcommands: Object.fromEntries(Object.entries(SUBCOMMAND_SPECS).map(([tool, subs]) => [tool, Object.keys(subs)])),
};

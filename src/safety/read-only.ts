// The read-only list: commands that only read, each with the options and operand shapes under which it does
// (tool-specs.ts, git-specs.ts; the tools that take a program or an expression: script-checks.ts; git:
// git-check.ts). Anything not listed — an unknown option, an abbreviation of one that writes or runs, a
// program given as an option value — needs a user pattern or approval, and the reason names it.
// docs/agent-shell.md describes this list for users.
import { GIT_SPECS, GIT_VERBS } from './git-specs.js';
import { gitCheck } from './git-check.js';
import { type Args, type Check, checkOptions, type ToolSpec } from './options.js';
import { awkCheck, dateCheck, findCheck, jqCheck, lessCheck, sedCheck, xxdCheck } from './script-checks.js';
import { SUBCOMMAND_SPECS } from './subcommand-specs.js';
import { TOOL_SPECS } from './tool-specs.js';

const free: Check = () => null;

function spec(tool: string, toolSpec: ToolSpec): Check {
  return (args) => checkOptions(tool, toolSpec, args);
}

const BASH_READERS: Record<string, Check> = {
  echo: free,
  true: free,
  false: free,
  ':': free,
  test: free,
  '[': free,
  sleep: free,
  cd: free,
  ps: free,
  lsof: free,
  printf: (args) => (args[0] === '-v' ? 'printf -v sets a variable' : null),
  env: (args) => (args.length === 0 ? null : 'env with arguments runs a program'),
  history: (args) =>
    args.length === 0 || (args.length === 1 && /^\d+$/.test(args[0] ?? '')) ? null : 'history with options changes the history file',
  sed: sedCheck,
  awk: awkCheck('awk'),
  gawk: awkCheck('gawk'),
  mawk: awkCheck('mawk'),
  nawk: awkCheck('nawk'),
  find: findCheck,
  git: gitCheck,
  less: lessCheck,
  xxd: xxdCheck,
  date: dateCheck,
  jq: jqCheck,
};
for (const [tool, toolSpec] of Object.entries(TOOL_SPECS)) BASH_READERS[tool] ??= spec(tool, toolSpec);

// Tools that print a file's contents: a computed operand could name a secret.
const PRINTERS = new Set([
  ...Object.entries(TOOL_SPECS)
    .filter(([, toolSpec]) => toolSpec.printsFiles)
    .map(([tool]) => tool),
  'less',
  'xxd',
  'jq',
  'git',
]);
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
const VERSION_ONLY = [
  'node',
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'python',
  'python3',
  'pip',
  'pip3',
  'go',
  'cargo',
  'rustc',
  'java',
  'javac',
  'tsc',
  'gcc',
  'g++',
  'clang',
  'make',
  'cmake',
  'ruby',
  'php',
  'perl',
  'deno',
  'bun',
  'dotnet',
  'mvn',
  'gradle',
];

const PS_READERS = new Set([
  'get-childitem',
  'gci',
  'ls',
  'dir',
  'get-content',
  'gc',
  'cat',
  'type',
  'select-string',
  'sls',
  'measure-object',
  'measure',
  'get-location',
  'pwd',
  'gl',
  'test-path',
  'resolve-path',
  'select-object',
  'select',
  'get-item',
  'gi',
  'write-output',
  'echo',
  'write',
  'write-host',
  'get-process',
  'ps',
  'gps',
  'get-command',
  'gcm',
  'get-date',
  'format-table',
  'ft',
  'format-list',
  'fl',
  'sort-object',
  'sort',
  'where-object',
  'where',
  '?',
  'foreach-object',
  '%',
  'get-help',
  'get-member',
  'gm',
  'out-string',
  'convertto-json',
  'convertfrom-json',
  'get-filehash',
  'get-itemproperty',
  'get-service',
  'group-object',
  'out-host',
  'out-null',
  'get-variable',
  'get-alias',
  'split-path',
  'join-path',
  'get-psdrive',
  'get-history',
  'compare-object',
  'set-location',
  'sl',
  'cd',
  'chdir',
  'push-location',
  'pushd',
  'pop-location',
  'popd',
  'start-sleep',
  'sleep',
  'get-acl',
  'get-unique',
  'get-random',
  'get-culture',
  'get-host',
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
    if ((lower === 'get-help' || lower === 'help') && args.some((arg) => arg !== null && /^-on/i.test(arg)))
      return 'Get-Help -Online opens a web browser';
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
  bash: Object.keys(BASH_READERS),
  powershell: [...PS_READERS],
  gitSubcommands: [...Object.keys(GIT_SPECS), ...Object.keys(GIT_VERBS), 'rev-parse'],
  versionOnly: VERSION_ONLY,
  subcommands: Object.fromEntries(Object.entries(SUBCOMMAND_SPECS).map(([tool, subs]) => [tool, Object.keys(subs)])),
};

// The read-only checks of tools whose arguments carry a program, an expression or key bindings (sed and awk
// scripts, find expressions, jq's two-word options, less, xxd's output operand, date's clock setting):
// read-only.ts lists them with the table-driven tools.
import { type Args, type Check, checkOptions, parseOptions, type ToolSpec } from './options.js';
import { TOOL_SPECS } from './tool-specs.js';

// less runs `+cmd` at start (`+!sh` a shell), writes its input with -o/-O/--log-file, and reads key bindings
// (lesskey) that may run commands.
const LESS: ToolSpec = {
  flags: 'aABcCdDeEfFgGiIJKLmMnNqQrRsSuUVwWX~',
  values: 'bhjpPtTxyz#"',
  printsFiles: true,
  long:
    'quit-at-eof QUIT-AT-EOF quit-if-one-screen no-init chop-long-lines RAW-CONTROL-CHARS raw-control-chars ignore-case IGNORE-CASE ' +
    'LINE-NUMBERS line-numbers squeeze-blank-lines silent quiet QUIET SILENT long-prompt LONG-PROMPT status-column follow-name mouse ' +
    'no-histdups no-keypad incsearch use-color help version',
  longValues: 'tabs prompt pattern jump-target shift window max-back-scroll buffers',
  unsafe: {
    '-o': 'writes its input to a file',
    '-O': 'writes its input to a file',
    '--log-file': 'writes its input to a file',
    '--LOG-FILE': 'writes its input to a file',
    '-k': 'loads key bindings that may run commands',
    '--lesskey-file': 'loads key bindings that may run commands',
    '--lesskey-src': 'loads key bindings that may run commands',
    '--lesskey-content': 'loads key bindings that may run commands',
  },
};
export function lessCheck(args: Args): string | null {
  if (args.some((arg) => arg !== null && arg.startsWith('+'))) return 'less +COMMAND runs less commands (! runs a shell)';
  return checkOptions('less', LESS, args);
}

// sed: only printing scripts (`-n '10,20p'`, `5q`) and plain substitutions to stdout; `w`, `e`, `r`, `W`
// commands and `-i` write or run. Each -e/positional script is checked.
const SED_SAFE = new RegExp(
  String.raw`^\s*(?:(?:(?:\d+|\$|\/[^/\\]*\/)(?:,(?:\d+|\$|\+\d+|\/[^/\\]*\/))?)?\s*[pqd=]|(?:\d+|\$)` +
    String.raw`|s(.)(?:(?!\1)[^\\])*\1(?:(?!\1)[^\\])*\1[gpiI0-9]*)\s*$`,
);
export function sedCheck(args: Args): string | null {
  const parsed = parseOptions('sed', TOOL_SPECS.sed!, args);
  if ('reason' in parsed) return parsed.reason;
  const scripts = parsed.options.filter((option) => option.name === '-e' || option.name === '--expression').map((option) => option.value);
  if (scripts.length === 0) scripts.push(parsed.operands[0] ?? null);
  for (const script of scripts) {
    if (script === null) return 'sed script is computed';
    if (!script.split(/[;\n]/).every((part) => SED_SAFE.test(part)))
      return `sed script ${JSON.stringify(script)} is not a plain print or substitution`;
  }
  return null;
}

// awk: the program text must not run commands, open pipes or files, read the environment, or reach gawk's
// @-directives and indirect calls (`@load`, `@include`, `f = "system"; @f(…)`).
const AWK_RISK = /system|getline|\||>|close|fflush|ENVIRON|PROCINFO|@|\bsubstr\s*\(\s*ENVIRON/;
export function awkCheck(tool: string): Check {
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

// find: its expression is an allow-list of tests and printing actions; -exec/-ok are checked by evaluate.ts.
const FIND_ALONE = new Set([
  '-print',
  '-print0',
  '-ls',
  '-prune',
  '-not',
  '!',
  '-o',
  '-or',
  '-a',
  '-and',
  '(',
  ')',
  ',',
  '-true',
  '-false',
  '-quit',
  '-empty',
  '-readable',
  '-writable',
  '-executable',
  '-nouser',
  '-nogroup',
  '-xdev',
  '-mount',
  '-depth',
  '-daystart',
  '-noleaf',
  '-follow',
  '-L',
  '-H',
  '-P',
  '-ignore_readdir_race',
  '-noignore_readdir_race',
  '--help',
  '--version',
  '-d',
  '-s',
  '-x',
  '-E',
  '-X',
]);
const FIND_VALUE = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-iwholename',
  '-type',
  '-xtype',
  '-maxdepth',
  '-mindepth',
  '-mtime',
  '-mmin',
  '-atime',
  '-amin',
  '-ctime',
  '-cmin',
  '-newer',
  '-anewer',
  '-cnewer',
  '-size',
  '-user',
  '-group',
  '-perm',
  '-regex',
  '-iregex',
  '-regextype',
  '-links',
  '-samefile',
  '-inum',
  '-uid',
  '-gid',
  '-lname',
  '-ilname',
  '-printf',
  '-used',
  '-fstype',
  '-context',
  '-newermt',
  '-newerct',
  '-newerat',
  '-newermm',
  '-newercm',
  '-neweram',
  '-newerBt',
  '-newermB',
]);
const FIND_WRITES = new Set(['-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);
export function findCheck(args: Args): string | null {
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
const XXD_ALONE = new Set([
  '-a',
  '-autoskip',
  '-b',
  '-bits',
  '-C',
  '-capitalize',
  '-E',
  '-EBCDIC',
  '-e',
  '-h',
  '-help',
  '-i',
  '-include',
  '-p',
  '-ps',
  '-postscript',
  '-plain',
  '-r',
  '-revert',
  '-d',
  '-u',
  '-v',
  '-version',
]);
const XXD_VALUE = new Set(['-c', '-cols', '-g', '-groupsize', '-l', '-len', '-n', '-name', '-o', '-s', '-seek', '-R']);
export function xxdCheck(args: Args): string | null {
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

const DATE: ToolSpec = {
  flags: 'uRjn',
  values: 'dfrv',
  attached: 'I',
  long: 'debug rfc-email resolution universal utc help version',
  longValues: 'date file reference',
  longOptional: 'iso-8601 rfc-3339',
  unsafe: { '-s': 'sets the clock', '--set': 'sets the clock' },
  computedOk: false,
};
export function dateCheck(args: Args): string | null {
  const parsed = parseOptions('date', DATE, args);
  if ('reason' in parsed) return parsed.reason;
  return parsed.operands.some((arg) => arg !== null && !arg.startsWith('+')) ? 'date MMDDhhmm sets the clock' : null;
}

// jq --arg NAME VALUE (and --argjson, --slurpfile, --rawfile) take two words.
export function jqCheck(args: Args): string | null {
  const rest: Args = [];
  for (let at = 0; at < args.length; at++) {
    if (['--arg', '--argjson', '--slurpfile', '--rawfile'].includes(args[at] ?? '')) at += 2;
    else rest.push(args[at]!);
  }
  return checkOptions('jq', TOOL_SPECS.jq!, rest);
}

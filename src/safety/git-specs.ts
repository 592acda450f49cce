// The options under which each read-only git subcommand only reads. git's parse-options accepts any unique
// prefix of a long option and `--no-X` for most of them, so both are resolved before deciding. Options that
// write (`--output`) or run a configured program (`--ext-diff`, `--textconv`, `-O` for grep) need approval
// under every spelling; configuration that runs programs is judged separately (git-config.ts).
import type { ToolSpec } from './options.js';

const OUTPUT = {
  '--output': 'writes its output to a file',
  '--ext-diff': 'runs the configured external diff program',
  '--textconv': 'runs the configured textconv programs',
  '-O': 'reads an order file',
  '--open-files-in-pager': 'runs a pager program',
};

const DIFF_LONG =
  'patch no-patch raw patch-with-raw patch-with-stat numstat shortstat summary name-only name-status full-index binary no-color ' +
  'no-ext-diff no-textconv ignore-space-at-eol ignore-space-change ignore-all-space ignore-blank-lines ignore-cr-at-eol text minimal ' +
  'patience histogram exit-code quiet no-renames find-copies-harder irreversible-delete check no-prefix default-prefix cumulative ' +
  'compact-summary function-context indent-heuristic no-indent-heuristic combined-all-paths cc no-stat';
const DIFF_VALUES =
  'src-prefix dst-prefix line-prefix diff-filter diff-algorithm anchored find-object pickaxe-regex ignore-matching-lines ' +
  'inter-hunk-context output-indicator-new output-indicator-old output-indicator-context word-diff-regex stat-width stat-name-width ' +
  'stat-graph-width stat-count color-moved-ws ws-error-highlight orderfile-none rotate-to skip-to';
const DIFF_OPTIONAL =
  'stat dirstat color word-diff color-words color-moved relative unified find-renames find-copies break-rewrites abbrev submodule ' +
  'ignore-submodules';
const LOG_LONG =
  'oneline graph all reverse follow no-merges merges first-parent topo-order date-order author-date-order abbrev-commit ' +
  'no-abbrev-commit full-history simplify-merges simplify-by-decoration dense sparse left-right left-only right-only cherry-pick ' +
  'cherry-mark cherry boundary ancestry-path source use-mailmap log-size no-walk walk-reflogs regexp-ignore-case extended-regexp ' +
  'fixed-strings perl-regexp basic-regexp invert-grep all-match relative-date parents children show-pulls no-notes mailmap no-mailmap ' +
  'clear-decorations no-decorate show-signature show-linear-break stdin alternate-refs single-worktree bisect reflog not full-diff ' +
  'remove-empty date-order';
const LOG_VALUES =
  'max-count skip since after until before author committer grep grep-reflog date pretty format encoding decorate-refs ' +
  'decorate-refs-exclude min-parents max-parents exclude glob since-as-filter exclude-hidden';
const LOG_OPTIONAL = 'decorate branches tags remotes notes show-notes expand-tabs no-expand-tabs';

const diffSpec: ToolSpec = {
  flags: 'pusRabwWzBMCDmctrqTgiEFPN0123hv',
  values: 'UlGSnL',
  attached: 'X',
  numeric: true,
  negatable: true,
  long: `${DIFF_LONG} cached staged merge-base no-index ours theirs base root stdin always`,
  longValues: DIFF_VALUES,
  longOptional: DIFF_OPTIONAL,
  unsafe: OUTPUT,
};
const logSpec: ToolSpec = {
  ...diffSpec,
  long: `${DIFF_LONG} ${LOG_LONG}`,
  longValues: `${DIFF_VALUES} ${LOG_VALUES}`,
  longOptional: `${DIFF_OPTIONAL} ${LOG_OPTIONAL}`,
};

function creates(what: string, listing: string[]): ToolSpec['check'] {
  return ({ operands, has }) => (operands.length > 0 && !has(...listing) ? `git ${what} NAME creates a ${what}` : null);
}
const BRANCH_CHANGES = 'changes branches';
const TAG_CHANGES = 'changes tags';

export const GIT_SPECS: Record<string, ToolSpec> = {
  log: logSpec,
  show: logSpec,
  whatchanged: logSpec,
  shortlog: {
    ...logSpec,
    flags: `${logSpec.flags}se`,
    long: `${logSpec.long} numbered summary email committer`,
    longValues: `${logSpec.longValues} group`,
    attached: 'w',
  },
  'rev-list': {
    ...logSpec,
    long:
      `${logSpec.long} count objects objects-edge objects-edge-aggressive unpacked bisect-vars bisect-all header timestamp disk-usage ` +
      `no-object-names in-commit-order indexed-objects`,
    longValues: `${logSpec.longValues} filter missing`,
  },
  diff: diffSpec,
  'diff-tree': diffSpec,
  'diff-files': diffSpec,
  'diff-index': diffSpec,
  status: {
    flags: 'sbvz',
    attached: 'u',
    negatable: true,
    long: 'short branch show-stash ahead-behind long null renames verbose',
    longOptional: 'porcelain untracked-files ignored column find-renames',
    longValues: '',
    unsafe: { '--ignore-submodules': 'decides which submodules (and their configuration) git enters' },
  },
  blame: {
    flags: 'blstepfnwch',
    values: 'LS',
    attached: 'MC',
    negatable: true,
    long:
      'root show-stats porcelain line-porcelain incremental progress score-debug show-name show-number show-email reverse first-parent ' +
      'color-lines color-by-age minimal',
    longValues: 'encoding contents date ignore-rev ignore-revs-file',
    longOptional: 'abbrev',
  },
  annotate: { flags: 'blstepfnwch', values: 'LS', long: 'root show-stats porcelain incremental', longValues: 'encoding contents date' },
  'ls-files': {
    flags: 'cdmoiskuzftv',
    values: 'xX',
    negatable: true,
    long:
      'cached deleted modified others ignored stage directory no-empty-directory unmerged killed resolve-undo error-unmatch full-name ' +
      'recurse-submodules eol sparse deduplicate debug exclude-standard',
    longValues: 'exclude exclude-from exclude-per-directory with-tree format',
    longOptional: 'abbrev',
  },
  'ls-tree': {
    flags: 'drtlz',
    long: 'long name-only name-status object-only full-name full-tree',
    longValues: 'format',
    longOptional: 'abbrev',
  },
  describe: {
    flags: 'a',
    long: 'all tags contains exact-match always long first-parent debug',
    longValues: 'match exclude candidates',
    longOptional: 'abbrev dirty broken',
  },
  'cat-file': {
    flags: 'tsepZ',
    long: 'batch-all-objects buffer follow-symlinks unordered allow-unknown-type use-mailmap mailmap textconv filters',
    longOptional: 'batch batch-check batch-command',
    longValues: 'path',
  },
  'merge-base': { flags: 'a', long: 'all octopus independent is-ancestor fork-point' },
  'name-rev': { long: 'tags all name-only undefined always annotate-stdin stdin', longValues: 'refs exclude' },
  'for-each-ref': {
    flags: 'sp',
    long: 'shell perl python tcl ignore-case omit-empty include-root-refs stdin',
    longValues: 'count sort format points-at merged no-merged contains no-contains exclude',
  },
  'show-ref': { flags: 'qds', long: 'head branches tags verify exists dereference quiet', longOptional: 'hash abbrev exclude-existing' },
  'count-objects': { flags: 'vH', long: 'verbose human-readable' },
  'check-ignore': { flags: 'qvnz', long: 'quiet verbose non-matching no-index stdin' },
  'check-attr': { flags: 'az', long: 'all cached stdin', longValues: 'source' },
  version: { long: 'build-options' },
  help: {
    flags: 'agc',
    long: 'all guides config user-interfaces developer-interfaces no-external-commands no-aliases verbose',
    unsafe: {
      '-w': 'opens a web browser',
      '--web': 'opens a web browser',
      '-i': 'runs the info program',
      '--info': 'runs the info program',
      '-m': 'runs the man program',
      '--man': 'runs the man program',
    },
  },
  grep: {
    flags: 'aiIwvhHEGPFnlLcozqWp',
    values: 'efABCm',
    numeric: true,
    negatable: true,
    long:
      'cached untracked no-index exclude-standard recurse-submodules text no-textconv ignore-case word-regexp invert-match full-name ' +
      'extended-regexp basic-regexp perl-regexp fixed-strings line-number column files-with-matches name-only files-without-match null ' +
      'only-matching count break heading show-function function-context all-match quiet and or not',
    longValues: 'max-depth threads regexp after-context before-context context max-count',
    longOptional: 'color',
    unsafe: OUTPUT,
  },
  branch: {
    flags: 'avrliq',
    negatable: true,
    long: 'all remotes list verbose quiet ignore-case omit-empty show-current',
    longValues: 'contains no-contains merged no-merged points-at sort format',
    longOptional: 'column color abbrev',
    unsafe: Object.fromEntries(
      [
        '-d',
        '-D',
        '--delete',
        '-m',
        '-M',
        '--move',
        '-c',
        '-C',
        '--copy',
        '-f',
        '--force',
        '-u',
        '--set-upstream-to',
        '--unset-upstream',
        '--edit-description',
        '-t',
        '--track',
        '--create-reflog',
        '--recurse-submodules',
      ].map((name) => [name, BRANCH_CHANGES]),
    ),
    check: creates('branch', ['--list', '-l', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']),
  },
  tag: {
    flags: 'l',
    numeric: true,
    negatable: true,
    long: 'list ignore-case omit-empty',
    longValues: 'contains no-contains merged no-merged points-at sort format',
    longOptional: 'column color',
    unsafe: Object.fromEntries(
      [
        '-d',
        '--delete',
        '-a',
        '--annotate',
        '-s',
        '--sign',
        '-u',
        '--local-user',
        '-f',
        '--force',
        '-m',
        '--message',
        '-F',
        '--file',
        '-e',
        '--edit',
        '--create-reflog',
        '-v',
        '--verify',
      ].map((name) => [name, TAG_CHANGES]),
    ),
    check: creates('tag', ['--list', '-l']),
  },
  config: {
    flags: 'lz',
    long:
      'list get get-all get-regexp get-urlmatch get-color get-colorbool global system local worktree show-origin show-scope name-only ' +
      'includes no-includes null bool int bool-or-int path expiry-date fixed-value',
    longValues: 'file blob type default',
    unsafe: Object.fromEntries(
      ['--add', '--unset', '--unset-all', '--replace-all', '--edit', '-e', '--rename-section', '--remove-section', '--set'].map((name) => [
        name,
        'writes configuration',
      ]),
    ),
    check: ({ operands, has }) => {
      if (operands[0] === 'get' || operands[0] === 'list') return null;
      if (has('--list', '-l', '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool')) return null;
      const only = operands.length === 1 ? operands[0] : null;
      return typeof only === 'string' && !['set', 'unset', 'rename-section', 'remove-section', 'edit'].includes(only)
        ? null
        : 'git config without --get/--list writes';
    },
  },
};

/** `git stash list|show`, `git worktree list`, `git reflog [show]`, `git remote [-v|show|get-url]`: the verb, then a spec. */
export const GIT_VERBS: Record<string, Record<string, ToolSpec>> = {
  stash: { list: logSpec, show: diffSpec },
  worktree: { list: { flags: 'vz', long: 'porcelain verbose', longOptional: 'expire' } },
  reflog: { '': logSpec, show: logSpec, exists: {} },
  remote: { '': { flags: 'v', long: 'verbose' }, 'get-url': { long: 'push all' }, show: { flags: 'n' } },
};

/** git's global options (before the subcommand): exact spellings only (git.c does not abbreviate them). */
export const GIT_GLOBAL_WITH_VALUE = new Set(['-C', '--git-dir', '--work-tree', '--namespace']);
export const GIT_GLOBAL_FLAGS = new Set([
  '--no-pager',
  '-P',
  '--no-replace-objects',
  '--bare',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-lazy-fetch',
  '--no-advice',
  '--html-path',
  '--man-path',
  '--info-path',
]);

// The options under which each text and file tool only reads (GNU coreutils/findutils/grep, ripgrep, jq,
// util-linux, with the BSD letters where they only read). Every option not listed needs approval; the
// unsafe ones are named too so that their abbreviations are recognised (`sort --compress` → a program).
import type { ToolSpec } from './options.js';

const HV = 'help version';
const WRITES = 'writes a file';

const grep: ToolSpec = {
  computedOk: true, flags: 'EFGPiywxzsvVcLloqbHhnTZrRUaI', values: 'efmABCDd', numeric: true, printsFiles: true,
  long: `extended-regexp fixed-strings basic-regexp perl-regexp ignore-case no-ignore-case word-regexp line-regexp null-data no-messages ` +
      `invert-match count files-without-match files-with-matches only-matching quiet silent byte-offset with-filename no-filename ` +
      `line-number initial-tab unix-byte-offsets null text recursive dereference-recursive line-buffered ${HV}`,
  longValues: 'regexp file max-count label binary-files devices directories include exclude exclude-from exclude-dir after-context ' +
      'before-context context',
  longOptional: 'color colour',
};

const sum: ToolSpec = { computedOk: true, flags: 'bctwz', long: `binary check tag text zero ignore-missing quiet status strict warn untagged raw base64 ${HV}`, longValues: 'algorithm length', values: 'al' };

export const TOOL_SPECS: Record<string, ToolSpec> = {
  cat: { computedOk: true, flags: 'AbeEnstTuv', long: `show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting ${HV}`, printsFiles: true },
  head: { computedOk: true, flags: 'qvz', values: 'nc', numeric: true, long: `quiet silent verbose zero-terminated ${HV}`, longValues: 'lines bytes', printsFiles: true },
  tail: { computedOk: true, flags: 'fFqvzr', values: 'ncsb', numeric: true, long: `retry quiet silent verbose zero-terminated ${HV}`, longValues: 'lines bytes pid sleep-interval max-unchanged-stats', longOptional: 'follow', printsFiles: true },
  wc: { computedOk: true, flags: 'cmlLw', long: `bytes chars lines max-line-length words zero-terminated ${HV}`, longValues: 'files0-from total' },
  ls: {
    flags: 'aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1eOPTW@,', values: 'ITw', computedOk: true,
    long: `all almost-all author escape ignore-backups directory dired file-type full-time group-directories-first no-group human-readable ` +
        `si dereference-command-line dereference-command-line-symlink-to-dir inode kibibytes dereference numeric-uid-gid literal ` +
        `hide-control-chars show-control-chars quote-name reverse recursive size context zero ${HV}`,
    longValues: 'block-size format hide indicator-style ignore quoting-style sort time time-style tabsize width', longOptional: 'color classify hyperlink',
  },
  dir: { flags: 'aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1', values: 'ITw', computedOk: true, long: `all almost-all directory human-readable reverse recursive size inode ${HV}`, longValues: 'sort width format', longOptional: 'color' },
  stat: { flags: 'LfFlnqrsxt', values: 'c', long: `dereference file-system terse ${HV}`, longValues: 'format printf cached', computedOk: true },
  file: {
    flags: 'bcdEhiIklLnNprsSvz0Z', values: 'eFfmP',
    long: `brief checking-printout debug extension keep-going list dereference no-dereference mime mime-type mime-encoding no-buffer no-pad ` +
        `print0 preserve-date raw special-files uncompress uncompress-noreport apple ${HV}`,
    longValues: 'exclude exclude-quiet files-from separator magic-file parameter', unsafe: { '-C': 'compiles a magic file (writes it)', '--compile': 'compiles a magic file (writes it)' },
  },
  du: { computedOk: true, flags: 'abcDhHklLmPsSx0', values: 'BdtX', long: `all apparent-size bytes total dereference-args human-readable inodes dereference count-links no-dereference null separate-dirs ` +
      `si summarize one-file-system ${HV}`, longValues: 'block-size max-depth threshold exclude-from exclude files0-from time-style', longOptional: 'time' },
  df: { flags: 'ahHiklPTv', values: 'BtxF', long: `all human-readable si inodes local no-sync sync portability print-type total ${HV}`, longValues: 'block-size type exclude-type', longOptional: 'output', computedOk: true },
  pwd: { flags: 'LP', computedOk: true },
  which: { flags: 'as', computedOk: true },
  whereis: { flags: 'bmsulf', values: 'BMS', computedOk: true },
  type: { flags: 'afptP', computedOk: true },
  realpath: { flags: 'eLmPqsz', long: `canonicalize-existing canonicalize-missing logical physical quiet strip no-symlinks zero ${HV}`, longValues: 'relative-to relative-base', computedOk: true },
  readlink: { flags: 'femnqsvz', long: `canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero ${HV}`, computedOk: true },
  basename: { flags: 'az', values: 's', long: `multiple zero ${HV}`, longValues: 'suffix', computedOk: true },
  dirname: { flags: 'z', long: `zero ${HV}`, computedOk: true },
  grep, egrep: grep, fgrep: grep, zgrep: grep,
  rg: {
    flags: 'abcFHhiILlNnopPqSsuUvVwx0', values: 'ABCEefgjMmrtTd', printsFiles: true,
    long: `line-number no-line-number ignore-case case-sensitive smart-case fixed-strings no-fixed-strings word-regexp line-regexp ` +
        `invert-match count count-matches files files-with-matches files-without-match hidden no-hidden no-ignore no-ignore-vcs ` +
        `no-ignore-dot no-ignore-global no-ignore-parent no-ignore-exclude no-ignore-files no-ignore-messages follow no-follow heading ` +
        `no-heading with-filename no-filename only-matching json no-json vimgrep column no-column byte-offset trim no-trim null null-data ` +
        `multiline no-multiline multiline-dotall pcre2 no-pcre2 text no-text binary no-binary no-messages quiet stats no-stats sort-files ` +
        `crlf no-crlf no-config one-file-system passthru pretty line-buffered block-buffered type-list debug trace unrestricted ` +
        `no-unicode glob-case-insensitive ignore-file-case-insensitive no-require-git include-zero max-columns-preview ${HV}`,
    longValues: 'regexp file glob iglob type type-not type-add type-clear max-count max-depth maxdepth max-columns max-filesize context ' +
        'after-context before-context threads replace encoding sort sortr color colors context-separator field-context-separator ' +
        'field-match-separator path-separator ignore-file engine dfa-size-limit regex-size-limit hyperlink-format',
    unsafe: { '-z': 'runs decompression programs on the files', '--search-zip': 'runs decompression programs on the files', '--pre': 'runs a preprocessor program on every file', '--pre-glob': 'chooses files for a preprocessor program', '--hostname-bin': 'runs a program to learn the host name' },
  },
  ag: {
    flags: 'aAcDfFhHilLnoQrsStuUvwz0', values: 'ABCGgmp', printsFiles: true,
    long: `ackmate all-text all-types case-sensitive count nocolor column noheading heading hidden ignore-case literal files-with-matches ` +
        `files-without-matches nobreak filename nofilename follow print-long-lines smart-case skip-vcs-ignores unrestricted vimgrep ` +
        `word-regexp only-matching null print0 search-binary search-zip silent stats one-device ${HV}`,
    longValues: 'after before context ignore ignore-dir file-search-regex max-count depth path-to-ignore workers', longOptional: 'color',
    unsafe: { '--pager': 'runs a pager program' },
  },
  ack: {
    flags: 'iIsSvwxcLlhHnfgko1', values: 'ABCm', printsFiles: true,
    long: `ignore-case smart-case no-smart-case invert-match word-regexp line-regexp count files-with-matches files-without-matches ` +
        `with-filename no-filename column no-column nocolor noheading heading break nobreak group nogroup follow nofollow recurse ` +
        `no-recurse literal noenv ${HV}`,
    longValues: 'type ignore-dir noignore-dir ignore-file match max-count context after-context before-context', longOptional: 'color',
    unsafe: { '--pager': 'runs a pager program', '--output': 'evaluates a Perl expression for every match', '--ackrc': 'reads options (a pager) from a file' },
  },
  diff: {
    flags: 'qsuceynptTrNiEZbwBadC', values: 'UWxXSIDF', printsFiles: true,
    long: `brief report-identical-files normal ed rcs side-by-side left-column suppress-common-lines show-c-function expand-tabs ` +
        `initial-tab recursive no-dereference new-file unidirectional-new-file ignore-case ignore-file-name-case no-ignore-file-name-case ` +
        `ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ignore-blank-lines text strip-trailing-cr ` +
        `minimal speed-large-files suppress-blank-empty ${HV}`,
    longValues: 'width exclude exclude-from starting-file ignore-matching-lines ifdef show-function-line line-format old-line-format ' +
        'new-line-format unchanged-line-format old-group-format new-group-format changed-group-format unchanged-group-format ' +
        'horizon-lines tabsize from-file to-file label',
    longOptional: 'color context unified', unsafe: { '-l': 'runs the output through the pr program', '--paginate': 'runs the output through the pr program' },
  },
  cmp: { computedOk: true, flags: 'blsv', values: 'in', long: `print-bytes quiet silent verbose ${HV}`, longValues: 'ignore-initial bytes', printsFiles: true },
  comm: { computedOk: true, flags: '123iz', long: `check-order nocheck-order zero-terminated total ${HV}`, longValues: 'output-delimiter', printsFiles: true },
  cut: { computedOk: true, flags: 'nsz', values: 'bcdf', long: `complement only-delimited zero-terminated ${HV}`, longValues: 'bytes characters delimiter fields output-delimiter', printsFiles: true },
  tr: { flags: 'cCdst', long: `complement delete squeeze-repeats truncate-set1 ${HV}`, computedOk: true },
  nl: { computedOk: true, flags: 'p', values: 'bdfhilnsvw', long: `no-renumber ${HV}`, longValues: 'body-numbering section-delimiter footer-numbering header-numbering line-increment join-blank-lines number-format ' +
      'number-separator starting-line-number number-width', printsFiles: true },
  od: { computedOk: true, flags: 'bcdDfFhHiIlLoOsvxX', values: 'AjNtS', attached: 'w', long: `output-duplicates traditional ${HV}`, longValues: 'address-radix skip-bytes read-bytes format', longOptional: 'strings width endian', printsFiles: true },
  hexdump: { computedOk: true, flags: 'bcCdovx', values: 'efns', long: `one-byte-octal one-byte-char canonical two-bytes-decimal two-bytes-octal two-bytes-hex no-squeezing ${HV}`, longValues: 'format format-file length skip color', printsFiles: true },
  strings: { computedOk: true, flags: 'adfow', values: 'ntTesU', numeric: true, long: `all data print-file-name include-all-whitespace ${HV}`, longValues: 'bytes radix target encoding output-separator unicode', printsFiles: true },
  md5sum: sum, sha1sum: sum, sha224sum: sum, sha256sum: sum, sha384sum: sum, sha512sum: sum, b2sum: sum, cksum: sum,
  id: { flags: 'agGnruzZ', long: `context group groups name real user zero ${HV}`, computedOk: true },
  whoami: { long: HV, computedOk: true },
  uname: { flags: 'asnrvmpio', long: `all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system ${HV}`, computedOk: true },
  printenv: { flags: '0', long: `null ${HV}`, computedOk: true },
  pgrep: { flags: 'lavwcfinoxLAq', values: 'dgGOPstuUFr', long: `list-name list-full inverse lightweight count full ignore-case newest oldest exact logpidfile ${HV}`, longValues: 'delimiter pgroup group older parent session terminal euid uid pidfile ns nslist runstates env cgroup', computedOk: true },
  column: { computedOk: true, flags: 'tJxnLedRh', values: 'scoNlTEHOrW', long: `table json fillrows keep-empty-lines table-noheadings ${HV}`, longValues: 'separator output-separator output-width table-columns table-name table-order table-right table-truncate table-noextreme ' +
      'table-wrap table-hide tree tree-id tree-parent', printsFiles: true },
  fold: { computedOk: true, flags: 'bs', values: 'w', numeric: true, long: `bytes spaces ${HV}`, longValues: 'width', printsFiles: true },
  fmt: { computedOk: true, flags: 'cstu', values: 'pwg', numeric: true, long: `crown-margin split-only tagged-paragraph uniform-spacing ${HV}`, longValues: 'prefix width goal', printsFiles: true },
  paste: { computedOk: true, flags: 'sz', values: 'd', long: `serial zero-terminated ${HV}`, longValues: 'delimiters', printsFiles: true },
  expand: { computedOk: true, flags: 'i', values: 't', numeric: true, long: `initial ${HV}`, longValues: 'tabs', printsFiles: true },
  rev: { computedOk: true, flags: '0', long: `zero ${HV}`, printsFiles: true },
  tac: { computedOk: true, flags: 'br', values: 's', long: `before regex ${HV}`, longValues: 'separator', printsFiles: true },
  seq: { flags: 'w', values: 'fs', numeric: true, long: `equal-width ${HV}`, longValues: 'format separator', computedOk: true },
  nproc: { long: `all ${HV}`, longValues: 'ignore', computedOk: true },
  free: { flags: 'bkmghlLtvw', values: 'sc', long: `bytes kilo mega giga tera peta kibi mebi gibi tebi pebi human si lohi line total committed wide ${HV}`, longValues: 'seconds count', computedOk: true },
  uptime: { flags: 'psVh', long: `pretty since raw container ${HV}`, computedOk: true },
  locale: { flags: 'acmkv', long: `all-locales charmaps category-name keyword-name verbose ${HV}`, computedOk: true },
  groups: { long: HV, computedOk: true },
  tree: {
    flags: 'adlfxRqNQpugshDFvtcUriASnCXJ', values: 'LPIHT',
    long: `gitignore ignore-case matchdirs metafirst prune info noreport si du inodes device dirsfirst filesfirst nolinks fromfile ` +
        `fromtabfile fflinks ${HV}`,
    longValues: 'infofile charset filelimit timefmt sort hintro houtro', unsafe: { '-o': 'writes its listing to a file' },
  },
  uniq: {
    flags: 'cdDiuz', values: 'fsw', numeric: true, long: `count repeated ignore-case unique zero-terminated ${HV}`, longValues: 'skip-fields skip-chars check-chars', longOptional: 'all-repeated group', printsFiles: true,
    check: ({ operands }) => (operands.length > 1 ? 'uniq INPUT OUTPUT writes OUTPUT' : null),
  },
  sort: {
    flags: 'bdfgiMhnRrVcCmsuz', values: 'kStT', printsFiles: true,
    long: `ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort human-numeric-sort ` +
        `numeric-sort random-sort reverse version-sort merge stable unique zero-terminated debug ${HV}`,
    longValues: 'key field-separator buffer-size temporary-directory parallel random-source sort batch-size files0-from', longOptional: 'check',
    unsafe: { '-o': 'writes its output to a file', '--output': 'writes its output to a file', '--compress-program': 'runs a compression program' },
  },
  base64: { flags: 'diD', values: 'wb', long: `decode ignore-garbage ${HV}`, longValues: 'wrap', printsFiles: true, unsafe: { '-o': WRITES, '--output': WRITES } },
  more: { computedOk: true, flags: 'dlfpcsue', values: 'n', numeric: true, long: `silent logical no-pause print-over clean-print squeeze plain exit-on-eof ${HV}`, longValues: 'lines', printsFiles: true },
  bat: {
    flags: 'ApnPdfuhVLs', values: 'lHrm', printsFiles: true,
    long: `show-all plain number diff force-colorization list-languages list-themes chop-long-lines squeeze-blank no-config ${HV}`,
    longValues: 'language highlight-line line-range map-syntax theme style color decorations tabs wrap terminal-width italic-text file-name ' +
        'diff-context nonprintable-notation binary squeeze-limit paging',
    unsafe: { '--pager': 'runs a pager program' },
    check: ({ options }) => (options.some((option) => option.name === '--paging' && option.value !== 'never') ? 'bat --paging other than never runs a pager program' : null),
  },
  fd: {
    flags: 'HIusiglLaFp01qhV', values: 'dEtecjSo',
    long: `hidden no-hidden no-ignore no-ignore-vcs no-ignore-parent unrestricted case-sensitive ignore-case glob regex fixed-strings ` +
        `absolute-path list-details follow no-follow full-path print0 show-errors one-file-system quiet prune no-require-git ${HV}`,
    longValues: 'max-depth min-depth exact-depth exclude type extension size changed-within changed-before max-results base-directory ' +
        'search-path ignore-file color threads owner max-buffer-time path-separator format and',
    unsafe: { '-x': 'runs a command for every match', '--exec': 'runs a command for every match', '-X': 'runs a command with the matches', '--exec-batch': 'runs a command with the matches' },
  },
  hostname: {
    flags: 'aAdfisIvyV', long: `alias all-fqdns domain fqdn long ip-address all-ip-addresses short yp nis verbose ${HV}`,
    unsafe: { '-F': 'sets the host name from a file', '--file': 'sets the host name from a file', '-b': 'sets the host name', '--boot': 'sets the host name' },
    check: ({ operands }) => (operands.length > 0 ? 'hostname NAME sets the host name' : null),
  },
  sed: {
    flags: 'nrEuzbs', values: 'el', long: `quiet silent debug posix regexp-extended sandbox unbuffered null-data zero-terminated separate binary follow-symlinks ${HV}`, longValues: 'expression line-length',
    unsafe: { '-i': 'edits files in place', '--in-place': 'edits files in place', '-f': 'runs a script file', '--file': 'runs a script file' }, printsFiles: true,
  },
  awk: {
    flags: 'bcCghMNnOPrsStVY', values: 'Fve', attached: 'L', printsFiles: true,
    long: `characters-as-bytes traditional copyright gen-pot bignum use-lc-numeric non-decimal-data optimize posix re-interval no-optimize ` +
        `sandbox lint-old csv ${HV}`,
    longValues: 'field-separator assign source', longOptional: 'lint',
    unsafe: {
      '-f': 'runs a program file', '--file': 'runs a program file', '-i': 'loads a source file (-i inplace edits files)', '--include': 'loads a source file (inplace edits files)',
      '-l': 'loads a shared library', '--load': 'loads a shared library', '-E': 'runs a program file', '--exec': 'runs a program file', '-o': 'writes a pretty-printed program file',
      '--pretty-print': 'writes a pretty-printed program file', '-p': 'writes a profile file', '--profile': 'writes a profile file', '-d': 'writes a variables file',
      '--dump-variables': 'writes a variables file', '-D': 'starts the debugger', '--debug': 'starts the debugger', '-W': 'passes an implementation option (mawk -W exec runs a file)',
    },
  },
  jq: { computedOk: true,
    flags: 'cnrjaSCMsehV0', values: 'fL', printsFiles: true,
    long: `compact-output null-input raw-input raw-output raw-output0 join-output ascii-output sort-keys color-output monochrome-output ` +
        `slurp exit-status seq stream stream-errors tab unbuffered args jsonargs ${HV}`,
    longValues: 'indent from-file',
  },
};
TOOL_SPECS.gawk = TOOL_SPECS.awk!;
TOOL_SPECS.mawk = TOOL_SPECS.awk!;
TOOL_SPECS.nawk = TOOL_SPECS.awk!;

// Read-only options of the tools that list, measure and show files (coreutils' cat/ls/stat/du, file, tree,
// checksums, hexdump/od/strings, the pagers and viewers more and bat, fd). tool-specs.ts joins the tables.
import { HV, WRITES, type ToolSpec } from './options.js';

const sum: ToolSpec = {
  computedOk: true,
  flags: 'bctwz',
  long: `binary check tag text zero ignore-missing quiet status strict warn untagged raw base64 ${HV}`,
  longValues: 'algorithm length',
  values: 'al',
};

export const FILE_TOOLS: Record<string, ToolSpec> = {
  cat: {
    computedOk: true,
    flags: 'AbeEnstTuv',
    long: `show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting ${HV}`,
    printsFiles: true,
  },
  head: {
    computedOk: true,
    flags: 'qvz',
    values: 'nc',
    numeric: true,
    long: `quiet silent verbose zero-terminated ${HV}`,
    longValues: 'lines bytes',
    printsFiles: true,
  },
  tail: {
    computedOk: true,
    flags: 'fFqvzr',
    values: 'ncsb',
    numeric: true,
    long: `retry quiet silent verbose zero-terminated ${HV}`,
    longValues: 'lines bytes pid sleep-interval max-unchanged-stats',
    longOptional: 'follow',
    printsFiles: true,
  },
  wc: {
    computedOk: true,
    flags: 'cmlLw',
    long: `bytes chars lines max-line-length words zero-terminated ${HV}`,
    longValues: 'files0-from total',
  },
  ls: {
    flags: 'aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1eOPTW@,',
    values: 'ITw',
    computedOk: true,
    long:
      `all almost-all author escape ignore-backups directory dired file-type full-time group-directories-first no-group human-readable ` +
      `si dereference-command-line dereference-command-line-symlink-to-dir inode kibibytes dereference numeric-uid-gid literal ` +
      `hide-control-chars show-control-chars quote-name reverse recursive size context zero ${HV}`,
    longValues: 'block-size format hide indicator-style ignore quoting-style sort time time-style tabsize width',
    longOptional: 'color classify hyperlink',
  },
  dir: {
    flags: 'aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1',
    values: 'ITw',
    computedOk: true,
    long: `all almost-all directory human-readable reverse recursive size inode ${HV}`,
    longValues: 'sort width format',
    longOptional: 'color',
  },
  stat: {
    flags: 'LfFlnqrsxt',
    values: 'c',
    long: `dereference file-system terse ${HV}`,
    longValues: 'format printf cached',
    computedOk: true,
  },
  file: {
    flags: 'bcdEhiIklLnNprsSvz0Z',
    values: 'eFfmP',
    long:
      `brief checking-printout debug extension keep-going list dereference no-dereference mime mime-type mime-encoding no-buffer no-pad ` +
      `print0 preserve-date raw special-files uncompress uncompress-noreport apple ${HV}`,
    longValues: 'exclude exclude-quiet files-from separator magic-file parameter',
    unsafe: { '-C': 'compiles a magic file (writes it)', '--compile': 'compiles a magic file (writes it)' },
  },
  du: {
    computedOk: true,
    flags: 'abcDhHklLmPsSx0',
    values: 'BdtX',
    long:
      `all apparent-size bytes total dereference-args human-readable inodes dereference count-links no-dereference null separate-dirs ` +
      `si summarize one-file-system ${HV}`,
    longValues: 'block-size max-depth threshold exclude-from exclude files0-from time-style',
    longOptional: 'time',
  },
  df: {
    flags: 'ahHiklPTv',
    values: 'BtxF',
    long: `all human-readable si inodes local no-sync sync portability print-type total ${HV}`,
    longValues: 'block-size type exclude-type',
    longOptional: 'output',
    computedOk: true,
  },
  pwd: { flags: 'LP', computedOk: true },
  which: { flags: 'as', computedOk: true },
  whereis: { flags: 'bmsulf', values: 'BMS', computedOk: true },
  type: { flags: 'afptP', computedOk: true },
  realpath: {
    flags: 'eLmPqsz',
    long: `canonicalize-existing canonicalize-missing logical physical quiet strip no-symlinks zero ${HV}`,
    longValues: 'relative-to relative-base',
    computedOk: true,
  },
  readlink: {
    flags: 'femnqsvz',
    long: `canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero ${HV}`,
    computedOk: true,
  },
  basename: { flags: 'az', values: 's', long: `multiple zero ${HV}`, longValues: 'suffix', computedOk: true },
  dirname: { flags: 'z', long: `zero ${HV}`, computedOk: true },
  od: {
    computedOk: true,
    flags: 'bcdDfFhHiIlLoOsvxX',
    values: 'AjNtS',
    attached: 'w',
    long: `output-duplicates traditional ${HV}`,
    longValues: 'address-radix skip-bytes read-bytes format',
    longOptional: 'strings width endian',
    printsFiles: true,
  },
  hexdump: {
    computedOk: true,
    flags: 'bcCdovx',
    values: 'efns',
    long: `one-byte-octal one-byte-char canonical two-bytes-decimal two-bytes-octal two-bytes-hex no-squeezing ${HV}`,
    longValues: 'format format-file length skip color',
    printsFiles: true,
  },
  strings: {
    computedOk: true,
    flags: 'adfow',
    values: 'ntTesU',
    numeric: true,
    long: `all data print-file-name include-all-whitespace ${HV}`,
    longValues: 'bytes radix target encoding output-separator unicode',
    printsFiles: true,
  },
  md5sum: sum,
  sha1sum: sum,
  sha224sum: sum,
  sha256sum: sum,
  sha384sum: sum,
  sha512sum: sum,
  b2sum: sum,
  cksum: sum,
  tree: {
    flags: 'adlfxRqNQpugshDFvtcUriASnCXJ',
    values: 'LPIHT',
    long:
      `gitignore ignore-case matchdirs metafirst prune info noreport si du inodes device dirsfirst filesfirst nolinks fromfile ` +
      `fromtabfile fflinks ${HV}`,
    longValues: 'infofile charset filelimit timefmt sort hintro houtro',
    unsafe: { '-o': 'writes its listing to a file' },
  },
  base64: {
    flags: 'diD',
    values: 'wb',
    long: `decode ignore-garbage ${HV}`,
    longValues: 'wrap',
    printsFiles: true,
    unsafe: { '-o': WRITES, '--output': WRITES },
  },
  more: {
    computedOk: true,
    flags: 'dlfpcsue',
    values: 'n',
    numeric: true,
    long: `silent logical no-pause print-over clean-print squeeze plain exit-on-eof ${HV}`,
    longValues: 'lines',
    printsFiles: true,
  },
  bat: {
    flags: 'ApnPdfuhVLs',
    values: 'lHrm',
    printsFiles: true,
    long: `show-all plain number diff force-colorization list-languages list-themes chop-long-lines squeeze-blank no-config ${HV}`,
    longValues:
      'language highlight-line line-range map-syntax theme style color decorations tabs wrap terminal-width italic-text file-name ' +
      'diff-context nonprintable-notation binary squeeze-limit paging',
    unsafe: { '--pager': 'runs a pager program' },
    check: ({ options }) =>
      options.some((option) => option.name === '--paging' && option.value !== 'never')
        ? 'bat --paging other than never runs a pager program'
        : null,
  },
  fd: {
    flags: 'HIusiglLaFp01qhV',
    values: 'dEtecjSo',
    long:
      `hidden no-hidden no-ignore no-ignore-vcs no-ignore-parent unrestricted case-sensitive ignore-case glob regex fixed-strings ` +
      `absolute-path list-details follow no-follow full-path print0 show-errors one-file-system quiet prune no-require-git ${HV}`,
    longValues:
      'max-depth min-depth exact-depth exclude type extension size changed-within changed-before max-results base-directory ' +
      'search-path ignore-file color threads owner max-buffer-time path-separator format and',
    unsafe: {
      '-x': 'runs a command for every match',
      '--exec': 'runs a command for every match',
      '-X': 'runs a command with the matches',
      '--exec-batch': 'runs a command with the matches',
    },
  },
};

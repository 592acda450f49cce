// Read-only options of the tools that search and compare files: grep and its variants, ripgrep, ag, ack,
// diff, cmp, comm. tool-specs.ts joins the tables.
import { HV, type ToolSpec } from './options.js';

const grep: ToolSpec = {
  computedOk: true,
  flags: 'EFGPiywxzsvVcLloqbHhnTZrRUaI',
  values: 'efmABCDd',
  numeric: true,
  printsFiles: true,
  long:
    `extended-regexp fixed-strings basic-regexp perl-regexp ignore-case no-ignore-case word-regexp line-regexp null-data no-messages ` +
    `invert-match count files-without-match files-with-matches only-matching quiet silent byte-offset with-filename no-filename ` +
    `line-number initial-tab unix-byte-offsets null text recursive dereference-recursive line-buffered ${HV}`,
  longValues:
    'regexp file max-count label binary-files devices directories include exclude exclude-from exclude-dir after-context ' +
    'before-context context',
  longOptional: 'color colour',
};

export const SEARCH_TOOLS: Record<string, ToolSpec> = {
  grep,
  egrep: grep,
  fgrep: grep,
  zgrep: grep,
  rg: {
    flags: 'abcFHhiILlNnopPqSsuUvVwx0',
    values: 'ABCEefgjMmrtTd',
    printsFiles: true,
    long:
      `line-number no-line-number ignore-case case-sensitive smart-case fixed-strings no-fixed-strings word-regexp line-regexp ` +
      `invert-match count count-matches files files-with-matches files-without-match hidden no-hidden no-ignore no-ignore-vcs ` +
      `no-ignore-dot no-ignore-global no-ignore-parent no-ignore-exclude no-ignore-files no-ignore-messages follow no-follow heading ` +
      `no-heading with-filename no-filename only-matching json no-json vimgrep column no-column byte-offset trim no-trim null null-data ` +
      `multiline no-multiline multiline-dotall pcre2 no-pcre2 text no-text binary no-binary no-messages quiet stats no-stats sort-files ` +
      `crlf no-crlf no-config one-file-system passthru pretty line-buffered block-buffered type-list debug trace unrestricted ` +
      `no-unicode glob-case-insensitive ignore-file-case-insensitive no-require-git include-zero max-columns-preview ${HV}`,
    longValues:
      'regexp file glob iglob type type-not type-add type-clear max-count max-depth maxdepth max-columns max-filesize context ' +
      'after-context before-context threads replace encoding sort sortr color colors context-separator field-context-separator ' +
      'field-match-separator path-separator ignore-file engine dfa-size-limit regex-size-limit hyperlink-format',
    unsafe: {
      '-z': 'runs decompression programs on the files',
      '--search-zip': 'runs decompression programs on the files',
      '--pre': 'runs a preprocessor program on every file',
      '--pre-glob': 'chooses files for a preprocessor program',
      '--hostname-bin': 'runs a program to learn the host name',
    },
  },
  ag: {
    flags: 'aAcDfFhHilLnoQrsStuUvwz0',
    values: 'ABCGgmp',
    printsFiles: true,
    long:
      `ackmate all-text all-types case-sensitive count nocolor column noheading heading hidden ignore-case literal files-with-matches ` +
      `files-without-matches nobreak filename nofilename follow print-long-lines smart-case skip-vcs-ignores unrestricted vimgrep ` +
      `word-regexp only-matching null print0 search-binary search-zip silent stats one-device ${HV}`,
    longValues: 'after before context ignore ignore-dir file-search-regex max-count depth path-to-ignore workers',
    longOptional: 'color',
    unsafe: { '--pager': 'runs a pager program' },
  },
  ack: {
    flags: 'iIsSvwxcLlhHnfgko1',
    values: 'ABCm',
    printsFiles: true,
    long:
      `ignore-case smart-case no-smart-case invert-match word-regexp line-regexp count files-with-matches files-without-matches ` +
      `with-filename no-filename column no-column nocolor noheading heading break nobreak group nogroup follow nofollow recurse ` +
      `no-recurse literal noenv ${HV}`,
    longValues: 'type ignore-dir noignore-dir ignore-file match max-count context after-context before-context',
    longOptional: 'color',
    unsafe: {
      '--pager': 'runs a pager program',
      '--output': 'evaluates a Perl expression for every match',
      '--ackrc': 'reads options (a pager) from a file',
    },
  },
  diff: {
    flags: 'qsuceynptTrNiEZbwBadC',
    values: 'UWxXSIDF',
    printsFiles: true,
    long:
      `brief report-identical-files normal ed rcs side-by-side left-column suppress-common-lines show-c-function expand-tabs ` +
      `initial-tab recursive no-dereference new-file unidirectional-new-file ignore-case ignore-file-name-case no-ignore-file-name-case ` +
      `ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ignore-blank-lines text strip-trailing-cr ` +
      `minimal speed-large-files suppress-blank-empty ${HV}`,
    longValues:
      'width exclude exclude-from starting-file ignore-matching-lines ifdef show-function-line line-format old-line-format ' +
      'new-line-format unchanged-line-format old-group-format new-group-format changed-group-format unchanged-group-format ' +
      'horizon-lines tabsize from-file to-file label',
    longOptional: 'color context unified',
    unsafe: { '-l': 'runs the output through the pr program', '--paginate': 'runs the output through the pr program' },
  },
  cmp: {
    computedOk: true,
    flags: 'blsv',
    values: 'in',
    long: `print-bytes quiet silent verbose ${HV}`,
    longValues: 'ignore-initial bytes',
    printsFiles: true,
  },
  comm: {
    computedOk: true,
    flags: '123iz',
    long: `check-order nocheck-order zero-terminated total ${HV}`,
    longValues: 'output-delimiter',
    printsFiles: true,
  },
};

// Read-only options of the text filters: cut/tr/nl/column/fold/fmt/paste/expand/rev/tac/seq, uniq, sort, sed,
// awk and jq (their scripts are checked in read-only.ts). tool-specs.ts joins the tables.
import { HV, type ToolSpec } from './options.js';

export const TEXT_TOOLS: Record<string, ToolSpec> = {
  cut: {
    computedOk: true,
    flags: 'nsz',
    values: 'bcdf',
    long: `complement only-delimited zero-terminated ${HV}`,
    longValues: 'bytes characters delimiter fields output-delimiter',
    printsFiles: true,
  },
  tr: { flags: 'cCdst', long: `complement delete squeeze-repeats truncate-set1 ${HV}`, computedOk: true },
  nl: {
    computedOk: true,
    flags: 'p',
    values: 'bdfhilnsvw',
    long: `no-renumber ${HV}`,
    longValues:
      'body-numbering section-delimiter footer-numbering header-numbering line-increment join-blank-lines number-format ' +
      'number-separator starting-line-number number-width',
    printsFiles: true,
  },
  column: {
    computedOk: true,
    flags: 'tJxnLedRh',
    values: 'scoNlTEHOrW',
    long: `table json fillrows keep-empty-lines table-noheadings ${HV}`,
    longValues:
      'separator output-separator output-width table-columns table-name table-order table-right table-truncate table-noextreme ' +
      'table-wrap table-hide tree tree-id tree-parent',
    printsFiles: true,
  },
  fold: { computedOk: true, flags: 'bs', values: 'w', numeric: true, long: `bytes spaces ${HV}`, longValues: 'width', printsFiles: true },
  fmt: {
    computedOk: true,
    flags: 'cstu',
    values: 'pwg',
    numeric: true,
    long: `crown-margin split-only tagged-paragraph uniform-spacing ${HV}`,
    longValues: 'prefix width goal',
    printsFiles: true,
  },
  paste: { computedOk: true, flags: 'sz', values: 'd', long: `serial zero-terminated ${HV}`, longValues: 'delimiters', printsFiles: true },
  expand: { computedOk: true, flags: 'i', values: 't', numeric: true, long: `initial ${HV}`, longValues: 'tabs', printsFiles: true },
  rev: { computedOk: true, flags: '0', long: `zero ${HV}`, printsFiles: true },
  tac: { computedOk: true, flags: 'br', values: 's', long: `before regex ${HV}`, longValues: 'separator', printsFiles: true },
  seq: { flags: 'w', values: 'fs', numeric: true, long: `equal-width ${HV}`, longValues: 'format separator', computedOk: true },
  uniq: {
    flags: 'cdDiuz',
    values: 'fsw',
    numeric: true,
    long: `count repeated ignore-case unique zero-terminated ${HV}`,
    longValues: 'skip-fields skip-chars check-chars',
    longOptional: 'all-repeated group',
    printsFiles: true,
    check: ({ operands }) => (operands.length > 1 ? 'uniq INPUT OUTPUT writes OUTPUT' : null),
  },
  sort: {
    flags: 'bdfgiMhnRrVcCmsuz',
    values: 'kStT',
    printsFiles: true,
    long:
      `ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort human-numeric-sort ` +
      `numeric-sort random-sort reverse version-sort merge stable unique zero-terminated debug ${HV}`,
    longValues: 'key field-separator buffer-size temporary-directory parallel random-source sort batch-size files0-from',
    longOptional: 'check',
    unsafe: {
      '-o': 'writes its output to a file',
      '--output': 'writes its output to a file',
      '--compress-program': 'runs a compression program',
    },
  },
  sed: {
    flags: 'nrEuzbs',
    values: 'el',
    long: `quiet silent debug posix regexp-extended sandbox unbuffered null-data zero-terminated separate binary follow-symlinks ${HV}`,
    longValues: 'expression line-length',
    unsafe: {
      '-i': 'edits files in place',
      '--in-place': 'edits files in place',
      '-f': 'runs a script file',
      '--file': 'runs a script file',
    },
    printsFiles: true,
  },
  awk: {
    flags: 'bcCghMNnOPrsStVY',
    values: 'Fve',
    attached: 'L',
    printsFiles: true,
    long:
      `characters-as-bytes traditional copyright gen-pot bignum use-lc-numeric non-decimal-data optimize posix re-interval no-optimize ` +
      `sandbox lint-old csv ${HV}`,
    longValues: 'field-separator assign source',
    longOptional: 'lint',
    unsafe: {
      '-f': 'runs a program file',
      '--file': 'runs a program file',
      '-i': 'loads a source file (-i inplace edits files)',
      '--include': 'loads a source file (inplace edits files)',
      '-l': 'loads a shared library',
      '--load': 'loads a shared library',
      '-E': 'runs a program file',
      '--exec': 'runs a program file',
      '-o': 'writes a pretty-printed program file',
      '--pretty-print': 'writes a pretty-printed program file',
      '-p': 'writes a profile file',
      '--profile': 'writes a profile file',
      '-d': 'writes a variables file',
      '--dump-variables': 'writes a variables file',
      '-D': 'starts the debugger',
      '--debug': 'starts the debugger',
      '-W': 'passes an implementation option (mawk -W exec runs a file)',
    },
  },
  jq: {
    computedOk: true,
    flags: 'cnrjaSCMsehV0',
    values: 'fL',
    printsFiles: true,
    long:
      `compact-output null-input raw-input raw-output raw-output0 join-output ascii-output sort-keys color-output monochrome-output ` +
      `slurp exit-status seq stream stream-errors tab unbuffered args jsonargs ${HV}`,
    longValues: 'indent from-file',
  },
};

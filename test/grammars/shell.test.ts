// Hard cases of the shell family: bash's doubled syntax-error line, ShellCheck carets (ranges, several per block, tabs
// expanded to 8 in the drawing), colour, gcc output, and look-alikes.
import { describe, expect, it } from 'vitest';
import { scanLog, withoutWeakTiers, brief } from '../_scan.js';

const scan = (lines: string[], formats?: string[]) => withoutWeakTiers(scanLog(lines, formats));

describe('bash', () => {
  it("reads bash's own warning as a warning, so the error after it ranks first", () => {
    const locations = scan([
      "setup.sh: line 8: warning: here-document at line 4 delimited by end-of-file (wanted `EOF')",
      'setup.sh: line 9: syntax error: unexpected end of file',
    ]);
    expect(locations.map((l) => [l.line, l.severity, l.message])).toEqual([
      [8, 'warning', "here-document at line 4 delimited by end-of-file (wanted `EOF')"],
      [9, 'error', 'syntax error: unexpected end of file'],
    ]);
  });
  it('reads `x.sh: line N:` once per syntax error, paths with spaces, and not `bash: line 1:`', () => {
    expect(
      brief(
        scan([
          'deploy.sh: line 6: foo: command not found',
          "my dir/build.sh: line 5: syntax error near unexpected token `fi'",
          "my dir/build.sh: line 5: `fi'",
          'bash: line 1: nosuchcmd: command not found',
        ]),
      ),
    ).toEqual([
      ['bash', 'deploy.sh', 6, null, 'error', 'foo: command not found'],
      ['bash', 'my dir/build.sh', 5, null, 'error', "syntax error near unexpected token `fi'"],
    ]);
  });
});

describe('shellcheck', () => {
  it('emits one location per caret line, column from the caret, end column from a range', () => {
    const locations = scan([
      'In deploy/install.sh line 5:',
      'for f in $(ls *.conf); do',
      '         ^----------^ SC2045 (error): Iterating over ls output is fragile. Use globs.',
      "              ^-- SC2035 (info): Use ./*glob* or -- *glob* so names with dashes won't become options.",
      '',
    ]);
    expect(locations.map((l) => [l.line, l.column, l.endColumn, l.severity, l.code, l.logLine])).toEqual([
      [5, 10, 21, 'error', 'SC2045', 3],
      [5, 15, null, 'note', 'SC2035', 4],
    ]);
  });

  it('maps a caret drawn after a tab (8 columns) back to the character column, also in colour', () => {
    const locations = scan([
      '\u001b[1mIn tab.sh line 3:\u001b[0m',
      '\u001b[0m\tcp $1 /tmp\u001b[0m',
      '\u001b[32m           ^-- SC2086 (info): Double quote to prevent globbing and word splitting.\u001b[0m',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.code])).toEqual([['tab.sh', 3, 5, 'SC2086']]);
  });

  it('reads -f gcc lines and ignores gcc-like lines without an SC code', () => {
    expect(
      brief(
        scan(
          ['deploy/install.sh:8:6: warning: undefined_var is referenced but not assigned. [SC2154]', 'x.sh:3:1: warning: something else'],
          ['shellcheck-gcc'],
        ),
      ),
    ).toEqual([['shellcheck-gcc', 'deploy/install.sh', 8, 6, 'warning', 'undefined_var is referenced but not assigned.']]);
  });

  it('ignores prose that says "In … line N:"', () => {
    expect(scan(['In the README.md line 3: see below'], ['shellcheck'])).toEqual([]);
  });
});

describe('dash and extensionless scripts', () => {
  it('reads no place in a binary dash ran as a script, old or new wording, pasted or raw, and keeps the scripts beside it', () => {
    expect(
      brief(
        scan([
          '../tools/bin/arm-g++: 1: ../tools/bin/arm-g++: ELF\uFFFD\uFFFDG@@\uFFFD: not found',
          '../tools/bin/arm-g++: 3: ../tools/bin/arm-g++: Syntax error: word unexpected (expecting ")")',
          './bin/cc: 1: \x7fELF\x02\x01\x01: not found',
          './bin/cc: 2: Syntax error: word unexpected (expecting ")")',
          './flash.sh: 7: Syntax error: "(" unexpected',
        ]),
      ),
    ).toEqual([['dash', './flash.sh', 7, null, 'error', 'Syntax error: "(" unexpected']]);
  });

  it('reads dash `file: N: msg`, takes extensionless scripts only with a slash, and claims `sh -c` lines without a place', () => {
    expect(
      brief(
        scan([
          'build.sh: 3: build_all: not found',
          "./deploy: 2: cd: can't cd to x",
          'configure: 5: oops: not found',
          'sh: 1: foo: not found',
          'sh: line 1: foo: command not found',
          './configure: line 14: autoreconf: command not found',
        ]),
      ),
    ).toEqual([
      ['dash', 'build.sh', 3, null, 'error', 'build_all: not found'],
      ['dash', './deploy', 2, null, 'error', "cd: can't cd to x"],
      ['bash', './configure', 14, null, 'error', 'autoreconf: command not found'],
    ]);
  });

  it('reads a dash row a paste indented by a few blanks or a tab, with or without an extension', () => {
    expect(
      brief(scan(['  ./ci/prepare: 5: [: missing ]', '\tbuild.sh: 3: build_all: not found', '            ./deep: 2: x: not found'])),
    ).toEqual([
      ['dash', './ci/prepare', 5, null, 'error', '[: missing ]'],
      ['dash', 'build.sh', 3, null, 'error', 'build_all: not found'],
    ]);
  });

  it('gives the line to the file read by `.` that dash names after the script, not to a command that failed to start', () => {
    expect(
      brief(
        scan([
          './run.sh: 4: ./lib/env.sh: Syntax error: "(" unexpected',
          './check.sh: 3: /opt/app/lib/steps.sh: fetch_assets: not found',
          './check.sh: 5: ./tools/publish.sh: Permission denied',
          'test.sh: 13: test.sh: Syntax error: "(" unexpected',
        ]),
      ),
    ).toEqual([
      ['dash', './lib/env.sh', 4, null, 'error', 'Syntax error: "(" unexpected'],
      ['dash', '/opt/app/lib/steps.sh', 3, null, 'error', 'fetch_assets: not found'],
      ['dash', './check.sh', 5, null, 'error', './tools/publish.sh: Permission denied'],
      ['dash', 'test.sh', 13, null, 'error', 'Syntax error: "(" unexpected'],
    ]);
  });

  it('asks the workspace to confirm an extensionless script path', () => {
    const [location] = scan(["./deploy: 2: cd: can't cd to x"]);
    expect(location?.hints?.confirm).toBe(true);
    expect(scan(['build.sh: 3: x: not found'])[0]?.hints?.confirm).toBeUndefined();
  });

  it('reads ShellCheck headers of files without an extension, with and without ./', () => {
    for (const header of ['In ./deploy line 4:', 'In bin/deploy line 4:']) {
      const locations = scan([header, 'cd $dir', '   ^--^ SC2086 (info): Double quote to prevent globbing.'], ['shellcheck']);
      expect(locations.map((l) => [l.file, l.line, l.column, l.code])).toEqual([[header.slice(3, -8), 4, 4, 'SC2086']]);
    }
  });
});

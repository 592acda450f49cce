// Infrastructure tools (formats.md rows 23, 93–95): workflow commands, Terraform, BuildKit, hadolint, actionlint,
// yamllint, markdownlint, cfn-lint.
import { describe, expect, it } from 'vitest';
import { scanLog, withoutWeakTiers } from '../_scan.js';

const scan = (lines: string[], formats?: string[]) => withoutWeakTiers(scanLog(lines, formats));

describe('github-actions', () => {
  it('unescapes properties (%2C %3A %25) and data (%0A %25), with title-first property order', () => {
    const [location] = scan([
      '::error title=config%3A port,file=config/app%2Cprod.json,line=3,col=11,endColumn=18::port must be a number%0Afound 50%25',
    ]);
    expect(location).toMatchObject({
      file: 'config/app,prod.json',
      line: 3,
      column: 11,
      endColumn: 18,
      severity: 'error',
      message: 'config: port: port must be a number\nfound 50%',
      format: 'github-actions',
    });
  });
  it('keeps a rule-like title as the code, maps notice to note, and claims the line once (the message quotes a location)', () => {
    const locations = scan([
      '2024-01-01T00:00:00.0000000Z ::warning file=src/a.js,line=2,endLine=4,title=lint/x::see src/b.js:9:1',
      '::notice file=README.md,line=1::fyi',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.endLine, l.severity, l.code])).toEqual([
      ['src/a.js', 2, 4, 'warning', 'lint/x'],
      ['README.md', 1, null, 'note', null],
    ]);
  });
  it('emits nothing for a workflow command without a file', () => {
    expect(scan(['::error::config check failed'], ['github-actions'])).toEqual([]);
  });
});

describe('terraform', () => {
  it('reads the on-line below the summary, plain and boxed with colour', () => {
    const plain = scan([
      'Error: Reference to undeclared input variable',
      '',
      '  on main.tf line 14, in output "b":',
      '  14:   value = var.zone',
      '',
      'An input variable with the name "zone" has not been declared.',
    ]);
    const boxed = scan([
      '\x1b[31m╷\x1b[0m\x1b[0m',
      '\x1b[31m│\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mReference to undeclared input variable\x1b[0m',
      '\x1b[31m│\x1b[0m \x1b[0m',
      '\x1b[31m│\x1b[0m \x1b[0m\x1b[0m  on modules/net/main.tf line 14:',
      '\x1b[31m│\x1b[0m \x1b[0m  14:   value = \x1b[4mvar.zone\x1b[0m\x1b[0m',
      '\x1b[31m│\x1b[0m \x1b[0m',
      '\x1b[31m│\x1b[0m \x1b[0mAn input variable with the name "zone" has not been declared.',
      '\x1b[31m╵\x1b[0m\x1b[0m',
    ]);
    const expected = 'Reference to undeclared input variable: An input variable with the name "zone" has not been declared.';
    expect(plain).toMatchObject([{ file: 'main.tf', line: 14, severity: 'error', message: expected }]);
    // Read as the CLI reads a file (UTF-8 bytes as latin1), the box's `│` prefix is peeled and the `on` line without
    // `, in …` is read too (an earlier version of this test wrote the text undecoded and saw nothing).
    expect(boxed).toMatchObject([{ file: 'modules/net/main.tf', line: 14, severity: 'error', message: expected }]);
  });
  it('ignores the echoed `14:` source line and an on-line without a summary above', () => {
    expect(scan(['Deployed on main.tf line 3:'], ['terraform'])).toEqual([]);
  });
});

describe('dockerfile / hadolint', () => {
  it('reads BuildKit `Dockerfile:N` above its frame and takes the failed-to-solve message', () => {
    expect(
      scan([
        'Dockerfile:5',
        '--------------------',
        '   5 | >>> RUN npm ci',
        '--------------------',
        'ERROR: failed to solve: process "/bin/sh -c npm ci" did not complete successfully: exit code: 254',
      ]),
    ).toMatchObject([
      {
        file: 'Dockerfile',
        line: 5,
        severity: 'error',
        message: 'process "/bin/sh -c npm ci" did not complete successfully: exit code: 254',
        format: 'dockerfile',
      },
    ]);
  });
  it('reads a lower-case `dockerfile:N` summary (the name as spelt), but not the same name without its frame', () => {
    const frame = [
      '--------------------',
      '   1 | >>> FRM alpine',
      '--------------------',
      'ERROR: failed to solve: unknown instruction: FRM',
    ];
    expect(scan(['dockerfile:1', ...frame], ['dockerfile'])).toMatchObject([{ file: 'dockerfile', line: 1, format: 'dockerfile' }]);
    expect(scan(['dockerfile:1', 'RUN true'], ['dockerfile'])).toEqual([]);
  });
  it('reads hadolint rows and leaves image tags alone', () => {
    expect(
      scan(['docker/Dockerfile.prod:3 DL3008 warning: Pin versions', 'FROM node:20-alpine', 'image: python:3.11']).map((l) => [
        l.file,
        l.line,
        l.code,
        l.severity,
      ]),
    ).toEqual([['docker/Dockerfile.prod', 3, 'DL3008', 'warning']]);
  });
});

describe('yamllint / actionlint / markdownlint / cfn-lint', () => {
  it('reads yamllint standard rows under their file header (multi-line) and parsable lines', () => {
    const locations = scan([
      './config.yaml',
      '  3:1       error    wrong indentation: expected 2 but found 0  (indentation)',
      '  1:1       warning  missing document start "---"  (document-start)',
      '',
      './b.yml:8:22: [error] trailing spaces (trailing-spaces)',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.column, l.severity, l.code, l.format])).toEqual([
      ['./config.yaml', 3, 1, 'error', 'indentation', 'yamllint'],
      ['./config.yaml', 1, 1, 'warning', 'document-start', 'yamllint'],
      ['./b.yml', 8, 22, 'error', 'trailing-spaces', 'yamllint'],
    ]);
  });
  it('finds the yamllint header for each row of a block within 40 lines, and a new block its own header', () => {
    const row = (line: number) => `  ${line}:1       error    too many spaces inside braces  (braces)`;
    const rows = Array.from({ length: 41 }, (_, index) => row(index + 1));
    const locations = scan(['a.yaml', ...rows, '', 'b.yml', row(7), row(8)], ['yamllint']);
    // The 41st row is 41 lines below its header, out of reach: rows reusing the walk of the row above must not change that.
    expect(locations.map((l) => [l.file, l.line])).toEqual([
      ...rows.slice(0, 40).map((_, index) => ['a.yaml', index + 1]),
      ['b.yml', 7],
      ['b.yml', 8],
    ]);
  });
  it('leaves eslint stylish rows (no parenthesised rule, JS header) to eslint', () => {
    expect(scan(['/app/src/a.js', "  2:12  error  Expected '==='  eqeqeq"], ['yamllint'])).toEqual([]);
  });
  it('reads actionlint rows with the rule in brackets and not the nested shellcheck location', () => {
    expect(
      scan(['.github/workflows/ci.yml:16:9: shellcheck reported issue in this script: SC2086:info:1:6: Double quote [shellcheck]']),
    ).toMatchObject([{ file: '.github/workflows/ci.yml', line: 16, column: 9, code: 'shellcheck', format: 'actionlint' }]);
  });
  it('reads markdownlint rows without a colon after the location, old and new', () => {
    expect(
      scan([
        'README.md:3:81 error MD013/line-length Line length [Expected: 80; Actual: 103]',
        'docs/a.md:5 MD012/no-multiple-blanks Multiple consecutive blank lines',
      ]).map((l) => [l.file, l.line, l.column, l.code]),
    ).toEqual([
      ['README.md', 3, 81, 'MD013/line-length'],
      ['docs/a.md', 5, null, 'MD012/no-multiple-blanks'],
    ]);
  });
  it('reads cfn-lint default (location on the next line) and parseable (end range)', () => {
    expect(
      scan([
        "E3012 'thirty' is not of type 'integer'",
        'template.yaml:21:7',
        '',
        'template.yaml:8:3:8:9:W2001:Parameter Unused not used.',
      ]).map((l) => [l.line, l.column, l.endColumn, l.severity, l.code]),
    ).toEqual([
      [21, 7, null, 'error', 'E3012'],
      [8, 3, 9, 'warning', 'W2001'],
    ]);
  });
  it('does not read a bare yaml location without a rule line above', () => {
    expect(scan(['deployed template.yaml:21:7'], ['cfn-lint'])).toEqual([]);
  });
});

describe('salt', () => {
  it('reads an SLS reference as its two possible files, each left for the workspace to confirm', () => {
    const locations = scan([
      "    Rendering SLS 'base:web.nginx.config' failed: Jinja syntax error: unexpected '}', expected ')'; line 9",
      "    Rendering SLS 'web' failed: Jinja variable 'site' is undefined, line 4",
      "    Rendering SLS 'base:web' failed: Jinja variable 'dict object' has no attribute 'version'",
    ]);
    expect(locations.map((location) => `${location.file}:${location.line}:${location.hints?.confirm === true}`)).toEqual([
      'web/nginx/config.sls:9:true',
      'web/nginx/config/init.sls:9:true',
      'web.sls:4:true',
      'web/init.sls:4:true',
    ]);
    expect(locations[0]).toMatchObject({ severity: 'error', message: "Jinja syntax error: unexpected '}', expected ')'", format: 'salt' });
  });
});

describe('packer', () => {
  it("reads a JSON template's position as standard input's, for the command to name", () => {
    const locations = scan([
      "Failed to parse template: Error parsing JSON: invalid character '}' looking for beginning of object key string",
      'At line 7, column 5 (offset 104):',
      '    7:     }',
      "Failed to parse template: Error in line 5, char 3: invalid character '\"' after object key:value pair",
    ]);
    expect(locations.map((location) => [location.file, location.line, location.severity, location.format])).toEqual([
      ['-', 7, 'error', 'packer'],
      ['-', 5, 'error', 'packer'],
    ]);
    expect(locations[0]?.message).toBe("invalid character '}' looking for beginning of object key string");
  });
  it('leaves an `At line N` that follows no JSON parse error to other formats', () => {
    expect(scan(['Warning: something odd', 'At line 7, column 5 (offset 104):'], ['packer'])).toEqual([]);
  });
});

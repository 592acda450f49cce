// Hard cases of the ESLint family: stylish rows whose file is on a header line (§3.10), more rows than the
// look-back window, rows without a rule id, coloured output (§3.7), and the unix formatter's bracket.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog as scan } from '../_scan.js';

const brief = (locations: RawLocation[]) =>
  locations.map((l) => ({
    file: l.file,
    line: l.line,
    column: l.column,
    severity: l.severity,
    code: l.code,
    message: l.message,
    format: l.format,
  }));
const E = '\u001b';

describe('eslint-stylish', () => {
  it('takes the file from the header above the rows, the rule from the last column', () => {
    const locations = scan([
      '',
      '/app/src/util.js',
      "  3:7   error    'DEBUG' is assigned a value but never used         no-unused-vars",
      "  6:7   warning  'prefix' is never reassigned. Use 'const' instead  prefer-const",
      '  9:1   error    Unexpected any  @typescript-eslint/no-explicit-any',
      '  12:5  error    Parsing error: Unexpected token )',
      '',
      '/app/src/cart.js',
      "  2:25  error  Expected '===' and instead saw '=='  eqeqeq",
      '',
      '✖ 5 problems (4 errors, 1 warning)',
    ]);
    expect(brief(locations)).toEqual([
      {
        file: '/app/src/util.js',
        line: 3,
        column: 7,
        severity: 'error',
        code: 'no-unused-vars',
        message: "'DEBUG' is assigned a value but never used",
        format: 'eslint-stylish',
      },
      {
        file: '/app/src/util.js',
        line: 6,
        column: 7,
        severity: 'warning',
        code: 'prefer-const',
        message: "'prefix' is never reassigned. Use 'const' instead",
        format: 'eslint-stylish',
      },
      {
        file: '/app/src/util.js',
        line: 9,
        column: 1,
        severity: 'error',
        code: '@typescript-eslint/no-explicit-any',
        message: 'Unexpected any',
        format: 'eslint-stylish',
      },
      {
        file: '/app/src/util.js',
        line: 12,
        column: 5,
        severity: 'error',
        code: null,
        message: 'Parsing error: Unexpected token )',
        format: 'eslint-stylish',
      },
      {
        file: '/app/src/cart.js',
        line: 2,
        column: 25,
        severity: 'error',
        code: 'eqeqeq',
        message: "Expected '===' and instead saw '=='",
        format: 'eslint-stylish',
      },
    ]);
  });

  it('keeps the header for a file with more rows than the look-back window', () => {
    const rows = Array.from({ length: 60 }, (_, index) => `  ${index + 1}:1  error  Unexpected console statement  no-console`);
    const locations = scan(['/app/src/noisy.js', ...rows]);
    expect(locations).toHaveLength(60);
    expect(locations.every((l) => l.file === '/app/src/noisy.js')).toBe(true);
    expect(locations.at(-1)?.line).toBe(60);
  });

  it('reads coloured rows (each line wrapped in resets, dim L:C and rule)', () => {
    const locations = scan([
      `${E}[0m${E}[4m/app/src/cart.js${E}[24m${E}[0m`,
      `${E}[0m  ${E}[2m2:25${E}[22m  ${E}[31merror${E}[39m  Expected '===' and instead saw '=='  ${E}[2meqeqeq${E}[22m${E}[0m`,
    ]);
    expect(brief(locations).map((l) => [l.file, l.line, l.column, l.code])).toEqual([['/app/src/cart.js', 2, 25, 'eqeqeq']]);
  });

  it('reads rows behind a GitHub Actions timestamp prefix (§3.4)', () => {
    const stamp = '2021-12-01T13:00:40.1077661Z ';
    const locations = scan([`${stamp}/app/src/cart.js`, `${stamp}  2:25  error  Expected '===' and instead saw '=='  eqeqeq`]);
    expect(brief(locations).map((l) => [l.file, l.line, l.column, l.code, l.format])).toEqual([
      ['/app/src/cart.js', 2, 25, 'eqeqeq', 'eslint-stylish'],
    ]);
  });

  it('does not invent a file for rows without a header (a bare `2:12  error` look-alike, §3.18)', () => {
    const locations = scan(['some prose: here', '  2:12  error  Expected', ''], ['eslint-stylish']);
    expect(locations).toEqual([]);
  });
});

describe('eslint-unix', () => {
  it('reads severity and rule from the bracket', () => {
    const locations = scan([
      "/app/src/util.js:6:7: 'prefix' is never reassigned. Use 'const' instead. [Warning/prefer-const]",
      '/app/src/a.js:1:10: Parsing error: Unexpected token [Error]',
      '',
      '2 problems',
    ]);
    expect(brief(locations)).toEqual([
      {
        file: '/app/src/util.js',
        line: 6,
        column: 7,
        severity: 'warning',
        code: 'prefer-const',
        message: "'prefix' is never reassigned. Use 'const' instead.",
        format: 'eslint-unix',
      },
      {
        file: '/app/src/a.js',
        line: 1,
        column: 10,
        severity: 'error',
        code: null,
        message: 'Parsing error: Unexpected token',
        format: 'eslint-unix',
      },
    ]);
  });
});

describe('eslint-codeframe', () => {
  it('takes the place after the last " at ", the rule from the parentheses, and colour codes do not matter', () => {
    const locations = scan([
      "error: Unexpected 'debugger' statement at runtime (no-debugger) at src/a b/util.js:3:5:",
      '> 3 |     debugger;',
      '    |     ^',
      '',
      `${E}[33mwarning${E}[39m: ${E}[1mMissing semicolon${E}[22m ${E}[2m(semi)${E}[22m at ${E}[32msrc/util.js:4:15${E}[39m:`,
      'error: Parsing error: Unexpected token ; at src/fmt.js:3:29:',
      '2 errors and 1 warning found.',
    ]);
    expect(brief(locations)).toEqual([
      {
        file: 'src/a b/util.js',
        line: 3,
        column: 5,
        severity: 'error',
        code: 'no-debugger',
        message: "Unexpected 'debugger' statement at runtime",
        format: 'eslint-codeframe',
      },
      {
        file: 'src/util.js',
        line: 4,
        column: 15,
        severity: 'warning',
        code: 'semi',
        message: 'Missing semicolon',
        format: 'eslint-codeframe',
      },
      {
        file: 'src/fmt.js',
        line: 3,
        column: 29,
        severity: 'error',
        code: null,
        message: 'Parsing error: Unexpected token ;',
        format: 'eslint-codeframe',
      },
    ]);
  });
});

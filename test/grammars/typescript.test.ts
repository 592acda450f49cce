// Hard cases of the TypeScript family: continuation lines, ANSI between every field (§3.7), paths with
// spaces and parentheses (§3.2, §3.3), the duplicate `Found N errors` summary (§3.17), monorepo prefixes (§3.13).
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog as scan } from '../_scan.js';

const brief = (locations: RawLocation[]) =>
  locations.map((l) => ({ file: l.file, line: l.line, column: l.column, severity: l.severity, code: l.code, format: l.format }));

const E = '\u001b';

describe('tsc (--pretty false)', () => {
  it("keeps each row's own message when a wrapper indents every row alike (pulumi's Diagnostics block)", () => {
    const locations = scan([
      '    TSError: \u2a2f Unable to compile TypeScript:',
      "    src/infra.ts(4,23): error TS7016: Could not find a declaration file for module 'scp2'.",
      '      Try `npm install @types/scp2` if it exists.',
      "    src/infra.ts(47,18): error TS7006: Parameter 'err' implicitly has an 'any' type.",
      "    src/infra.ts(94,41): error TS7006: Parameter 'code' implicitly has an 'any' type.",
    ]);
    expect(locations.map((l) => `${l.line}: ${l.message}`)).toEqual([
      "4: Could not find a declaration file for module 'scp2'.\n      Try `npm install @types/scp2` if it exists.",
      "47: Parameter 'err' implicitly has an 'any' type.",
      "94: Parameter 'code' implicitly has an 'any' type.",
    ]);
  });

  it('reads file(L,C): error TSnnnn and appends indented continuation lines, bounded by the next row', () => {
    const locations = scan([
      "src/user.ts(8,14): error TS2322: Type 'Loose' is not assignable to type 'User'.",
      "  Types of property 'id' are incompatible.",
      "    Type 'string' is not assignable to type 'number'.",
      "src/user.ts(10,30): error TS2345: Argument of type 'string' is not assignable.",
    ]);
    expect(brief(locations)).toEqual([
      { file: 'src/user.ts', line: 8, column: 14, severity: 'error', code: 'TS2322', format: 'tsc' },
      { file: 'src/user.ts', line: 10, column: 30, severity: 'error', code: 'TS2345', format: 'tsc' },
    ]);
    expect(locations[0]?.message).toBe(
      "Type 'Loose' is not assignable to type 'User'.\n  Types of property 'id' are incompatible.\n    Type 'string' is not assignable to type 'number'.",
    );
    expect(locations[1]?.message).toBe("Argument of type 'string' is not assignable.");
    expect(locations[0]?.columnUnit).toBe('utf-16');
  });

  it('keeps spaces and parentheses inside the path (§3.2, §3.3)', () => {
    const locations = scan(["/home/u/proj (copy)/src/a b.ts(3,7): error TS2322: Type 'number' is not assignable to type 'string'."]);
    expect(brief(locations)).toEqual([
      { file: '/home/u/proj (copy)/src/a b.ts', line: 3, column: 7, severity: 'error', code: 'TS2322', format: 'tsc' },
    ]);
  });

  it('maps warning and message categories', () => {
    const locations = scan(['src/a.ts(1,1): warning TS6133: x is unused.', 'src/b.ts(2,2): message TS6059: info.']);
    expect(locations.map((l) => l.severity)).toEqual(['warning', 'note']);
  });

  it('reads a line behind a turbo/pnpm prefix (§3.13) — the scanner strips the prefix before the grammar sees it', () => {
    const locations = scan(["@acme/api:typecheck: src/user.ts(4,7): error TS2322: Type 'string' is not assignable to type 'number'."]);
    expect(brief(locations)).toEqual([{ file: 'src/user.ts', line: 4, column: 7, severity: 'error', code: 'TS2322', format: 'tsc' }]);
  });
});

describe('tsc-pretty', () => {
  const header = (path: string, line: number, column: number, code: string, message: string): string =>
    `${E}[96m${path}${E}[0m:${E}[93m${line}${E}[0m:${E}[93m${column}${E}[0m - ${E}[91merror${E}[0m${E}[90m ${code}: ${E}[0m${message}`;

  it('reads the ANSI-coloured header (§3.7), stops the message at the code frame, and ignores the summary table (§3.17)', () => {
    const locations = scan([
      header('src/money.ts', 6, 3, 'TS2322', "Type 'number' is not assignable to type 'string'."),
      '',
      `${E}[7m6${E}[0m   return cents / 100;`,
      `${E}[7m ${E}[0m ${E}[91m  ~~~~~~${E}[0m`,
      '',
      header('src/user.ts', 8, 14, 'TS2322', "Type 'Loose' is not assignable to type 'User'."),
      "  Types of property 'id' are incompatible.",
      '',
      `${E}[7m8${E}[0m export const user: User = raw;`,
      '',
      '',
      'Found 2 errors in 2 files.',
      '',
      'Errors  Files',
      `     1  src/money.ts${E}[90m:6${E}[0m`,
      `     1  src/user.ts${E}[90m:8${E}[0m`,
    ]);
    expect(brief(locations)).toEqual([
      { file: 'src/money.ts', line: 6, column: 3, severity: 'error', code: 'TS2322', format: 'tsc-pretty' },
      { file: 'src/user.ts', line: 8, column: 14, severity: 'error', code: 'TS2322', format: 'tsc-pretty' },
    ]);
    expect(locations[1]?.message).toBe("Type 'Loose' is not assignable to type 'User'.\n  Types of property 'id' are incompatible.");
  });

  it('keeps parentheses and spaces in a pretty path (§3.3)', () => {
    const locations = scan([header('/home/u/proj (copy)/src/a b.ts', 3, 7, 'TS2322', 'x')]);
    expect(brief(locations)).toEqual([
      { file: '/home/u/proj (copy)/src/a b.ts', line: 3, column: 7, severity: 'error', code: 'TS2322', format: 'tsc-pretty' },
    ]);
  });

  it('reads a one-file summary (`Found N errors in the same file, starting at: file:L`) only for a file no diagnostic named', () => {
    const locations = scan([
      header('src/label.ts', 1, 29, 'TS2322', 'x'),
      '',
      `Found 2 errors in the same file, starting at: src/label.ts${E}[90m:1${E}[0m`,
      `Found 1 error in src/other.ts${E}[90m:4${E}[0m`,
    ]);
    expect(brief(locations)).toEqual([
      { file: 'src/label.ts', line: 1, column: 29, severity: 'error', code: 'TS2322', format: 'tsc-pretty' },
      { file: 'src/other.ts', line: 4, column: null, severity: 'error', code: null, format: 'tsc-pretty' },
    ]);
  });

  it('reads the `Errors  Files` table when the diagnostics above it were not kept', () => {
    const locations = scan(['Found 3 errors in 2 files.', '', 'Errors  Files', '     2  src/a.vue:57', '     1  src/b.ts:3']);
    expect(locations.map((l) => `${l.file}:${l.line}`)).toEqual(['src/a.vue:57', 'src/b.ts:3']);
  });

  it('does not swallow a count-and-path row that is not under an `Errors  Files` header', () => {
    const locations = scan(['coverage:', '     3  src/user.ts:4']);
    expect(locations.map((l) => l.format)).toEqual(['generic']);
  });
});

describe('tsc --pretty end columns', () => {
  it('takes the end from the ~~~ under the frame, with right-aligned line numbers; none when the marks do not start at the column', () => {
    const frame = (marks: string) => [
      "src/a.ts:9:7 - error TS2322: Type 'string' is not assignable to type 'number'.",
      '',
      ' 9 const n: number = "x";',
      marks,
      '10 export {};',
      '',
    ];
    expect(scan(frame('         ~'))[0]).toMatchObject({ line: 9, column: 7, endColumn: 7 });
    expect(scan(frame('         ~~~~~~~~~'))[0]).toMatchObject({ column: 7, endColumn: 15 });
    expect(scan(frame('          ~~~'))[0]).toMatchObject({ column: 7, endColumn: null });
  });
});

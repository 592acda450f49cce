// Layouts an unknown tool prints that only the generic tiers read (issue 20): a record whose severity and message
// stand on another line than its place (catalog/generic.ts, recordAround).
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

function generic(log: string): Array<[number, string | null, string | null, string]> {
  const scanner = createScanner({ formats: ['generic'], normaliseLine });
  scanner.write(Buffer.from(log, 'utf8').toString('latin1'));
  return scanner.end().locations.map((l) => [l.line, l.severity, l.code ?? null, l.message]);
}

describe('a record whose place stands on its own line', () => {
  it('gives the place the severity, code and message of the header above it, behind an indent or a lead', () => {
    const log = [
      'warning W12: import is never used',
      '    src/app.ts:3:1',
      '',
      'error[A042]: value is never read',
      '  first read here',
      '  Location: src/lib/parse.ts:12:5',
      '',
      'fatal (cfg-7): key given twice',
      '  ==> conf/site.toml:4:2',
    ].join('\n');
    expect(generic(log)).toEqual([
      [3, 'warning', 'W12', 'import is never used'],
      [12, 'error', 'A042', 'value is never read'],
      [4, 'error', 'cfg-7', 'key given twice'],
    ]);
  });

  it('reads the reverse order: the place at the margin over an indented `error: message`', () => {
    expect(generic(['src/util.ts:18:3', '    error: local shadows a parameter'].join('\n'))).toEqual([
      [18, 'error', null, 'local shadows a parameter'],
    ]);
  });

  it('gives a place at the margin the code-led header that starts its block, and no header that ends a record before', () => {
    const log = ['W2001 parameter is never used', 'stack/main.yaml:8:3', '', 'E3012 value is not an integer', 'stack/main.yaml:21:7'];
    expect(generic(log.join('\n'))).toEqual([
      [8, 'warning', 'W2001', 'parameter is never used'],
      [21, 'error', 'E3012', 'value is not an integer'],
    ]);
    expect(generic(['    1 | x = (1.0', 'E3012 value is not an integer', 'stack/main.yaml:21:7'].join('\n'))).toEqual([
      [21, null, null, ''],
    ]);
    // Over an indented or led place a code's letter is a rule family's (ruff's `E711` among `F401`s), not a severity.
    expect(generic(['E711 comparison to None', ' --> src/cart.py:11:17'].join('\n'))).toEqual([[11, null, null, '-->']]);
  });

  it('crosses no blank line, reads no header farther than three lines, and leaves a place with its own message alone', () => {
    expect(generic(['error: value is never read', '', '  src/a.ts:1:1'].join('\n'))).toEqual([[1, null, null, '']]);
    expect(generic(['error: value is never read', 'a', 'b', 'c', '  src/a.ts:1:1'].join('\n'))).toEqual([[1, null, null, '']]);
    expect(generic(['error: value is never read', '  src/a.ts:1:1: unused import'].join('\n'))).toEqual([[1, null, null, 'unused import']]);
    expect(generic(['src/a.ts:1:1', 'error: at the margin is a record of its own'].join('\n'))).toEqual([[1, null, null, '']]);
    // A place at the margin leads its own record: the message above it is the record before's (gfortran's layout).
    expect(generic(['      |     1', 'Error: first record', 'src/a.f90:6:18:', '', '    6 |   print *, z'].join('\n'))).toEqual([
      [6, null, null, ''],
    ]);
  });
});

describe('a place whose folders hold blanks', () => {
  function files(log: string, formats?: string[]): string[] {
    const scanner = createScanner({ ...(formats ? { formats } : {}), normaliseLine });
    scanner.write(Buffer.from(log, 'utf8').toString('latin1'));
    return scanner.end().locations.map((l) => `${l.file}:${l.line}${l.hints?.confirm ? '?' : ''}`);
  }

  it('proposes the path joined back to its root or its opening folder name, as a guess the workspace confirms', () => {
    const log = [
      'C:\\Users\\me\\Ledger App\\a.go:8:2: undefined: y',
      'Report Tool/main.go:6:10: undefined: x',
      '/home/me/My Project/src/a.c:3: error: bad',
      'see "Report Tool/sub dir/main.go:7:1" here',
    ].join('\n');
    expect(files(log, ['generic'])).toEqual([
      'App\\a.go:8',
      'C:\\Users\\me\\Ledger App\\a.go:8?',
      'Tool/main.go:6',
      'Report Tool/main.go:6?',
      'Project/src/a.c:3',
      '/home/me/My Project/src/a.c:3?',
      'dir/main.go:7',
      'Report Tool/sub dir/main.go:7?',
    ]);
  });

  it('never starts a path at a leading word, across two blanks, before a rooted path or a bare file name', () => {
    const log = [
      'at /srv/app/x.js:3:4',
      'from run.rb:3: in foo',
      'File  tests/a.py:3: x',
      'error in Report Tool/x.go:3:1: y',
      'note: see src/main.go:6:10: here',
      'My Script.py:4: z',
    ].join('\n');
    expect(files(log, ['generic']).filter((f) => f.endsWith('?'))).toEqual([]);
  });

  it('leaves a sentence that opens the line a guess only, which a workspace without the joined file drops', () => {
    const scanner = createScanner({ formats: ['generic'], normaliseLine, mayBeWorkspaceFile: (f) => !f.startsWith('built ') });
    scanner.write('built Report Tool/x.go:3:1: y\nReport Tool/x.go:4:1: y\n');
    expect(scanner.end().locations.map((l) => `${l.file}:${l.line}`)).toEqual(['Tool/x.go:3', 'Tool/x.go:4', 'Report Tool/x.go:4']);
  });
});

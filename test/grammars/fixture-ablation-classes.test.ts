// The classes the fixture ablation (scripts/real-world/ablation.mjs --fixtures) found the generic tiers lacking, each
// read by its shape: a severity stated without a severity word (a field after the place, an IDE row's first cell, the
// header above an arrow-led place), errors left unmarked beside marked warnings, `path L:C`, and a trailing `(L:C)`
// whose file a header line above names.
import { afterEach, describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { locate } from '../../src/locate/index.js';
import { normaliseLine } from '../../src/summarise/index.js';
import { makeWorkspace, removeWorkspaces } from '../resolve/_workspace.js';
import { scanLog } from '../_scan.js';

afterEach(removeWorkspaces);

function severities(log: string, format: 'generic' | 'permissive'): string[] {
  return scanLog(log, [format])
    .filter((location) => location.format === format)
    .map((location) => `${location.line} ${location.severity ?? '-'}`);
}

describe('severity fields after a place', () => {
  it('reads a class letter alone, in brackets, or leading a code', () => {
    const log = [
      'lib/pump.rb:3:1: C: Style/Naming: short name',
      'lib/pump.rb:9:5: W: Lint/Shadow: shadowed variable',
      'src/valve.py:4:1: E231 missing blank after comma',
      'src/valve.py:5:9: W605 odd escape',
      'src/valve.py:6:1: F811 name defined twice',
      'src/valve.py(7): [C0301(line-too-long)] too long',
      'stack/rules.yaml:8:3:8:9:W3011:kept for ever',
      'tests/check_tank.c:12:F:Core:test_fill:0: fill failed',
    ].join('\n');
    expect(severities(log, 'generic')).toEqual([
      '3 note',
      '9 warning',
      '4 error',
      '5 warning',
      '6 error',
      '7 note',
      '8 warning',
      '12 error',
    ]);
  });

  it("reads a test's status field and leaves other words alone", () => {
    const log = ['test/tank.c:40:test_drains:PASS', 'test/tank.c:21:test_fills:FAIL: Expected 3 Was 2', 'src/tank.c:7: Every field ok'];
    expect(severities(log.join('\n'), 'generic')).toEqual(['40 note', '21 error', '7 -']);
  });

  it('reads the permissive heads too, and the first cell of a tab row in the IDE language', () => {
    const log = [
      'views/pump.haml:3 [W] LineLength: too long',
      'views/tank.haml:1 [E] Syntax: bad nesting',
      '警告\tC4101\t未引用\tPump\tsrc\\pump.cpp\t17\t',
    ];
    expect(severities(log.join('\n'), 'permissive')).toEqual(['3 warning', '1 error', '17 warning']);
  });
});

describe('the header above an arrow-led place', () => {
  const log = [
    'warning: unused variable: `spare`',
    ' --> tools/src/lib.rs:3:9',
    '  |',
    '',
    'error[E0425]: cannot find value `levle` in this scope',
    ' --> app/src/gauge.rs:12:5',
    '',
    'note: see the guide',
    '  ┌─ app/src/gauge.rs:2:1',
    '',
    'this line is prose',
    ' --> app/src/gauge.rs:20:1',
  ].join('\n');

  it('gives the place its severity, code and message; a blank line or prose above gives none', () => {
    const scanner = createScanner({ formats: ['generic'], normaliseLine });
    scanner.write(Buffer.from(log, 'utf8').toString('latin1'));
    const found = scanner.end().locations.map((l) => [l.line, l.severity, l.code ?? null, l.message]);
    expect(found).toEqual([
      [3, 'warning', null, 'unused variable: `spare`'],
      [12, 'error', 'E0425', 'cannot find value `levle` in this scope'],
      [2, 'note', null, 'see the guide'],
      [20, null, null, '-->'],
    ]);
  });

  it('makes the error primary over the warnings printed before it when the format that reads the layout is left out', async () => {
    const root = await makeWorkspace({ 'tools/src/lib.rs': 'x\n'.repeat(30), 'app/src/gauge.rs': 'x\n'.repeat(30) });
    const result = await locate({ text: log }, { cwd: root, roots: [root], excludeFormats: ['rustc'] });
    expect(result.locations.map((l) => `${l.file}:${l.line} ${l.format}`)[0]).toBe('app/src/gauge.rs:12 generic');
  });
});

describe('the GNU convention: errors unmarked beside marked warnings', () => {
  const files = { 'lib/valve.erl': 'x\n'.repeat(20), 'lib/tank.erl': 'x\n'.repeat(20) };

  it('ranks an unmarked diagnostic with a column over the warning a fallback tier read from the same log', async () => {
    const root = await makeWorkspace(files);
    const log = ['lib/tank.erl:7:5: Warning: variable Y is unused', 'lib/valve.erl:4:8: function go/0 undefined'].join('\n');
    const result = await locate({ text: log }, { cwd: root, roots: [root], formats: ['generic'] });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['lib/valve.erl:4', 'lib/tank.erl:7']);
  });

  it('keeps the warning first over a bare mention (no column)', async () => {
    const root = await makeWorkspace(files);
    const log = ['lib/tank.erl:7:5: Warning: variable Y is unused', 'lib/valve.erl:4: see here'].join('\n');
    const result = await locate({ text: log }, { cwd: root, roots: [root], formats: ['generic'] });
    expect(result.locations[0]?.file).toBe('lib/tank.erl');
  });
});

describe('the permissive head `path L:C`', () => {
  function proposed(log: string): string[] {
    const scanner = createScanner({ formats: ['permissive'], normaliseLine });
    scanner.write(log);
    return scanner.end().locations.map((l) => `${l.file}:${l.line}:${l.column ?? '-'}`);
  }

  it('reads a file-like word, a blank and L:C before a blank or the line end', () => {
    expect(proposed('  src/_tone.scss 3:20  double()\n./src/pages/Dock.jsx 4:4\n')).toEqual([
      'src/_tone.scss:3:20',
      './src/pages/Dock.jsx:4:4',
    ]);
  });

  it('takes a severity word glued before a path for a blank', () => {
    expect(proposed('[ERROR:/w/idl/pier.thrift:4] (last token)\nWARNING:conf/dock.cfg:3 unused key\n')).toEqual([
      '/w/idl/pier.thrift:4:-',
      'conf/dock.cfg:3:-',
    ]);
  });

  it('leaves a word without a folder or extension, and a clock', () => {
    expect(proposed('built at 12:30 today\nstarted build 12:30:45\nnotes.txt 12:30:45\n')).toEqual([]);
  });
});

describe('a trailing position under a file header', () => {
  function proposed(log: string): string[] {
    const scanner = createScanner({ formats: ['permissive'], normaliseLine });
    scanner.write(log);
    return scanner.end().locations.map((l) => `${l.file}:${l.line}:${l.column ?? '-'}`);
  }

  it('takes the file a header names alone (after a label) up to three lines above', () => {
    const log = ['ERROR in ./src/dock.js', 'Module build failed (from a loader):', 'SyntaxError: Unexpected token (4:9)', ''];
    expect(proposed(log.join('\n'))).toEqual(['./src/dock.js:4:9']);
    expect(proposed('./pages/pier.d.ts\nModule parse failed: Unexpected token (3:16)\n')).toEqual(['./pages/pier.d.ts:3:16']);
  });

  it('reads a colon after the position, and prefers a file named on the line itself', () => {
    expect(proposed('./src/other.js\nSyntaxError: /w/src/Dock.js: Unsupported syntax (2:10):\n')).toEqual(['/w/src/Dock.js:2:10']);
  });

  it('crosses no blank line and takes no word without a folder or extension', () => {
    expect(proposed('ERROR in ./src/dock.js\n\nUnexpected token (4:9)\n')).toEqual([]);
    expect(proposed('ERROR in dock\nUnexpected token (4:9)\n')).toEqual([]);
  });
});

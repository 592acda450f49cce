import { describe, expect, it } from 'vitest';
import { learnLinePrefix } from '../../src/grammars/engine/learned-prefix.js';

const rows = ['/w/src/a.js', '  1:7  error  Unused x  no-unused-vars', '  6:13  warning  Missing semicolon  semi', '', '✖ 2 problems'];

describe('learnLinePrefix', () => {
  it('learns a padded word head and keeps the tool indentation behind the narrowest padding', () => {
    const log = rows.map((row) => `remote:        ${row}`).join('\n');
    const learned = learnLinePrefix(log);
    expect(learned?.peel('remote:          1:7  error  x')).toBe('  1:7  error  x');
    expect(learned?.peel('plain line')).toBe('plain line');
  });

  it('learns a column of service heads before a pipe, several names at once', () => {
    const log = rows.map((row, index) => `${index % 2 === 0 ? '   +build' : '    +test'} | ${row}`).join('\n');
    const learned = learnLinePrefix(log);
    expect(learned?.peel('    +test | /w/src/a.js')).toBe('/w/src/a.js');
    expect(learned?.peel('   +other | /w/src/a.js')).toBe('   +other | /w/src/a.js');
  });

  it('learns a clock before a pipe ahead of the listed bare-clock prefix', () => {
    const log = rows.map((row) => `16:25:34.227 | ${row}`).join('\n');
    const learned = learnLinePrefix(log);
    expect(learned?.beforeListed).toBe(true);
    expect(learned?.peel('09:01:02.003 | at x (/w/a.js:3:4)')).toBe('at x (/w/a.js:3:4)');
  });

  it('leaves a record of several field names, a severity column and a code frame alone', () => {
    const record = ['Confidence: High', 'Category: SQL Injection', 'Check: SQL', 'Message: Possible SQL injection', 'File: app/a.rb'];
    expect(learnLinePrefix(record.join('\n'))).toBeUndefined();
    const maven = ['[INFO] Scanning', '[ERROR] /w/A.java:[3,4] x', '[INFO] BUILD FAILURE', '[ERROR] Failed to execute'];
    expect(learnLinePrefix(maven.join('\n'))).toBeUndefined();
    const frame = ['  10 | const a = 1;', '  11 | const b = 2;', '> 12 | call(', '  13 | );', '  14 | end'];
    expect(learnLinePrefix(frame.join('\n'))).toBeUndefined();
  });

  it("learns concurrently's numbered heads and peels a runner's bracket nested inside, but not a tool's counter", () => {
    const log = rows.map((row, index) => `[${index % 2}] ${row}`).join('\n');
    const learned = learnLinePrefix(log);
    expect(learned?.peel('[1] [build-viewer]  > a.ts: error: x')).toBe(' > a.ts: error: x');
    expect(learned?.peel('[0] [ERROR] x')).toBe('[ERROR] x');
    const counter = rows.map((row, index) => `[${index * 7 + 1}] ${row}`).concat(['[90] a', '[97] b', '[104] c', '[111] d', '[118] e']);
    expect(learnLinePrefix(counter.join('\n'))).toBeUndefined();
  });

  it('needs most lines to carry the head', () => {
    const log = ['remote: one', 'remote: two', 'a', 'b', 'c', 'd', 'remote: three', 'remote: four'].join('\n');
    expect(learnLinePrefix(log)).toBeUndefined();
  });
});

describe('learnLinePrefix on a pasted line-number column', () => {
  const build = [
    'cc -c src/a.c',
    'src/a.c: In function ‘f’:',
    'src/a.c:6:5: error: expected ‘;’',
    '    6 |     return x;',
    'make: *** [all] Error 1',
  ];

  it("learns `cat -n`'s right-aligned gutter and keeps the tool's indentation behind its tab", () => {
    const learned = learnLinePrefix(build.map((row, index) => `${String(index + 8).padStart(6)}\t${row}`).join('\n'));
    expect(learned?.peel('    10\tsrc/a.c:6:5: error: expected ‘;’')).toBe('src/a.c:6:5: error: expected ‘;’');
    expect(learned?.peel('    11\t    6 |     return x;')).toBe('    6 |     return x;');
  });

  it("learns a web log viewer's `1 ` counters, a numbered blank line among them", () => {
    const rows = [...build.slice(0, 2), '', ...build.slice(2)];
    const learned = learnLinePrefix(rows.map((row, index) => `${index + 1} ${row}`.trimEnd()).join('\n'));
    expect(learned?.peel('4 src/a.c:6:5: error: x')).toBe('src/a.c:6:5: error: x');
  });

  it("leaves a code frame's gutter and a tool's own counts alone", () => {
    const frame = ['  10 | const a = 1;', '  11 | const b = 2;', '  12 | call(', '  13 | );', '  14 | end'];
    expect(learnLinePrefix(frame.join('\n'))).toBeUndefined();
    const counts = ['3 errors', '12 warnings', '1 file checked', '40 tests passed', '2 skipped'];
    expect(learnLinePrefix(counts.join('\n'))).toBeUndefined();
  });
});

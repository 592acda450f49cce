// Which command lines keep V8's young generation small from the start (src/cli/heap.ts): the flag costs a small
// log speed, and set late it no longer holds a large scan's peak RSS.
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandScansLargeInput } from '../../src/cli/heap.js';

describe('commandScansLargeInput', () => {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-heap-'));
  const small = join(dir, 'small.log');
  const large = join(dir, 'large.log');
  writeFileSync(small, 'src/a.ts:1:1 - error TS1: x\n');
  writeFileSync(large, '');
  truncateSync(large, 5 * 1024 * 1024);
  const terminal = () => true;
  const pipe = () => false;

  it('a large log file, wherever it stands among the arguments; a small one does not', () => {
    expect(commandScansLargeInput('locate', [large, '--json'], terminal)).toBe(true);
    expect(commandScansLargeInput('explain', ['--cwd', dir, large], terminal)).toBe(true);
    expect(commandScansLargeInput('locate', [small, '--cwd', dir], pipe)).toBe(false);
  });

  it('standard input of unknown size, but not a saved run or a terminal', () => {
    expect(commandScansLargeInput('locate', ['--json'], pipe)).toBe(true);
    expect(commandScansLargeInput('locate', ['-', '--json'], pipe)).toBe(true);
    expect(commandScansLargeInput('prompt', ['--last-failed'], pipe)).toBe(false);
    expect(commandScansLargeInput('locate', ['--json'], terminal)).toBe(false);
  });

  it('run always captures; other commands never scan', () => {
    expect(commandScansLargeInput('run', ['--', 'true'], terminal)).toBe(true);
    expect(commandScansLargeInput('formats', [large], pipe)).toBe(false);
  });
});

// Issue 20, log order among equals: several diagnostics of one tool at one severity keep the order the tool
// printed them (not by file, line or anything else), after the primary.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../cli/_io.js';
import { hasTool, needs } from '../_tools.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

interface Located {
  file: string;
  line: number;
  severity: string | null;
  format: string;
  logLine: number;
  frame?: unknown;
}

/** Pairs of one tool's same-severity diagnostics listed against the order they were printed in. */
function outOfOrder(locations: readonly Located[]): string[] {
  const last = new Map<string, Located>();
  const wrong: string[] = [];
  for (const location of locations.slice(1)) {
    if (location.frame !== undefined) continue;
    const key = `${location.format}|${location.severity}`;
    const before = last.get(key);
    if (before && before.logLine > location.logLine)
      wrong.push(
        `${before.file}:${before.line} (log line ${before.logLine}) before ${location.file}:${location.line} (log line ${location.logLine})`,
      );
    last.set(key, location);
  }
  return wrong;
}

describe('log order among equals', () => {
  it.skipIf(!hasTool('gcc'))(`keeps gcc's printed order over two files given out of name order ${needs('gcc')}`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fl-order-'));
    writeFileSync(join(dir, 'zeta.c'), 'int zeta(void)\n{\n    return missing_one;\n}\nint eta(void) { return missing_two; }\n');
    writeFileSync(join(dir, 'alpha.c'), 'int alpha(void) { return missing_three; }\n');
    const run = spawnSync('gcc', ['-fsyntax-only', 'zeta.c', 'alpha.c'], { cwd: dir, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    const log = join(dir, 'build.log');
    writeFileSync(log, `${run.stdout}${run.stderr}`);
    const io = captureIo({ cwd: dir });
    await runCli(['locate', log, '--json'], io);
    const errors = (JSON.parse(io.out.join('')).locations as Located[]).filter((location) => location.severity === 'error');
    expect(errors.map((location) => `${location.file}:${location.line}`)).toEqual(['zeta.c:3', 'zeta.c:5', 'alpha.c:1']);
  });

  it.each([
    ['logfmt', (message: string) => `time=t level=error msg="${message.replace(/\n/g, '\\n')}"`],
    ['JSON', (message: string) => JSON.stringify({ level: 'error', time: 't', msg: message })],
  ])('keeps the order of diagnostics a logger wrapped at one level (%s), whichever kept a severity word', async (_name, wrap) => {
    const dir = mkdtempSync(join(tmpdir(), 'fl-order-'));
    writeFileSync(join(dir, 'main.tf'), 'x\n'.repeat(9));
    writeFileSync(join(dir, 'vars.tf'), 'x\n'.repeat(9));
    const first = 'Unsupported argument\n\n  on vars.tf line 7, in variable "region":\n   7:   defualt = 1';
    const second = 'Error in function call\n\n  on main.tf line 3, in locals:\n   3:   ports = jsondecode("[")';
    writeFileSync(join(dir, 'run.log'), `${wrap(first)}\n${wrap(second)}\n`);
    const io = captureIo({ cwd: dir });
    await runCli(['locate', 'run.log', '--json'], io);
    const found = JSON.parse(io.out.join('')).locations as Located[];
    expect(found.map((location) => `${location.file}:${location.line} ${location.severity}`)).toEqual([
      'vars.tf:7 error',
      'main.tf:3 error',
    ]);
  });

  // Every fixture is a real run of its tool (or a documented shape); check-fixtures proves the live output equals
  // these reviewed expectations, so this holds for what faultline prints.
  it('holds for every reviewed fixture expectation', () => {
    const wrong: string[] = [];
    for (const format of readdirSync(FIXTURES)) {
      const folder = join(FIXTURES, format);
      if (!statSync(folder).isDirectory()) continue;
      for (const name of readdirSync(folder).filter((file) => file.endsWith('.expected.json'))) {
        const expected = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { locations: Located[] };
        for (const problem of outOfOrder(expected.locations)) wrong.push(`${format}/${name}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

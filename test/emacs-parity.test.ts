// The Emacs parity script (scripts/emacs-parity.mjs) on its own-words sample in compile-tests.el's shape: it must
// keep reading the Lisp list (escapes, a literal tab, ranges, nil), running the built library and scoring, so the
// measure in docs/real-world.md can be re-run on a newer copy of Emacs's test file.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './integration/_setup.js';

const SCRIPT = join(ROOT, 'scripts', 'emacs-parity.mjs');
const SAMPLE = join(ROOT, 'scripts', 'emacs-parity', 'sample.el');

interface Summary {
  cases: number;
  found: number;
  rules: { rule: string; cases: number; found: number; missed: { want: string; reported: string[] }[] }[];
  apart: { rule: string; file: string | null; line: number | null; reported: string[] }[];
}

describe('emacs parity script', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('scores the own-words sample: every escape read, the made-up prose a miss, no-line and no-file cases apart', () => {
    const summary = JSON.parse(execFileSync(process.execPath, [SCRIPT, '--tests', SAMPLE, '--json'], { encoding: 'utf8' })) as Summary;
    expect(summary.cases).toBe(8);
    expect(summary.found).toBe(7);
    const missed = summary.rules.flatMap((row) => row.missed.map((miss) => [row.rule, miss.want, miss.reported]));
    expect(missed).toEqual([['made-up', 'shelf.c:12', []]]);
    // The backslash path, the tab-led Lua frame and the second line of the rust case were all read and found.
    expect(summary.rules.find((row) => row.rule === 'msft')?.found).toBe(1);
    expect(summary.rules.find((row) => row.rule === 'lua-stack')?.found).toBe(1);
    expect(summary.rules.find((row) => row.rule === 'rust')?.found).toBe(1);
    expect(summary.apart.map((entry) => [entry.rule, entry.file, entry.line])).toEqual([
      ['file-only', 'board.scm', null],
      ['line-only', null, 12],
    ]);
  });

  it('prints per-rule rows and the total as text, with the misses under --verbose', () => {
    const out = execFileSync(process.execPath, [SCRIPT, '--tests', SAMPLE, '--verbose'], { encoding: 'utf8' });
    expect(out).toMatch(/^gnu +2 \/ 2 +100\.0 %$/m);
    expect(out).toContain('total: 7 / 8 = 87.5 %');
    expect(out).toContain('missed shelf.c:12');
  });

  it('refuses to run without --tests, with exit 2', () => {
    const result = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^usage: node scripts\/emacs-parity\.mjs --tests PATH/);
  });
});

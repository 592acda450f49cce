// Issue 21: a dense log repeats the same report thousands of times. The scanner keeps each distinct report once
// (RawLocation.repeatedAt holds the log lines of its repeats), so what is kept follows what is distinct; what is
// reported per printing (unresolved, dropped, the counts and the cap) stays as if every printing were kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { RepeatFolder } from '../../src/grammars/engine/repeats.js';
import type { RawLocation } from '../../src/core/index.js';
import { locate } from '../../src/locate/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

const workspace = mkdtempSync(join(tmpdir(), 'fl-repeats-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const block = 'src/a.c:4:2: error: bad\nsrc/b.c:9:1: warning: odd\n';

function scan(text: string) {
  const scanner = createScanner({ normaliseLine });
  scanner.write(text);
  return scanner.end();
}

async function located(text: string, maxLocations?: number) {
  const cap = maxLocations !== undefined ? { maxLocations } : {};
  return locate({ text }, { cwd: workspace, roots: [workspace], project: false, isIgnored: async () => new Set(), ...cap });
}

describe('repeated reports', () => {
  it('are kept once each, with the log lines they were printed again on', () => {
    const { locations, overflow } = scan(block.repeat(1000));
    expect(locations.map((location) => [location.file, location.logLine, location.repeatedAt?.length])).toEqual([
      ['src/a.c', 1, 999],
      ['src/b.c', 2, 999],
    ]);
    expect(locations[0]?.repeatedAt?.slice(0, 3)).toEqual([3, 5, 7]);
    expect(overflow).toBe(0);
  });

  it('differ in any field: another column, message or severity is a report of its own', () => {
    const { locations } = scan('src/a.c:4:2: error: bad\nsrc/a.c:4:3: error: bad\nsrc/a.c:4:2: error: worse\nsrc/a.c:4:2: warning: bad\n');
    expect(locations).toHaveLength(4);
    expect(locations.every((location) => location.repeatedAt === undefined)).toBe(true);
  });

  it('still report once per printing, in printed order, and count toward the cap', async () => {
    const outcome = await located(block.repeat(3));
    expect(outcome.stats.recognised).toBe(6);
    expect(outcome.unresolved.map((entry) => [entry.file, entry.logLine])).toEqual([
      ['src/a.c', 1],
      ['src/b.c', 2],
      ['src/a.c', 3],
      ['src/b.c', 4],
      ['src/a.c', 5],
      ['src/b.c', 6],
    ]);
    const capped = await located(block.repeat(3), 5);
    expect([capped.stats.recognised, capped.stats.overflow, capped.unresolved.length]).toEqual([5, 1, 5]);
  });
});

describe('repeated notes of a repeated diagnostic', () => {
  const pair = 'src/a.py:3: error: Incompatible types  [assignment]\nsrc/a.py:3: note: See the docs\n';

  it('fold with it: one note kept, under the one diagnostic kept', () => {
    const { locations } = scan(pair.repeat(500));
    expect(locations.map((location) => [location.severity, location.logLine, location.repeatedAt?.length])).toEqual([
      ['error', 1, 499],
      ['note', 2, 499],
    ]);
    expect(locations[1]?.relatedTo).toBe(locations[0]);
  });

  it('stay apart when the diagnostic above them differs', () => {
    const other = 'src/a.py:7: error: Incompatible types  [assignment]\nsrc/a.py:3: note: See the docs\n';
    const { locations } = scan(pair + other + pair + other);
    expect(locations.map((location) => [location.line, location.severity, location.repeatedAt])).toEqual([
      [3, 'error', [5]],
      [3, 'note', [6]],
      [7, 'error', [7]],
      [3, 'note', [8]],
    ]);
    expect(locations[3]?.relatedTo).toBe(locations[2]);
  });
});

describe('repeats across stretches (a make directory each)', () => {
  it('fold only within their stretch, into that stretch’s own entry', () => {
    const folder = new RepeatFolder();
    const printing = (logLine: number): RawLocation => ({
      file: 'inc/a.h',
      line: 3,
      column: 1,
      endLine: null,
      endColumn: null,
      severity: 'warning',
      message: 'unused',
      code: null,
      format: 'gcc',
      columnUnit: 'byte',
      logLine,
    });
    const kept: RawLocation[] = [];
    for (let generation = 0; generation < 3000; generation++) {
      const emitted = [printing(2 * generation + 1), printing(2 * generation + 2)];
      folder.fold(emitted, 0, generation);
      kept.push(...emitted);
    }
    expect(kept).toHaveLength(3000);
    expect(
      kept.every(
        (location, generation) => location.logLine === 2 * generation + 1 && location.repeatedAt?.join() === `${2 * generation + 2}`,
      ),
    ).toBe(true);
    expect(folder.folded).toBe(3000);
  });
});

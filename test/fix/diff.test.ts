// The diff a dry run prints is built from the edits (src/fix/diff.ts editsDiff); real `git apply` must turn each
// file into exactly what the edits make of it, on files with CRLF, without a final line end, empty, and with
// edits that insert, delete or join lines.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editsDiff, unifiedDiff, type DiffEdit } from '../../src/fix/diff.js';
import { FileText } from '../../src/fix/text.js';

const encoder = new TextEncoder();

/** A small deterministic generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sample(seed: number): { before: string; edits: Array<{ start: number; end: number; newText: string }> } {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const end = pick(['\n', '\r\n']);
  const count = Math.floor(next() * 30);
  const lines = Array.from({ length: count }, () => pick(['a', 'b', 'let x = 1', '', '  return y', 'c']));
  let before = lines.join(end);
  if (count > 0 && next() < 0.7) before += end;
  const edits: Array<{ start: number; end: number; newText: string }> = [];
  let at = 0;
  while (at <= before.length && edits.length < 8) {
    const start = at + Math.floor(next() * 12);
    if (start > before.length) break;
    const stop = Math.min(before.length, start + Math.floor(next() * 6));
    edits.push({ start, end: stop, newText: pick(['', 'z', `q${end}`, `${end}w${end}`, 'const', `a${end}b`]) });
    at = stop + 1 + Math.floor(next() * 10);
  }
  return { before, edits };
}

function diffOf(
  file: string,
  before: string,
  edits: ReadonlyArray<{ start: number; end: number; newText: string }>,
): { diff: string; after: string } {
  const text = FileText.of(encoder.encode(before)) as FileText;
  const placed: DiffEdit[] = edits.map((edit) => ({
    ...edit,
    startLine: text.positionOf(edit.start).line,
    endLine: text.positionOf(edit.end).line,
  }));
  let after = '';
  let at = 0;
  for (const edit of edits) {
    after += before.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  after += before.slice(at);
  return { diff: editsDiff(file, text, placed), after };
}

describe('editsDiff', () => {
  it('git apply makes of every file what its edits make (200 generated files, one patch)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'faultline-diff-'));
    try {
      const expected = new Map<string, string>();
      let patch = '';
      for (let seed = 1; seed <= 200; seed++) {
        const { before, edits } = sample(seed);
        const file = `f${seed}.txt`;
        writeFileSync(join(dir, file), before);
        const { diff, after } = diffOf(file, before, edits);
        expect(diff === '', `seed ${seed}: a diff exactly when the text changes`).toBe(after === before);
        expected.set(file, after);
        patch += diff;
      }
      writeFileSync(join(dir, 'all.patch'), patch);
      const applied = spawnSync('git', ['apply', '--whitespace=nowarn', 'all.patch'], { cwd: dir, encoding: 'utf8' });
      expect(applied.stderr).toBe('');
      expect(applied.status).toBe(0);
      for (const [file, after] of expected) expect(readFileSync(join(dir, file), 'utf8'), file).toBe(after);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints what the whole-file line match prints for a fix on each of many lines', () => {
    const before = Array.from({ length: 40 }, (_, line) => `var v${line} = ${line}`).join('\n') + '\n';
    const edits = Array.from({ length: 40 }, (_, line) => ({
      start: before.indexOf(`var v${line} `),
      end: before.indexOf(`var v${line} `) + 3,
      newText: 'let',
    })).filter((_, line) => line % 5 !== 2);
    const { diff, after } = diffOf('f.js', before, edits);
    expect(diff).toBe(unifiedDiff('f.js', { text: before, bom: false }, { text: after, bom: false }));
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toHaveLength(1);
  });

  it('keeps hunks apart when more than six unchanged lines lie between the edits', () => {
    const before = Array.from({ length: 30 }, (_, line) => `line ${line}`).join('\n') + '\n';
    const edits = [0, 20].map((line) => ({
      start: before.indexOf(`line ${line}\n`),
      end: before.indexOf(`line ${line}\n`) + 4,
      newText: 'LINE',
    }));
    const { diff } = diffOf('f.txt', before, edits);
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toEqual(['@@ -1,4 +1,4 @@', '@@ -18,7 +18,7 @@']);
  });
});

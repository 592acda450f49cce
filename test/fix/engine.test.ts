// The apply engine's checks on real files (issue 23): stale files are never written, overlapping fixes are
// resolved or rejected whole, CRLF and BOM are kept, and byte, UTF-16 and code-point units land on the same
// characters of a non-ASCII line. Fixes come from real report shapes read by locate, not hand-built Fix objects.
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { applyFixes, collectFixes, fixesFromJson, fixesToJson, parseAnswer } from '../../src/fix/index.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function workspace(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fl-fix-engine-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

// An eslint -f json report in the shape eslint 10 printed here (fixture shape, own values).
function eslintReport(
  dir: string,
  file: string,
  messages: Array<{ line: number; column: number; ruleId: string; range: [number, number]; text: string }>,
): string {
  return JSON.stringify([
    {
      filePath: join(dir, file),
      messages: messages.map((message) => ({
        ...message,
        severity: 2,
        message: message.ruleId,
        fix: { range: message.range, text: message.text },
      })),
    },
  ]);
}

async function fixesOf(dir: string, log: string, loggedAt?: number) {
  writeFileSync(join(dir, 'out.log'), log);
  const result = await locate({ path: join(dir, 'out.log') }, { cwd: dir, roots: [dir] });
  return collectFixes(result, { cwd: dir, roots: [dir], ...(loggedAt !== undefined ? { loggedAt } : {}) });
}

describe('apply engine', () => {
  it('a file changed after the log was written is never written (stale by mtime, by digest)', async () => {
    const dir = workspace({ 'a.js': 'var a = 1\n' });
    const log = eslintReport(dir, 'a.js', [{ line: 1, column: 1, ruleId: 'no-var', range: [0, 9], text: 'let a = 1' }]);
    writeFileSync(join(dir, 'a.js'), 'var a = 2\n');
    const later = Date.now() + 10_000;
    utimesSync(join(dir, 'a.js'), later / 1000, later / 1000);
    const collected = await fixesOf(dir, log, Date.now());
    expect(collected.fixes).toEqual([]);
    expect(collected.rejected.map((entry) => entry.reason)).toEqual(['stale']);
    // Collected first, then the file changes before apply: the digest says so and nothing is written.
    const fresh = await fixesOf(dir, log);
    writeFileSync(join(dir, 'a.js'), 'var a = 3\n');
    const applied = await applyFixes(fresh.fixes, { write: true });
    expect(applied.rejected.map((entry) => entry.reason)).toEqual(['stale']);
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe('var a = 3\n');
  });

  it('a rustc span whose line is not what rustc saw is stale', async () => {
    const dir = workspace({ 'm.rs': 'fn main() { let mut y = 1; }\n' });
    const span = {
      file_name: 'm.rs',
      byte_start: 16,
      byte_end: 20,
      line_start: 1,
      line_end: 1,
      column_start: 17,
      column_end: 21,
      is_primary: true,
      suggested_replacement: '',
      suggestion_applicability: 'MachineApplicable',
      text: [{ text: 'fn main() { let mut x = 1; }', highlight_start: 17, highlight_end: 21 }],
    };
    const diagnostic = {
      $message_type: 'diagnostic',
      message: 'variable does not need to be mutable',
      level: 'warning',
      code: { code: 'unused_mut' },
      spans: [{ ...span, suggested_replacement: null }],
      children: [{ message: 'remove this `mut`', level: 'help', spans: [span], children: [] }],
    };
    const collected = await fixesOf(dir, `${JSON.stringify(diagnostic)}\n`);
    expect(collected.rejected.map((entry) => [entry.reason, entry.detail])).toEqual([
      ['stale', 'm.rs:1: the line is not what the tool saw'],
    ]);
  });

  it('overlapping fixes: the first by position is applied, the overlapping and touching ones rejected whole', async () => {
    const dir = workspace({ 'a.js': 'var a = "x"\n' });
    const log = eslintReport(dir, 'a.js', [
      { line: 1, column: 1, ruleId: 'no-var', range: [0, 11], text: "let a = 'x'" },
      { line: 1, column: 9, ruleId: 'quotes', range: [8, 11], text: "'x'" },
      { line: 1, column: 12, ruleId: 'semi', range: [11, 11], text: ';' },
    ]);
    const { fixes } = await fixesOf(dir, log);
    const result = await applyFixes(fixes, { write: true });
    expect(result.applied.map((fix) => fix.diagnostic?.code)).toEqual(['no-var']);
    expect(result.rejected.map((entry) => [entry.fix.diagnostic?.code, entry.reason])).toEqual([
      ['quotes', 'overlap'],
      ['semi', 'overlap'],
    ]);
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe("let a = 'x'\n");
  });

  it('identical edits of two fixes are made once (rustfix and ruff dedupe)', async () => {
    const dir = workspace({ 'a.py': 'import os, sys\nprint(1)\n' });
    const edit = { content: '', location: { row: 1, column: 1 }, end_location: { row: 2, column: 1 } };
    const violation = (code: string, column: number) => ({
      cell: null,
      code,
      end_location: { row: 1, column: column + 2 },
      filename: join(dir, 'a.py'),
      fix: { applicability: 'safe', edits: [edit], message: 'Remove unused import' },
      location: { row: 1, column },
      message: `${code} unused`,
      noqa_row: 1,
    });
    const { fixes } = await fixesOf(dir, JSON.stringify([violation('F401', 8), violation('F401', 12)], null, 2));
    const result = await applyFixes(fixes, { write: true });
    expect(result.applied).toHaveLength(2);
    expect(readFileSync(join(dir, 'a.py'), 'utf8')).toBe('print(1)\n');
  });

  it('keeps a BOM and CRLF line ends; UTF-16 offsets (eslint) and code-point columns (ruff) hit the same character', async () => {
    const line = 'x = "é😀"; y = 1';
    const dir = workspace({
      'u.js': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${line}\r\nz\r\n`)]),
      'u.py': `${line}\r\nz\r\n`,
    });
    // "y" is UTF-16 offset 11 (é is 1 unit, 😀 2), code-point column 11, byte column 15: one unit read as another misses it.
    const eslint = eslintReport(dir, 'u.js', [{ line: 1, column: 12, ruleId: 'rename', range: [11, 12], text: 'w' }]);
    const ruff = JSON.stringify(
      [
        {
          cell: null,
          code: 'X1',
          filename: join(dir, 'u.py'),
          location: { row: 1, column: 11 },
          end_location: { row: 1, column: 12 },
          message: 'rename',
          fix: {
            applicability: 'safe',
            message: 'rename',
            edits: [{ content: 'w', location: { row: 1, column: 11 }, end_location: { row: 1, column: 12 } }],
          },
        },
      ],
      null,
      2,
    );
    const js = await fixesOf(dir, eslint);
    const py = await fixesOf(dir, ruff);
    expect(js.fixes[0]?.edits[0]?.oldText).toBe('y');
    expect(py.fixes[0]?.edits[0]?.oldText).toBe('y');
    await applyFixes([...js.fixes, ...py.fixes], { write: true });
    expect([...readFileSync(join(dir, 'u.js'))].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(readFileSync(join(dir, 'u.js'), 'utf8')).toBe('\ufeffx = "é😀"; w = 1\r\nz\r\n');
    expect(readFileSync(join(dir, 'u.py'), 'utf8')).toBe('x = "é😀"; w = 1\r\nz\r\n');
  });

  it('a dry run writes nothing and gives a diff patch(1) applies', async () => {
    const dir = workspace({ 'a.js': 'var a = 1\nkeep\n' });
    const { fixes } = await fixesOf(dir, eslintReport(dir, 'a.js', [{ line: 1, column: 1, ruleId: 'no-var', range: [0, 3], text: 'let' }]));
    const result = await applyFixes(fixes);
    expect(result.written).toBe(false);
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe('var a = 1\nkeep\n');
    expect(result.changes[0]?.diff).toBe('--- a/a.js\n+++ b/a.js\n@@ -1,2 +1,2 @@\n-var a = 1\n+let a = 1\n keep\n');
  });

  it("a dry run given the collection's snapshot reads nothing again; a write reads again and refuses a changed file", async () => {
    const dir = workspace({ 'a.js': 'var a = 1\n' });
    const collected = await fixesOf(dir, eslintReport(dir, 'a.js', [{ line: 1, column: 1, ruleId: 'no-var', range: [0, 3], text: 'let' }]));
    writeFileSync(join(dir, 'a.js'), 'var b = 2\n');
    const dry = await applyFixes(collected.fixes, { snapshot: collected.snapshot });
    expect(dry.changes[0]?.diff).toBe('--- a/a.js\n+++ b/a.js\n@@ -1,1 +1,1 @@\n-var a = 1\n+let a = 1\n');
    const write = await applyFixes(collected.fixes, { snapshot: collected.snapshot, write: true });
    expect(write.rejected.map((entry) => entry.reason)).toEqual(['stale']);
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe('var b = 2\n');
  });

  it("a dry run on the collection's own placements chooses, refuses and diffs as one that places every fix again", async () => {
    const dir = workspace({ 'a.js': 'var a = 1\nvar b = 2\nvar c = 3\n', 'b.js': 'var d = "x"\n' });
    const apart = eslintReport(dir, 'a.js', [
      { line: 1, column: 1, ruleId: 'no-var', range: [0, 3], text: 'let' },
      { line: 2, column: 1, ruleId: 'no-var', range: [10, 13], text: 'let' },
      { line: 3, column: 1, ruleId: 'no-var', range: [20, 23], text: 'const' },
    ]);
    // Out of order, touching and overlapping fixes, and a suggestion (an alternative, review) beside a fix.
    const tangled = JSON.stringify([
      ...JSON.parse(apart),
      {
        filePath: join(dir, 'b.js'),
        messages: [
          { ruleId: 'quotes', severity: 2, message: 'q', line: 1, column: 9, fix: { range: [8, 11], text: "'x'" } },
          { ruleId: 'no-var', severity: 2, message: 'v', line: 1, column: 1, fix: { range: [0, 3], text: 'let' } },
          { ruleId: 'semi', severity: 2, message: 's', line: 1, column: 11, fix: { range: [11, 11], text: ';' } },
          { ruleId: 'init', severity: 2, message: 'i', line: 1, column: 5, fix: { range: [4, 11], text: 'e' } },
          {
            ruleId: 'quotes',
            severity: 2,
            message: 'q2',
            line: 1,
            column: 9,
            suggestions: [{ desc: 'single', fix: { range: [8, 11], text: "'x'" } }],
          },
        ],
      },
    ]);
    for (const log of [apart, tangled]) {
      const collected = await fixesOf(dir, log);
      const subsets = [collected.fixes, collected.fixes.slice(1), [{ ...collected.fixes[0]! }, ...collected.fixes.slice(1)]];
      for (const fixes of subsets) {
        for (const unsafe of [false, true]) {
          const reused = await applyFixes(fixes, { snapshot: collected.snapshot, unsafe });
          const placedAgain = await applyFixes(fixes, { unsafe });
          expect(reused.applied).toEqual(placedAgain.applied);
          expect(reused.rejected).toEqual(placedAgain.rejected);
          expect(reused.changes.map((change) => change.diff)).toEqual(placedAgain.changes.map((change) => change.diff));
        }
      }
      // The tangled log has something to choose: `init` is taken, the fix and suggestion inside it and `semi`
      // touching its end are not.
      const reasons = (await applyFixes(collected.fixes, { snapshot: collected.snapshot, unsafe: true })).rejected.map(
        (entry) => entry.reason,
      );
      expect(reasons).toEqual(log === apart ? [] : ['overlap', 'overlap', 'overlap']);
    }
  });

  it("a dry run with a snapshot that lacks a fix's file reads that file, and files keep their path order", async () => {
    const dir = workspace({ 'a.js': 'var a = 1\n', 'b.js': 'var b = 2\n' });
    const fromB = await fixesOf(dir, eslintReport(dir, 'b.js', [{ line: 1, column: 1, ruleId: 'no-var', range: [0, 3], text: 'let' }]));
    const fromA = await fixesOf(dir, eslintReport(dir, 'a.js', [{ line: 1, column: 1, ruleId: 'no-var', range: [0, 3], text: 'let' }]));
    const dry = await applyFixes([...fromB.fixes, ...fromA.fixes], { snapshot: fromA.snapshot });
    expect(dry.rejected).toEqual([]);
    expect(dry.applied).toEqual([...fromB.fixes, ...fromA.fixes]);
    expect(dry.changes.map((change) => change.diff)).toEqual([
      '--- a/a.js\n+++ b/a.js\n@@ -1,1 +1,1 @@\n-var a = 1\n+let a = 1\n',
      '--- a/b.js\n+++ b/b.js\n@@ -1,1 +1,1 @@\n-var b = 2\n+let b = 2\n',
    ]);
  });

  it('a saved --json (version 2) goes back to applyFixes, and a file changed since is still stale', async () => {
    const dir = workspace({ 'a.js': 'var a = 1\nvar b = 2\n' });
    const messages = [
      { line: 1, column: 1, ruleId: 'no-var', range: [0, 3] as [number, number], text: 'let' },
      { line: 2, column: 1, ruleId: 'no-var', range: [10, 13] as [number, number], text: 'let' },
    ];
    const { fixes } = await fixesOf(dir, eslintReport(dir, 'a.js', messages));
    const saved = JSON.parse(JSON.stringify(fixesToJson(await applyFixes(fixes)))) as ReturnType<typeof fixesToJson>;
    expect(saved.files).toHaveLength(1);
    expect(saved.files[0]).toMatchObject({ file: 'a.js', root: dir, absolutePath: join(dir, 'a.js') });
    expect(Object.keys(saved.applied[0]?.edits[0] ?? {})).toEqual(['file', 'range', 'oldText', 'newText']);
    expect(fixesFromJson(saved)).toEqual(fixes);
    const applied = await applyFixes(fixesFromJson(saved), { write: true });
    expect(applied.applied).toHaveLength(2);
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe('let a = 1\nlet b = 2\n');
    expect((await applyFixes(fixesFromJson(saved), { write: true })).rejected.map((entry) => entry.reason)).toEqual(['stale', 'stale']);
  });

  it('a saved --json names the root of an edit only where two roots hold a file of its name', async () => {
    const first = workspace({ 'a.js': 'var a = 1\n', 'b.js': 'var b = 1\n' });
    const second = workspace({ 'a.js': 'var c = 1\n' });
    const fix = { ruleId: 'no-var', severity: 2, message: 'no-var', line: 1, column: 1, fix: { range: [0, 3], text: 'let' } };
    const paths = [join(first, 'a.js'), join(first, 'b.js'), join(second, 'a.js')];
    const report = JSON.stringify(paths.map((filePath) => ({ filePath, messages: [fix] })));
    writeFileSync(join(first, 'out.log'), report);
    const result = await locate({ path: join(first, 'out.log') }, { cwd: first, roots: [first, second] });
    const { fixes } = await collectFixes(result, { cwd: first, roots: [first, second] });
    const saved = JSON.parse(JSON.stringify(fixesToJson(await applyFixes(fixes)))) as ReturnType<typeof fixesToJson>;
    expect(saved.applied.map((entry) => Object.keys(entry.edits[0] ?? {}))).toEqual([
      ['file', 'root', 'range', 'oldText', 'newText'],
      ['file', 'range', 'oldText', 'newText'],
      ['file', 'root', 'range', 'oldText', 'newText'],
    ]);
    expect(saved.applied.map((entry) => entry.edits[0]?.root)).toEqual([first, undefined, second]);
    expect(fixesFromJson(saved)).toEqual(fixes);
  });

  it('review fixes need unsafe; display fixes are never applied', async () => {
    const dir = workspace({ 'a.py': 'x == None\n' });
    const violation = (applicability: string) => ({
      cell: null,
      code: 'E711',
      filename: join(dir, 'a.py'),
      location: { row: 1, column: 3 },
      end_location: { row: 1, column: 10 },
      message: 'none',
      fix: {
        applicability,
        message: 'is',
        edits: [{ content: 'x is None', location: { row: 1, column: 1 }, end_location: { row: 1, column: 10 } }],
      },
    });
    const { fixes } = await fixesOf(dir, JSON.stringify([violation('unsafe'), violation('display-only')], null, 2));
    expect((await applyFixes(fixes)).rejected.map((entry) => entry.reason)).toEqual(['unsafe', 'display']);
    const unsafe = await applyFixes(fixes, { unsafe: true, write: true });
    expect(unsafe.applied).toHaveLength(1);
    expect(readFileSync(join(dir, 'a.py'), 'utf8')).toBe('x is None\n');
  });
});

describe('a model answer', () => {
  it('applies the good block, rejects a missing old text and a file outside the roots, each with its reason', async () => {
    const dir = workspace({ 'calc.ts': 'export function add(a: number, b: number) {\r\n  return a - b;\r\n}\r\n' });
    const outside = workspace({ 'x.ts': 'secret\n' });
    const answer = [
      'The operator is wrong.',
      '<<<<<<< OLD calc.ts',
      '  return a - b;',
      '=======',
      '  return a + b;',
      '>>>>>>> NEW',
      '<<<<<<< OLD calc.ts',
      '  return a * b;',
      '=======',
      '  return 0;',
      '>>>>>>> NEW',
      `<<<<<<< OLD ${join(outside, 'x.ts')}`,
      'secret',
      '=======',
      'leaked',
      '>>>>>>> NEW',
      '',
    ].join('\n');
    const parsed = await parseAnswer({ text: answer, cwd: dir, roots: [dir] });
    expect(parsed.rejected.map((entry) => entry.detail)).toEqual([
      'calc.ts: the old text is not in the file',
      `${join(outside, 'x.ts')}: outside the workspace roots`,
    ]);
    const result = await applyFixes(parsed.fixes, { write: true, unsafe: true });
    expect(result.applied).toHaveLength(1);
    expect(readFileSync(join(dir, 'calc.ts'), 'utf8')).toBe('export function add(a: number, b: number) {\r\n  return a + b;\r\n}\r\n');
    expect(readFileSync(join(outside, 'x.ts'), 'utf8')).toBe('secret\n');
  });
});

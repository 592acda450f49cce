// Fix sources beyond the JSON reports (issue 23), from real tool runs here: gcc's and clang's
// -fdiagnostics-parseable-fixits lines (clang's notes' fix-its are alternatives: one per group is applied).
// Applied, they make the file compile; a file changed after the run is never written.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { Fix } from '../../src/core/index.js';
import { collectFixes } from '../../src/fix/index.js';
import { locate } from '../../src/locate/index.js';
import { hasTool, needs } from '../_tools.js';
import { captureIo } from '../cli/_io.js';

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'gcc');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyOf(workspace: string): { dir: string; env: NodeJS.ProcessEnv } {
  const base = mkdtempSync(join(tmpdir(), 'fl-fix-sources-'));
  made.push(base);
  const dir = join(base, 'tree');
  cpSync(workspace, dir, { recursive: true });
  return {
    dir,
    env: { ...process.env, LC_ALL: 'C.UTF-8', FAULTLINE_CACHE_DIR: join(base, '.cache'), FAULTLINE_SESSION: `fix-sources-${base}` },
  };
}

async function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const io = captureIo({ cwd, env });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('gcc -fdiagnostics-parseable-fixits', () => {
  it("the fixture's fix-its are read as review fixes in byte columns, the note's as an alternative of its diagnostic", async () => {
    const { dir } = copyOf(join(FIXTURE, 'fixits'));
    const result = await locate({ path: join(FIXTURE, 'fixits.log') }, { cwd: dir, roots: [dir] });
    const { fixes, rejected } = await collectFixes(result, { cwd: dir, roots: [dir] });
    expect(rejected).toEqual([]);
    expect(
      fixes.map((fix) => [
        fix.source,
        fix.safety,
        fix.edits.map((edit) => [edit.range.start.line, edit.range.start.column, edit.oldText, edit.newText]),
      ]),
    ).toEqual([
      ['gcc', 'review', [[1, 1, '', '#include <stdio.h>\n']]],
      ['gcc', 'review', [[7, 19, '.', '->']]],
      ['gcc', 'review', [[7, 24, 'color', 'colour']]],
    ]);
    expect(fixes[0]?.group).not.toBeNull();
    expect(fixes[0]?.diagnostic?.code).toBe('-Wimplicit-function-declaration');
  });

  it.skipIf(!hasTool('gcc'))(`faultline run -- gcc …, then fix --last --apply --unsafe: the file compiles ${needs('gcc')}`, async () => {
    const { dir, env } = copyOf(join(FIXTURE, 'fixits'));
    const compile = ['gcc', '-fdiagnostics-parseable-fixits', '-c', 'main.c', '-o', '/dev/null'];
    expect((await cli(['run', '--', ...compile], dir, env)).code).toBe(1);
    // gcc marks no fix-it safe: without --unsafe nothing is written, and each is listed.
    const dry = await cli(['fix', '--last', '--apply'], dir, env);
    expect(dry.code).toBe(1);
    expect(dry.err.match(/not applied: .* unsafe:/g)).toHaveLength(3);
    const fixed = await cli(['fix', '--last', '--apply', '--unsafe'], dir, env);
    expect(fixed.code).toBe(0);
    expect(readFileSync(join(dir, 'main.c'), 'utf8')).toMatch(/^#include <stdio.h>\n[^]*q->x \+ colour\)/);
    const rebuilt = spawnSync('gcc', ['-Wall', '-Werror', '-c', 'main.c', '-o', '/dev/null'], { cwd: dir, encoding: 'utf8' });
    expect(rebuilt.stderr).toBe('');
    expect(rebuilt.status).toBe(0);
  });

  it.skipIf(!hasTool('gcc'))(`a file changed after the run is stale: never written ${needs('gcc')}`, async () => {
    const { dir, env } = copyOf(join(FIXTURE, 'fixits'));
    expect((await cli(['run', '--', 'gcc', '-fdiagnostics-parseable-fixits', '-c', 'main.c', '-o', '/dev/null'], dir, env)).code).toBe(1);
    const edited = `// edited\n${readFileSync(join(dir, 'main.c'), 'utf8')}`;
    writeFileSync(join(dir, 'main.c'), edited);
    const later = Date.now() / 1000 + 60;
    utimesSync(join(dir, 'main.c'), later, later);
    const fixed = await cli(['fix', '--last', '--apply', '--unsafe'], dir, env);
    expect(fixed.code).toBe(1);
    expect(fixed.err.match(/stale/g)).toHaveLength(3);
    expect(readFileSync(join(dir, 'main.c'), 'utf8')).toBe(edited);
  });
});

describe('clang -fdiagnostics-parseable-fixits', () => {
  const CLANG = join(FIXTURE, 'clang-fixits');
  const compile = ['clang', '-fsyntax-only', '-fdiagnostics-parseable-fixits', 'main.c'];
  const shape = (fixes: Fix[]) =>
    fixes.map((fix) => [
      fix.safety,
      fix.description,
      fix.edits.map((edit) => [edit.range.start.line, edit.range.start.column, edit.oldText, edit.newText]),
    ]);
  const expected = [
    [
      'review',
      'place parentheses around the assignment to silence this warning',
      [
        [3, 7, '', '('],
        [3, 12, '', ')'],
      ],
    ],
    ['review', "use '==' to turn this assignment into an equality comparison", [[3, 9, '=', '==']]],
    ['review', "expected ';' at end of declaration", [[5, 16, '', ';']]],
    ['review', "use of undeclared identifier 'amuont'; did you mean 'amount'?", [[11, 10, 'amuont', 'amount']]],
  ];

  /** The notes' fix-its share one group (alternatives); the fix-its printed under an error itself have none. */
  function expectGroups(fixes: Fix[]): void {
    const [parentheses, equality, semicolon, typo] = fixes;
    expect(parentheses?.group).toEqual(expect.any(String));
    expect(equality?.group).toBe(parentheses?.group);
    expect(new Set(fixes.map((fix) => fix.group).filter((group) => group !== null)).size).toBe(1);
    expect(fixes.filter((fix) => fix.group === parentheses?.group)).toHaveLength(2);
    expect([semicolon?.group, typo?.group]).toEqual([null, null]);
    // Both alternatives are fixes of the warning, not of the notes that printed them.
    expect([parentheses?.diagnostic?.code, equality?.diagnostic?.code]).toEqual(['-Wparentheses', '-Wparentheses']);
  }

  it("the fixture's note fix-its are two alternatives of the warning in one group; the errors' own fix-its stand alone", async () => {
    const { dir } = copyOf(CLANG);
    const result = await locate({ path: join(FIXTURE, 'clang-fixits.log') }, { cwd: dir, roots: [dir] });
    const { fixes, rejected } = await collectFixes(result, { cwd: dir, roots: [dir] });
    expect(rejected).toEqual([]);
    expect(shape(fixes)).toEqual(expected);
    expectGroups(fixes);
  });

  it.skipIf(!hasTool('clang'))(`a real clang run here gives the same fixes and groups ${needs('clang')}`, async () => {
    const { dir } = copyOf(CLANG);
    const ran = spawnSync(compile[0] as string, compile.slice(1), {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    expect(ran.status).toBe(1);
    const result = await locate({ text: ran.stdout + ran.stderr }, { cwd: dir, roots: [dir] });
    const { fixes, rejected } = await collectFixes(result, { cwd: dir, roots: [dir] });
    expect(rejected).toEqual([]);
    expect(shape(fixes)).toEqual(expected);
    expectGroups(fixes);
  });

  it.skipIf(!hasTool('clang'))(
    `faultline run -- clang …, then fix --last --apply --unsafe: one alternative per group, and the file compiles ${needs('clang')}`,
    async () => {
      const { dir, env } = copyOf(CLANG);
      expect((await cli(['run', '--', ...compile], dir, env)).code).toBe(1);
      const dry = await cli(['fix', '--last', '--apply'], dir, env);
      expect(dry.code).toBe(1);
      expect(dry.err.match(/not applied: .* unsafe:/g)).toHaveLength(4);
      const fixed = await cli(['fix', '--last', '--apply', '--unsafe'], dir, env);
      // The '==' alternative is left out because the parentheses were chosen: nothing asked for is left undone.
      expect(fixed.err).toMatch(/not applied: f2 main\.c:3:9 \[-Wparentheses\] use '==' .* — alternative:/);
      expect(fixed.err).toMatch(/3 fix\(es\) applied in 1 file\(s\); 1 not applied/);
      expect(fixed.code).toBe(0);
      const text = readFileSync(join(dir, 'main.c'), 'utf8');
      expect(text).toContain('  if ((x = 1))\n');
      expect(text).not.toContain('==');
      expect(text).toContain('  int count = 3;\n');
      expect(text).toContain('  return amount;\n');
      const rebuilt = spawnSync('clang', ['-Wall', '-Werror', '-fsyntax-only', 'main.c'], { cwd: dir, encoding: 'utf8' });
      expect(rebuilt.stderr).toBe('');
      expect(rebuilt.status).toBe(0);
    },
  );
});

describe('shellcheck -f json1', () => {
  it("the fixture's fix.replacements are safe fixes in code-point columns (a tab counts one), one fix per comment", async () => {
    const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'shellcheck-json1');
    const { dir } = copyOf(join(fixture, 'quoting'));
    const result = await locate({ path: join(fixture, 'quoting.log') }, { cwd: dir, roots: [dir] });
    const { fixes, rejected } = await collectFixes(result, { cwd: dir, roots: [dir] });
    expect(rejected).toEqual([]);
    const lines = readFileSync(join(dir, 'deploy.sh'), 'utf8').split('\n');
    // Each quote insertion lands right before or after the `$name`/`$f` it quotes, whatever precedes it on the line.
    const around = fixes
      .filter((fix) => fix.diagnostic?.code === 'SC2086')
      .map((fix) =>
        fix.edits.map((edit) => lines[edit.range.start.line - 1]!.slice(edit.range.start.column - 1, edit.range.start.column + 4)),
      );
    expect(around).toEqual([
      ['$name', '\t  "é'],
      ['$name', ''],
      ['$f', ''],
      ['$name', ' == x'],
    ]);
    expect(fixes.map((fix) => [fix.source, fix.safety, fix.diagnostic?.code, fix.edits.length])).toEqual([
      ['shellcheck-json1', 'safe', 'SC2086', 2],
      ['shellcheck-json1', 'safe', 'SC2086', 2],
      ['shellcheck-json1', 'safe', 'SC2086', 2],
      ['shellcheck-json1', 'safe', 'SC2086', 2],
      ['shellcheck-json1', 'safe', 'SC2006', 2],
    ]);
    expect(fixes[4]?.edits.map((edit) => [edit.oldText, edit.newText])).toEqual([
      ['`', '$('],
      ['`', ')'],
    ]);
  });
});

describe('shellcheck -f json', () => {
  it('plain json (the comments as the root array) gives the same fixes as json1 on the same workspace', async () => {
    const fixtures = join(import.meta.dirname, '..', '..', 'fixtures');
    const { dir } = copyOf(join(fixtures, 'shellcheck-json', 'quoting'));
    const collect = async (format: string) => {
      const result = await locate({ path: join(fixtures, format, 'quoting.log') }, { cwd: dir, roots: [dir] });
      const { fixes, rejected } = await collectFixes(result, { cwd: dir, roots: [dir] });
      expect(rejected).toEqual([]);
      return fixes;
    };
    const plain = await collect('shellcheck-json');
    const json1 = await collect('shellcheck-json1');
    expect(plain.map((fix) => fix.source)).toEqual(plain.map(() => 'shellcheck-json'));
    expect(plain).toHaveLength(5);
    const shape = (fixes: typeof plain) =>
      fixes.map((fix) => [fix.safety, fix.diagnostic?.code, fix.edits.map((edit) => [edit.range, edit.oldText, edit.newText])]);
    expect(shape(plain)).toEqual(shape(json1));
  });
});

describe('go vet -json', () => {
  it("the fixture's suggested_fixes are byte offsets (after non-ASCII text); the first fix of each is safe", async () => {
    const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'go-vet-json');
    const dir = join(fixture, 'suggested');
    const result = await locate({ path: join(fixture, 'suggested.log') }, { cwd: dir, roots: [dir] });
    // The log names the absolute paths of the run (/tmp/fl-fixture/…), which the fixture's locations resolve
    // into its workspace; the offsets are checked against the workspace's bytes.
    const bytes = readFileSync(join(dir, 'main.go'));
    const offered = result.locations.flatMap((location) =>
      (location.fixes ?? []).map((fix) => [
        location.code,
        fix.source,
        fix.safety,
        fix.edits.map((edit) => {
          const start = 'offset' in edit.start && edit.start.unit === 'byte' ? edit.start.offset : -1;
          const end = 'offset' in edit.end && edit.end.unit === 'byte' ? edit.end.offset : -1;
          return [bytes.subarray(start, end).toString('utf8'), bytes.subarray(end, end + 5).toString('utf8'), edit.newText];
        }),
      ]),
    );
    expect(offered).toEqual([
      // The self-assignment's edit removes its whole line, indentation and line end included.
      ['assign', 'go-vet-json', 'safe', [['\tn = n\n', '\tfmt.', '']]],
      ['printf', 'go-vet-json', 'safe', [['', 'label', '"%s", ']]],
    ]);
  });
});

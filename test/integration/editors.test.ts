// `--format unix` read by real editors (issue 13): vim's quickfix (`:cfile`, then getqflist() written out) and
// Emacs' compilation-mode (the gnu rule's parse of every line), both with their default settings, on real logs
// from fixtures/: a trace with its callers (pytest --tb=long) and a diagnostic with a related span (tsc --pretty).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../cli/_io.js';
import { hasTool, needs } from '../_tools.js';

const scratch = mkdtempSync(join(tmpdir(), 'fl-editors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Place {
  file: string;
  line: number;
  column: number | null;
  kind: 'error' | 'warning' | 'note';
}

/** The unix report of a fixture, written where the editor will read it, and the places it names per the JSON contract. */
async function report(fixture: string): Promise<{ workspace: string; errors: string; expected: Place[] }> {
  const workspace = new URL(`../../fixtures/${fixture}/`, import.meta.url).pathname;
  const log = new URL(`../../fixtures/${fixture}.log`, import.meta.url).pathname;
  const unix = captureIo({ cwd: workspace });
  await runCli(['locate', log, '--root', '.', '--format', 'unix'], unix);
  const errors = join(scratch, `${fixture.replace(/\//g, '-')}.txt`);
  writeFileSync(errors, unix.out.join(''));
  const json = captureIo({ cwd: workspace });
  await runCli(['locate', log, '--root', '.', '--json'], json);
  const locations = JSON.parse(json.out.join('')).locations as any[];
  const expected: Place[] = [];
  for (const location of locations) {
    if (location.frame && !location.frame.raised) continue;
    expected.push({ file: location.file, line: location.line, column: location.column, kind: location.severity ?? 'error' });
    for (const span of location.related ?? []) expected.push({ file: span.file, line: span.line, column: span.column, kind: 'note' });
    if (location.frame) {
      const callers = locations
        .filter((other) => other.frame?.trace === location.frame.trace && !other.frame.raised)
        .sort((a, b) => a.frame.depth - b.frame.depth);
      for (const caller of callers) expected.push({ file: caller.file, line: caller.line, column: caller.column, kind: 'note' });
    }
  }
  return { workspace, errors, expected };
}

const FIXTURES = ['pytest-long/tb-long', 'tsc-pretty/declared-here'];

describe('--format unix in real editors', () => {
  it.skipIf(!hasTool('vim'))(`vim's quickfix reads every line with its default errorformat ${needs('vim', 'vim-nox')}`, async () => {
    for (const fixture of FIXTURES) {
      const { workspace, errors, expected } = await report(fixture);
      const out = join(scratch, 'qf.txt');
      const script = `call writefile(map(getqflist(), {_, e -> bufname(e.bufnr) . "|" . e.lnum . "|" . e.col . "|" . e.valid . "|" . e.text}), "${out}")`;
      const run = spawnSync('vim', ['-es', '-N', '-u', 'NONE', '-i', 'NONE', '-c', `cfile ${errors}`, '-c', script, '-c', 'qa!'], {
        cwd: workspace,
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, run.stderr).toBe(0);
      const entries = readFileSync(out, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => line.split('|'));
      expect(entries.map(([file, line, column, valid]) => [file, Number(line), Number(column), valid])).toEqual(
        expected.map((place) => [place.file, place.line, place.column ?? 0, '1']),
      );
      // The severity leads the text (vim's default 'errorformat' has no %t): "error: …", "note: called from here".
      expect(entries.map((entry) => entry[4]?.trim().split(':')[0])).toEqual(expected.map((place) => place.kind));
    }
  });

  it.skipIf(!hasTool('emacs'))(
    `Emacs' compilation-mode parses every line as an error, warning or info ${needs('emacs', 'emacs-nox')}`,
    async () => {
      for (const fixture of FIXTURES) {
        const { workspace, errors, expected } = await report(fixture);
        const lisp = `(progn (find-file ${JSON.stringify(errors)}) (compilation-mode) (compilation--ensure-parse (point-max)) (goto-char (point-min))
        (while (not (eobp)) (let ((msg (get-text-property (point) 'compilation-message)))
          (if (not msg) (princ "unparsed\\n") (let ((loc (compilation--message->loc msg)))
            (princ (format "%s|%s|%s|%s\\n" (caar (compilation--loc->file-struct loc)) (compilation--loc->line loc) (compilation--loc->col loc) (compilation--message->type msg)))))) (forward-line 1)))`;
        const run = spawnSync('emacs', ['--batch', '-Q', '--eval', lisp], { cwd: workspace, encoding: 'utf8', timeout: 30_000 });
        expect(run.status, run.stderr).toBe(0);
        const types = { error: '2', warning: '1', note: '0' };
        expect(run.stdout.trimEnd().split('\n')).toEqual(
          expected.map((place) => `${place.file}|${place.line}|${place.column ?? 'nil'}|${types[place.kind]}`),
        );
      }
    },
  );

  // Issue 24: on a tab-indented line with non-ASCII text before the error, the GNU display column (tab to 8,
  // 😀 two cells) that Emacs reads and the byte index vim's %c reads differ (40 and 36 here): `unix` serves
  // Emacs, `vim` serves vim, and each editor's cursor lands on the character tsc named. The log is real tsc.
  it.skipIf(!hasTool('vim'))(
    `vim -q on --format vim lands on the character tsc named in tab-indented code ${needs('vim', 'vim-nox')}`,
    async () => {
      const { workspace, reports } = await tabbedReports();
      for (const [format, expected] of [
        ['vim', 'n: number = label;'],
        ['unix', 'umber = label;'],
      ] as const) {
        const out = join(scratch, `vim-${format}.txt`);
        const script = `call writefile([line('.') . ':' . col('.') . ':' . getline('.')[col('.') - 1 :]], "${out}")`;
        const run = spawnSync('vim', ['-es', '-N', '-u', 'NONE', '-i', 'NONE', '-q', reports[format], '-c', script, '-c', 'qa!'], {
          cwd: workspace,
          encoding: 'utf8',
          timeout: 20_000,
        });
        expect(run.status, run.stderr).toBe(0);
        // The unix line shows why the second format exists: vim reads its display column as a byte index.
        expect(readFileSync(out, 'utf8').trimEnd(), format).toBe(`2:${format === 'vim' ? 36 : 40}:${expected}`);
      }
    },
  );

  it.skipIf(!hasTool('emacs'))(
    `Emacs' compile-goto-error on --format unix lands on the character tsc named in tab-indented code ${needs('emacs', 'emacs-nox')}`,
    async () => {
      const { workspace, reports } = await tabbedReports();
      const lisp = `(progn (find-file ${JSON.stringify(reports.unix)}) (compilation-mode) (goto-char (point-min)) (compilation--ensure-parse (point-max))
      (compile-goto-error) (princ (format "%d:%s\n" (line-number-at-pos) (buffer-substring (point) (line-end-position)))))`;
      const run = spawnSync('emacs', ['--batch', '-Q', '--eval', lisp], { cwd: workspace, encoding: 'utf8', timeout: 30_000 });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout.trimEnd()).toBe('2:n: number = label;');
    },
  );
});

/** A tab-indented TypeScript file with é and 😀 before the error, tsc's real log of it, and its unix and vim reports. */
async function tabbedReports(): Promise<{ workspace: string; reports: Record<'unix' | 'vim', string> }> {
  const workspace = mkdtempSync(join(scratch, 'tabs-'));
  mkdirSync(join(workspace, 'src'));
  writeFileSync(
    join(workspace, 'src', 'tabs.ts'),
    "export function f(): number {\n\tconst label = 'café 😀'; const n: number = label;\n\treturn n;\n}\n",
  );
  const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;
  const log = spawnSync(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '--strict', 'src/tabs.ts'], {
    cwd: workspace,
    encoding: 'utf8',
  }).stdout;
  expect(log).toContain('src/tabs.ts(2,33): error TS2322');
  writeFileSync(join(workspace, 'tsc.log'), log);
  const reports = { unix: join(workspace, 'unix.txt'), vim: join(workspace, 'vim.txt') };
  for (const format of ['unix', 'vim'] as const) {
    const io = captureIo({ cwd: workspace });
    await runCli(['locate', 'tsc.log', '--root', '.', '--format', format], io);
    writeFileSync(reports[format], io.out.join(''));
  }
  return { workspace, reports };
}

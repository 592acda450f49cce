// Real Emacs (batch) with eglot against `faultline lsp`: a failing tsc run shows at the right line and column with
// its related span, the passing run clears it, and ruff's quick fix applied through eglot-code-actions leaves the
// file exactly as `faultline fix --apply` does.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasTool, needs } from '../_tools.js';
import { CLI, ensureBuilt } from '../integration/_setup.js';
import { editorWorkspace, fixApplyExpected } from './_editor.js';

const ELPA = '/usr/share/emacs/site-lisp/elpa';
// Debian's elpa-* packages: eglot and the newer project/xref it needs than Emacs 28 ships.
const loadPath = existsSync(ELPA)
  ? readdirSync(ELPA)
      .filter((name) => /^(eglot|project|xref|eldoc|flymake|jsonrpc|external-completion|seq)-/.test(name))
      .map((name) => join(ELPA, name))
  : [];
const hasEglot = loadPath.some((path) => path.includes('/eglot-'));
const ready = hasTool('emacs') && hasEglot && hasTool('ruff') && hasTool('git');

interface EglotDiagnostic {
  line: number;
  column: number;
  text: string;
  code?: string;
  related: { uri: string; line: number; character: number; message: string }[] | null;
}

describe('faultline lsp in Emacs with eglot', () => {
  beforeAll(() => ensureBuilt());

  const eglot = hasEglot ? '(needs eglot)' : '(needs eglot — not found, skipped; apt-get install elpa-eglot)';
  it.skipIf(!ready)(
    `shows a run, clears it after the passing run, applies the quick fix ${needs('emacs', 'emacs-nox')} ${eglot} ${needs('ruff', 'ruff (pip)')}`,
    () => {
      const ws = editorWorkspace('eglot');
      // project.el finds the workspace through its version control.
      execFileSync('git', ['init', '-q'], { cwd: ws.workspace });
      const out = join(ws.dir, 'result.json');
      const driver = join(import.meta.dirname, 'eglot-driver.el');
      const emacs = spawnSync('emacs', ['--batch', '-Q', ...loadPath.flatMap((path) => ['-L', path]), '-l', driver], {
        cwd: ws.workspace,
        env: {
          ...ws.env,
          FAULTLINE_NODE: process.execPath,
          FAULTLINE_CLI: CLI,
          WORKSPACE: ws.workspace,
          DRIVER_OUT: out,
          RUN_TSC: ws.runTsc,
          RUN_RUFF: ws.runRuff,
        },
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(emacs.error).toBeUndefined();
      const result = JSON.parse(readFileSync(out, 'utf8')) as {
        failing: EglotDiagnostic[];
        passing: EglotDiagnostic[];
        ruff: EglotDiagnostic[];
        applied?: boolean;
      };
      // a.ts(2,26) TS2322, Emacs' columns 0-based; the related span at line 1, column 30 (0-based 29).
      expect(result.failing).toHaveLength(1);
      expect(result.failing[0]).toMatchObject({ line: 2, column: 25, code: 'TS2322' });
      expect(result.failing[0]!.text).toContain("Type 'string' is not assignable to type 'number'.");
      expect(result.failing[0]!.related).toEqual([
        {
          uri: expect.stringMatching(/\/ws\/a\.ts$/),
          line: 0,
          character: 29,
          message: "The expected type comes from property 'y' which is declared here on type 'Point'",
        },
      ]);
      expect(result.passing).toEqual([]);
      expect(result.ruff[0]).toMatchObject({ line: 1, column: 7, code: 'F401' });
      expect(result.applied).toBe(true);
      expect(readFileSync(join(ws.workspace, 'b.py'), 'utf8')).toBe(fixApplyExpected('eglot'));
    },
    120_000,
  );
});

// Real Neovim (headless, its built-in LSP client) against `faultline lsp`: a failing tsc run in the workspace
// shows at the right line and column with its related span, the passing run clears it, and ruff's fix applied
// from the editor as a quick fix leaves the file exactly as `faultline fix --apply` does.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasTool, needs } from '../_tools.js';
import { CLI, ensureBuilt } from '../integration/_setup.js';
import { editorWorkspace, fixApplyExpected } from './_editor.js';

const ready = hasTool('nvim') && hasTool('ruff');

interface NvimDiagnostic {
  lnum: number;
  col: number;
  end_col: number;
  message: string;
  source: string;
  code?: string;
  related?: { location: { uri: string; range: { start: { line: number; character: number } } }; message: string }[];
}

describe('faultline lsp in Neovim', () => {
  beforeAll(() => ensureBuilt());

  it.skipIf(!ready)(
    `shows a run, clears it after the passing run, applies the quick fix ${needs('nvim', 'neovim')} ${needs('ruff', 'ruff (pip)')}`,
    () => {
      const ws = editorWorkspace('nvim');
      const out = join(ws.dir, 'result.json');
      const driver = join(import.meta.dirname, 'nvim-driver.lua');
      const nvim = spawnSync('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${driver}`], {
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
      expect(nvim.error).toBeUndefined();
      const result = JSON.parse(readFileSync(out, 'utf8')) as {
        failing: NvimDiagnostic[];
        passing: NvimDiagnostic[];
        ruff: NvimDiagnostic[];
        actions: { title: string; preferred: boolean }[];
        applied?: string;
      };
      // a.ts(2,26): TS2322 on `y` of line 2; its related span is line 1, column 30 (`y: number`).
      expect(result.failing).toHaveLength(1);
      const [diagnostic] = result.failing;
      expect(diagnostic).toMatchObject({ lnum: 1, col: 25, code: 'TS2322', message: "Type 'string' is not assignable to type 'number'." });
      expect(diagnostic!.source).toContain('tsc');
      expect(diagnostic!.related).toHaveLength(1);
      expect(diagnostic!.related![0]!.location.uri.endsWith('/ws/a.ts')).toBe(true);
      expect(diagnostic!.related![0]!.location.range.start).toEqual({ line: 0, character: 29 });
      expect(result.passing).toEqual([]);
      // F401 `os` imported but unused, line 1 column 8; its safe fix is the preferred quick fix.
      expect(result.ruff[0]).toMatchObject({ lnum: 0, col: 7, code: 'F401' });
      expect(result.actions.some((action) => action.preferred)).toBe(true);
      expect(result.applied).toBeDefined();
      expect(readFileSync(join(ws.workspace, 'b.py'), 'utf8')).toBe(fixApplyExpected('nvim'));
    },
    120_000,
  );
});

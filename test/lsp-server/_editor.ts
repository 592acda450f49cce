// Shared by the editor tests: a workspace with a failing TypeScript file and a Python file ruff can fix, and the
// commands that run them through `faultline run` (as a user would in a terminal beside the editor).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, ROOT, cleanEnv, tempDir } from '../integration/_setup.js';

export const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');
export const BROKEN_TS = 'interface Point { x: number; y: number }\nconst p: Point = { x: 1, y: "two" };\nexport { p };\n';
export const RUFF_PY = 'import os\nimport sys\n\nprint(sys.argv)\n';

function quote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface EditorWorkspace {
  dir: string;
  workspace: string;
  env: NodeJS.ProcessEnv;
  /** Shell lines the editor runs (through its own shell call) to make the runs. */
  runTsc: string;
  runRuff: string;
}

export function editorWorkspace(prefix: string): EditorWorkspace {
  const dir = tempDir(prefix);
  const workspace = join(dir, 'ws');
  mkdirSync(workspace);
  writeFileSync(join(workspace, 'a.ts'), BROKEN_TS);
  writeFileSync(join(workspace, 'b.py'), RUFF_PY);
  const env = cleanEnv(dir, { FAULTLINE_SESSION: `${prefix}-editor`, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config') });
  const run = (command: string[]) =>
    `cd ${quote(workspace)} && ${quote(process.execPath)} ${quote(CLI)} run -- ${command.map(quote).join(' ')} >/dev/null 2>&1`;
  return {
    dir,
    workspace,
    env,
    runTsc: run([TSC, '--noEmit', '--pretty', 'true', 'a.ts']),
    runRuff: run(['ruff', 'check', '--no-cache', '--output-format', 'json', 'b.py']),
  };
}

/** b.py as `faultline fix --apply` leaves it after the same ruff run: what a quick fix from the editor must equal. */
export function fixApplyExpected(prefix: string): string {
  const dir = tempDir(`${prefix}-apply`);
  writeFileSync(join(dir, 'b.py'), RUFF_PY);
  const env = cleanEnv(dir, { FAULTLINE_SESSION: `${prefix}-apply` });
  spawnSync(process.execPath, [CLI, 'run', '--', 'ruff', 'check', '--no-cache', '--output-format', 'json', 'b.py'], { cwd: dir, env });
  const applied = spawnSync(process.execPath, [CLI, 'fix', '--last', '--apply'], { cwd: dir, env, encoding: 'utf8' });
  if (applied.status !== 0) throw new Error(`faultline fix --apply failed: ${applied.stderr}`);
  return readFileSync(join(dir, 'b.py'), 'utf8');
}

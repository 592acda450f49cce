// Shared by the integration tests: the built package (npm run build) and temp directories.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'cli.cjs');
export const BUILT = ['dist/cli.cjs', 'dist/index.js', 'dist/index.cjs', 'dist/index.d.ts'].map((file) => join(ROOT, file));

/** Builds once when an artifact is missing (the tests exercise the built package, as users get it). */
export function ensureBuilt(): void {
  if (BUILT.every((file) => existsSync(file))) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

export function tempDir(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), `faultline-${prefix}-`)));
}

/** An environment with no CI variables and faultline's cache inside `dir`. */
export function cleanEnv(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FAULTLINE_CACHE_DIR: join(dir, '.faultline-cache'), NO_COLOR: '1', ...extra };
  for (const name of Object.keys(env))
    if (name.startsWith('GITHUB_') || name === 'CI_PROJECT_DIR' || name === 'FORCE_COLOR') delete env[name];
  return { ...env, ...extra };
}

// A file whose line 2 holds a tab, é and an astral emoji: every column unit differs on it.
// 'x' sits at UTF-16 offset 11 = utf-16 col 12, byte col 15, char col 11, display col 19.
export const UNICODE_LINE = '\tcafé 😀 = x;';
export const UNICODE_FILE = `let x = 1;\n${UNICODE_LINE}\n`;

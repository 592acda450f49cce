// Builds the background worker (and the CLI) from src/ with esbuild, as scripts/build.mjs does, so the
// detached processes these tests start run the code under test rather than a stale dist/.
import { build } from 'esbuild';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { backgroundPaths, commandProcesses, processAlive } from '../../src/capture/background-state.js';

const shared = {
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: 'node20',
  logLevel: 'error' as const,
  external: [
    'web-tree-sitter',
    '@vscode/tree-sitter-wasm',
    'typescript',
    'pyright',
    '@secretlint/*',
    'vscode-languageserver-protocol',
    'vscode-jsonrpc',
  ],
  banner: { js: "import { createRequire as __flCreateRequire } from 'node:module'; const require = __flCreateRequire(import.meta.url);" },
};

/** Bundles into `dir` (inside the repository, so external packages resolve); returns the worker and CLI paths. */
export async function buildBackgroundBinaries(dir: string): Promise<{ worker: string; cli: string }> {
  const root = join(import.meta.dirname, '..', '..');
  await build({ ...shared, entryPoints: { 'background-worker': join(root, 'src/capture/background-worker.ts') }, outdir: dir });
  // The CLI as scripts/build.mjs makes it (a CommonJS bundle and its launcher), without the code cache.
  const cjs = {
    ...shared,
    format: 'cjs' as const,
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__flImportMetaUrl' },
    banner: { js: "var __flImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  };
  await build({ ...cjs, entryPoints: [join(root, 'src/cli/main.ts')], outfile: join(dir, 'cli-main.cjs') });
  await build({ ...cjs, entryPoints: [join(root, 'src/cli/launcher.ts')], outfile: join(dir, 'cli.cjs'), banner: {} });
  return { worker: join(dir, 'background-worker.js'), cli: join(dir, 'cli.cjs') };
}

/** Live processes of the given background ids (an empty list means no orphan survived). */
export function survivors(ids: Iterable<string>): number[] {
  return [...ids].flatMap((id) => commandProcesses(id, null));
}

/** The worker pid a background command's state names (read right after start, before kill removes it). */
export function workerPid(id: string, cacheDir: string): number {
  return (JSON.parse(readFileSync(backgroundPaths(id, { cacheDir }).state, 'utf8')) as { workerPid: number }).workerPid;
}

/** Waits for the workers to exit (each ends once its command ended and the end was written). */
export async function workersGone(pids: Iterable<number>, timeoutMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let alive = [...pids].filter(processAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    alive = alive.filter(processAlive);
  }
  return alive;
}

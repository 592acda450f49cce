// Bundles the CLI and the library with esbuild: one file each, so start-up stays close to bare Node
// (unbundled chevrotain 11 alone costs 250–350 ms to import; performance.md §5).
import { build } from 'esbuild';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  // Language-server packages and tree-sitter load their own files at run time: keep them external.
  external: ['web-tree-sitter', '@vscode/tree-sitter-wasm', 'typescript', 'pyright', '@secretlint/*', 'vscode-languageserver-protocol', 'vscode-jsonrpc'],
};

mkdirSync('dist', { recursive: true });
await build({
  ...shared,
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/cli.js',
  format: 'esm',
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __flCreateRequire } from 'node:module'; const require = __flCreateRequire(import.meta.url);" },
});
chmodSync('dist/cli.js', 0o755);
if (existsSync('src/index.ts')) {
  await build({ ...shared, entryPoints: ['src/index.ts'], outfile: 'dist/index.js', format: 'esm' });
  await build({ ...shared, entryPoints: ['src/index.ts'], outfile: 'dist/index.cjs', format: 'cjs' });
}

// Bundles the CLI and the library with esbuild: one file each, so start-up stays close to bare Node
// (unbundled chevrotain 11 alone costs 250–350 ms to import; performance.md §5).
// Also emits the library's declarations (tsc, tsconfig.build.json) so `npm run build` yields the whole package.
// FAULTLINE_BUILD=cli builds the CLI only (the GitHub Action's install step: no tsc, no library bundles).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  minify: process.env.FAULTLINE_NO_MINIFY !== '1',
  legalComments: 'none',
  logLevel: 'warning',
  // Language-server packages and tree-sitter load their own files at run time: keep them external.
  external: ['web-tree-sitter', '@vscode/tree-sitter-wasm', 'typescript', 'pyright', '@secretlint/*', 'vscode-languageserver-protocol', 'vscode-jsonrpc'],
};

// Chunk names carry content hashes: clear the old ones so dist/ holds only what cli.js imports.
rmSync('dist/chunks', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
// Code splitting: each command is its own chunk, loaded when it runs (see src/cli/commands/index.ts).
await build({
  ...shared,
  entryPoints: { cli: 'src/cli/main.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __flCreateRequire } from 'node:module'; const require = __flCreateRequire(import.meta.url);" },
});
chmodSync('dist/cli.js', 0o755);
// The detached process behind `start()` / `run --background`: one file beside cli.js and index.js.
await build({
  ...shared,
  entryPoints: { 'background-worker': 'src/capture/background-worker.ts' },
  outdir: 'dist',
  format: 'esm',
  banner: { js: "import { createRequire as __flCreateRequire } from 'node:module'; const require = __flCreateRequire(import.meta.url);" },
});
if (existsSync('src/index.ts') && process.env.FAULTLINE_BUILD !== 'cli') {
  // Bundled CommonJS dependencies call require('os') etc.: give the ESM bundle a real require (no I/O).
  await build({
    ...shared,
    entryPoints: ['src/index.ts'],
    outfile: 'dist/index.js',
    format: 'esm',
    banner: { js: "import { createRequire as __flCreateRequire } from 'node:module'; const require = __flCreateRequire(import.meta.url);" },
  });
  // CJS has no import.meta: the library uses import.meta.url only for createRequire (lsp-client/servers.ts,
  // tree-sitter.ts), so it becomes the bundle's own file URL, computed from __filename at load (no I/O).
  await build({
    ...shared,
    entryPoints: ['src/index.ts'],
    outfile: 'dist/index.cjs',
    format: 'cjs',
    define: { 'import.meta.url': '__flImportMetaUrl' },
    banner: { js: "var __flImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  // Declarations: dist/index.d.ts and one .d.ts per library module beside it (the CLI has none).
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const types = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (types.status !== 0) {
    console.error('build: tsc -p tsconfig.build.json failed');
    process.exit(types.status ?? 1);
  }
  // The same declarations for require(): TypeScript reads a .d.ts as ESM or CommonJS from the nearest
  // package.json, and this package is "type": "module", so a CommonJS consumer (module node16) was refused
  // the ESM ones (TS1479). dist/cjs/ holds a copy under a package.json that says commonjs.
  rmSync('dist/cjs', { recursive: true, force: true });
  for (const file of declarationFiles('dist')) {
    const target = join('dist/cjs', relative('dist', file));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, asCommonJsDeclaration(readFileSync(file, 'utf8')));
  }
  writeFileSync('dist/cjs/package.json', `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
}

// Every .d.ts under `directory` (the library's declarations; the CLI has none).
function declarationFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'cjs' || entry.name === 'chunks' ? [] : declarationFiles(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

// chevrotain is ESM-only: a CommonJS declaration may name its types only as an ESM import.
function asCommonJsDeclaration(text) {
  return text.replace(/^import (?:type )?\{([^}]*)\} from 'chevrotain';$/gm, (_line, names) => {
    const bare = names.split(',').map((name) => name.trim().replace(/^type /, '')).filter(Boolean).join(', ');
    return `import type { ${bare} } from 'chevrotain' with { 'resolution-mode': 'import' };`;
  });
}

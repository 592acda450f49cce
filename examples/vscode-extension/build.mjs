// Bundles the example extension into ONE CommonJS file, as VS Code extensions ship (only `vscode` external).
// `faultline` resolves like any dependency; in this repository (not installed) it falls back to the checkout
// itself, through its package.json "exports" `require` condition: dist/index.cjs (run `npm run build` first).
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = process.argv[2] ?? join(here, 'dist', 'extension.js');

const faultlineFallback = {
  name: 'faultline-from-checkout',
  setup(b) {
    b.onResolve({ filter: /^faultline$/ }, () => {
      try {
        return { path: createRequire(join(here, 'extension.js')).resolve('faultline') };
      } catch {
        return { path: createRequire(join(here, '..', '..', 'package.json')).resolve('faultline') };
      }
    });
  },
};

await build({
  entryPoints: [join(here, 'extension.js')],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  plugins: [faultlineFallback],
  logLevel: 'warning',
});

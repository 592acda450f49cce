// npm pack / npm publish: the packed package.json carries no `prepare`, `prepack` or `postpack` script. They
// build from sources and scripts/ that the package does not ship (only dist, docs, README, LICENSE), so any tool
// that ran them in an installed copy would fail. The checkout keeps them: `npm ci` on a clone and git installs
// (pre-commit's `language: node`) build dist/ through `prepare`. The same idea as pinst for husky's postinstall.
// `strip` (prepack) saves package.json and writes the trimmed one; `restore` (postpack) puts it back.
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
const saved = join(root, 'package.json.prepack');
const action = process.argv[2];

if (action === 'strip') {
  // A pack that failed before postpack left the saved copy: it is the original, start from it.
  if (existsSync(saved)) copyFileSync(saved, manifest);
  else copyFileSync(manifest, saved);
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  for (const name of ['prepare', 'prepack', 'postpack']) delete pkg.scripts[name];
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (action === 'restore') {
  if (existsSync(saved)) renameSync(saved, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}

// `prepare`: builds dist/ in a checkout (`npm ci`) and in npm's preparation of a git dependency.
//
// Why not just `node scripts/build.mjs`: npm ≥ 10 installing a git URL globally (`npm install -g git+…`, which is
// what pre-commit ≥ 4 does for `language: node` hooks) runs the clone's `npm install` with the parent's
// `npm_config_global=true` still in its environment, so the dependencies go to the global prefix and the clone
// is left with no node_modules at all: the build then fails on `Cannot find package 'esbuild'`. No dependency
// category helps (dev, optional and prod deps all land in the global prefix), and dist/ is git-ignored by
// design (a committed bundle goes stale). So when the build tools are missing, this script installs the
// locked dependencies into the clone itself, with the leaked global settings removed, then builds.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function buildToolsPresent() {
  const require = createRequire(join(root, 'package.json'));
  try {
    require.resolve('esbuild');
    require.resolve('typescript/bin/tsc');
    return true;
  } catch {
    return false;
  }
}

function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!buildToolsPresent()) {
  // The settings a global install leaks into its git dependency's preparation; everything else (cache,
  // registry, proxy, userconfig) is kept, so the nested install sees the user's own npm configuration.
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^npm_config_(global|global_prefix|globalconfig|prefix|local_prefix|location|omit|include|production|only)$/i.test(name))
      delete env[name];
  }
  const npm = process.env.npm_execpath && existsSync(process.env.npm_execpath) ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const lock = existsSync(join(root, 'package-lock.json'));
  const install = lock ? 'ci' : 'install';
  console.error(
    `faultline prepare: esbuild or typescript is missing (a git install without dev dependencies); running npm ${install} in ${root}`,
  );
  // --ignore-scripts: this script is itself `prepare`; esbuild's own postinstall only verifies its binary.
  run(npm[0], [...npm.slice(1), install, '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save'], env);
}
run(process.execPath, [join(root, 'scripts', 'build.mjs')], process.env);

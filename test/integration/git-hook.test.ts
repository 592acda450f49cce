// Pre-commit integration: `faultline run --explain --` as a real git hook, and the .pre-commit-hooks.yaml
// entry through the pre-commit framework when it is installed (Debian: apt-get install pre-commit).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, cleanEnv, ensureBuilt, tempDir } from './_setup.js';

const SOURCE = 'function add(a, b) {\n  return a +* b;\n}\nmodule.exports = { add };\n';
// The "check": prints a compiler-style error for src/a.js:2:5 and fails, or passes silently.
const FAILING = `console.log("src/a.js:2:5: error: unexpected token"); process.exit(1)`;
const PASSING = `process.exit(0)`;

function git(cwd: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd, env, encoding: 'utf8' });
}

function makeRepo(env: NodeJS.ProcessEnv): string {
  const repo = tempDir('hook');
  execFileSync('git', ['init', '-q'], { cwd: repo, env });
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'src', 'a.js'), SOURCE);
  return repo;
}

function checkFile(repo: string, script: string): void {
  writeFileSync(join(repo, 'check.js'), script);
}

function hasPreCommit(): boolean {
  return spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
}

beforeAll(ensureBuilt);

describe('faultline run --explain in a real git pre-commit hook', () => {
  it('blocks the commit with the explanation when the check fails, and lets it through when it passes', () => {
    const env = cleanEnv(tempDir('hook-env'));
    const repo = makeRepo(env);
    const hook = join(repo, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, `#!/bin/sh\nexec "${process.execPath}" "${CLI}" run --explain -- "${process.execPath}" check.js\n`);
    chmodSync(hook, 0o755);

    checkFile(repo, FAILING);
    git(repo, ['add', '-A'], env);
    const failed = git(repo, ['commit', '-m', 'broken'], env);
    expect(failed.status).not.toBe(0);
    const output = failed.stdout + failed.stderr;
    expect(output).toContain('src/a.js:2:5');
    expect(output).toContain('Exit code: 1');
    expect(output).toContain('in function add');
    expect(output).toMatch(/> 2 \|\s+return a \+\* b;/);
    expect(git(repo, ['rev-parse', '--verify', 'HEAD'], env).status).not.toBe(0); // nothing committed

    checkFile(repo, PASSING);
    git(repo, ['add', '-A'], env);
    const passed = git(repo, ['commit', '-m', 'fixed'], env);
    expect(passed.status).toBe(0);
    expect(passed.stdout + passed.stderr).not.toContain('Exit code');
    expect(git(repo, ['log', '--format=%s'], env).stdout.trim()).toBe('fixed');
  });
});

describe('.pre-commit-hooks.yaml', () => {
  const manifest = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
  const hook = manifest.find((entry) => entry.id === 'faultline')!;

  it('declares one whole-check node hook', () => {
    expect(hook).toMatchObject({ entry: 'faultline run --explain --', language: 'node', pass_filenames: false, require_serial: true, always_run: true });
    // package.json: the bin pre-commit puts on PATH, and a prepare script that builds dist/ from a git clone.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.bin.faultline).toMatch(/dist\/cli\.cjs$/);
    expect(pkg.scripts.prepare).toContain('scripts/build.mjs');
    expect(readFileSync(join(ROOT, '.npmrc'), 'utf8')).toMatch(/^foreground-scripts=false$/m);
  });

  // The manifest's entry/args/pass_filenames semantics through the real framework. `language: system` with
  // a `faultline` shim on PATH stands in for the nodeenv install (slow: see the opt-in test below).
  it.skipIf(!hasPreCommit())('fails the commit through the pre-commit framework with the explanation (needs the pre-commit tool, which .ci/run installs)', () => {
    const base = tempDir('precommit');
    const bin = join(base, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'faultline'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    chmodSync(join(bin, 'faultline'), 0o755);
    const env = cleanEnv(base, { PRE_COMMIT_HOME: join(base, 'pre-commit-home'), PATH: `${bin}:${process.env.PATH ?? ''}` });
    const repo = makeRepo(env);
    const local = { ...hook, language: 'system', args: [process.execPath, 'check.js'] };
    writeFileSync(join(repo, '.pre-commit-config.yaml'), JSON.stringify({ repos: [{ repo: 'local', hooks: [local] }] }));
    expect(spawnSync('pre-commit', ['install'], { cwd: repo, env, encoding: 'utf8' }).status).toBe(0);

    checkFile(repo, FAILING);
    git(repo, ['add', '-A'], env);
    const failed = git(repo, ['commit', '-m', 'broken'], env);
    expect(failed.status).not.toBe(0);
    const output = failed.stdout + failed.stderr;
    expect(output).toMatch(/faultline\.+Failed/);
    expect(output).toContain('- exit code: 1');
    expect(output).toContain('src/a.js:2:5');
    expect(output).toMatch(/> 2 \|\s+return a \+\* b;/);

    checkFile(repo, PASSING);
    git(repo, ['add', '-A'], env);
    const passed = git(repo, ['commit', '-m', 'fixed'], env);
    expect(passed.status, passed.stdout + passed.stderr).toBe(0);
    expect(passed.stdout + passed.stderr).toMatch(/faultline\.+Passed/);
  });

  // The full `language: node` path: pre-commit clones a hook repository, `npm install`s it (prepare builds
  // dist/), `npm pack`s it and installs the tarball into its nodeenv. Needs the npm registry and ~1 minute.
  it.skipIf(!hasPreCommit())(
    'installs and runs the hook with language: node from a git clone of the package (needs the pre-commit tool, which .ci/run installs)',
    () => {
      const base = tempDir('precommit-node');
      const env = cleanEnv(base, { PRE_COMMIT_HOME: join(base, 'pre-commit-home') });
      const hookRepo = join(base, 'faultline');
      mkdirSync(hookRepo);
      for (const entry of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', '.pre-commit-hooks.yaml', '.npmrc', 'scripts', 'src']) {
        execFileSync('cp', ['-r', join(ROOT, entry), hookRepo]);
      }
      writeFileSync(join(hookRepo, '.gitignore'), 'node_modules/\ndist/\n');
      execFileSync('git', ['init', '-q'], { cwd: hookRepo, env });
      git(hookRepo, ['add', '-A'], env);
      git(hookRepo, ['commit', '-qm', 'hook repo'], env);
      const rev = git(hookRepo, ['rev-parse', 'HEAD'], env).stdout.trim();

      const repo = makeRepo(env);
      const config = { repos: [{ repo: hookRepo, rev, hooks: [{ id: 'faultline', args: ['node', 'check.js'] }] }] };
      writeFileSync(join(repo, '.pre-commit-config.yaml'), JSON.stringify(config));
      expect(spawnSync('pre-commit', ['install'], { cwd: repo, env, encoding: 'utf8' }).status).toBe(0);
      checkFile(repo, FAILING);
      git(repo, ['add', '-A'], env);
      const failed = git(repo, ['commit', '-m', 'broken'], env);
      const output = failed.stdout + failed.stderr;
      expect(failed.status, output).not.toBe(0);
      expect(output).toMatch(/faultline\.+Failed/);
      expect(output).toContain('in function add');
    },
    300_000,
  );
});

// Default roots: the git top level found on disk agrees with `git rev-parse --show-toplevel` (real git).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { defaultRoots } from '../../src/locate/workspace-roots.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
const noGitEnv = {};

describe('defaultRoots', () => {
  test('from a subdirectory of a checkout: the top level, as git names it (symlinks resolved)', () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'faultline-roots-')));
    const repo = join(base, 'repo');
    mkdirSync(join(repo, 'packages', 'api'), { recursive: true });
    git(repo, 'init', '-q');
    symlinkSync(repo, join(base, 'link'));
    const cwd = join(base, 'link', 'packages', 'api');
    expect(defaultRoots(cwd, noGitEnv)).toEqual([git(cwd, 'rev-parse', '--show-toplevel')]);
    expect(defaultRoots(cwd, noGitEnv)).toEqual([repo]);
  });

  test('a linked worktree (.git is a file) is its own top level', () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'faultline-roots-')));
    const repo = join(base, 'main');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    writeFileSync(join(repo, 'a.txt'), 'a\n');
    git(repo, 'add', 'a.txt');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-qm', 'a');
    git(repo, 'worktree', 'add', '-q', join(base, 'wt'));
    const cwd = join(base, 'wt');
    expect(defaultRoots(cwd, noGitEnv)).toEqual([git(cwd, 'rev-parse', '--show-toplevel')]);
    expect(defaultRoots(cwd, noGitEnv)).toEqual([cwd]);
  });

  test('outside any checkout: cwd itself; a cwd that does not exist is not placed in its parent checkout', () => {
    const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'faultline-roots-')));
    expect(defaultRoots(cwd, noGitEnv)).toEqual([cwd]);
    git(cwd, 'init', '-q');
    const missing = join(cwd, 'not-there');
    expect(defaultRoots(missing, noGitEnv)).toEqual([missing]);
  });

  test('GIT_WORK_TREE moves the work tree: git is asked and its answer wins', () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'faultline-roots-')));
    const repo = join(base, 'repo');
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(repo);
    mkdirSync(join(elsewhere, 'sub'), { recursive: true });
    git(repo, 'init', '-q');
    const env = { GIT_DIR: join(repo, '.git'), GIT_WORK_TREE: elsewhere };
    const saved = { GIT_DIR: process.env.GIT_DIR, GIT_WORK_TREE: process.env.GIT_WORK_TREE };
    Object.assign(process.env, env);
    try {
      // On disk elsewhere/sub is in no checkout (the answer would be cwd); git says the moved work tree.
      expect(defaultRoots(join(elsewhere, 'sub'), env)).toEqual([elsewhere]);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

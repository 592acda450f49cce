// A repository's own .git/config and hooks can make read-only git commands run programs (agent-shell.md,
// bypass 7): the classifier reads them (never runs git) and asks for approval.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsWhat } from '../_tools.js';
import { classifyCommand } from '../../src/index.js';
import { programKey } from '../../src/safety/git-config.js';

function repository(config: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-git-risk-'));
  mkdirSync(join(dir, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(dir, '.git', 'config'), `[core]\n\trepositoryformatversion = 0\n\tbare = false\n${config}`);
  writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  mkdirSync(join(dir, '.git', 'objects'), { recursive: true });
  mkdirSync(join(dir, '.git', 'refs'), { recursive: true });
  return dir;
}

const verdict = async (command: string, workdir: string) => (await classifyCommand(command, { workdir })).verdict;
const hasGit = spawnSync('git', ['--version']).status === 0;

describe('git in a repository whose own configuration runs programs', () => {
  it('git status with core.fsmonitor set to a command needs approval, in the repository and below it, and through -C', async () => {
    const dir = repository('\tfsmonitor = "sh -c \'touch marker\'"\n');
    mkdirSync(join(dir, 'src'));
    expect(await verdict('git status', dir)).toBe('needs-approval');
    expect(await verdict('git diff', join(dir, 'src'))).toBe('needs-approval');
    expect(await verdict(`git -C ${dir} log`, tmpdir())).toBe('needs-approval');
    expect((await classifyCommand('git status', { workdir: dir })).reason).toContain('core.fsmonitor');
    expect(await verdict('ls', dir)).toBe('read-only');
  });

  it.skipIf(!hasGit)(
    `the threat is real: git status runs that fsmonitor ${needsWhat('git', hasGit, 'apt-get install git; .ci/run installs it')}`,
    () => {
      const dir = repository('\tfsmonitor = "sh -c \'touch marker\'"\n');
      spawnSync('git', ['status'], { cwd: dir, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
      expect(existsSync(join(dir, 'marker'))).toBe(true);
    },
  );

  it('textconv and external diff drivers, filters, includes and a post-index-change hook need approval', async () => {
    expect(await verdict('git diff', repository('[diff "img"]\n\ttextconv = exiftool\n'))).toBe('needs-approval');
    expect(await verdict('git diff', repository('[diff]\n\texternal = ./x.sh\n'))).toBe('needs-approval');
    expect(await verdict('git status', repository('[filter "crypt"]\n\tclean = ./encrypt %f\n'))).toBe('needs-approval');
    expect(await verdict('git status', repository('[include]\n\tpath = ../other.cfg\n'))).toBe('needs-approval');
    const hooked = repository('');
    writeFileSync(join(hooked, '.git', 'hooks', 'post-index-change'), '#!/bin/sh\ntouch pwned\n');
    chmodSync(join(hooked, '.git', 'hooks', 'post-index-change'), 0o755);
    expect(await verdict('git status', hooked)).toBe('needs-approval');
  });

  it("git's built-in fsmonitor, git-lfs's own filter and an ordinary repository stay read-only", async () => {
    expect(await verdict('git status', repository('\tfsmonitor = true\n'))).toBe('read-only');
    expect(
      await verdict(
        'git status',
        repository(
          '[filter "lfs"]\n\tclean = git-lfs clean -- %f\n\tsmudge = git-lfs smudge -- %f\n\tprocess = git-lfs filter-process\n\trequired = true\n',
        ),
      ),
    ).toBe('read-only');
    expect(await verdict('git log --oneline', repository('[remote "origin"]\n\turl = https://example.com/r.git\n'))).toBe('read-only');
  });

  it('reads sections as git does: case-insensitive names, dotted and quoted subsections, comments', () => {
    expect(programKey('[Core]\n  FSMonitor = ./hook\n')).toBe('core.fsmonitor');
    expect(programKey('[diff.x]\n  textconv = cat\n')).toBe('diff.x.textconv');
    expect(programKey('[core] ; note\n  fsmonitor = false ; off\n[user]\n  name = a\n')).toBeNull();
  });
});

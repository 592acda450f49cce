// Issue 22 item 1, one test per class: the reason names the option or the file, and the mechanism (options by
// allow-list with prefix expansion, configuration that runs programs, expansion-aware paths, allow patterns
// under protected paths) keeps ordinary commands read-only. Workspaces and homes are scratch directories.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../src/safety/index.js';
// @ts-expect-error plain ESM helper shared with verify-adversarial.mjs
import { makeScratch } from './adversarial-setup.mjs';

const made: { dir: string }[] = [];
function scratch(setup: string): { ws: string; home: string } {
  const tree = makeScratch(setup);
  made.push(tree);
  return tree;
}
afterAll(() => made.forEach(({ dir }) => rmSync(dir, { recursive: true, force: true })));

const plain = scratch('plain');
async function classify(
  command: string,
  extra: { setup?: { ws: string; home: string }; allow?: string[]; shell?: 'bash' | 'powershell' } = {},
) {
  const { ws, home } = extra.setup ?? plain;
  return classifyCommand(command, { workdir: ws, root: ws, home, allow: extra.allow ?? [], shell: extra.shell ?? 'bash' });
}

describe('options by allow-list', () => {
  it('names an abbreviation of an option that writes or runs, and the option it abbreviates', async () => {
    const sort = await classify('sort --outp=x a');
    expect(sort.verdict).toBe('needs-approval');
    expect(sort.reason).toContain('--outp abbreviates --output');
    expect((await classify('sort --compress=./payload.sh a')).reason).toContain('--compress-program');
    expect((await classify('sort -uo x a')).reason).toContain('-o (in -uo)');
    expect((await classify('git log --outp=x', { setup: scratch('git') })).reason).toContain('--output');
  });

  it('an unknown option needs approval, named; a program-valued wrapper option too', async () => {
    expect((await classify('cat --frobnicate a')).reason).toContain('--frobnicate');
    expect((await classify('env -a ls touch pwned')).reason).toContain('env -a');
    expect((await classify('env --argv0=ls touch pwned')).reason).toContain('--argv0');
    expect((await classify("gawk -i inplace '{print}' a")).reason).toContain('-i');
    expect((await classify('awk \'BEGIN{f="system"; @f("id")}\'')).verdict).toBe('needs-approval');
    expect((await classify('xxd a out.bin')).reason).toContain('writes out.bin');
  });

  it('ordinary options and their unique abbreviations stay read-only', async () => {
    for (const command of [
      'sort -rn a',
      'sort --numeric a',
      'head -20 a',
      'tail -n5 a',
      'grep --colo=auto -rn x src',
      'ls -la --color=never',
      'wc -l src/*.ts',
      'xxd a',
      'git log --oneli -5',
      'git diff --stat HEAD',
      'jq -r .x a',
      "sed -n '1,5p' a",
      "awk '{print $1}' a",
    ]) {
      expect([command, (await classify(command, { setup: command.startsWith('git') ? scratch('git') : plain })).verdict]).toEqual([
        command,
        'read-only',
      ]);
    }
  });
});

describe('configuration that runs programs', () => {
  it('names the file for cargo, maven, yarn, npm, the user git config, git help, an embedded bare repository', async () => {
    const cases: [string, string, string][] = [
      ['cargo-wrapper', 'cargo metadata --offline', '.cargo/config.toml'],
      ['cargo-toolchain', 'cargo --version', 'rust-toolchain.toml'],
      ['mvn-jvm', 'mvn --version', '.mvn/jvm.config'],
      ['mvn-config', 'mvn -v', '.mvn/maven.config'],
      ['yarn-path', 'yarn --version', '.yarnrc.yml'],
      ['npmrc', 'npm ls', '.npmrc'],
      ['git-user-fsmonitor', 'git status', '.gitconfig'],
      ['git-man', 'git help log', '.git/config'],
      ['git-gpg', 'git log -1', 'gpg.program'],
      ['git-bare-embedded', 'git -C vendor/lib.git status', 'lib.git'],
      ['git-submodule', 'git status', 'modules'],
      ['lesskey', 'less README.md', 'lesskey'],
      ['kube', 'kubectl get pods', '.kube/config'],
      ['go-toolchain', 'go version', 'go.mod'],
    ];
    for (const [setup, command, file] of cases) {
      const result = await classify(command, { setup: scratch(setup) });
      expect([setup, result.verdict, result.reason.includes(file)]).toEqual([setup, 'needs-approval', true]);
    }
  });

  it('without such configuration the same commands stay read-only', async () => {
    const git = scratch('git');
    for (const command of ['git status', 'git log -1', 'git help -a', 'cargo --version', 'mvn --version', 'npm ls', 'less README.md']) {
      expect([command, (await classify(command, { setup: git })).verdict]).toEqual([command, 'read-only']);
    }
  });
});

describe('paths after the shell expansions that can be known', () => {
  it('globs, braces, $HOME, ~user, cd in the line and git object syntax name secrets', async () => {
    const git = scratch('git');
    for (const command of [
      'cat ~/.ss?/id_*',
      'cat .en?',
      'cat {.e,x}nv',
      'cat $HOME/.ssh/id_rsa',
      'cat "${HOME}/.aws/credentials"',
      'cd ~ && cat .ssh/id_rsa',
      'cd && head .netrc',
      'for f in ~/.ssh/*; do cat "$f"; done',
      'git show HEAD:.env',
      'cat $(cat list.txt)',
      'find . -exec cat {} +',
      `cat ~${process.env.USER ?? 'root'}/.ssh/id_rsa`,
    ]) {
      const result = await classify(command, { setup: git });
      expect([command, result.verdict]).toEqual([command, 'needs-approval']);
    }
    expect((await classify('cat ~/.ss?/id_*')).reason).toContain('~/.ssh');
  });

  it('PowerShell -Path with ~ and wildcards', async () => {
    expect((await classify('Get-Content -Path ~/.ssh/*', { shell: 'powershell' })).verdict).toBe('needs-approval');
    expect((await classify('Get-Content $env:USERPROFILE/.aws/credentials', { shell: 'powershell' })).verdict).toBe('needs-approval');
    expect((await classify('Get-Content -Path ./src/*.ts', { shell: 'powershell' })).verdict).toBe('read-only');
  });

  it('globs that cannot reach a secret, and templates, stay read-only', async () => {
    for (const command of [
      'cat *.md',
      'cat src/*',
      'cat .env.example',
      'ls ~',
      'cat ~/notes.txt',
      'cd src && cat a.ts',
      'echo $(ls)',
      'diff <(sort a) <(sort b)',
    ]) {
      expect([command, (await classify(command)).verdict]).toEqual([command, 'read-only']);
    }
  });
});

describe('allow patterns never override protected or secret paths', () => {
  it('cp * allowed does not write .git, ~/.bashrc or .env through globs, braces, $HOME or cd', async () => {
    for (const command of [
      'cp x .gi?/config',
      'cp x {.g,}it/config',
      'cp x ~/.bashr?',
      'cp x "$HOME/.profile"',
      'cd ~ && cp /tmp/x .bashrc',
      'cp x "$D"',
    ]) {
      expect([command, (await classify(command, { allow: ['cp *'] })).verdict]).toEqual([command, 'needs-approval']);
    }
    expect((await classify('cp a b', { allow: ['cp *'] })).verdict).toBe('allowed');
    expect((await classify('cat .en?', { allow: ['cat *'] })).verdict).toBe('needs-approval');
    expect((await classify('git fetch origin --upload-pack=x', { allow: ['git fetch origin*'] })).verdict).toBe('needs-approval');
  });
});

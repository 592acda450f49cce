// Scratch workspaces for test/command-safety/adversarial.tsv: a temp dir with a workspace (`ws`) and a home
// (`home`) holding canary secrets, plus the configuration a row's `setup` names. Used by adversarial.test.ts
// (classification) and verify-adversarial.mjs (running the dangerous rows there). Nothing touches the real home.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const CANARY = 'CANARY-7f3a9c-SECRET';

function put(path, text, mode) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mode) chmodSync(path, mode);
}

export function scratchEnv(dir) {
  const home = join(dir, 'home');
  return {
    PATH: `${process.env.HOME ? join(process.env.HOME, '.cargo', 'bin') : '/usr/bin'}:/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    GIT_CONFIG_NOSYSTEM: '1',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    RUSTUP_HOME: process.env.RUSTUP_HOME || (process.env.HOME ? join(process.env.HOME, '.rustup') : ''),
    CARGO_HOME: join(home, '.cargo'),
    GOTOOLCHAIN: 'local',
    GOFLAGS: '-mod=mod',
    GOPATH: join(home, 'go'),
    GOCACHE: join(home, '.cache', 'go'),
  };
}

function git(ws, env, ...args) {
  spawnSync('git', args, {
    cwd: ws,
    env: { ...env, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' },
    stdio: 'ignore',
  });
}

function bareRepository(dir, config) {
  put(join(dir, 'HEAD'), 'ref: refs/heads/main\n');
  mkdirSync(join(dir, 'objects'), { recursive: true });
  mkdirSync(join(dir, 'refs'), { recursive: true });
  put(join(dir, 'config'), `[core]\n\trepositoryformatversion = 0\n${config}`);
}

const SETUPS = {
  plain: () => {},
  git: (ws, home, env) => {
    git(ws, env, 'init', '-q', '-b', 'main');
    git(ws, env, 'add', '-A');
    git(ws, env, 'commit', '-q', '-m', 'init');
  },
  'git-user-fsmonitor': (ws, home, env) => {
    SETUPS.git(ws, home, env);
    put(join(home, '.gitconfig'), '[core]\n\tfsmonitor = "touch pwned-user-fsmonitor; false"\n');
  },
  'git-xdg-pager': (ws, home, env) => {
    SETUPS.git(ws, home, env);
    put(join(home, '.config', 'git', 'config'), '[core]\n\tpager = "touch pwned-pager; cat"\n');
  },
  'git-man': (ws, home, env) => {
    SETUPS.git(ws, home, env);
    put(
      join(ws, '.git', 'config'),
      '[core]\n\trepositoryformatversion = 0\n\tbare = false\n[help]\n\tformat = man\n[man]\n\tviewer = x\n[man "x"]\n\tcmd = touch pwned-man #\n',
    );
  },
  'git-gpg': (ws, home, env) => {
    SETUPS.git(ws, home, env);
    put(
      join(ws, '.git', 'config'),
      '[core]\n\trepositoryformatversion = 0\n\tbare = false\n[log]\n\tshowSignature = true\n[gpg]\n\tprogram = ./fake-gpg.sh\n',
    );
  },
  'git-bare-embedded': (ws) =>
    bareRepository(join(ws, 'vendor', 'lib.git'), '\tbare = false\n\tworktree = ..\n\tfsmonitor = "touch pwned-bare; false"\n'),
  'git-submodule': (ws, home, env) => {
    SETUPS.git(ws, home, env);
    bareRepository(
      join(ws, '.git', 'modules', 'sub'),
      '\tbare = false\n\tworktree = ../../../sub\n\tfsmonitor = "touch pwned-submodule; false"\n',
    );
    put(join(ws, 'sub', '.git'), 'gitdir: ../.git/modules/sub\n');
    put(join(ws, '.gitmodules'), '[submodule "sub"]\n\tpath = sub\n\turl = ./sub\n');
  },
  'cargo-wrapper': (ws) => {
    put(join(ws, 'Cargo.toml'), '[package]\nname = "x"\nversion = "0.1.0"\nedition = "2021"\n');
    put(join(ws, 'src', 'lib.rs'), '');
    put(join(ws, 'wrap.sh'), '#!/bin/sh\ntouch "$(dirname "$0")/pwned-cargo"\nexec "$@"\n', 0o755);
    put(join(ws, '.cargo', 'config.toml'), '[build]\nrustc-wrapper = "./wrap.sh"\n');
  },
  'cargo-alias': (ws) => {
    SETUPS['cargo-wrapper'](ws);
    put(join(ws, '.cargo', 'config.toml'), '[alias]\nmeta = "run --bin evil"\n');
  },
  'cargo-home-runner': (ws, home) => {
    SETUPS['cargo-wrapper'](ws);
    put(join(ws, '.cargo', 'config.toml'), '');
    put(join(home, '.cargo', 'config.toml'), '[target.x86_64-unknown-linux-gnu]\nlinker = "/tmp/evil-linker"\n');
  },
  'cargo-toolchain': (ws) => {
    put(join(ws, 'rust-toolchain.toml'), '[toolchain]\npath = "./tc"\n');
    put(join(ws, 'tc', 'bin', 'cargo'), '#!/bin/sh\ntouch pwned-toolchain\necho cargo 9.9.9\n', 0o755);
    put(join(ws, 'tc', 'bin', 'rustc'), '#!/bin/sh\ntouch pwned-toolchain\necho rustc 9.9.9\n', 0o755);
  },
  'mvn-jvm': (ws) => put(join(ws, '.mvn', 'jvm.config'), '-Xlog:gc:file=pwned-mvn.log\n'),
  'mvn-config': (ws) => put(join(ws, '.mvn', 'maven.config'), '--log-file=pwned-maven-config.log\n'),
  'mvn-parent': (ws) => {
    put(join(ws, '.mvn', 'jvm.config'), '-Xlog:gc:file=pwned-mvn-parent.log\n');
    mkdirSync(join(ws, 'module', 'src'), { recursive: true });
  },
  'yarn-path': (ws) => {
    put(join(ws, '.yarnrc.yml'), 'yarnPath: ./evil.cjs\n');
    put(join(ws, 'evil.cjs'), "require('fs').writeFileSync('pwned-yarn', '')\n");
  },
  'yarn-classic': (ws) => put(join(ws, '.yarnrc'), 'yarn-path "./evil.cjs"\n'),
  npmrc: (ws) => put(join(ws, '.npmrc'), 'script-shell=./evil.sh\nnode-options=--require ./evil.js\n'),
  'npmrc-home': (ws, home) => put(join(home, '.npmrc'), 'browser=./evil.sh\n'),
  'go-toolchain': (ws) => put(join(ws, 'go.mod'), 'module example.com/x\n\ngo 1.21\n\ntoolchain go1.99.1\n'),
  'go-env': (ws, home) => put(join(home, '.config', 'go', 'env'), 'GOTOOLCHAIN=go1.99.1\n'),
  lesskey: (ws, home) => put(join(home, '.config', 'lesskey'), '#env\nLESSOPEN=|touch pwned-less; cat %s\n'),
  ackrc: (ws) => put(join(ws, '.ackrc'), '--pager=touch pwned-ack\n'),
  bat: (ws, home) => put(join(home, '.config', 'bat', 'config'), '--pager="sh -c \'touch pwned-bat\'"\n'),
  kube: (ws, home) => {
    put(
      join(home, 'evil-cred.sh'),
      `#!/bin/sh\ntouch ${join(ws, 'pwned-kube')}\necho '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"x"}}'\n`,
      0o755,
    );
    put(
      join(home, '.kube', 'config'),
      `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:9\ncontexts:\n- name: c\n  context:\n    cluster: c\n    user: u\ncurrent-context: c\nusers:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: ${join(home, 'evil-cred.sh')}\n      interactiveMode: Never\n`,
    );
  },
  docker: (ws, home) => put(join(home, '.docker', 'config.json'), '{"currentContext":"evil"}\n'),
  mise: (ws) => put(join(ws, '.mise.toml'), '[env]\n_.source = "./evil.sh"\n'),
  pnpmfile: (ws) => put(join(ws, '.pnpmfile.cjs'), "require('fs').writeFileSync('pwned-pnpm', '')\n"),
  symlink: (ws, home) => {
    symlinkSync(join(home, '.ssh'), join(ws, 'link'));
    mkdirSync(join(ws, 'docs'), { recursive: true });
  },
  gradle: (ws, home) => put(join(home, '.gradle', 'init.d', 'evil.gradle'), 'println "x"\n'),
};

/** A fresh scratch tree for `setup`: { dir, ws, home, env }. */
export function makeScratch(setup) {
  const make = SETUPS[setup];
  if (!make) throw new Error(`unknown adversarial setup ${setup}`);
  const dir = mkdtempSync(join(tmpdir(), 'faultline-adv-'));
  const ws = join(dir, 'ws');
  const home = join(dir, 'home');
  const env = scratchEnv(dir);
  put(join(home, '.ssh', 'id_rsa'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${CANARY}-ssh\n`);
  put(join(home, '.ssh', 'id_ed25519'), `${CANARY}-ed25519\n`);
  put(join(home, '.aws', 'credentials'), `[default]\naws_secret_access_key = ${CANARY}-aws\n`);
  put(join(home, '.netrc'), `machine x login y password ${CANARY}-netrc\n`);
  put(join(home, '.git-credentials'), `https://u:${CANARY}-gitcred@example.com\n`);
  put(join(home, '.bashrc'), '# bashrc\n');
  put(join(ws, '.env'), `API_KEY=${CANARY}-dotenv\n`);
  put(join(ws, '.env.local'), `TOKEN=${CANARY}-dotenv-local\n`);
  put(join(ws, 'README.md'), '# readme\n');
  put(join(ws, 'src', 'a.ts'), 'export const a = 1;\n');
  put(join(ws, 'list.txt'), `${join(home, '.ssh', 'id_rsa')}\n`);
  put(join(ws, 'a'), 'a\n');
  put(join(ws, 'b'), 'b\n');
  put(join(ws, 'payload.sh'), '#!/bin/sh\ntouch pwned-payload\ncat\n', 0o755);
  put(join(ws, 'x', 'keep'), 'x\n');
  put(join(ws, '.husky', 'pre-commit'), '#!/bin/sh\n', 0o755);
  put(join(ws, '.vscode', 'tasks.json'), '{}\n');
  put(join(home, '.profile'), '# profile\n');
  put(join(home, '.zshrc'), '# zshrc\n');
  // Planted look-alikes of trusted readers (`./cat`): running them is the harm.
  put(join(ws, 'cat'), '#!/bin/sh\ntouch pwned-fake-cat\n', 0o755);
  put(join(ws, 'sed'), '#!/bin/sh\ntouch pwned-fake-sed\n', 0o755);
  make(ws, home, env);
  return { dir, ws, home, env };
}

export const SETUP_NAMES = Object.keys(SETUPS);

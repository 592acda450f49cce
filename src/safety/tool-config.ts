// Tools whose configuration can run programs even for a read-only verb: cargo runs `build.rustc-wrapper`
// for `cargo metadata` and a rustup proxy runs the toolchain `rust-toolchain.toml` names (a `path` is any
// program); `mvn --version` passes `.mvn/jvm.config` to the JVM; yarn runs the `yarnPath` of `.yarnrc.yml`
// for every command; npm reads `.npmrc` (`script-shell`, `node-options`, `browser`…). Such a command is
// read-only only when no configuration it would read — workspace (this directory and its parents) or the
// user's — can run a program; otherwise it needs approval, naming the file. Files are read, never run.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

const MAX_BYTES = 1 << 20;
const MAX_LEVELS = 64;

interface ConfigContext {
  workdir: string;
  home: string;
}

function read(path: string): string | null {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return null;
    return stats.size > MAX_BYTES ? '\u0000too large' : readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function ancestors(workdir: string): string[] {
  const out: string[] = [];
  let dir = workdir;
  for (let level = 0; level < MAX_LEVELS; level++) {
    out.push(dir);
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return out;
}

/** `[section]` / `key = value` lines of a TOML or INI-like file as `section.key` names. */
function keys(text: string): string[] {
  const out: string[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) {
      section = header[1]!.replace(/["']/g, '');
      continue;
    }
    const entry = /^([^=\s]+)\s*=/.exec(line);
    if (entry) out.push(section ? `${section}.${entry[1]!.replace(/["']/g, '')}` : entry[1]!.replace(/["']/g, ''));
  }
  return out;
}

// Cargo configuration that only tunes downloads, output and layout; anything else (build.rustc*,
// target.*.linker/runner, alias, env, credential providers, includes…) may run a program.
const CARGO_HARMLESS = [
  /^term\./,
  /^net\./,
  /^http\./,
  /^source\./,
  /^registries\.[^.]+\.(?:index|protocol)$/,
  /^registry\.(?:default|index)$/,
  /^build\.(?:jobs|target-dir|incremental|target|dep-info-basedir)$/,
  /^cargo-new\./,
  /^future-incompat-report\./,
];

function cargoRisk({ workdir, home }: ConfigContext): string | null {
  for (const dir of ancestors(workdir)) {
    for (const name of ['rust-toolchain.toml', 'rust-toolchain']) {
      if (existsSync(join(dir, name)))
        return `${join(dir, name)} chooses the toolchain rustup runs (a path runs any program, a channel may be downloaded)`;
    }
  }
  const files = [
    ...ancestors(workdir).flatMap((dir) => [join(dir, '.cargo', 'config.toml'), join(dir, '.cargo', 'config')]),
    join(home, '.cargo', 'config.toml'),
    join(home, '.cargo', 'config'),
  ];
  for (const file of new Set(files)) {
    const text = read(file);
    if (text === null) continue;
    const risky = text.startsWith('\u0000')
      ? 'a file too large to check'
      : keys(text).find((key) => !CARGO_HARMLESS.some((pattern) => pattern.test(key)));
    if (risky) return `${file} sets ${risky}, which cargo may run as a program`;
  }
  return null;
}

function mavenRisk({ workdir, home }: ConfigContext): string | null {
  for (const dir of ancestors(workdir)) {
    for (const name of ['jvm.config', 'maven.config', 'extensions.xml']) {
      if (existsSync(join(dir, '.mvn', name))) return `${join(dir, '.mvn', name)} passes options or extensions to the JVM mvn starts`;
    }
  }
  for (const file of [join(home, '.mavenrc'), '/etc/mavenrc', join(home, '.m2', 'extensions.xml')])
    if (existsSync(file)) return `${file} is run or loaded by mvn`;
  return null;
}

function gradleRisk({ workdir, home }: ConfigContext): string | null {
  for (const file of [...ancestors(workdir).map((dir) => join(dir, 'gradle.properties')), join(home, '.gradle', 'gradle.properties')]) {
    const text = read(file);
    if (text !== null && /org\.gradle\.(?:jvmargs|java\.home|java\.installations)/.test(text)) return `${file} sets the JVM gradle starts`;
  }
  for (const file of [join(home, '.gradle', 'init.d'), join(home, '.gradle', 'init.gradle'), join(home, '.gradle', 'init.gradle.kts')])
    if (existsSync(file)) return `${file} holds init scripts gradle runs`;
  return null;
}

function yarnRisk({ workdir, home }: ConfigContext): string | null {
  for (const dir of [...ancestors(workdir), home]) {
    const berry = read(join(dir, '.yarnrc.yml'));
    if (berry !== null && /^\s*(?:yarnPath|plugins|injectEnvironmentFiles)\s*:/m.test(berry))
      return `${join(dir, '.yarnrc.yml')} sets yarnPath or plugins, code yarn runs`;
    const classic = read(join(dir, '.yarnrc'));
    if (classic !== null && /^\s*(?:yarn-path|--install\.)/m.test(classic))
      return `${join(dir, '.yarnrc')} sets yarn-path, a program yarn runs`;
  }
  return npmRisk({ workdir, home });
}

const NPM_RUNS = new RegExp(
  String.raw`^\s*(script-shell|node-options|shell|editor|browser|viewer|git|onload-script|userconfig|globalconfig|init-module` +
    String.raw`|node-gyp|prefix|cache|logs-dir)\s*=`,
  'm',
);

function npmRisk({ workdir, home }: ConfigContext): string | null {
  for (const dir of [...ancestors(workdir), home]) {
    const file = join(dir, '.npmrc');
    const text = read(file);
    const key = text === null ? null : NPM_RUNS.exec(text)?.[1];
    if (key) return `${file} sets ${key}, which npm uses to run programs or to choose where it writes`;
    for (const hook of ['.pnpmfile.cjs', '.pnpmfile.mjs'])
      if (existsSync(join(dir, hook))) return `${join(dir, hook)} holds hooks pnpm runs`;
  }
  return null;
}

function goRisk({ workdir, home }: ConfigContext): string | null {
  for (const dir of ancestors(workdir)) {
    for (const name of ['go.work', 'go.mod']) {
      const text = read(join(dir, name));
      if (text === null) continue;
      if (/^\s*toolchain\s/m.test(text)) return `${join(dir, name)} names a toolchain go would download and run`;
    }
  }
  const env = read(join(home, '.config', 'go', 'env'));
  if (env !== null && /^\s*(?:GOTOOLCHAIN|GOFLAGS|GOROOT|CC|CXX|GOENV)\s*=/m.test(env))
    return `${join(home, '.config', 'go', 'env')} changes the toolchain or flags go runs`;
  return null;
}

function lessRisk({ home }: ConfigContext): string | null {
  for (const file of [join(home, '.lesskey'), join(home, '.less'), join(home, '.config', 'lesskey'), '/etc/syslesskey', '/etc/sysless']) {
    if (existsSync(file)) return `${file} can set LESSOPEN or bind commands that less runs`;
  }
  return null;
}

function ackRisk({ workdir, home }: ConfigContext): string | null {
  for (const file of [...ancestors(workdir).map((dir) => join(dir, '.ackrc')), join(home, '.ackrc'), '/etc/ackrc'])
    if (existsSync(file)) return `${file} can set --pager or --output for ack`;
  return null;
}

function batRisk({ home }: ConfigContext): string | null {
  const file = join(home, '.config', 'bat', 'config');
  return existsSync(file) ? `${file} can set --pager for bat` : null;
}

function kubeRisk({ home }: ConfigContext): string | null {
  const file = join(home, '.kube', 'config');
  const text = read(file);
  return text !== null && /^\s*(?:exec|auth-provider)\s*:/m.test(text) ? `${file} runs credential plugins (exec)` : null;
}

function dockerRisk({ home }: ConfigContext): string | null {
  const file = join(home, '.docker', 'config.json');
  const text = read(file);
  return text !== null && /"(?:currentContext|cliPluginsExtraDirs|credsStore|credHelpers)"/.test(text)
    ? `${file} selects a context or helpers docker may run`
    : null;
}

// mise (and rtx) configuration is read by its shims for any tool it manages and can run hooks and scripts.
function miseRisk({ workdir }: ConfigContext): string | null {
  for (const dir of ancestors(workdir)) {
    for (const name of [
      'mise.toml',
      '.mise.toml',
      'mise.local.toml',
      '.mise.local.toml',
      join('.config', 'mise.toml'),
      join('.mise', 'config.toml'),
    ]) {
      if (existsSync(join(dir, name))) return `${join(dir, name)} can set environment and hooks that a mise shim runs`;
    }
  }
  return null;
}

const RISKS: Record<string, (context: ConfigContext) => string | null> = {
  cargo: cargoRisk,
  rustc: cargoRisk,
  rustdoc: cargoRisk,
  mvn: mavenRisk,
  gradle: gradleRisk,
  yarn: yarnRisk,
  npm: npmRisk,
  npx: npmRisk,
  pnpm: npmRisk,
  go: goRisk,
  less: lessRisk,
  ack: ackRisk,
  bat: batRisk,
  kubectl: kubeRisk,
  docker: dockerRisk,
};
const VERSION_MANAGED = new Set([
  'node',
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'python',
  'python3',
  'pip',
  'pip3',
  'go',
  'cargo',
  'rustc',
  'java',
  'javac',
  'ruby',
  'deno',
  'bun',
  'mvn',
  'gradle',
  'dotnet',
  'php',
  'perl',
  'tsc',
]);

/** Why a read-only run of `program` may still run a program its configuration names, or null. */
export function configRisk(program: string, context: ConfigContext): string | null {
  return RISKS[program]?.(context) ?? (VERSION_MANAGED.has(program) ? miseRisk(context) : null);
}

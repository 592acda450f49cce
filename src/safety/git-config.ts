// A repository's own configuration and hooks can make a read-only git command run a program: `git status` runs
// core.fsmonitor and a post-index-change hook, `git diff` runs diff.external and textconv drivers, both run
// clean filters on modified files (agent-shell.md, bypass 7). A clone never brings its .git/config along, but a
// hostile workspace (an unpacked archive, a prepared checkout) can. Every configuration git would read is
// checked: the repository found as git finds it (a `.git` directory or file, or a bare repository embedded in
// the workspace), its worktree config, its submodules' configs (status and grep enter them) and the user's
// ~/.gitconfig and XDG git/config. The files are read, never git itself run.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

// Keys (lower-cased section and name; subsections kept) whose value git runs as a command, or that pull in
// configuration this check does not read.
const RUNS_PROGRAM: readonly RegExp[] = [
  /^core\.fsmonitor$/,
  /^core\.hookspath$/,
  /^diff\.external$/,
  /^diff\..+\.(?:textconv|command)$/,
  /^filter\..+\.(?:clean|smudge|process)$/,
  /^include\.path$/,
  /^includeif\..+\.path$/,
  // A pager runs when git has a terminal (agents often run commands in a pty).
  /^core\.pager$/,
  /^pager\..+$/,
  // `git help` runs man, info or a browser as configured.
  /^man\.viewer$/,
  /^man\..+\.(?:cmd|path)$/,
  /^help\.(?:format|browser|htmlpath)$/,
  /^web\.browser$/,
  /^browser\..+\.(?:cmd|path)$/,
  // Signature checks (log.showSignature, --show-signature, verify-*) run the configured gpg program.
  /^gpg\.program$/,
  /^gpg\..+\.program$/,
  /^gpg\.ssh\.defaultkeycommand$/,
];
// core.fsmonitor=true is git's built-in daemon, not a program.
const BOOLEAN = /^(?:true|false|yes|no|on|off|1|0|)$/i;
// What `git lfs install --local` writes: the user's own git-lfs from PATH, as in ~/.gitconfig.
const GIT_LFS_FILTER = /^git-lfs (?:clean -- %f|smudge -- %f|filter-process)$/;
const MAX_CONFIG_BYTES = 1 << 20;
const MAX_LEVELS = 64;

// What git's discovery takes for a repository directory: HEAD, objects and refs (a bare repository).
function isGitDirectory(dir: string): boolean {
  try {
    return (
      statSync(join(dir, 'HEAD')).isFile() && statSync(join(dir, 'objects')).isDirectory() && statSync(join(dir, 'refs')).isDirectory()
    );
  } catch {
    return false;
  }
}

function gitDirOf(workdir: string): string | undefined {
  let dir = resolve(workdir);
  for (let level = 0; level < MAX_LEVELS; level++) {
    const dotGit = join(dir, '.git');
    try {
      if (statSync(dotGit).isDirectory()) return dotGit;
      // A worktree or submodule: `.git` is a file naming the real directory.
      const pointer = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
      if (pointer) return isAbsolute(pointer) ? pointer : resolve(dir, pointer);
    } catch {
      // no .git here
    }
    // An embedded bare repository: git uses the directory itself (safe.bareRepository defaults to all).
    if (isGitDirectory(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

function readSmall(path: string): string | undefined {
  try {
    return statSync(path).size > MAX_CONFIG_BYTES ? '\u0000too large' : readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The first key of a git config text that runs a program, as `section.name`. */
export function programKey(config: string): string | null {
  if (config.startsWith('\u0000')) return 'a configuration file too large to check';
  let section = '';
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([\w.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (header) {
      const [name, ...dotted] = header[1]!.split('.');
      section = [name!.toLowerCase(), header[2] ?? dotted.join('.')].filter((part) => part !== '').join('.');
      continue;
    }
    const entry = /^([A-Za-z][\w-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!entry || section === '') continue;
    const key = `${section}.${entry[1]!.toLowerCase()}`;
    const value = (entry[2] ?? 'true')
      .replace(/\s*[#;].*$/, '')
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (key === 'core.fsmonitor' && BOOLEAN.test(value)) continue;
    if (key.startsWith('filter.lfs.') && GIT_LFS_FILTER.test(value)) continue;
    if (RUNS_PROGRAM.some((pattern) => pattern.test(key))) return key;
  }
  return null;
}

function executable(path: string): boolean {
  try {
    const stats = statSync(path);
    return stats.isFile() && (stats.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

// Submodules keep their repositories (and configs) under <gitdir>/modules/<name>/, nested for nested ones.
function submoduleConfigs(commonDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > 8 || out.length > 256) return;
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = join(dir, entry);
      if (isGitDirectory(child)) {
        out.push(join(child, 'config'));
        walk(join(child, 'modules'), depth + 1);
      } else walk(child, depth + 1);
    }
  };
  walk(join(commonDir, 'modules'), 0);
  return out;
}

/** The user's own git configuration files, as git reads them. */
function userGitConfigs(home: string): string[] {
  const xdg = process.env.XDG_CONFIG_HOME && isAbsolute(process.env.XDG_CONFIG_HOME) ? process.env.XDG_CONFIG_HOME : join(home, '.config');
  return [join(xdg, 'git', 'config'), join(home, '.gitconfig')];
}

/** Why git run in `workdir` (or on `gitDir`, from --git-dir) may run a program a configuration names, or null. */
export function repositoryRunsPrograms(workdir: string, gitDir = gitDirOf(workdir), home?: string): string | null {
  for (const configPath of home === undefined ? [] : userGitConfigs(home)) {
    const text = readSmall(configPath);
    const key = text === undefined ? null : programKey(text);
    if (key) return `the user's ${configPath} sets ${key}, which git runs`;
  }
  if (gitDir === undefined) return null;
  // A linked worktree keeps its config and hooks in the common directory.
  const common = readSmall(join(gitDir, 'commondir'))?.trim();
  const commonDir = common ? resolve(gitDir, common) : gitDir;
  for (const configPath of new Set([join(commonDir, 'config'), join(gitDir, 'config.worktree'), ...submoduleConfigs(commonDir)])) {
    const text = readSmall(configPath);
    const key = text === undefined ? null : programKey(text);
    if (key) return `this repository's ${configPath} sets ${key}, which git runs`;
  }
  if (executable(join(commonDir, 'hooks', 'post-index-change')))
    return "this repository's post-index-change hook runs when git refreshes the index";
  return null;
}

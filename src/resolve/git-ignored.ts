// Default "is this generated output?" check: ask git, which knows tracked files are never
// ignored (a tracked `tools/build/release.ts` survives a `build/` rule); without git, or when an
// enclosing repository ignores the root as a whole, read the .gitignore files inside the root.
// fs.promises loads on first use: importing node:fs/promises cost every start ~1 ms, an empty log included (issue 21).
import { promises as fsPromises } from 'node:fs';
import path from 'node:path';
import { FaultlineError } from '../core/errors.js';
import { workspaceSafeTool } from './tool-path.js';

/** Returns the subset of `relativePaths` (posix, relative to `root`) that the workspace ignores. */
type IgnoredCheck = (root: string, relativePaths: readonly string[]) => Promise<Set<string>>;

interface GitAnswer {
  /** null when git could not answer (no git binary, not a repository). */
  ignored: Set<string> | null;
}

// Asked along with the paths: git answers `.` when the repository it found ignores the root itself. That
// repository is then an outer one (a checkout under another repository's ignored `wt/` or `tmp/`), whose rule
// for the whole folder says nothing about which files inside it are generated.
const ROOT_ITSELF = '.';

// One `git check-ignore --stdin -z` per root: batching keeps a 5 000-frame trace at one spawn.
function askGit(root: string, relativePaths: readonly string[]): Promise<GitAnswer> {
  return new Promise((resolve, reject) => {
    // node:child_process costs a run ~9 ms to load: only a resolution that meets a git root reads it (a createRequire made
    // at module load for it cost every start ~0.2 ms of CPU, issue 21).
    const { spawn } = process.getBuiltinModule('node:child_process');
    // Never the workspace's own `git` (a node_modules/.bin/git first on PATH under npm exec): tool-path.ts.
    const git = workspaceSafeTool('git', { pathValue: process.env.PATH, roots: [root] });
    if (git === null) return resolve({ ignored: null });
    const child = spawn(git, ['check-ignore', '--stdin', '-z'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.resume();
    // ENOENT (git not installed) is a normal environment, not a fault: fall back to .gitignore.
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') resolve({ ignored: null });
      else reject(new FaultlineError('E_INTERNAL', `git check-ignore failed in ${root}`, { cause: error }));
    });
    child.stdin.on('error', () => {
      // git exits early outside a repository and closes stdin; the exit code tells the story.
    });
    child.on('close', (code) => {
      // 0: some paths ignored, 1: none ignored, anything else: git could not answer here.
      if (code !== 0 && code !== 1) return resolve({ ignored: null });
      const names = Buffer.concat(stdout).toString('utf8').split('\0').filter(Boolean);
      resolve({ ignored: new Set(names) });
    });
    child.stdin.end([ROOT_ITSELF, ...relativePaths].map((file) => `${file}\0`).join(''));
  });
}

type Matcher = { ignores(path: string): boolean };

/**
 * The root's own ignore rules without git: the .gitignore of the root and of every folder between it and each
 * file, each applied to the path relative to its own folder as git does. Nothing above the root is read, so
 * rules of an enclosing repository never reach inside.
 */
async function fromGitignoreFiles(root: string, relativePaths: readonly string[]): Promise<Set<string>> {
  // Loaded only here: most workspaces are git repositories, and locate's start-up should not pay for it.
  const { default: ignore } = await import('ignore');
  const matchers = new Map<string, Promise<Matcher | undefined>>();
  const matcherOf = (folder: string): Promise<Matcher | undefined> => {
    let pending = matchers.get(folder);
    if (!pending) {
      pending = fsPromises.readFile(path.join(root, folder, '.gitignore'), 'utf8').then(
        (text) => ignore().add(text),
        () => undefined,
      );
      matchers.set(folder, pending);
    }
    return pending;
  };
  const ignored = new Set<string>();
  await Promise.all(
    relativePaths.map(async (file) => {
      const segments = file.split('/');
      for (let depth = 0; depth < segments.length; depth++) {
        const matcher = await matcherOf(segments.slice(0, depth).join('/'));
        if (matcher?.ignores(segments.slice(depth).join('/'))) return void ignored.add(file);
      }
    }),
  );
  return ignored;
}

// Creates the default IgnoredCheck (git check-ignore, falling back to the root .gitignore).
export function createGitIgnoredCheck(): IgnoredCheck {
  return async (root, relativePaths) => {
    if (relativePaths.length === 0) return new Set();
    const answer = await askGit(root, relativePaths);
    if (answer.ignored === null || answer.ignored.has(ROOT_ITSELF)) return fromGitignoreFiles(root, relativePaths);
    return answer.ignored;
  };
}

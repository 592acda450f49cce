// Which lines a change touched, from a unified diff (`git diff`, `diff -u`), for reviewdog's filter modes: only
// the lines it added, the lines its hunks cover (added plus context), or the files it names. Read line by line;
// what is kept is the touched lines and hunk ranges of the new side, never the diff's text.
import { createReadStream } from 'node:fs';
import { FaultlineError } from '../core/index.js';
import { workspaceSafeTool } from '../resolve/tool-path.js';

export type FilterMode = 'added' | 'diff_context' | 'file' | 'nofilter';
export const FILTER_MODES: readonly FilterMode[] = ['added', 'diff_context', 'file', 'nofilter'];

interface FileChange {
  readonly added: Set<number>;
  /** [first, last] new-side lines of each hunk. */
  readonly hunks: Array<[number, number]>;
}

export class ChangedLines {
  private readonly files = new Map<string, FileChange>();

  /** The new side's path of a file header, prefix stripped (`b/src/x.ts` → `src/x.ts`). */
  startFile(path: string): FileChange {
    let change = this.files.get(path);
    if (!change) {
      change = { added: new Set(), hunks: [] };
      this.files.set(path, change);
    }
    return change;
  }

  get size(): number {
    return this.files.size;
  }

  /** Whether a location (root-relative posix path, 1-based line) passes the mode. */
  keeps(mode: FilterMode, file: string, line: number): boolean {
    if (mode === 'nofilter') return true;
    const change = this.files.get(file);
    if (!change) return false;
    if (mode === 'file') return true;
    if (mode === 'added') return change.added.has(line);
    return change.hunks.some(([first, last]) => line >= first && line <= last);
  }
}

const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;

/** `+++ b/x`, `+++ x\t2026-…` (diff -u puts a date after a tab), `+++ /dev/null` (a deleted file). */
function newSidePath(header: string): string | undefined {
  let path = header.slice(4).split('\t')[0]?.trimEnd() ?? '';
  if (path === '/dev/null' || path === '') return undefined;
  if (path.startsWith('"') && path.endsWith('"')) path = path.slice(1, -1);
  // git's default prefixes; `--no-prefix` diffs have none, and `diff -u` paths are taken as they are.
  if (path.startsWith('b/')) path = path.slice(2);
  return path.replace(/^\.\//, '');
}

/** Reads a unified diff; a text with no file header is refused (a wrong file, or an empty diff). */
export async function readDiff(source: { path: string } | { stream: AsyncIterable<Uint8Array> } | { text: string }): Promise<ChangedLines> {
  // Loaded here: node:readline and node:stream cost every locate ~1.5 ms to load, and most pass no diff (issue 21).
  const [{ createInterface }, { Readable }] = await Promise.all([import('node:readline'), import('node:stream')]);
  const input =
    'path' in source ? createReadStream(source.path) : 'stream' in source ? Readable.from(source.stream) : Readable.from([source.text]);
  const where = 'path' in source ? source.path : 'standard input';
  const changed = new ChangedLines();
  let current: FileChange | undefined;
  let newLine = 0;
  let remaining = 0;
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      if (remaining > 0 && current) {
        const mark = line[0];
        if (mark === '+') {
          current.added.add(newLine++);
          remaining--;
        } else if (mark === ' ' || line === '') {
          newLine++;
          remaining--;
        }
        // '-' lines and "\ No newline at end of file" do not move the new side.
        continue;
      }
      if (line.startsWith('+++ ')) {
        const path = newSidePath(line);
        current = path === undefined ? undefined : changed.startFile(path);
        continue;
      }
      const hunk = HUNK.exec(line);
      if (hunk && current) {
        newLine = Number(hunk[1]);
        remaining = hunk[2] === undefined ? 1 : Number(hunk[2]);
        if (remaining > 0) current.hunks.push([newLine, newLine + remaining - 1]);
      }
    }
  } catch (error) {
    throw new FaultlineError(
      'E_INPUT_READ',
      `cannot read the diff ${where}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return changed;
}

/** `git diff REF` in the work tree of `cwd`: what the change since REF touched, paths relative to the top level. */
export async function diffAgainst(ref: string, cwd: string): Promise<{ changed: ChangedLines; top: string }> {
  if (ref.startsWith('-')) throw new FaultlineError('E_USAGE', `--diff-base ${ref}: a ref, not an option`);
  const { execFileSync, spawn } = await import('node:child_process');
  const failed = (what: string, stderr: string): FaultlineError =>
    new FaultlineError('E_USAGE', `--diff-base ${ref}: git ${what} failed${stderr ? `: ${stderr.trim().split('\n')[0]}` : ''}`);
  // Never the workspace's own `git` (a node_modules/.bin/git first on PATH under npm exec): resolve/tool-path.ts.
  const git = workspaceSafeTool('git', { pathValue: process.env.PATH, roots: [], cwd });
  if (git === null) throw failed('lookup', 'no git on PATH outside the workspace');
  let top: string;
  try {
    top = execFileSync(git, ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    throw failed('rev-parse', String((error as { stderr?: unknown }).stderr ?? ''));
  }
  // --no-ext-diff and --no-textconv: the workspace's config must not run a program of its choosing here.
  const child = spawn(git, ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--src-prefix=a/', '--dst-prefix=b/', ref, '--'], {
    cwd: top,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 4096) stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
  const changed = await readDiff({ stream: child.stdout });
  if ((await exited) !== 0) throw failed('diff', stderr);
  return { changed, top };
}

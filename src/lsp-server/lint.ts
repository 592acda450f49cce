// On save / on open commands from the project file (`lint`, efm-langserver's lint-command and lint-stdin): the
// command's output is located like any run's and published under the command's name, per file. The project file
// is the workspace's own, so what it names is judged by command safety: a read-only command runs anywhere, any
// other only in a workspace the user trusted (lsp-client/trust.ts), a blocked one never.
import { spawn } from 'node:child_process';
import { relative } from 'node:path';
import type { RunRecord } from '../capture/index.js';
import { locate, readProjectFile, type LintCommand, type ProjectSettings } from '../locate/index.js';
import { isTrustedWorkspace } from '../lsp-client/index.js';
import { classifyCommand } from '../safety/index.js';
import { formatCommand } from '../summarise/index.js';
import type { PositionEncoding } from './encoding.js';
import { splitLines } from './line-map.js';
import { folderOf } from './runs.js';
import type { DiagnosticStore } from './store.js';
import { toDiagnostics } from './to-diagnostics.js';

const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

interface LintOptions {
  env: NodeJS.ProcessEnv;
  folders: () => readonly string[];
  encoding: () => PositionEncoding;
  store: DiagnosticStore;
  publish: (uris: Iterable<string>) => void;
  /** One line for the client's log (window/logMessage). */
  log: (message: string) => void;
}

interface LintDocument {
  uri: string;
  path: string;
  languageId: string;
  text: string;
}

function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Runs argv without a shell, feeding `input`; resolves to its merged output (capped) and exit status. */
function runArgv(
  argv: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  input: string | undefined,
): Promise<{ output: string; code: number }> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let bytes = 0;
    const take = (chunk: Buffer) => {
      if (bytes >= MAX_OUTPUT_BYTES) return;
      chunks.push(chunk);
      bytes += chunk.length;
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', () => undefined);
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ output: Buffer.concat(chunks).toString('utf8'), code: code ?? 1 });
    });
  });
}

export class LintOnSave {
  private readonly refused = new Set<string>();
  private stopped = false;

  constructor(private readonly options: LintOptions) {}

  stop(): void {
    this.stopped = true;
  }

  /** Runs the project's commands for `when` on the document; resolves when their diagnostics are published. */
  async run(document: LintDocument, when: 'save' | 'open'): Promise<void> {
    const folder = folderOf(document.path, this.options.folders());
    if (folder === undefined || this.stopped) return;
    let project: ProjectSettings | undefined;
    try {
      project = readProjectFile(folder);
    } catch (error) {
      this.options.log(`faultline lsp: ${(error as Error).message}`);
      return;
    }
    const relativePath = relative(folder, document.path).split('\\').join('/');
    // A file named like an option (`-rf.py`) must not become one: it is passed as a path.
    const file = relativePath.startsWith('-') ? `./${relativePath}` : relativePath;
    const commands: readonly LintCommand[] = project?.lint ?? [];
    await Promise.all(
      commands.map(async (lint, index) => {
        if (!lint.on.includes(when) || !lint.languages.includes(document.languageId)) return;
        const argv = lint.command.map((word) => word.split('${file}').join(file));
        if (!(await this.mayRun(argv, folder))) return;
        const { output, code } = await runArgv(argv, folder, this.options.env, lint.stdin ? document.text : undefined);
        if (this.stopped) return;
        // The project file read above, not read again per command.
        const located = await locate({ text: output }, { cwd: folder, roots: [folder], project: project ?? false }).catch(() => undefined);
        const now = new Date().toISOString();
        const run: RunRecord = {
          command: argv,
          cwd: folder,
          exitCode: code,
          failed: code !== 0,
          startedAt: now,
          endedAt: now,
          artifactId: null,
          artifactPath: null,
        };
        // The tool read the editor's text (stdin) or the file just saved: columns count on the document's lines.
        const lines = splitLines(document.text);
        const diagnostics = toDiagnostics(located?.locations ?? [], {
          encoding: this.options.encoding(),
          folders: this.options.folders(),
          source: formatCommand(argv),
          linesOf: (path) => (path === document.path ? lines : undefined),
        }).filter((item) => item.uri === document.uri);
        const touched = this.options.store.set({
          key: `lint\u0000${index}\u0000${document.uri}`,
          run,
          diagnostics: diagnostics.map((item) => ({ ...item, fixes: [] })),
        });
        this.options.publish(touched);
      }),
    );
  }

  private async mayRun(argv: readonly string[], folder: string): Promise<boolean> {
    const line = argv.map(quoteWord).join(' ');
    const { verdict } = await classifyCommand(line, { root: folder, workdir: folder });
    if (verdict === 'read-only') return true;
    if (verdict !== 'blocked' && isTrustedWorkspace(folder, { env: this.options.env })) return true;
    const key = `${folder}\u0000${line}`;
    if (!this.refused.has(key)) {
      this.refused.add(key);
      this.options.log(
        verdict === 'blocked'
          ? `faultline lsp: not running "${line}" from ${folder}'s project file: command safety blocks it`
          : `faultline lsp: not running "${line}" from ${folder}'s project file: it is not read-only and ${folder} is not a trusted ` +
              `workspace (trust it with FAULTLINE_TRUST_WORKSPACE=1 or a line in the trusted-workspaces file)`,
      );
    }
    return false;
  }
}

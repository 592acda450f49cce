// A scripted LSP client: spawns the real `faultline lsp` (the built CLI) and speaks JSON-RPC to it over stdio.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-languageserver-protocol/node.js';
import { CLI } from '../integration/_setup.js';

export interface Published {
  uri: string;
  diagnostics: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    message: string;
    source?: string;
    code?: string;
    severity?: number;
    relatedInformation?: { location: { uri: string; range: { start: { line: number; character: number } } }; message: string }[];
  }[];
}

export class ScriptedClient {
  readonly child: ChildProcess;
  readonly connection: MessageConnection;
  /** Every publishDiagnostics notification, in order. */
  readonly published: Published[] = [];
  readonly exited: Promise<number | null>;
  private waiters: (() => void)[] = [];

  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [CLI, 'lsp'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
    this.connection = createMessageConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (params: Published) => {
      this.published.push(params);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.connection.onError(() => undefined);
    this.connection.listen();
  }

  async initialize(
    folders: string[],
    capabilities: object = {},
    processId: number | null = process.pid,
  ): Promise<{ capabilities: { positionEncoding?: string } }> {
    const result = await this.connection.sendRequest('initialize', {
      processId,
      rootUri: null,
      capabilities,
      workspaceFolders: folders.map((folder) => ({ uri: new URL(`file://${folder}`).href, name: folder })),
    });
    await this.connection.sendNotification('initialized', {});
    return result as { capabilities: { positionEncoding?: string } };
  }

  /** The latest diagnostics published for a uri (undefined when none was ever published). */
  latest(uri: string): Published['diagnostics'] | undefined {
    return this.published.filter((entry) => entry.uri === uri).at(-1)?.diagnostics;
  }

  /** Waits until `test` holds for what was published (or fails after `ms`). */
  async until(test: () => boolean, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out; published: ${JSON.stringify(this.published.slice(-5))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  async stop(): Promise<number | null> {
    await this.connection.sendRequest('shutdown').catch(() => undefined);
    await this.connection.sendNotification('exit').catch(() => undefined);
    return this.exited;
  }
}

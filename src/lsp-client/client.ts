// A thin LSP client: one server process, documentSymbol only. Mirrors what VS Code's and neovim's
// clients do for the hard cases (reference/lsp.md §1, §2.5, §4): own process group, answer the
// server's requests, local timeouts, dispose the connection when the server dies.
import { spawn, type ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  ConfigurationRequest,
  createMessageConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentSymbolRequest,
  ErrorCodes,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  LSPErrorCodes,
  NullLogger,
  RegistrationRequest,
  ResponseError,
  ShowMessageRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  UnregistrationRequest,
  WorkDoneProgressCreateRequest,
  WorkspaceFoldersRequest,
  type CancellationToken,
  type MessageConnection,
} from 'vscode-languageserver-protocol/node.js';
import { FaultlineError } from '../core/index.js';
import { killGroup, trackGroup, untrackGroup, waitGroupGone } from './process-group.js';
import { sleep, withDeadline, within } from './timing.js';
import { CAPABILITIES } from './capabilities.js';
import type { ClientState, DocumentSymbolOptions, LspClientOptions, RequestOptions, SymbolAnswer } from './client-types.js';

const STOP_GRACE_MS = 2000;
const RETRY_DELAYS_MS = [100, 250, 500, 1000];
// Answers that mean "ask again", never "failed" (lsp.md §2.6).
const RETRYABLE = new Set<number>([LSPErrorCodes.RequestCancelled, LSPErrorCodes.ContentModified, LSPErrorCodes.ServerCancelled]);

/**
 * The server's stdin, minus write errors: jsonrpc's sendRequest rethrows a failed write inside a Promise
 * executor, an unhandled rejection no caller can catch (a server that exits before reading initialize gave
 * EPIPE). A lost write is harmless: the server's exit disposes the connection, which rejects what is pending.
 */
function quietWriter(child: ChildProcess): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const stdin = child.stdin;
      if (stdin === null || stdin.destroyed || !stdin.writable) return callback();
      stdin.write(chunk, () => callback());
    },
  });
}

export class LspClient {
  state: ClientState = 'new';
  private readonly options: LspClientOptions;
  private child: ChildProcess | undefined;
  private connection: MessageConnection | undefined;
  private starting: Promise<void> | undefined;
  private disposing: Promise<void> | undefined;
  private exited: Promise<void> = Promise.resolve();
  private readonly versions = new Map<string, { version: number; text: string }>();
  private stderrTail = '';

  constructor(options: LspClientOptions) {
    this.options = options;
  }

  get name(): string {
    return this.options.server.name;
  }

  /** Process id of the server (also its process group id), once spawned. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Spawns and initializes the server; concurrent callers share one start. */
  start(options: RequestOptions): Promise<void> {
    this.starting ??= this.doStart(options);
    return this.starting;
  }

  private async doStart(options: RequestOptions): Promise<void> {
    const deadline = Date.now() + options.timeoutMs;
    const { server, root } = this.options;
    const [program, ...args] = server.command;
    if (program === undefined) throw new FaultlineError('E_LSP_START', `${server.name}: empty command`);
    // Script paths run under our own node so a missing shebang or PATH entry can't matter.
    const argv = /\.[cm]?js$/.test(program) ? [process.execPath, program, ...args] : [program, ...args];
    this.state = 'starting';
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: root,
      env: this.options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Own process group: tls leaves tsserver children behind, so dispose kills the whole group.
      detached: true,
    });
    this.child = child;
    const spawnFailed = new Promise<never>((_, reject) => {
      child.once('error', (error) =>
        reject(new FaultlineError('E_LSP_START', `${server.name}: cannot start ${argv[0]}: ${error.message}`, { cause: error })),
      );
    });
    spawnFailed.catch(() => {});
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()).once('error', () => resolve()));
    if (child.pid === undefined) {
      // Spawn failed (ENOENT, EACCES): no pipes to talk over, the 'error' event says why.
      this.state = 'crashed';
      await spawnFailed;
    }
    trackGroup(child.pid!);
    // A server writing after we stop reading, or reading after we stop writing, must not throw.
    child.stdin?.on('error', () => {});
    child.stdout?.on('error', () => {});
    // Drain stderr (clangd logs there; a full pipe blocks the server) and keep a tail for errors.
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    const reader = new StreamMessageReader(child.stdout!);
    // jsonrpc re-arms a 10 s timer for as long as a message stays partial, and never clears it on dispose: a
    // server that died mid-message kept `explain` from ever exiting. No timer: our own deadlines cover it.
    reader.partialMessageTimeout = 0;
    const connection = createMessageConnection(reader, new StreamMessageWriter(quietWriter(child)), NullLogger);
    this.connection = connection;
    this.answerServerRequests(connection);
    // jsonrpc leaves requests pending when the server dies until the connection is disposed.
    connection.onClose(() => this.onGone());
    connection.onError(() => {});
    child.once('exit', () => {
      if (child.pid !== undefined) untrackGroup(child.pid);
      this.onGone();
    });
    connection.listen();

    const rootUri = pathToFileURL(root).href;
    try {
      await Promise.race([
        spawnFailed,
        this.race(
          (token) =>
            connection.sendRequest(
              InitializeRequest.type,
              {
                processId: process.pid,
                clientInfo: { name: 'faultline' },
                rootUri,
                workspaceFolders: [{ uri: rootUri, name: 'root' }],
                capabilities: CAPABILITIES,
                initializationOptions: server.initializationOptions ?? null,
              },
              token,
            ),
          { timeoutMs: deadline - Date.now(), signal: options.signal },
          'initialize',
        ),
      ]);
      await connection.sendNotification(InitializedNotification.type, {});
    } catch (error) {
      await this.dispose({ graceful: false });
      if (error instanceof FaultlineError && error.code !== 'E_LSP_CRASH') throw error;
      if (error instanceof FaultlineError || error instanceof ResponseError) {
        throw new FaultlineError('E_LSP_START', `${server.name}: initialize failed: ${error.message}${this.stderrSuffix()}`, {
          cause: error,
        });
      }
      throw error;
    }
    if (this.state === 'starting') this.state = 'running';
  }

  private answerServerRequests(connection: MessageConnection): void {
    const folders = [{ uri: pathToFileURL(this.options.root).href, name: 'root' }];
    // Declared unsupported, but answered anyway: an error reply breaks bash-ls and gopls (lsp.md §2.3).
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => null));
    connection.onRequest(WorkDoneProgressCreateRequest.type, () => null);
    connection.onRequest(RegistrationRequest.type, () => null);
    connection.onRequest(UnregistrationRequest.type, () => null);
    connection.onRequest(ShowMessageRequest.type, () => null);
    connection.onRequest(WorkspaceFoldersRequest.type, () => folders);
    connection.onNotification(() => {});
  }

  private onGone(): void {
    if (this.state !== 'stopping' && this.state !== 'stopped') this.state = 'crashed';
    // Rejects pending requests with PendingResponseRejected instead of leaving them hanging.
    this.connection?.dispose();
  }

  /** documentSymbol after didOpen; an empty or "retry" answer is retried with backoff. */
  async documentSymbols(options: DocumentSymbolOptions): Promise<SymbolAnswer> {
    const started = Date.now();
    const deadline = started + options.timeoutMs;
    await this.start({ timeoutMs: options.timeoutMs, signal: options.signal });
    const uri = pathToFileURL(options.file).href;
    this.sync(uri, options.languageId, options.text, false);
    const retryUntil = Math.min(deadline, Date.now() + (options.retryEmptyMs ?? 3000));
    const worthRetrying = options.text.trim() !== '';
    for (let attempt = 0; ; attempt += 1) {
      let answer: SymbolAnswer | null = null;
      try {
        answer = await this.race(
          (token) => this.requireConnection().sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }, token),
          { timeoutMs: deadline - Date.now(), signal: options.signal },
          'documentSymbol',
        );
        if (answer !== null && answer.length > 0) return answer;
        if (!worthRetrying) return [];
      } catch (error) {
        if (!(error instanceof ResponseError && RETRYABLE.has(error.code))) throw error;
        // The server thinks the text changed: re-send it whole with a higher version (lsp.md §2.6).
        if (error.code === LSPErrorCodes.ContentModified) this.sync(uri, options.languageId, options.text, true);
      }
      const wait = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
      if (Date.now() + wait > retryUntil) return [];
      await sleep(wait, options.signal);
    }
  }

  /** One request about a file, its text sent first (codeAction); throws as documentSymbols does. */
  async requestOnFile<R>(
    method: string,
    file: { path: string; languageId: string; text: string },
    params: (uri: string) => object,
    options: RequestOptions,
  ): Promise<R> {
    await this.start(options);
    const uri = pathToFileURL(file.path).href;
    this.sync(uri, file.languageId, file.text, false);
    return this.race((token) => this.requireConnection().sendRequest(method, params(uri), token) as Promise<R>, options, method);
  }

  private sync(uri: string, languageId: string, text: string, force: boolean): void {
    const connection = this.requireConnection();
    const known = this.versions.get(uri);
    if (known === undefined) {
      this.versions.set(uri, { version: 1, text });
      void connection
        .sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } })
        .catch(() => {});
    } else if (force || known.text !== text) {
      const version = known.version + 1;
      this.versions.set(uri, { version, text });
      void connection
        .sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] })
        .catch(() => {});
    }
  }

  private requireConnection(): MessageConnection {
    if (this.state !== 'running' || this.connection === undefined) {
      throw new FaultlineError('E_LSP_CRASH', `${this.name}: server is not running (${this.state})${this.stderrSuffix()}`);
    }
    return this.connection;
  }

  private race<R>(send: (token: CancellationToken) => Promise<R>, options: RequestOptions, what: string): Promise<R> {
    const timeoutMs = Math.max(0, options.timeoutMs);
    return withDeadline(
      send,
      { timeoutMs, signal: options.signal },
      {
        timeout: () => new FaultlineError('E_LSP_TIMEOUT', `${this.name}: no answer to ${what} within ${timeoutMs} ms`),
        failure: (error) => this.mapError(error, what),
      },
    );
  }

  private mapError(error: unknown, what: string): unknown {
    if (error instanceof ResponseError && RETRYABLE.has(error.code)) return error;
    if (error instanceof ResponseError && error.code !== ErrorCodes.PendingResponseRejected) {
      return new FaultlineError('E_LSP_CRASH', `${this.name}: ${what} failed with ${error.code}: ${error.message}`, { cause: error });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new FaultlineError('E_LSP_CRASH', `${this.name}: server went away during ${what} (${message})${this.stderrSuffix()}`, {
      cause: error,
    });
  }

  private stderrSuffix(): string {
    const tail = this.stderrTail.trim().split('\n').slice(-3).join(' | ');
    return tail === '' ? '' : `; stderr: ${tail}`;
  }

  /**
   * Stops the server: shutdown then exit raced against 2 s, then SIGKILL to the process group.
   * Idempotent. `graceful: false` skips the handshake (a server that timed out won't answer it).
   */
  dispose(options: { graceful?: boolean } = {}): Promise<void> {
    this.disposing ??= this.doDispose(options.graceful ?? true);
    return this.disposing;
  }

  private async doDispose(graceful: boolean): Promise<void> {
    const wasRunning = this.state === 'running';
    if (this.state !== 'crashed') this.state = 'stopping';
    const connection = this.connection;
    const pid = this.child?.pid;
    if (wasRunning && graceful && connection !== undefined) {
      const handshake = (async () => {
        try {
          await connection.sendRequest(ShutdownRequest.type);
          await connection.sendNotification(ExitNotification.type);
          await this.exited;
        } catch {
          // A server that can't take shutdown is killed below anyway.
        }
      })();
      await within(handshake, STOP_GRACE_MS);
    }
    // The leader may be gone while its children (tsserver) live on: kill the group regardless.
    if (pid !== undefined) killGroup(pid);
    await within(this.exited, STOP_GRACE_MS);
    if (pid !== undefined) {
      await waitGroupGone(pid, 1000);
      untrackGroup(pid);
    }
    connection?.dispose();
    if (this.state !== 'crashed') this.state = 'stopped';
  }
}

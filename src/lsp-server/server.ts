// `faultline lsp`: a stdio language server (LSP 3.17) that publishes the places to fix from the runs the user
// makes (`faultline run`, also in the background), offers the tools' fixes as code actions and explains a
// diagnostic on hover. It speaks through the streams it is given; the CLI owns the real process streams.
import { fileURLToPath } from 'node:url';
import {
  createMessageConnection,
  NullLogger,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocumentSyncKind,
  type CodeActionParams,
  type DidChangeTextDocumentParams,
  type DidChangeWorkspaceFoldersParams,
  type DidCloseTextDocumentParams,
  type DidOpenTextDocumentParams,
  type DidSaveTextDocumentParams,
  type HoverParams,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver-protocol/node.js';
import type { RunRecord } from '../capture/index.js';
import { codeActionsFor, diagnosticsAt, hoverFor } from './actions.js';
import { chooseEncoding, type PositionEncoding } from './encoding.js';
import { lineMapBetween, splitLines } from './line-map.js';
import { RunWatcher } from './run-watch.js';
import { BackgroundWatcher } from './background-watch.js';
import { diskLines, entryOfRun } from './runs.js';
import { DiagnosticStore, moveDiagnostics } from './store.js';
import { insideFolders } from './to-diagnostics.js';
import { LintOnSave } from './lint.js';

export interface ServeOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
  /** Cache directory the runs are recorded in (default: as `faultline run` finds it from env). */
  cacheDir?: string;
  /** How often to check that the client's process is alive (default 2000 ms). */
  parentCheckMs?: number;
}

interface OpenDocument {
  lines: string[];
  text: string;
  languageId: string;
}

function pathOfUri(uri: string): string | undefined {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Serves one client until `exit`, the end of its input, or its process going away; resolves to the exit code. */
export function serveLsp(options: ServeOptions): Promise<number> {
  const env = options.env ?? process.env;
  const connection = createMessageConnection(new StreamMessageReader(options.input), new StreamMessageWriter(options.output), NullLogger);
  const store = new DiagnosticStore();
  const documents = new Map<string, OpenDocument>();
  let folders: string[] = [];
  let encoding: PositionEncoding = 'utf-16';
  let shutdown = false;
  let watcher: RunWatcher | undefined;
  let background: BackgroundWatcher | undefined;
  let parentTimer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();
  let resolveDone: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (resolveDone = resolve));

  const lint = new LintOnSave({
    env,
    folders: () => folders,
    encoding: () => encoding,
    store,
    publish: (uris) => publish(uris),
    log: (message) => void connection.sendNotification('window/logMessage', { type: 3, message }).catch(() => undefined),
  });
  let linting: Promise<void> = Promise.resolve();
  const lintDocument = (uri: string, when: 'save' | 'open'): void => {
    const document = documents.get(uri);
    const path = pathOfUri(uri);
    if (!document || !path) return;
    const work = lint.run({ uri, path, languageId: document.languageId, text: document.text }, when).catch(() => undefined);
    linting = Promise.all([linting, work]).then(() => undefined);
  };

  const publish = (uris: Iterable<string>): void => {
    for (const uri of uris) {
      const path = pathOfUri(uri);
      // Outside the open folders nothing is published (a stale entry there is cleared once, with an empty list).
      const diagnostics = path !== undefined && insideFolders(path, folders) ? store.diagnosticsOf(uri).map((item) => item.diagnostic) : [];
      void connection.sendNotification('textDocument/publishDiagnostics', { uri, diagnostics }).catch(() => undefined);
    }
  };

  const onRuns = (runs: RunRecord[]): void => {
    // One run at a time, in the order they ended: a command's newer run always lands last.
    queue = queue.then(async () => {
      for (const run of runs) {
        // A live background run whose end arrived meanwhile: the recorded end wins.
        if (run.exitCode === null && run.artifactId && watcher?.hasEnded(run.artifactId)) continue;
        const entry = await entryOfRun(run, { folders, encoding, linesOf: diskLines() }).catch(() => undefined);
        if (!entry) continue;
        // Positions were computed on the files as saved; an open document edited since moves the new ones.
        for (const uri of new Set(
          entry.diagnostics.flatMap((item) => [item.uri, ...(item.diagnostic.relatedInformation ?? []).map((info) => info.location.uri)]),
        )) {
          const document = documents.get(uri);
          const path = pathOfUri(uri);
          const disk = document && path ? diskLines()(path) : undefined;
          if (document && disk && document.text !== disk.join('\n'))
            entry.diagnostics = moveDiagnostics(entry.diagnostics, uri, lineMapBetween(disk, document.lines)).kept;
        }
        const touched = store.set(entry);
        publish(touched);
      }
    });
  };

  const finish = (code: number): void => {
    watcher?.stop();
    background?.stop();
    lint.stop();
    if (parentTimer) clearInterval(parentTimer);
    connection.dispose();
    resolveDone(code);
  };

  connection.onRequest('initialize', (params: InitializeParams): InitializeResult => {
    const uris = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
    folders = uris.flatMap((uri) => pathOfUri(uri) ?? []);
    if (folders.length === 0 && params.rootPath) folders = [params.rootPath];
    const general = (params.capabilities as { general?: { positionEncodings?: unknown } }).general;
    encoding = chooseEncoding(general?.positionEncodings);
    const pid = params.processId;
    if (typeof pid === 'number' && pid > 0) {
      // The editor died without closing our input (killed, or its pipe inherited elsewhere): stop with it.
      parentTimer = setInterval(() => {
        if (!alive(pid)) finish(1);
      }, options.parentCheckMs ?? 2000);
      parentTimer.unref();
    }
    return {
      capabilities: {
        positionEncoding: encoding,
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Full, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        hoverProvider: true,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'faultline' },
    } as InitializeResult;
  });

  connection.onNotification('initialized', () => {
    watcher = new RunWatcher({ env, ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}), onRuns });
    void watcher.start().catch(() => undefined);
    const running = watcher;
    background = new BackgroundWatcher({
      env,
      ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
      folders: () => folders,
      ended: (id) => running.hasEnded(id),
      onRuns,
    });
    background.start();
  });

  connection.onNotification('workspace/didChangeWorkspaceFolders', (params: DidChangeWorkspaceFoldersParams) => {
    const removed = new Set(params.event.removed.flatMap((folder) => pathOfUri(folder.uri) ?? []));
    folders = [...folders.filter((folder) => !removed.has(folder)), ...params.event.added.flatMap((folder) => pathOfUri(folder.uri) ?? [])];
    publish(store.retain((uri) => insideFolders(pathOfUri(uri) ?? '', folders)));
  });

  connection.onNotification('textDocument/didOpen', (params: DidOpenTextDocumentParams) => {
    const { uri, text, languageId } = params.textDocument;
    const lines = splitLines(text);
    documents.set(uri, { lines, text, languageId });
    const path = pathOfUri(uri);
    const disk = path ? diskLines()(path) : undefined;
    if (disk && store.move(uri, lineMapBetween(disk, lines))) publish([uri]);
    lintDocument(uri, 'open');
  });

  connection.onNotification('textDocument/didChange', (params: DidChangeTextDocumentParams) => {
    const { uri } = params.textDocument;
    const document = documents.get(uri);
    // Full sync: the last change holds the whole text.
    const last = params.contentChanges.at(-1);
    if (!document || !last || 'range' in last) return;
    const lines = splitLines(last.text);
    if (store.move(uri, lineMapBetween(document.lines, lines))) publish([uri]);
    documents.set(uri, { lines, text: last.text, languageId: document.languageId });
  });

  connection.onNotification('textDocument/didClose', (params: DidCloseTextDocumentParams) => {
    const { uri } = params.textDocument;
    const document = documents.get(uri);
    documents.delete(uri);
    const path = pathOfUri(uri);
    const disk = path ? diskLines()(path) : undefined;
    // Closed without saving: the positions go back to the file as it is on disk.
    if (document && disk && store.move(uri, lineMapBetween(document.lines, disk))) publish([uri]);
  });

  connection.onNotification('textDocument/didSave', (params: DidSaveTextDocumentParams) => lintDocument(params.textDocument.uri, 'save'));

  connection.onRequest('textDocument/codeAction', (params: CodeActionParams) =>
    codeActionsFor(store.diagnosticsOf(params.textDocument.uri), params.range, { encoding, openText: (uri) => documents.get(uri)?.text }),
  );

  connection.onRequest('textDocument/hover', async (params: HoverParams) => {
    const [item] = diagnosticsAt(store.diagnosticsOf(params.textDocument.uri), params.position);
    return item ? hoverFor(item, store.entryOf(item)) : null;
  });

  // What is held, counted (not timed): a growth test asks it after many runs.
  connection.onRequest('faultline/stats', () => ({ ...store.size, rememberedRuns: watcher?.remembered ?? 0, documents: documents.size }));

  connection.onRequest('shutdown', async () => {
    shutdown = true;
    watcher?.stop();
    background?.stop();
    lint.stop();
    await Promise.all([queue, linting]);
    return null;
  });
  connection.onNotification('exit', () => finish(shutdown ? 0 : 1));
  // The client's end of our input closed: it is gone (LSP: exit code 1 without a shutdown first).
  connection.onClose(() => finish(shutdown ? 0 : 1));
  connection.onError(() => undefined);
  connection.listen();
  return done;
}

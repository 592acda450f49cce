// One server per (root, server command), started on first use and reused for the whole process.
// A crashed server gets one restart; a server that timed out is not asked again in this pool.
import { FaultlineError, isFaultlineError } from '../core/index.js';
import { LspClient } from './client.js';
import type { SymbolAnswer } from './client-types.js';
import { applyServerConfig, loadServerConfig, serverConfigFile } from './config.js';
import { isTrustedWorkspace, untrustedNotice } from './trust.js';
import { builtinLanguages, languageFor, serverKey } from './servers.js';
import { pathOutsideWorkspace } from '../resolve/tool-path.js';
import type { LanguageEntry } from './types.js';

export interface ServerPoolOptions {
  /** Environment for the servers and for PATH lookups. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** Replaces the built-in table plus the root's config file (tests, embedders). */
  languages?: (root: string) => LanguageEntry[];
  /** Run server commands from every workspace's own config (see trust.ts); default: only trusted ones. */
  trustWorkspace?: boolean;
  /** The current directory, whose subtree (like the workspace's) is no source of programs when untrusted. */
  cwd?: string;
}

export interface PoolSymbolsOptions {
  /** Absolute workspace root. */
  root: string;
  /** Absolute file path. */
  file: string;
  text: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

interface Slot {
  client: LspClient;
  restarts: number;
  /** Set once the server timed out or crashed twice: answer with this error at once. */
  failure?: FaultlineError;
}

const MAX_RESTARTS = 1;

export class ServerPool {
  private readonly options: ServerPoolOptions;
  private readonly slots = new Map<string, Slot>();
  private readonly tables = new Map<string, LanguageEntry[]>();
  private disposed = false;
  private readonly untrusted = new Map<string, string>();
  private readonly envs = new Map<string, NodeJS.ProcessEnv>();

  constructor(options: ServerPoolOptions = {}) {
    this.options = options;
  }

  /** The language table of `root`: built-ins overridden by its config. Throws E_CONFIG. */
  languagesFor(root: string): LanguageEntry[] {
    let table = this.tables.get(root);
    if (table === undefined) {
      table = this.options.languages?.(root) ?? this.defaultTable(root);
      this.tables.set(root, table);
    }
    return table;
  }

  /**
   * The environment servers of `root` are found in and run with. Untrusted: PATH without the entries the
   * workspace controls (resolve/tool-path.ts), so neither the server nor what it starts (pyright runs
   * `python`) comes from the workspace's `node_modules/.bin`, a relative entry or the current directory.
   */
  private envFor(root: string): NodeJS.ProcessEnv {
    let env = this.envs.get(root);
    if (env === undefined) {
      const base = this.options.env ?? process.env;
      env = isTrustedWorkspace(root, { trustWorkspace: this.options.trustWorkspace, env: base })
        ? base
        : { ...base, PATH: pathOutsideWorkspace({ pathValue: base.PATH, roots: [root], cwd: this.options.cwd, home: base.HOME }).path };
      this.envs.set(root, env);
    }
    return env;
  }

  private defaultTable(root: string): LanguageEntry[] {
    const base = this.options.env ?? process.env;
    const env = this.envFor(root);
    // envFor keeps the caller's environment object only for a trusted workspace.
    if (env === base) {
      return applyServerConfig(builtinLanguages(env), loadServerConfig(root), root);
    }
    // Not even validated: an untrusted workspace's config must not be able to make explain fail either.
    const configFile = serverConfigFile(root);
    if (configFile !== undefined) this.untrusted.set(root, untrustedNotice(root, configFile, base));
    return builtinLanguages(env, { trusted: false });
  }

  /** One line per workspace whose own server commands were not run because it is not trusted. */
  notices(): string[] {
    return [...this.untrusted.values()];
  }

  /**
   * documentSymbol for a file, or null when no server serves its language here. Throws
   * E_LSP_START / E_LSP_TIMEOUT / E_LSP_CRASH, which callers turn into a fallback.
   */
  async documentSymbols(options: PoolSymbolsOptions): Promise<{ server: string; answer: SymbolAnswer } | null> {
    return this.withClient(options, (client, languageId) => client.documentSymbols({ ...options, languageId }));
  }

  /**
   * Any request about one file (codeAction for faultline fix --lsp), with the same start, restart and failure
   * rules as documentSymbols; null when no server serves the file's language here.
   */
  async requestOnFile<R>(
    options: PoolSymbolsOptions,
    method: string,
    params: (uri: string) => object,
  ): Promise<{ server: string; answer: R } | null> {
    return this.withClient(options, (client, languageId) =>
      client.requestOnFile<R>(method, { path: options.file, languageId, text: options.text }, params, options),
    );
  }

  private async withClient<R>(
    options: PoolSymbolsOptions,
    ask: (client: LspClient, languageId: string) => Promise<R>,
  ): Promise<{ server: string; answer: R } | null> {
    if (this.disposed) throw new FaultlineError('E_LSP_START', 'the server pool was disposed');
    const language = languageFor(this.languagesFor(options.root), options.file);
    if (language?.server == null) return null;
    const key = serverKey(options.root, language.server);
    let slot = this.slots.get(key);
    if (slot?.failure !== undefined) throw slot.failure;
    if (slot === undefined || (slot.client.state === 'crashed' && slot.restarts < MAX_RESTARTS)) {
      const restarts = slot === undefined ? 0 : slot.restarts + 1;
      void slot?.client.dispose({ graceful: false });
      slot = { client: new LspClient({ server: language.server, root: options.root, env: this.envFor(options.root) }), restarts };
      this.slots.set(key, slot);
    }
    const { client } = slot;
    try {
      const answer = await ask(client, language.languageId);
      return { server: client.name, answer };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const failed = isFaultlineError(error, 'E_LSP_TIMEOUT', 'E_LSP_START') || (isFaultlineError(error) && slot.restarts >= MAX_RESTARTS);
      // A silent server would make every later lookup wait for the full timeout again.
      if (failed && isFaultlineError(error)) slot.failure = error;
      if (failed || client.state === 'crashed') await client.dispose({ graceful: false });
      throw error;
    }
  }

  /** Process ids of the live servers (each leads its own process group). */
  pids(): number[] {
    return [...this.slots.values()].map((slot) => slot.client.pid).filter((pid): pid is number => pid !== undefined);
  }

  /** Stops every server (graceful unless `graceful: false`, then the process group is killed). Idempotent. */
  async dispose(options: { graceful?: boolean } = {}): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.slots.values()].map((slot) => slot.client.dispose(options)));
  }
}

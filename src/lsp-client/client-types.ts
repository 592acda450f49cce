// What an LspClient is given and answers (client.ts): its options, per-request deadlines, the symbol answer.
import type { DocumentSymbol, SymbolInformation } from 'vscode-languageserver-protocol/node.js';
import type { ServerSpec } from './types.js';

export type ClientState = 'new' | 'starting' | 'running' | 'stopping' | 'stopped' | 'crashed';
export type SymbolAnswer = DocumentSymbol[] | SymbolInformation[];

export interface LspClientOptions {
  server: ServerSpec;
  /** Absolute workspace root: the server's cwd, rootUri and only workspace folder. */
  root: string;
  env?: NodeJS.ProcessEnv;
}

export interface RequestOptions {
  /** Local deadline for the whole call, retries included. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface DocumentSymbolOptions extends RequestOptions {
  /** Absolute path of the file. */
  file: string;
  languageId: string;
  text: string;
  /** How long an empty answer is retried (servers answer [] until their analysis is done). */
  retryEmptyMs?: number;
}

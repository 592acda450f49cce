// The fallback chain for one line: language server → tree-sitter → heuristic → ±20-line window.
// Every step that gives nothing (not installed, crashed, timed out, empty, no symbol on the line)
// passes to the next; only an abort stops the chain.
import { readFile } from 'node:fs/promises';
import { isFaultlineError } from '../core/index.js';
import { heuristicSymbol } from './heuristic.js';
import { ServerPool } from './pool.js';
import { innermostSymbol } from './symbols.js';
import { treeSitterSymbol } from './tree-sitter.js';
import type { EnclosingSymbol, SymbolSource } from './types.js';

export interface FindSymbolOptions {
  /** Absolute path of the file (inside `root`). */
  file: string;
  /** Absolute workspace root: picks the server and its config. */
  root: string;
  /** 1-based line. */
  line: number;
  /** The file's text, when the caller has read it already. */
  text?: string;
  /** Servers to reuse; without one a pool is made for this call and stopped after it. */
  pool?: ServerPool;
  /** Skip language servers; start at tree-sitter. */
  noLsp?: boolean;
  /** Deadline of the server step (start + request + retries). Default 10 000 ms (cold start). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface SymbolLookup {
  /** null when only the line window is left. */
  symbol: EnclosingSymbol | null;
  source: SymbolSource;
  /** Why earlier steps gave nothing, e.g. "typescript-language-server: no answer … within 10000 ms". */
  notes: string[];
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** Finds the innermost enclosing symbol of a line, falling back step by step. */
export async function findEnclosingSymbol(options: FindSymbolOptions): Promise<SymbolLookup> {
  const { file, root, line, noLsp = false, timeoutMs = DEFAULT_TIMEOUT_MS, signal } = options;
  const text = options.text ?? (await readFile(file, 'utf8'));
  const notes: string[] = [];
  if (!noLsp) {
    const pool = options.pool ?? new ServerPool();
    try {
      const found = await pool.documentSymbols({ root, file, text, timeoutMs, signal });
      if (found === null) notes.push('no language server for this file');
      else {
        const symbol = innermostSymbol(found.answer, line, `lsp:${found.server}`, text.split('\n'));
        if (symbol !== null) return { symbol, source: symbol.source, notes };
        notes.push(`${found.server}: no symbol encloses line ${line}`);
      }
    } catch (error) {
      // A broken config is the user's to fix, not a reason to quietly fall back.
      if (signal?.aborted || isFaultlineError(error, 'E_CONFIG')) throw error;
      notes.push(error instanceof Error ? error.message : String(error));
    } finally {
      if (options.pool === undefined) await pool.dispose();
    }
  }
  try {
    const symbol = await treeSitterSymbol({ file, text, line });
    if (symbol !== null) return { symbol, source: 'tree-sitter', notes };
    notes.push('tree-sitter: no grammar or no enclosing node');
  } catch (error) {
    notes.push(`tree-sitter: ${error instanceof Error ? error.message : String(error)}`);
  }
  signal?.throwIfAborted();
  const symbol = heuristicSymbol({ text, line });
  if (symbol !== null) return { symbol, source: 'heuristic', notes };
  return { symbol: null, source: 'window', notes };
}

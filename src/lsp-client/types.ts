// Data types of the symbol lookup. Lines here are 1-based and inclusive, as faultline prints them;
// only src/core/position.ts converts from the 0-based LSP lines.

/** Where an enclosing symbol came from, most precise first. */
export type SymbolSource = `lsp:${string}` | 'tree-sitter' | 'heuristic' | 'window';

/** The innermost symbol around a line. */
export interface EnclosingSymbol {
  name: string;
  /** Lower-case kind: 'function', 'method', 'class', 'constant', … (LSP SymbolKind names). */
  kind: string;
  startLine: number;
  endLine: number;
  source: SymbolSource;
}

/** A 1-based inclusive line span. */
export interface LineSpan {
  startLine: number;
  endLine: number;
}

/** One language server as the pool starts it. */
export interface ServerSpec {
  /** Short name used in `lsp:<name>`: the server's program name. */
  name: string;
  /** argv. A first element ending in .js/.mjs/.cjs is run with the current node binary. */
  command: string[];
  initializationOptions?: Record<string, unknown>;
}

/** Which server (if any) serves files with these extensions, and the languageId sent in didOpen. */
export interface LanguageEntry {
  languageId: string;
  extensions: string[];
  /** null: the server is not installed here, so lookups go straight to the fallbacks. */
  server: ServerSpec | null;
}

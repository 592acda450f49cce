// Public surface of the LSP client: symbol lookup with its fallback chain, the server pool, and
// the seed's selection rules. Everything else in this folder is internal.
export { explainLocations, chooseToExplain, codeFrame, type ExplainOptions, type ExplainItem } from './explain.js';
export { findEnclosingSymbol, DEFAULT_TIMEOUT_MS, type FindSymbolOptions, type SymbolLookup } from './lookup.js';
export { ServerPool, type ServerPoolOptions, type PoolSymbolsOptions } from './pool.js';
export { LspClient } from './client.js';
export type { ClientState, LspClientOptions, DocumentSymbolOptions, SymbolAnswer } from './client-types.js';
export { innermostSymbol, editSelection, attachmentSelection, windowAround, symbolKindName } from './symbols.js';
export { treeSitterSymbol, hasGrammar } from './tree-sitter.js';
export { heuristicSymbol } from './heuristic.js';
export { loadServerConfig, parseServerConfig, applyServerConfig, type ServerOverride } from './config.js';
export { builtinLanguages, languageFor } from './servers.js';
export { isTrustedWorkspace, trustListPath, type TrustOptions } from './trust.js';
export { killTrackedGroups } from './process-group.js';
export type { EnclosingSymbol, LineSpan, SymbolSource, ServerSpec, LanguageEntry } from './types.js';
export { addQuickFixes, type QuickFixOptions } from './quick-fixes.js';

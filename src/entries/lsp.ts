// `faultline/lsp`: language-server client, server pool, tree-sitter and heuristic fallbacks, explain.
export * from '../lsp-client/index.js';

// The bash and PowerShell tree-sitter grammars that @vscode/tree-sitter-wasm ships, through the shared loader
// (src/tree-sitter: below lsp-client, so a command check pulls in no language-server code).
import { treeSitterParser, type Parser, type SyntaxNode, type Tree } from '../tree-sitter/index.js';

export type ShellDialect = 'bash' | 'powershell';
export type { SyntaxNode, Tree };

/** The parser for a dialect; after the first await it can parse synchronously (re-entry into `bash -c`). */
export function shellParser(dialect: ShellDialect): Promise<Parser> {
  return treeSitterParser(dialect);
}

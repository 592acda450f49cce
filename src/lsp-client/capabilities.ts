// What the client tells a server at initialize (client.ts sends it).
import type { ClientCapabilities } from 'vscode-languageserver-protocol/node.js';

// Hierarchical symbols, all 26 kinds. No configuration / workDoneProgress: then no measured server
// asks for them, and a forgetful handler can't hang TS 7, pyright or gopls (lsp.md §2.3).
export const CAPABILITIES: ClientCapabilities = {
  textDocument: {
    documentSymbol: {
      dynamicRegistration: false,
      hierarchicalDocumentSymbolSupport: true,
      symbolKind: { valueSet: Array.from({ length: 26 }, (_, index) => (index + 1) as 1) },
    },
    synchronization: { dynamicRegistration: false },
    // with edits, for fix --lsp
    codeAction: { isPreferredSupport: true, codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
  },
  workspace: { configuration: false, workspaceFolders: true },
  window: { workDoneProgress: false },
  general: { positionEncodings: ['utf-16'] },
};

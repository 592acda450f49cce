// A real (tiny) LSP server that answers initialize, then exits when asked for documentSymbol.
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, InitializeRequest, DocumentSymbolRequest } from 'vscode-languageserver-protocol/node.js';

const connection = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
connection.onRequest(InitializeRequest.type, () => ({ capabilities: { documentSymbolProvider: true } }));
connection.onRequest(DocumentSymbolRequest.type, () => {
  process.exit(3);
});
connection.onNotification(() => {});
connection.listen();

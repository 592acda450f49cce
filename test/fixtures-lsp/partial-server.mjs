// A real LSP server that answers initialize, then answers documentSymbol with half a JSON-RPC message
// (the header promises more bytes than ever come) and keeps running, ignoring stdin EOF and SIGTERM.
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, InitializeRequest, DocumentSymbolRequest } from 'vscode-languageserver-protocol/node.js';

process.on('SIGTERM', () => {});
const connection = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
connection.onRequest(InitializeRequest.type, () => ({ capabilities: { documentSymbolProvider: true } }));
connection.onRequest(DocumentSymbolRequest.type, () => {
  process.stdout.write('Content-Length: 500\r\n\r\n{"jsonrpc":"2.0","id":');
  return new Promise(() => {});
});
connection.onNotification(() => {});
connection.listen();
process.stdin.on('end', () => {});
setInterval(() => {}, 1 << 30);

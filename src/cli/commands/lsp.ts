// `faultline lsp`: the language server on stdin/stdout (docs/lsp.md shows each editor's setup).
import { Writable } from 'node:stream';
import { FaultlineError } from '../../core/index.js';
import type { CliCommand } from '../io.js';

const USAGE = `usage: faultline lsp [--stdio]

A language server (LSP 3.17) on stdin/stdout for any editor: every 'faultline run' made in an open workspace
folder shows as diagnostics in the files it names (replaced by the command's next run, cleared when it
passes), with the tools' fixes as quick fixes and the enclosing symbol and run summary on hover.
  --stdio   accepted for clients that always pass it (stdio is the only transport)
Setup for Neovim, Emacs, Helix, VS Code, Sublime Text and Zed: docs/lsp.md.`;

export const lspCommand: CliCommand = {
  name: 'lsp',
  summary: "a language server that shows your runs' errors in any editor",
  usage: USAGE,
  async run(argv, io) {
    const unknown = argv.find((arg) => arg !== '--stdio');
    if (unknown !== undefined) throw new FaultlineError('E_USAGE', `unknown option '${unknown}' for lsp (usage: faultline lsp [--stdio])`);
    const { serveLsp } = await import('../../lsp-server/index.js');
    // The protocol owns stdout: nothing else may be printed while the server runs.
    const write = io.stdoutBytes ?? ((bytes: Uint8Array) => io.stdout(Buffer.from(bytes).toString('utf8')));
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        write(chunk);
        callback();
      },
    });
    const code = await serveLsp({ input: io.stdin, output, env: io.env });
    // The client said exit (or vanished): our end of its pipe must not keep the process alive.
    (io.stdin as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    return code;
  },
};

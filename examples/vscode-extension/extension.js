// A tiny VS Code-style extension over the faultline library: a build log in, diagnostics out.
// `diagnosticsFromLog` is editor-agnostic (plain objects shaped like vscode.Diagnostic: 0-based UTF-16
// ranges, end exclusive); `activate` maps them onto the real API when running inside VS Code.
// Run it with node after bundling: `node dist/extension.js LOG [CWD]` prints the diagnostics as JSON.
'use strict';
const fs = require('node:fs/promises');
const path = require('node:path');
const { locate, locationRange } = require('faultline');

// The editor supplies the file system (workspace.fs in VS Code, for remote/virtual workspaces); plain
// node:fs here. `stat`/`realpath`/`findFilesByName` is all faultline's resolver reads through.
const nodeFs = {
  async stat(file) {
    try {
      const info = await fs.stat(file);
      return info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other';
    } catch {
      return undefined;
    }
  },
  async realpath(file) {
    try {
      return await fs.realpath(file);
    } catch {
      return undefined;
    }
  },
  async findFilesByName() {
    return [];
  },
};

const SEVERITY = { error: 0, warning: 1, info: 2, note: 2, hint: 3 };

/**
 * Diagnostics for the locations faultline finds in `logText`, grouped by absolute file path.
 * `readFile(absolutePath)` gives the file text (the editor's open buffer, if it has one).
 */
async function diagnosticsFromLog(logText, options) {
  const cwd = options.cwd;
  const readFile = options.readFile ?? ((file) => fs.readFile(file, 'utf8'));
  // roots + isIgnored given: no git process is spawned, only the injected fs is used (a real extension
  // would answer isIgnored from its own .gitignore handling).
  const result = await locate({ text: logText }, { cwd, roots: [cwd], fs: options.fs ?? nodeFs, isIgnored: options.isIgnored ?? (async () => new Set()) });
  const byFile = new Map();
  for (const location of result.locations) {
    const text = await readFile(location.absolutePath);
    const diagnostic = {
      range: locationRange(location, text),
      message: location.message,
      severity: SEVERITY[location.severity ?? 'error'] ?? 0,
      source: location.format,
      ...(location.code ? { code: location.code } : {}),
      // Related spans (a note, tsc's "declared here") as VS Code's relatedInformation.
      ...(location.related
        ? { related: await Promise.all(location.related.map(async (span) => ({ file: span.absolutePath, range: locationRange(span, await readFile(span.absolutePath)), message: span.message }))) }
        : {}),
    };
    const list = byFile.get(location.absolutePath) ?? [];
    list.push(diagnostic);
    byFile.set(location.absolutePath, list);
  }
  return byFile;
}

// `faultline lsp` as the extension's language server (docs/lsp.md): every `faultline run` in the workspace shows as
// diagnostics, with quick fixes and hover. vscode-languageclient is loaded at run time (a name esbuild leaves
// alone), so the bundle builds without it; without it installed the extension keeps only the command below.
function startLanguageServer(context, vscode) {
  const load = require;
  let client;
  try {
    const { LanguageClient } = load('vscode-languageclient/node');
    const command = vscode.workspace.getConfiguration('faultline').get('path') || 'faultline';
    client = new LanguageClient('faultline', 'faultline', { command, args: ['lsp'] }, { documentSelector: [{ scheme: 'file' }] });
  } catch {
    return undefined;
  }
  context.subscriptions.push({ dispose: () => client.stop() });
  void client.start();
  return client;
}

// VS Code entry point: starts `faultline lsp`, and `faultline.locateLog` reads the active editor's text as a log.
function activate(context) {
  const vscode = require('vscode');
  startLanguageServer(context, vscode);
  const collection = vscode.languages.createDiagnosticCollection('faultline');
  context.subscriptions.push(collection);
  context.subscriptions.push(
    vscode.commands.registerCommand('faultline.locateLog', async () => {
      const editor = vscode.window.activeTextEditor;
      const folder = vscode.workspace.workspaceFolders?.[0];
      if (!editor || !folder) return;
      const byFile = await diagnosticsFromLog(editor.document.getText(), { cwd: folder.uri.fsPath });
      collection.clear();
      for (const [file, items] of byFile) {
        collection.set(
          vscode.Uri.file(file),
          items.map((item) => {
            const { start, end } = item.range;
            const diagnostic = new vscode.Diagnostic(new vscode.Range(start.line, start.character, end.line, end.character), item.message, item.severity);
            diagnostic.source = item.source;
            if (item.code) diagnostic.code = item.code;
            if (item.related) {
              diagnostic.relatedInformation = item.related.map(
                (span) =>
                  new vscode.DiagnosticRelatedInformation(
                    new vscode.Location(vscode.Uri.file(span.file), new vscode.Range(span.range.start.line, span.range.start.character, span.range.end.line, span.range.end.character)),
                    span.message,
                  ),
              );
            }
            return diagnostic;
          }),
        );
      }
    }),
  );
}

function deactivate() {}

module.exports = { activate, deactivate, diagnosticsFromLog };

const USAGE = `usage: node dist/extension.js LOG [CWD]
  Prints, as JSON, the diagnostics faultline finds in the build log LOG (CWD: where the build ran, default here).
  Inside VS Code, open the log and run the command "faultline: Show errors from this log" instead.`;

if (require.main === module) {
  const [logPath, cwd = process.cwd()] = process.argv.slice(2);
  if (logPath === undefined || logPath === '--help' || logPath === '-h') {
    (logPath === undefined ? process.stderr : process.stdout).write(`${USAGE}\n`);
    process.exit(logPath === undefined ? 2 : 0);
  }
  (async () => {
    const byFile = await diagnosticsFromLog(await fs.readFile(logPath, 'utf8'), { cwd: path.resolve(cwd) });
    const out = [...byFile].map(([file, diagnostics]) => ({ file: path.relative(path.resolve(cwd), file), diagnostics }));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  })().catch((error) => {
    // One line, as the faultline CLI reports bad input.
    console.error(`faultline example: ${error && error.message ? error.message : String(error)}`);
    process.exit(2);
  });
}

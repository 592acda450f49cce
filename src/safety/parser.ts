// Loads the bash and PowerShell tree-sitter grammars that @vscode/tree-sitter-wasm ships. Safety has its own
// loader rather than importing lsp-client's: both rooms sit on layer 2, and a command check must not pull in
// language-server code. Loaded on first use and cached, so importing the package costs nothing.
import { createRequire } from 'node:module';
import type { Node as SyntaxNode, Parser, Tree } from 'web-tree-sitter';

const require = createRequire(import.meta.url);

export type ShellDialect = 'bash' | 'powershell';
export type { SyntaxNode, Tree };

let runtime: Promise<typeof import('web-tree-sitter')> | undefined;
const parsers = new Map<ShellDialect, Promise<Parser>>();

function loadRuntime(): Promise<typeof import('web-tree-sitter')> {
  runtime ??= (async () => {
    const module = await import('web-tree-sitter');
    const wasm = require.resolve('web-tree-sitter/web-tree-sitter.wasm');
    await module.Parser.init({ locateFile: () => wasm });
    return module;
  })();
  runtime.catch(() => (runtime = undefined));
  return runtime;
}

/** The parser for a dialect; after the first await it can parse synchronously (re-entry into `bash -c`). */
export function shellParser(dialect: ShellDialect): Promise<Parser> {
  let parser = parsers.get(dialect);
  if (parser === undefined) {
    parser = (async () => {
      const { Parser: ParserClass, Language } = await loadRuntime();
      const language = await Language.load(require.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${dialect}.wasm`));
      const created = new ParserClass();
      created.setLanguage(language);
      return created;
    })();
    parser.catch(() => parsers.delete(dialect));
    parsers.set(dialect, parser);
  }
  return parser;
}

// web-tree-sitter and the grammars @vscode/tree-sitter-wasm ships, loaded once per process for every room that
// parses source text (lsp-client's enclosing symbols, safety's shell commands). Its own room, below both, so
// that neither pulls the other in: a command check loads no language-server code, and the WASM runtime is
// initialised once however many rooms ask. Loaded on first use, so importing costs nothing.
import { createRequire } from 'node:module';
import type { Node as SyntaxNode, Parser, Tree } from 'web-tree-sitter';

export type { Parser, SyntaxNode, Tree };

const require = createRequire(import.meta.url);
let runtime: Promise<typeof import('web-tree-sitter')> | undefined;
const parsers = new Map<string, Promise<Parser>>();

function loadRuntime(): Promise<typeof import('web-tree-sitter')> {
  runtime ??= (async () => {
    const module = await import('web-tree-sitter');
    // Point at the package's own .wasm explicitly: a bundler moves import.meta.url of the glue.
    const wasm = require.resolve('web-tree-sitter/web-tree-sitter.wasm');
    await module.Parser.init({ locateFile: () => wasm });
    return module;
  })();
  runtime.catch(() => (runtime = undefined));
  return runtime;
}

/**
 * The parser for one of @vscode/tree-sitter-wasm's grammars (`typescript`, `bash`, …), shared by every caller;
 * once it resolved it parses synchronously. A failed load is forgotten, so a later call tries again.
 */
export function treeSitterParser(grammar: string): Promise<Parser> {
  let parser = parsers.get(grammar);
  if (parser === undefined) {
    parser = (async () => {
      const { Parser: ParserClass, Language } = await loadRuntime();
      const language = await Language.load(require.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${grammar}.wasm`));
      const created = new ParserClass();
      created.setLanguage(language);
      return created;
    })();
    parser.catch(() => parsers.delete(grammar));
    parsers.set(grammar, parser);
  }
  return parser;
}

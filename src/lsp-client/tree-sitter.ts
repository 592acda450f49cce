// Fallback 1: tree-sitter. web-tree-sitter 0.27 + @vscode/tree-sitter-wasm grammars (the only
// combination that loads on 0.27: reference/lsp.md §5). Loaded on first use, so a run where the
// servers answer never pays for the WASM.
import path from 'node:path';
// Tree-sitter rows are 0-based with an exclusive end column, the same rule as LSP ranges, so
// core/position.ts converts them too.
import { rangeContainsLine, toOneBasedLineSpan, toZeroBasedLine, type ZeroBasedRange } from '../core/index.js';
import { treeSitterParser, type SyntaxNode } from '../tree-sitter/index.js';
import type { EnclosingSymbol } from './types.js';

// Extension → grammar file in @vscode/tree-sitter-wasm/wasm. It ships no C grammar: cpp parses C.
const GRAMMARS: Record<string, string> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.py': 'python',
  '.pyi': 'python',
  '.c': 'cpp',
  '.h': 'cpp',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.c++': 'cpp',
  '.hh': 'cpp',
  '.hpp': 'cpp',
  '.hxx': 'cpp',
  '.ipp': 'cpp',
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
  '.rb': 'ruby',
  '.sh': 'bash',
  '.bash': 'bash',
  '.cs': 'c-sharp',
  '.php': 'php',
};

// Declarations: node type → symbol kind, as LSP names them.
const PREFERRED: Record<string, string> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  function_definition: 'function',
  function_item: 'function',
  method_definition: 'method',
  method_declaration: 'method',
  method: 'method',
  singleton_method: 'method',
  constructor_declaration: 'constructor',
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  class_definition: 'class',
  class: 'class',
  class_specifier: 'class',
  struct_specifier: 'struct',
  struct_item: 'struct',
  impl_item: 'class',
  trait_item: 'interface',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
  enum_specifier: 'enum',
  enum_item: 'enum',
  record_declaration: 'class',
  internal_module: 'namespace',
  module: 'module',
  mod_item: 'module',
  namespace_definition: 'namespace',
  namespace_declaration: 'namespace',
  type_declaration: 'struct',
};
// Function expressions: multi-line only. One given a name (`const applyTax = (x) => {`, `key: function () {`,
// `this.f = () => {`, a class field) ranks with declarations, as symbols.ts ranks a server's function-valued
// variable; a callback or an unnamed one only when no declaration encloses the line.
const SECONDARY = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'generator_function',
  'lambda',
  'lambda_expression',
  'func_literal',
  'closure_expression',
]);
// C/C++ specifiers without a body are mere type mentions (`struct point p;`).
const NEEDS_BODY = new Set(['class_specifier', 'struct_specifier', 'enum_specifier']);

/** True when faultline has a tree-sitter grammar for the file's extension. */
export function hasGrammar(file: string): boolean {
  return GRAMMARS[path.extname(file).toLowerCase()] !== undefined;
}

function rangeOf(node: SyntaxNode): ZeroBasedRange {
  return {
    start: { line: node.startPosition.row, character: node.startPosition.column },
    end: { line: node.endPosition.row, character: node.endPosition.column },
  };
}

function nameOf(node: SyntaxNode): string {
  const named = node.childForFieldName('name');
  if (named !== null) return named.text;
  // C/C++: the name sits inside nested declarators (pointer, function, qualified…).
  let declarator = node.childForFieldName('declarator');
  while (declarator !== null) {
    const inner = declarator.childForFieldName('declarator') ?? declarator.childForFieldName('name');
    if (inner === null) return declarator.text;
    declarator = inner;
  }
  // Rust `impl Type`, Go `type Name struct`.
  const implType = node.type === 'impl_item' ? node.childForFieldName('type') : null;
  if (implType !== null) return implType.text;
  const spec = node.namedChildren.find((child) => child?.type === 'type_spec');
  return spec?.childForFieldName('name')?.text ?? '<anonymous>';
}

// A function expression is named by what it is assigned to (`named`), or by the call it is passed to.
function anonymousName(node: SyntaxNode): { name: string; node: SyntaxNode; named: boolean } {
  const parent = node.parent;
  const holder = (name: SyntaxNode | null | undefined, outer: SyntaxNode) => ({
    name: name?.text ?? '<anonymous>',
    node: outer,
    named: name != null,
  });
  if (parent?.type === 'variable_declarator') {
    const declaration =
      parent.parent?.type === 'lexical_declaration' || parent.parent?.type === 'variable_declaration' ? parent.parent : parent;
    return holder(parent.childForFieldName('name'), declaration);
  }
  if (parent?.type === 'pair') return holder(parent.childForFieldName('key'), parent);
  if (parent?.type === 'assignment' || parent?.type === 'assignment_expression') return holder(parent.childForFieldName('left'), parent);
  if (parent?.type === 'public_field_definition' || parent?.type === 'field_definition')
    return holder(parent.childForFieldName('name'), parent);
  const call = parent?.type === 'arguments' || parent?.type === 'argument_list' ? parent.parent : null;
  const callee = call?.childForFieldName('function')?.text;
  return { name: callee === undefined ? '<anonymous>' : `${callee.slice(0, 60)} callback`, node, named: false };
}

interface Found {
  name: string;
  kind: string;
  range: ZeroBasedRange;
  /** Declarations beat anonymous functions at any depth (seed lesson 21). */
  preferred: boolean;
  depth: number;
}

// Containers between a def and its class that don't count as nesting.
const TRANSPARENT = new Set([
  'block',
  'decorated_definition',
  'field_declaration_list',
  'declaration_list',
  'class_body',
  'template_declaration',
  'body_statement',
]);

function insideClass(node: SyntaxNode): boolean {
  let parent = node.parent;
  while (parent !== null && TRANSPARENT.has(parent.type)) parent = parent.parent;
  return parent !== null && PREFERRED[parent.type] === 'class';
}

function describe(node: SyntaxNode, line0: number, depth: number): Found | null {
  const kind = PREFERRED[node.type];
  // The root of a Python file is a `module` node too: never a symbol.
  if (kind !== undefined && node.parent !== null) {
    if (NEEDS_BODY.has(node.type) && node.childForFieldName('body') === null) return null;
    // A decorated Python def/class starts at its decorator, as pyright's range does.
    const outer = node.parent.type === 'decorated_definition' ? node.parent : node;
    const shown = kind === 'function' && insideClass(node) ? 'method' : kind;
    return { name: nameOf(node), kind: shown, range: rangeOf(outer), preferred: true, depth };
  }
  if (SECONDARY.has(node.type)) {
    const { name, node: outer, named } = anonymousName(node);
    const range = rangeOf(outer);
    const lines = toOneBasedLineSpan(range);
    if (lines.endLine > lines.startLine && rangeContainsLine(range, line0))
      return { name, kind: 'function', range, preferred: named, depth };
  }
  return null;
}

function beats(a: Found, b: Found | null): boolean {
  if (b === null) return true;
  if (a.preferred !== b.preferred) return a.preferred;
  return a.depth > b.depth;
}

/** Innermost declaration (else multi-line anonymous function) containing the 1-based `line`. */
export async function treeSitterSymbol(options: { file: string; text: string; line: number }): Promise<EnclosingSymbol | null> {
  const grammar = GRAMMARS[path.extname(options.file).toLowerCase()];
  if (grammar === undefined) return null;
  const parser = await treeSitterParser(grammar);
  const tree = parser.parse(options.text);
  if (tree === null) return null;
  const line0 = toZeroBasedLine(options.line);
  let best: Found | null = null;
  try {
    // Descend only into nodes covering the line, any depth; ERROR nodes are walked like any other.
    let level: SyntaxNode[] = [tree.rootNode];
    for (let depth = 0; level.length > 0; depth += 1) {
      const next: SyntaxNode[] = [];
      for (const node of level) {
        if (!rangeContainsLine(rangeOf(node), line0)) continue;
        const found = describe(node, line0, depth);
        if (found !== null && beats(found, best)) best = found;
        for (const child of node.namedChildren) if (child !== null) next.push(child);
      }
      level = next;
    }
  } finally {
    tree.delete();
  }
  if (best === null) return null;
  return { name: best.name, kind: best.kind, ...toOneBasedLineSpan(best.range), source: 'tree-sitter' };
}

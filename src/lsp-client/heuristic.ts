// Fallback 2, for languages without a grammar (or a parse that found nothing): the header line
// above the error and its block, by braces or by indentation, the way VS Code's indentation model
// and brace matching do it. Cheap and sometimes wrong (strings, multi-line signatures), so it
// comes after tree-sitter.
import { toOneBasedLine, toZeroBasedLine } from '../core/index.js';
import type { EnclosingSymbol } from './types.js';

// A line that opens a callable or type: keyword forms of the common languages, plus
// `name(...) {` and `=> {` shapes.
const HEADER = new RegExp(
  String.raw`^\s*(?:(?:export|public|private|protected|internal|static|async|override|abstract|final|open|pub(?:\([^)]*\))?|inline` +
    String.raw`|virtual|suspend|default)\s+)*(?:(def|fun|fn|func|function|sub|proc|class|struct|interface|enum|trait|impl|module` +
    String.raw`|namespace|object)\b\s*([\w$.:<>~]*)|([\w$.:<>~*&\s]+?)\s*\([^;]*\)\s*(?::[^={]*)?\s*\{\s*$)|(?:const|let|var` +
    String.raw`|val)\s+([\w$]+)\s*=.*=>\s*\{?\s*$`,
);
const KINDS: Record<string, string> = {
  def: 'function',
  fun: 'function',
  fn: 'function',
  func: 'function',
  function: 'function',
  sub: 'function',
  proc: 'function',
  class: 'class',
  struct: 'struct',
  interface: 'interface',
  enum: 'enum',
  trait: 'interface',
  impl: 'class',
  module: 'module',
  namespace: 'namespace',
  object: 'class',
};
const CONTROL = /^\s*(?:if|else|for|while|switch|catch|try|do|return|case)\b/;

function indentOf(line: string): number {
  return /^\s*/.exec(line)![0].replace(/\t/g, '    ').length;
}

// Brace depth change of a line, skipping string literals and // comments (roughly).
function braceDelta(line: string): number {
  let delta = 0;
  const stripped = line.replace(/\/\/.*$/, '').replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '');
  for (const char of stripped) {
    if (char === '{') delta += 1;
    else if (char === '}') delta -= 1;
  }
  return delta;
}

// Last 0-based line of the brace block opened on or after `start`, or null if it never opens.
function braceEnd(lines: readonly string[], start: number): number | null {
  let depth = 0;
  let opened = false;
  for (let index = start; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.includes('{')) opened = true;
    depth += braceDelta(line);
    if (opened && depth <= 0) return index;
    if (!opened && index > start + 3) return null;
  }
  return null;
}

// Last 0-based line of an indented block under `start` (Python, YAML-ish, CoffeeScript).
function indentEnd(lines: readonly string[], start: number): number {
  const base = indentOf(lines[start]!);
  let last = start;
  for (let index = start + 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    if (indentOf(line) <= base) break;
    last = index;
  }
  return last;
}

/** Innermost header line above the 1-based `line` whose block reaches it. */
export function heuristicSymbol(options: { text: string; line: number }): EnclosingSymbol | null {
  const lines = options.text.split(/\r?\n/);
  const target = toZeroBasedLine(options.line);
  if (target < 0 || target >= lines.length) return null;
  const usesBraces = options.text.includes('{');
  for (let index = target; index >= 0 && target - index < 2000; index -= 1) {
    const line = lines[index]!;
    if (CONTROL.test(line)) continue;
    const match = HEADER.exec(line);
    if (match === null) continue;
    const end = usesBraces ? (braceEnd(lines, index) ?? indentEnd(lines, index)) : indentEnd(lines, index);
    if (end < target) continue;
    const keyword = match[1];
    const name = (match[2] || match[3]?.trim().split(/\s+/).pop() || match[4] || '<anonymous>').replace(/^[*&]+/, '');
    return {
      name,
      kind: keyword === undefined ? 'function' : (KINDS[keyword] ?? 'function'),
      startLine: toOneBasedLine(index),
      endLine: toOneBasedLine(end),
      source: 'heuristic',
    };
  }
  return null;
}

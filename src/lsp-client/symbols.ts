// Innermost enclosing symbol over a documentSymbol answer, and the selection rules of the seed.
// Pure functions: no I/O. Only src/core/position.ts does line arithmetic between bases.
import { DocumentSymbol, SymbolKind, type SymbolInformation } from 'vscode-languageserver-protocol/node.js';
import { rangeContainsLine, toOneBasedLineSpan, toZeroBasedLine, type ZeroBasedRange } from '../core/index.js';
import type { EnclosingSymbol, LineSpan, SymbolSource } from './types.js';

// Callable and type kinds: what a human means by "the function this error is in".
const PREFERRED = new Set<number>([
  SymbolKind.Function,
  SymbolKind.Method,
  SymbolKind.Constructor,
  SymbolKind.Class,
  SymbolKind.Interface,
  SymbolKind.Struct,
  SymbolKind.Enum,
  SymbolKind.Module,
  SymbolKind.Namespace,
]);
// Arrow functions, getters (TS 7) and object-literal handlers show up as these, but so do
// parameters and locals: accepted only when multi-line, and only when no preferred kind encloses
// the line (seed lesson 21: a multi-line `const taxed = lines.map(…)` must not beat applyTax) —
// unless the source shows the value is a function (`const applyTax = (x) => {`): then it is one.
const FUNCTION_VALUE = /[=:]\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)/;
const SECONDARY = new Set<number>([SymbolKind.Variable, SymbolKind.Constant, SymbolKind.Property, SymbolKind.Field]);

const KIND_NAMES = new Map<number, string>(Object.entries(SymbolKind).map(([name, value]) => [value as number, name.toLowerCase()]));

/** Lower-case name of an LSP SymbolKind ('function', 'typeparameter', …). */
export function symbolKindName(kind: number): string {
  return KIND_NAMES.get(kind) ?? 'unknown';
}

interface Candidate {
  name: string;
  kind: number;
  range: ZeroBasedRange;
  depth: number;
}

function spansLines(range: ZeroBasedRange): boolean {
  const lines = toOneBasedLineSpan(range);
  return lines.endLine > lines.startLine;
}

// Deeper wins; at equal depth the tighter range (lines, then characters) wins.
function better(a: Candidate, b: Candidate | null): boolean {
  if (b === null) return true;
  if (a.depth !== b.depth) return a.depth > b.depth;
  const aLines = a.range.end.line - a.range.start.line;
  const bLines = b.range.end.line - b.range.start.line;
  if (aLines !== bLines) return aLines < bLines;
  return a.range.start.character > b.range.start.character || a.range.end.character < b.range.end.character;
}

function pick(candidates: Iterable<Candidate>, line0: number, lines?: readonly string[]): Candidate | null {
  let preferred: Candidate | null = null;
  let secondary: Candidate | null = null;
  for (const candidate of candidates) {
    if (!rangeContainsLine(candidate.range, line0)) continue;
    // tls names anonymous functions passed as arguments "lines.map() callback" with kind Function:
    // they are expressions like arrow functions, not declarations, so they rank with variables.
    const callback = candidate.kind === SymbolKind.Function && candidate.name.endsWith(' callback');
    const functionValue =
      SECONDARY.has(candidate.kind) && spansLines(candidate.range) && FUNCTION_VALUE.test(lines?.[candidate.range.start.line] ?? '');
    if ((PREFERRED.has(candidate.kind) && !callback) || functionValue) {
      if (better(candidate, preferred)) preferred = candidate;
    } else if ((SECONDARY.has(candidate.kind) || callback) && spansLines(candidate.range)) {
      if (better(candidate, secondary)) secondary = candidate;
    }
  }
  return preferred ?? secondary;
}

// Walks the whole tree, any depth, but only into children of symbols containing the line; other
// kinds (clangd's String-kind macro wrappers) are walked through, never chosen.
function* walk(symbols: readonly DocumentSymbol[], line0: number, depth: number): Generator<Candidate> {
  for (const symbol of symbols) {
    if (!rangeContainsLine(symbol.range, line0)) continue;
    yield { name: symbol.name, kind: symbol.kind, range: symbol.range, depth };
    if (symbol.children !== undefined) yield* walk(symbol.children, line0, depth + 1);
  }
}

/**
 * The innermost symbol containing the 1-based `line`, from either answer shape. Flat
 * SymbolInformation has no depth, so the tightest range wins there.
 */
export function innermostSymbol(
  answer: readonly DocumentSymbol[] | readonly SymbolInformation[],
  line: number,
  source: SymbolSource,
  /** The file's lines, to recognise function-valued variables (`const f = () => {`). */
  lines?: readonly string[],
): EnclosingSymbol | null {
  const line0 = toZeroBasedLine(line);
  if (answer.length === 0) return null;
  let found: Candidate | null;
  if (DocumentSymbol.is(answer[0])) {
    found = pick(walk(answer as readonly DocumentSymbol[], line0, 0), line0, lines);
  } else {
    const flat = (answer as readonly SymbolInformation[]).map((symbol) => ({
      name: symbol.name,
      kind: symbol.kind,
      range: symbol.location.range,
      depth: 0,
    }));
    found = pick(flat, line0, lines);
  }
  if (found === null) return null;
  return { name: found.name, kind: symbolKindName(found.kind), ...toOneBasedLineSpan(found.range), source };
}

function span(symbol: LineSpan): number {
  return symbol.endLine - symbol.startLine + 1;
}

/** Edit selection (seed: fix in editor): the symbol when it spans under 120 lines, else the line alone. */
export function editSelection(symbol: LineSpan | null, line: number): LineSpan {
  return symbol !== null && span(symbol) < 120
    ? { startLine: symbol.startLine, endLine: symbol.endLine }
    : { startLine: line, endLine: line };
}

/**
 * Attachment (seed: ask in chat): the whole symbol when under 200 lines, else 20 lines either side
 * of the line, clamped to the file when `lineCount` is known.
 */
export function attachmentSelection(symbol: LineSpan | null, line: number, lineCount = Number.POSITIVE_INFINITY): LineSpan {
  if (symbol !== null && span(symbol) < 200) return { startLine: symbol.startLine, endLine: symbol.endLine };
  return windowAround(line, 20, lineCount);
}

/** `radius` lines either side of `line`, clamped to 1…lineCount. */
export function windowAround(line: number, radius: number, lineCount = Number.POSITIVE_INFINITY): LineSpan {
  const last = Math.max(1, Math.min(lineCount, line + radius));
  return { startLine: Math.max(1, Math.min(line - radius, last)), endLine: last };
}

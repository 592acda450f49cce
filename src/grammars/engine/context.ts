// Builds the LineContext a grammar sees for one candidate line: lazy neighbours, Chevrotain parsing,
// and emission with the format's defaults applied.
import type { CstNode, IToken } from 'chevrotain';
import { echoedCommand, isStandardInputName, namedInputFile, readsStandardInput, type RawLocation } from '../../core/index.js';
import { CauseChain } from './cause-chain.js';
import type { Emitted, GrammarFormat, LineContext, Parsed } from './format.js';
import { isSpace } from './heads.js';
import { mayMatch } from './parser.js';
import { Int, lineLexer } from './tokens.js';
import { cleanPrintedPath, isRuntimePseudoPath } from './paths.js';
import { pathMentionedAbove, pathPrintedBefore } from './mentioned-paths.js';
import { ownCopy } from './strings.js';
import { lineWidths, MAX_WRAPPED_LINES, wrapHeadAbove } from './wraps.js';
import { DIRECTORY_CONTEXT_KEY, type DirectoryContext } from './directories.js';
import type { ContextHost } from './host.js';

function detachHints(hints: RawLocation['hints']): RawLocation['hints'] {
  if (!hints) return hints;
  const copy = { ...hints };
  if (copy.directory !== undefined) copy.directory = ownCopy(copy.directory);
  if (copy.packagePath !== undefined) copy.packagePath = ownCopy(copy.packagePath);
  if (copy.packageName !== undefined) copy.packageName = ownCopy(copy.packageName);
  return copy;
}

// A column or end past 2^53-1 (or negative) is not a position: it is reported as unknown, the line kept.
function position(value: number | null | undefined): number | null {
  return value == null || !Number.isSafeInteger(value) || value < 0 || value >= Number.MAX_SAFE_INTEGER ? null : value;
}

function isCstNode(node: CstNode | IToken): node is CstNode {
  return (node as CstNode).children !== undefined;
}

// Offsets from the tokens themselves: Chevrotain leaves a top-level node's endOffset unset when the
// rule matched only a prefix of the input.
function nodeRange(node: CstNode | IToken): [number, number] {
  if (!isCstNode(node)) return [node.startOffset, node.startOffset + node.image.length];
  let start = Number.POSITIVE_INFINITY;
  let end = -1;
  // for…in, not Object.values: no array per node of every parsed line.
  for (const key in node.children) {
    for (const child of node.children[key]!) {
      const [childStart, childEnd] = nodeRange(child);
      if (childStart < start) start = childStart;
      if (childEnd > end) end = childEnd;
    }
  }
  return end < 0 ? [0, 0] : [start, end];
}

function collectInts(node: CstNode, out: IToken[]): void {
  for (const key in node.children) {
    for (const child of node.children[key]!) {
      if (isCstNode(child)) collectInts(child, out);
      else if (child.tokenType === Int) out.push(child);
    }
  }
}

// How far above a location in standard input its command is looked for (the neighbour window's reach).
const MAX_COMMAND_LOOKBACK = 40;
// A line that may be a command as make echoes it: a program's name, then its words.
const BARE_COMMAND = /^[\w./-]+\s/;
const ROOT_PROMPT = /^\s*# +/;

// One context per format, reused for every candidate line (reset by the scanner): a fresh object with a
// dozen closures per line and format (~36 000 per 100 MB log) was measured as ~50 MB of old-space garbage.
export class FormatLineContext implements LineContext {
  text = '';
  logLine = 0;

  constructor(
    private readonly host: ContextHost,
    private readonly format: GrammarFormat,
  ) {}

  /** Points the context at the next candidate line. */
  reset(text: string, logLine: number): this {
    this.text = text;
    this.logLine = logLine;
    return this;
  }

  line(delta: number): string | undefined {
    return delta === 0 ? this.text : this.host.neighbour(delta);
  }

  private tokensOf(source: string): IToken[] {
    let tokens = this.host.tokenMemo.get(source);
    if (!tokens) {
      tokens = lineLexer().tokenize(source).tokens;
      this.host.tokenMemo.set(source, tokens);
    }
    return tokens;
  }

  parse(rule: string, options: { from?: number; args?: unknown[]; text?: string } = {}): Parsed | undefined {
    const tokens = this.tokensOf(options.text ?? this.text);
    const from = options.from ?? 0;
    let index = 0;
    while (index < tokens.length && (tokens[index]?.startOffset ?? 0) < from) index++;
    if (index >= tokens.length || !mayMatch(rule, tokens, index, options.args ?? [])) return undefined;
    const parser = this.host.parser(this.format.name, rule);
    parser.input = index === 0 ? tokens : tokens.slice(index);
    const cst = parser.invoke(rule, options.args ?? []);
    if (!cst) return undefined;
    return { cst, end: parser.consumedEnd() } satisfies Parsed;
  }

  slice(node: CstNode | IToken, _parsed?: Parsed, source = this.text): string {
    const [start, end] = nodeRange(node);
    return source.slice(start, end);
  }

  ints(node: CstNode | undefined): number[] {
    if (!node) return [];
    const found: IToken[] = [];
    collectInts(node, found);
    // Usually already in order (one rule's Ints): sorting anyway allocated a work array per parsed location.
    for (let index = 1; index < found.length; index++) {
      if (found[index]!.startOffset < found[index - 1]!.startOffset) {
        found.sort((left, right) => left.startOffset - right.startOffset);
        break;
      }
    }
    return found.map((token) => Number(token.image));
  }

  emit(location: Emitted): RawLocation | undefined {
    const host = this.host;
    const formatName = location.format ?? this.format.name;
    const spec = host.formatsByName.get(formatName) ?? this.format;
    const file = cleanPrintedPath(location.file);
    // 2^53 and above is no line anyone printed, and not even exact as a number: the location is dropped.
    if (file === '' || !Number.isSafeInteger(location.line) || location.line < 0) return undefined;
    const weak = location.hints?.confirm === true;
    // A weak candidate is a guess until resolve confirms it: guesses have their own bound and never fill the cap.
    if (weak ? host.weakKept >= host.maxLocations : host.emitted.length - host.weakKept + host.repeats.folded >= host.maxLocations) {
      if (!weak) host.overflow++;
      host.refusals++;
      return undefined;
    }
    const column = position(location.column);
    let hints = isRuntimePseudoPath(file) ? { ...location.hints, runtime: true } : location.hints;
    // Under a build tool that said where it was (make's `Entering directory`, a `cd sub &&` step), a relative path
    // is relative to that folder.
    // Else a monorepo runner's prefix named the package the tool ran in: pnpm its folder, turbo its name.
    if (!/^(?:[/\\]|[A-Za-z]:)/.test(file)) {
      const linePackage = host.linePackage;
      const directories = host.sharedState.get(DIRECTORY_CONTEXT_KEY) as DirectoryContext | undefined;
      const directory = directories?.current() ?? linePackage?.folder;
      if (directory && !hints?.directory) hints = { ...hints, directory };
      const packageName = linePackage?.name ?? directories?.packageName;
      if (packageName !== undefined && !hints?.packageName) hints = { ...hints, packageName };
    }
    // A weak guess the workspace test already refuses is dropped when its line ends: the lines above are not read for
    // it (reading them made every such line depend on its neighbours, so a repeated one was read again each time).
    const refused = location.hints?.confirm === true && !this.mayBeWorkspaceFile(file);
    const mentioned = hints?.directory || hints?.runtime || refused ? undefined : pathMentionedAbove(file, this.host);
    if (mentioned !== undefined) hints = { ...hints, mentionedPath: ownCopy(mentioned) };
    if (isStandardInputName(file)) {
      const command = this.echoedCommandAbove();
      if (command !== undefined) hints = { ...hints, commandLine: command };
    }
    const wrap = location.logLine === undefined || location.logLine === this.logLine ? this.wrappedPathHead(location.file) : undefined;
    if (wrap !== undefined) hints = { ...hints, wrappedFrom: wrap.head };
    const reading = location.logLine === undefined || location.logLine === this.logLine ? this.readingFileBefore(file) : undefined;
    if (reading !== undefined) hints = { ...hints, readingFile: ownCopy(reading) };
    const message = wrap === undefined ? (location.message ?? '') : this.unwrappedMessage(location.message ?? '', wrap.width, wrap.indent);
    const toOneBased = spec.columnBase === 0 ? 1 : 0;
    const endColumn = position(location.endColumn);
    const raw: RawLocation = {
      file: ownCopy(file),
      line: location.line,
      // The JSON column is 1-based in the tool's own unit, whatever base the tool printed.
      column: column === null ? null : column + toOneBased,
      endLine: position(location.endLine),
      endColumn: endColumn === null ? null : endColumn + toOneBased,
      severity: location.severity ?? null,
      message: ownCopy(message.trim()),
      code: location.code == null ? null : ownCopy(location.code),
      format: formatName,
      columnUnit: spec.columnUnit,
      logLine: location.logLine ?? this.logLine,
    };
    // The order a trace is printed in belongs to the runtime, written once on its format (FormatSpec.trace).
    if (location.frame)
      raw.frame = {
        ...location.frame,
        innermostLast: spec.trace?.innermost === 'shape' ? location.frame.innermostLast === true : spec.trace?.innermost === 'last',
      };
    if (location.relatedTo !== undefined || location.related === true) raw.role = 'related';
    if (location.relatedTo !== undefined) raw.relatedTo = location.relatedTo;
    if (location.dedentedLine !== undefined) raw.dedentedLine = ownCopy(location.dedentedLine);
    if (hints && Object.keys(hints).length > 0) raw.hints = detachHints(hints);
    host.emitted.push(raw);
    if (weak) host.weakKept++;
    return raw;
  }

  // The nearest command above that may name what a tool read as standard input: an echoed command (`$ …`,
  // `+ …`), or a line that is itself a command (make echoes its recipes as they are) reading standard input or
  // naming one file the workspace holds (`dhall format --inplace packages.dhall`, which then reports `(stdin)`).
  private echoedCommandAbove(): string | undefined {
    for (let delta = -1; delta >= -MAX_COMMAND_LOOKBACK; delta--) {
      const line = this.line(delta);
      if (line === undefined) return undefined;
      const echoed = echoedCommand(line);
      if (echoed !== undefined) return ownCopy(echoed);
      // A root shell's prompt (`# mysql db < schema.sql`) is also a comment's or a heading's mark: the line after it
      // counts only as a bare command would.
      const command = line.replace(ROOT_PROMPT, '');
      if (!BARE_COMMAND.test(command)) continue;
      if (readsStandardInput(command) || this.namesWorkspaceFile(command)) return ownCopy(command);
    }
    return undefined;
  }

  // Whether a bare command line names one input file the workspace holds: with no workspace to ask, no line is taken.
  private namesWorkspaceFile(line: string): boolean {
    if (this.host.mayBeWorkspaceFile === undefined) return false;
    const file = namedInputFile(line);
    return file !== undefined && this.host.mayBeWorkspaceFile(file);
  }

  // A terminal-width console (fold, a CI log viewer) wraps a long path where the width ends: the location line
  // then starts with the path's second half and the line before ends with its first (formats.md §3.9).
  // A tool that indents another's output and wraps it itself (flutter's `    ` under `Xcode's output:`) starts the
  // second half after the same indentation as the first.
  private readingFileBefore(file: string): string | undefined {
    const line = this.line(0);
    return line === undefined ? undefined : pathPrintedBefore(line, file);
  }

  private wrappedPathHead(printed: string): { head: string; width: number; indent: string } | undefined {
    // Every location asks, and most paths do not start their line: the indent is measured before any string is made.
    let indentLength = 0;
    for (let code = this.text.charCodeAt(0); code === 0x20 || code === 0x09; code = this.text.charCodeAt(++indentLength));
    if (printed === '' || !this.text.startsWith(printed, indentLength)) return undefined;
    const indent = this.text.slice(0, indentLength);
    const previous = this.line(-1);
    if (previous === undefined) return undefined;
    if (indent !== '' && (!previous.startsWith(indent) || isSpace(previous.charCodeAt(indent.length)))) return undefined;
    const head = wrapHeadAbove(previous);
    return head === undefined ? undefined : { head, width: previous.length, indent };
  }

  // When the location line is itself as wide as the wrap, the message it ends continues on the next lines.
  private unwrappedMessage(message: string, width: number, indent: string): string {
    const start = message === '' ? -1 : this.text.lastIndexOf(message);
    if (start < 0 || this.text.slice(start).trimEnd() !== message.trimEnd()) return message;
    let joined = this.text.slice(start);
    for (let delta = 0; delta < MAX_WRAPPED_LINES; delta++) {
      const line = this.line(delta);
      const next = this.line(delta + 1);
      if (line === undefined || next === undefined || next === '' || !lineWidths(line).includes(width)) break;
      joined += next.startsWith(indent) ? next.slice(indent.length) : next;
    }
    return joined;
  }

  state<T extends object>(create: () => T): T {
    // A format's own state lives beside the shared entries under a key no family uses (made once: formats ask per line).
    return this.shared((this.stateKey ??= `\u0000format:${this.format.name}`), create);
  }
  private stateKey: string | undefined;

  shared<T extends object>(key: string, create: () => T): T {
    this.host.readBeyondLine = true;
    let value = this.host.sharedState.get(key) as T | undefined;
    if (!value) {
      value = create();
      this.host.sharedState.set(key, value);
    }
    return value;
  }

  sharedIfMade<T extends object>(key: string): T | undefined {
    const value = this.host.sharedState.get(key) as T | undefined;
    if (value !== undefined) this.host.readBeyondLine = true;
    return value;
  }

  get emitted(): readonly RawLocation[] {
    this.host.readBeyondLine = true;
    return this.host.emitted;
  }

  lineEmitted(): readonly RawLocation[] {
    const emitted = this.host.emitted;
    let from = emitted.length;
    while (from > 0 && emitted[from - 1]!.logLine === this.logLine) from--;
    // An earlier line may have placed a location on this one (a diagnostic over its arrow line).
    if (from < this.host.lineFrom) this.host.readBeyondLine = true;
    return emitted.slice(from);
  }

  mayBeWorkspaceFile(printed: string): boolean {
    const test = this.host.mayBeWorkspaceFile;
    if (test === undefined) return true;
    const file = cleanPrintedPath(printed);
    // As dropUnconfirmable judges (weak.ts): a path that starts its line may continue one a console wrapped (emit).
    const head = this.text.trimStart();
    return head.startsWith(printed) || head.startsWith(file) || isStandardInputName(file) || test(file);
  }

  newTraceId(): number {
    this.host.readBeyondLine = true;
    return this.host.newTraceId();
  }

  causeChain(): CauseChain {
    this.host.readBeyondLine = true;
    const chain = new CauseChain(this.host.meter);
    this.host.atEnd.add(() => chain.settle());
    return chain;
  }

  memo<T>(key: string, compute: () => T): T {
    const memo = this.host.lineMemo;
    if (memo.has(key)) return memo.get(key) as T;
    const value = compute();
    memo.set(key, value);
    return value;
  }
}

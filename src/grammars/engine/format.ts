// What a family file exports: format specs with their anchors and a parse function over one candidate line.
import type { CstNode, IToken } from 'chevrotain';
import type { FormatSpec, FrameInfo, RawLocation, ResolveHints, Severity } from '../../core/index.js';
import type { CauseChain } from './cause-chain.js';
import type { RuleDefiner } from './parser.js';

/** A rule parsed at a position of the current line. */
export interface Parsed {
  cst: CstNode;
  /** Offset in the line just after the last token the rule consumed. */
  end: number;
}

/** What a grammar emits; unspecified fields take the format's defaults. */
export interface Emitted {
  file: string;
  line: number;
  column?: number | null;
  endLine?: number | null;
  endColumn?: number | null;
  severity?: Severity | null;
  message?: string;
  code?: string | null;
  /** A frame of a printed trace; its order (innermostLast) is the format's `trace` spec, stamped by the scanner, unless
   * the format reads the order from each trace's shape (`innermost: 'shape'`) and gives it here. */
  frame?: Omit<FrameInfo, 'innermostLast' | 'depth' | 'raised'> & { innermostLast?: boolean };
  /** A related span of this earlier location (a note under its error); see RawLocation.relatedTo. */
  relatedTo?: RawLocation;
  /** A related span whose diagnostic comes later (an include chain above its error): set `relatedTo` once known. */
  related?: boolean;
  hints?: ResolveHints;
  /** See RawLocation.dedentedLine. */
  dedentedLine?: string;
  /** Defaults to the current line. */
  logLine?: number;
  /** Emit under another format name of the same family. */
  format?: string;
}

/** One candidate line as a grammar sees it. */
export interface LineContext {
  /** The normalised line: UTF-8, ANSI stripped, CR redraws collapsed, CI/task prefixes removed. */
  readonly text: string;
  /** 1-based log line number. */
  readonly logLine: number;
  /** A neighbouring normalised line (delta −40…+40), undefined past the bounded window or the log's ends. */
  line(delta: number): string | undefined;
  /** Runs a grammar rule on the current line (or on `text` when given) from a character offset. */
  parse(rule: string, options?: { from?: number; args?: unknown[]; text?: string }): Parsed | undefined;
  /** The substring of the parsed line that a CST node (or token) covers. */
  slice(node: CstNode | IToken, parsed?: Parsed, text?: string): string;
  /** Integer images of a CST node in order (line, column, …). */
  ints(node: CstNode | undefined): number[];
  emit(location: Emitted): RawLocation | undefined;
  /** Per-scan state of this format (created on first use). */
  state<T extends object>(create: () => T): T;
  /** Per-scan state shared across the family (for example make's directory stack). */
  shared<T extends object>(key: string, create: () => T): T;
  /** The shared state under `key` if a line made it already: a line that finds none stays its own (barren-lines.ts). */
  sharedIfMade<T extends object>(key: string): T | undefined;
  /** Every location emitted so far in this scan, in order (formats that annotate earlier ones). */
  readonly emitted: readonly RawLocation[];
  /** The locations at the end of `emitted` placed on this line: reading only these keeps a line's reading its own. */
  lineEmitted(): readonly RawLocation[];
  /** False when a weak candidate (hints.confirm) naming this printed path is sure to be dropped (the workspace has no
   * such file): work only its message needs, such as reading the lines around, can be left undone. */
  mayBeWorkspaceFile(printed: string): boolean;
  /** A fresh id for a printed stack trace. */
  newTraceId(): number;
  /** A new exception chain, ranked when it ends or, still open, when the log ends. */
  causeChain(): CauseChain;
  /** Caches a computation for the current line across formats (most formats parse the same GNU head). */
  memo<T>(key: string, compute: () => T): T;
}

export interface GrammarFormat extends FormatSpec {
  /**
   * Regex source matched against RAW log text (latin1, ANSI not stripped) to pick candidate lines cheaply.
   * It must be linear (start with a literal or a short class) and tolerate ANSI where the tool colours.
   */
  readonly anchor: string;
  /** A last-resort format (generic, the permissive tier): a line only it claimed is offered again without a
   * learned prefix or tool tag, so that a specific format can read the tool's own line shape. */
  readonly fallback?: boolean;
  /** A tier that also reads the lines other formats claimed (the prose tier): a claimed line's message may name
   * another place in words (`Psych::SyntaxError: (config/app.yml): … at line 4 column 12`). Such a format only
   * proposes weak candidates (hints.confirm), so what it adds never changes what the claimant reported. */
  readonly readsClaimedLines?: boolean;
  /** Offered no candidate line: read only on the log's first and last lines (engine/last-resort.ts), where its anchor,
   * searched over the raw text with `^` at each line's start, selects them. For what costs every line of a log too
   * much and is kept only when nothing else was placed (a file named with no line). */
  readonly lastResort?: boolean;
  /** For a last-resort format: a regex source, searched with the `gm` flags over the raw text, that matches on every
   * line the anchor selects (a match never spans lines). The anchor then runs only on the lines it finds: an anchor
   * whose alternatives start at `^` costs each line's start its prefix alternation, a gate of literals costs little. */
  readonly lastResortGate?: string;
  /** Recognises one candidate line; returns true when it claimed the line (later formats skip it). */
  parse(context: LineContext): boolean;
}

/** A family file's export. */
export interface GrammarFamily {
  readonly formats: readonly GrammarFormat[];
  readonly rules?: RuleDefiner;
}

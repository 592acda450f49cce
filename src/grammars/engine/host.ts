// The scanner's side of every line context: what a format's context reads and counts through (context.ts).
import type { IToken } from 'chevrotain';
import { DEFAULT_MAX_LOCATIONS, type RawLocation, type WorkMeter } from '../../core/index.js';
import type { GrammarFormat } from './format.js';
import { LineMemo } from './line-memo.js';
import type { LineParser } from './parser.js';
import type { PrefixPackage } from './prefixes.js';
import { RepeatFolder } from './repeats.js';
import type { ScannerOptions } from './scan-options.js';

/** What the scanner provides to every context it builds. */
export interface ContextHost {
  parser(formatName: string, rule: string): LineParser;
  neighbour(delta: number): string | undefined;
  /** False when the neighbour `delta` away certainly does not hold `needle` (read from its raw bytes), or is no line. */
  neighbourMayHold(delta: number, needle: string): boolean;
  readonly emitted: RawLocation[];
  sharedState: Map<string, object>;
  formatsByName: ReadonlyMap<string, GrammarFormat>;
  newTraceId(): number;
  /** Per-line cache shared by the formats offered the same line; the scanner clears it for each line. */
  lineMemo: LineMemo<unknown>;
  /** Tokens of each text lexed for the current candidate line, keyed by the text itself: a key built by
   * concatenation made V8 copy the whole line on every lookup (measured: 45 MB promoted per 100 MB log). */
  tokenMemo: LineMemo<IToken[]>;
  readonly maxLocations: number;
  overflow: number;
  /** Weak candidates in `emitted` (weak.ts): bounded by maxLocations on their own, never counted toward it. */
  weakKept: number;
  /** Locations either cap refused. */
  refusals: number;
  /** Index in `emitted` of the current line's first location. */
  lineFrom: number;
  /** Set when a format read beyond the current line's text: a neighbour, its state, an earlier line's location. */
  readBeyondLine: boolean;
  /** ScannerOptions.mayBeWorkspaceFile. */
  readonly mayBeWorkspaceFile: ((printed: string) => boolean) | undefined;
  /** Folds a line's repeats of earlier locations; its count of folded printings counts toward maxLocations. */
  readonly repeats: RepeatFolder;
  /** The monorepo package the current line's task-runner prefix named (pnpm -r, turbo), if any. */
  linePackage: PrefixPackage | undefined;
  /** Run once when the log ends (a chain still open then is ranked). */
  readonly atEnd: Set<() => void>;
  /** Counts the work done, when a growth test passes a meter (ScannerOptions.meter). */
  readonly meter: WorkMeter | undefined;
}

/** A fresh host for one scan, its counts at zero. */
export function newContextHost(
  options: ScannerOptions,
  formatsByName: ReadonlyMap<string, GrammarFormat>,
  newTraceId: () => number,
): ContextHost {
  return {
    parser: options.parser,
    neighbour: () => undefined,
    neighbourMayHold: () => true,
    emitted: [],
    sharedState: new Map(),
    formatsByName,
    newTraceId,
    lineMemo: new LineMemo(),
    tokenMemo: new LineMemo(),
    maxLocations: options.maxLocations ?? DEFAULT_MAX_LOCATIONS,
    overflow: 0,
    weakKept: 0,
    refusals: 0,
    lineFrom: 0,
    readBeyondLine: false,
    mayBeWorkspaceFile: options.mayBeWorkspaceFile,
    repeats: new RepeatFolder(),
    linePackage: undefined,
    atEnd: new Set(),
    meter: options.meter,
  };
}

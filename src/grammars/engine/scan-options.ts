// The scanner's options and result (kept apart so the streaming loop in ./scanner.ts stays one screenful).
import type { RawLocation, WorkMeter } from '../../core/index.js';
import type { GrammarFormat } from './format.js';
import type { LineParser } from './parser.js';

export interface ScannerOptions {
  formats: readonly GrammarFormat[];
  /** The parser holding a format's rules (built lazily per family). */
  parser: (formatName: string, rule: string) => LineParser;
  /** Normalises one decoded line (ANSI, CR redraws, backspaces); injected so grammars stay pure. */
  normaliseLine: (raw: string) => string;
  /** Stop collecting after this many locations (the rest are counted in `overflow`). */
  maxLocations?: number;
  /** Counts the characters and frames examined (growth tests); nothing is counted without one. */
  meter?: WorkMeter;
  /** False for a printed path that cannot be a workspace file: a weak candidate (hints.confirm) naming one is dropped
   * once its line is read (weak.ts). Built by the layer that may touch the file system (locate); default: keep all. */
  mayBeWorkspaceFile?: (printed: string) => boolean;
}

export interface ScanResult {
  locations: RawLocation[];
  /** Locations not kept because maxLocations was reached (weak candidates, bounded apart, are never counted). */
  overflow: number;
  /** Lines counted on `\n` (a final line without `\n` counts). */
  lines: number;
  bytes: number;
  /** User patterns (`--efm`) that ran out of their step budget on a line, once per pattern. */
  gaveUp?: ReadonlyArray<{ readonly pattern: string; readonly logLine: number; readonly steps: number }>;
}

// Recognition: log text in, raw locations out. No file system, no Node APIs.
import type { WorkMeter } from '../core/index.js';
import type { GrammarFormat } from './engine/format.js';
import { parserForFormat, selectFormats } from './registry.js';
import { Scanner, type ScanResult } from './engine/scanner.js';

export interface ScanOptions {
  /** Restrict to these format names (default: every registered format). */
  formats?: readonly string[];
  /** Normalises one decoded line; pass summarise's normaliseLine. */
  normaliseLine: (raw: string) => string;
  maxLocations?: number;
  /** Counts the work done (growth tests). */
  meter?: WorkMeter;
  /** False for a printed path that cannot be a workspace file (ScannerOptions.mayBeWorkspaceFile). */
  mayBeWorkspaceFile?: (printed: string) => boolean;
}

// Creates a streaming scanner: feed latin1 slices with write(), then end().
export function createScanner(options: ScanOptions): Scanner {
  const formats: readonly GrammarFormat[] = selectFormats(options.formats);
  return new Scanner({
    formats,
    parser: parserForFormat,
    normaliseLine: options.normaliseLine,
    ...(options.maxLocations !== undefined ? { maxLocations: options.maxLocations } : {}),
    ...(options.meter ? { meter: options.meter } : {}),
    ...(options.mayBeWorkspaceFile ? { mayBeWorkspaceFile: options.mayBeWorkspaceFile } : {}),
  });
}

export { formatSpecs, registeredFormats, selectFormats, buildParser, registeredFamilies } from './registry.js';
export { looksLikeSourcePath, isRuntimePseudoPath, cleanPrintedPath } from './engine/paths.js';
export { capLocations } from './engine/weak.js';
export type { Scanner, ScanResult };
export type { GrammarFormat, GrammarFamily, LineContext } from './engine/format.js';
export { UserFormatScanner, checkUserFormats, userFormatsTakeEveryLine, MAX_LINE as USER_FORMAT_MAX_LINE } from './user-formats/scanner.js';
export type { UserFormat } from './user-formats/scanner.js';

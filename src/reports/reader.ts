// The reader's shape, apart from its making (index.ts) so that a reader that wraps another (user-formats.ts)
// needs no import of the file that makes it.
import type { WorkMeter } from '../core/index.js';
import type { ScanResult, UserFormat } from '../grammars/index.js';

export interface InputReaderOptions {
  /** Text format and report names to recognise (default: all). */
  formats?: readonly string[];
  /** Text format and report names never to recognise (`--without-tool`): a format that misfires on a user's logs,
   * or the study's ablation of the format that reads a log. */
  excludeFormats?: readonly string[];
  /** Read the input as this report (`text`: the text formats only, no report detection). */
  inputFormat?: string;
  normaliseLine: (raw: string) => string;
  maxLocations?: number;
  /** The user's own patterns (`--efm`, a project file), read before the built-in formats on every line. */
  userFormats?: readonly UserFormat[];
  /** Counts the characters and records examined (growth tests); nothing is counted without one. */
  meter?: WorkMeter;
  /** False for a printed path that cannot be a workspace file (the scanner's option of that name). */
  mayBeWorkspaceFile?: (printed: string) => boolean;
}

/** The readLog sinks and the end of the read, as the text scanner has them. */
export interface InputReader {
  write(latin1: string): void;
  writeWindow(window: string): number;
  end(): ScanResult;
}

// The wrappers a log's first slice shows: the listed CI/task-runner prefix kinds that start its lines, the wrapper
// prefix learned from it (./learned-prefix.ts) and a double-spaced paste (./double-spaced.ts). All three read the text
// alone, so a scan of the same first slice as the last one (an editor or a watcher locating the same log again) takes
// the last answer: reading them again was about a sixth of a warm 10 KB call (issue 21).
import { detectLinePrefixes } from './prefixes.js';
import { learnLinePrefix } from './learned-prefix.js';
import type { LearnedPrefix } from './line-peel.js';
import { ownCopy } from './strings.js';
import { isDoubleSpaced } from './double-spaced.js';

interface LogWrappers {
  /** The regex source of the prefix kinds for the line-start anchors (listed and learned, `|`-joined), '' when none. */
  prefixes: string;
  learned: LearnedPrefix | undefined;
  /** Whether the log was pasted with a blank line after every line (./double-spaced.ts). */
  doubleSpaced: boolean;
}

let lastSlice: string | undefined;
let lastWrappers: LogWrappers | undefined;

/** The wrappers of a log whose first slice (up to 64 KiB, at the log's start) is `firstSlice`. */
export function logWrappersOf(firstSlice: string): LogWrappers {
  if (firstSlice === lastSlice && lastWrappers !== undefined) return lastWrappers;
  const listed = detectLinePrefixes(firstSlice);
  const learned = learnLinePrefix(firstSlice, listed !== '');
  const prefixes = [listed, learned?.source ?? ''].filter((source) => source !== '').join('|');
  // An own copy: the slice shares memory with the scanner's buffer, which the memo would otherwise keep alive.
  lastSlice = ownCopy(firstSlice);
  lastWrappers = { prefixes, learned, doubleSpaced: isDoubleSpaced(firstSlice) };
  return lastWrappers;
}

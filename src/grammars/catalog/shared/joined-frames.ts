// A PHP stack trace whose lines a log pipeline joined into one (Laravel's `[stacktrace] #0 /app/x.php(12): f() #1 …`
// stored in a single-line log record, a JSON field, a dashboard's copy): each `#N file(line): ` is a frame of one
// trace, innermost first, read in the order printed; a wrapped record continues the trace on the next line.
import type { LineContext } from '../../engine/format.js';
import type { FrameRunState } from './scripting.js';

const JOINED_FRAME = /(?:^|\s)#(\d{1,4}) ([^\s()]{1,1024}?\.[A-Za-z][\w-]{0,11})\((\d{1,7})\): /g;

export interface JoinedRun extends FrameRunState {
  /** The log line this reader last read (-1 before the first). */
  joinedLine: number;
}

/** Reads a line holding two or more numbered frames, or the next line of such a record; false for any other line. */
export function parseJoinedFrames(context: LineContext, run: JoinedRun): boolean {
  const text = context.text;
  JOINED_FRAME.lastIndex = 0;
  const frames: { number: number; file: string; line: number }[] = [];
  for (let match = JOINED_FRAME.exec(text); match; match = JOINED_FRAME.exec(text)) {
    frames.push({ number: Number(match[1]), file: match[2]!, line: Number(match[3]) });
  }
  // The next line of a wrapped record goes on numbering where this one stopped (its first piece is the cut frame).
  const continues = run.joinedLine === context.logLine - 1 && frames.length > 0 && frames[0]!.number >= run.index;
  if (frames.length < 2 && !continues) return false;
  if (!continues) {
    run.trace = context.newTraceId();
    run.index = 0;
    run.causeRank = 0;
  }
  run.lastLine = context.logLine;
  run.joinedLine = context.logLine;
  for (const frame of frames) {
    context.emit({
      file: frame.file,
      line: frame.line,
      severity: null,
      message: run.message,
      frame: { trace: run.trace, index: run.index++, causeRank: run.causeRank },
    });
  }
  return true;
}

// A PHP stack trace whose lines a log pipeline joined into one (Laravel's `[stacktrace] #0 /app/x.php(12): f() #1 …`
// stored in a single-line log record, a JSON field, a dashboard's copy): each `#N file(line): ` is a frame of one
// trace, innermost first, read in the order printed; a wrapped record continues the trace on the next line.
import type { Severity } from '../../../core/index.js';
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

// The same frames when the record kept the report's line breaks as escapes (a web server relaying PHP-FPM's standard
// error writes `… in /app/x.php:9\nStack trace:\n#0 /app/y.php(12): f()\n#1 …` on one line of its own log).
const ESCAPED_FRAME = /\\n#(\d{1,4}) ([^\s()]{1,1024}?\.[A-Za-z][\w-]{0,11})\((\d{1,7})\): /g;

/**
 * A report's head (where it was raised, the trace's innermost place) and the frames after its escaped `\nStack trace:`
 * (`frames`, from that mark on), as one trace in the order printed.
 */
export function emitEscapedTrace(
  context: LineContext,
  run: FrameRunState,
  head: { file: string; line: number; severity: Severity; message: string },
  frames: string,
): void {
  run.trace = context.newTraceId();
  run.index = 0;
  run.causeRank = 0;
  run.message = head.message;
  context.emit({ ...head, frame: { trace: run.trace, index: run.index++, causeRank: 0 } });
  ESCAPED_FRAME.lastIndex = 0;
  for (let match = ESCAPED_FRAME.exec(frames); match; match = ESCAPED_FRAME.exec(frames)) {
    const frame = { trace: run.trace, index: run.index++, causeRank: 0 };
    context.emit({ file: match[2]!, line: Number(match[3]), severity: null, message: head.message, frame });
  }
}

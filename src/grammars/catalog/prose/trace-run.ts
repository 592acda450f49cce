// A run of frames under a trace header that states its order (the prose tier): when the runtime's own format is
// missing, the frames are still one trace, and the header says which of them raised.
import type { RawLocation } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import { chainLink, newChainRanks, openLinked, trackLinked, type ChainLink, type ChainRanks } from '../shared/exception-chain.js';

// `Traceback (most recent call last):` (Python, and the step runners and REPLs that print its layout): the innermost
// frame is the last of the run, which the prose format's trace order already says. A host may print its own words
// before a traceback it relays on the same line (`Broken DAG: [dags/x.py] Traceback (most recent call last):`).
const LAST_CALL_LAST = /(?:^\s*(?:\w[\w ]{0,30} )?|\bTraceback )\(most recent call last\):?\s*$/i;
// A frame run is indented under its header (each frame and its source line); a line at the margin ends it.
const MAX_RUN_LOOKUP = 40;
const MAX_GAP = 8;

// The last header line each scan's prose context was offered, kept outside the context's state: reading that state
// marks a line as depending on its neighbours, which turns off the repeat memo for every indented prose line (measured:
// prose bench 1.5× → 2.0×). Only a line within reach of a header pays for the look-up.
const headerLineOf = new WeakMap<LineContext, number>();

interface FrameRun {
  active: boolean;
  // The word the run's frames start with (`File`, `at`): a frame a copy moved to the margin still starts with it.
  lead: string;
  // Taken only when a frame of the run is emitted: a run another format read already takes no trace id.
  trace: number | undefined;
  index: number;
  logLine: number;
  // The ranks of a chain of runs (CPython's sentence between two tracebacks: shared/exception-chain.ts); made on the
  // first run (noteTraceHeader reads this state as an empty object first).
  ranks?: ChainRanks;
}

export interface RunFrame {
  trace(): number;
  readonly index: number;
  readonly causeRank: number;
  /** Remembers the emitted frame, so that a later link of its chain can move it. */
  track(location: RawLocation | undefined): void;
}

/** Notes a header that states its frames' order (the prose anchors offer it); true when the line is one. */
export function noteTraceHeader(context: LineContext): boolean {
  if (!context.text.includes('most recent call last') || !LAST_CALL_LAST.test(context.text)) return false;
  // Read as state too, so that a repeated header line is never answered from the repeat memo.
  context.state(() => ({}));
  headerLineOf.set(context, context.logLine);
  return true;
}

/** The trace and the frame's place in it when this line is a frame of a run under an ordered header, or in Python's words. */
export function frameInRun(context: LineContext): RunFrame | undefined {
  return frameUnderHeader(context) ?? (PYTHON_FRAME.test(context.text) ? pythonWordsFrame(context) : undefined);
}

// A frame in CPython's own words says its order by itself (innermost last), with no header above it this tier can read
// (a paste that starts at the first frame, a copy that moved the frames and their source lines to the margin, or
// escaped the header's parentheses). A header or an exception line at the margin between two frames ends the run.
const PYTHON_FRAME = /^\s*File "[^"]{1,1024}", line \d{1,7}, in \S/;
const PYTHON_LEAD = 'File';
const RUN_BREAK = /most recent call last|^\s*[A-Za-z_][\w.]*:(?:\s|$)/;
// CPython prints a chain's sentence, a blank line and the header above a traceback's first frame.
const MAX_LINK_ABOVE_FRAME = 4;

function pythonWordsFrame(context: LineContext): RunFrame {
  const run = context.state<FrameRun>(() => ({ active: false, lead: '', trace: undefined, index: 0, logLine: -1 }));
  const gap = context.logLine - run.logLine;
  if (run.active && run.lead === PYTHON_LEAD && gap >= 1 && gap <= MAX_GAP && !brokenBetween(context, gap)) return next(run, context);
  const ranks = (run.ranks ??= newChainRanks());
  openLinked(context, ranks, ranks.chain === undefined ? undefined : linkWithin(context, 0, MAX_LINK_ABOVE_FRAME));
  run.active = true;
  run.lead = PYTHON_LEAD;
  run.trace = undefined;
  run.index = 0;
  return next(run, context);
}

function brokenBetween(context: LineContext, gap: number): boolean {
  for (let delta = -1; delta > -gap; delta--) if (RUN_BREAK.test(context.line(delta) ?? '')) return true;
  return false;
}

function frameUnderHeader(context: LineContext): RunFrame | undefined {
  const indented = /^\s/.test(context.text);
  // A web copy may lose a frame's indentation (issue 20's copy damage): at the margin, a line continues a run only
  // when it starts with the word the run's frames start with.
  if (!indented && !/^[A-Za-z]/.test(context.text)) return undefined;
  const header = headerLineOf.get(context);
  if (header === undefined || context.logLine - header > MAX_RUN_LOOKUP * 4) return undefined;
  const run = context.state<FrameRun>(() => ({ active: false, lead: '', trace: undefined, index: 0, logLine: -1 }));
  const gap = context.logLine - run.logLine;
  // The run's previous frame is near and only indented lines lie between: this frame continues it (one look-up
  // per frame, not a walk to the header).
  const continues = run.active && gap >= 1 && gap <= MAX_GAP && indentedBetween(context, gap);
  if (continues && (indented || leadOf(context.text) === run.lead)) return next(run, context);
  if (!indented) return undefined;
  for (let delta = -1; delta >= -MAX_RUN_LOOKUP; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (LAST_CALL_LAST.test(line)) {
      const ranks = (run.ranks ??= newChainRanks());
      const box = context.line(delta - 1) ?? '';
      const link = FIRST_SUB_EXCEPTION.test(box)
        ? 'handling'
        : ranks.chain === undefined
          ? undefined
          : linkWithin(context, delta, MAX_LINK_ABOVE_HEADER);
      openLinked(context, ranks, SUB_EXCEPTION.test(box) && link !== 'handling' ? undefined : link);
      run.active = true;
      run.lead = leadOf(context.text);
      run.trace = undefined;
      run.index = 0;
      return next(run, context);
    }
    if (!/^\s/.test(line)) return undefined;
  }
  return undefined;
}

function indentedBetween(context: LineContext, gap: number): boolean {
  for (let delta = -1; delta > -gap; delta--) {
    const line = context.line(delta) ?? '';
    // An indented header (a sub-exception's traceback inside an ExceptionGroup's box) starts another trace.
    if (!/^\s/.test(line) || (line.includes('most recent call last') && LAST_CALL_LAST.test(line))) return false;
  }
  return true;
}

// Python 3.11+ prints an ExceptionGroup's own traceback, then each sub-exception's in a numbered box behind a `| `
// margin (`+-+---- 1 ----` opens the first, `+---- 2 ----` the next). The group only reports its sub-exceptions: the
// first one's traceback is the root, as after a "During handling…" sentence (the group's frames move one rank away);
// a later box is a chain of its own, so the first sub-exception, printed first, stays ahead of it.
const FIRST_SUB_EXCEPTION = /^\s*\+-\+-{3,} 1 -{3,}\s*$/;
const SUB_EXCEPTION = /^\s*\+(?:-\+)?-{3,} (?:\d{1,5}|\.\.\.) -{3,}\s*$/;

function next(run: FrameRun, context: LineContext): RunFrame {
  run.logLine = context.logLine;
  const ranks = (run.ranks ??= newChainRanks());
  return {
    trace: () => (run.trace ??= context.newTraceId()),
    index: run.index++,
    causeRank: ranks.rank,
    track: (location) => trackLinked(ranks, location),
  };
}

// CPython prints a chain's sentence two lines above the next traceback's header (a blank line between).
const MAX_LINK_ABOVE_HEADER = 3;

// The chain sentence in the `reach` lines above the line at `from`.
function linkWithin(context: LineContext, from: number, reach: number): ChainLink | undefined {
  for (let delta = from - 1; delta >= from - reach; delta--) {
    const link = chainLink(context.line(delta) ?? '');
    if (link !== undefined) return link;
  }
  return undefined;
}

function leadOf(text: string): string {
  return /^\s*(\S+)/.exec(text)?.[1] ?? '';
}

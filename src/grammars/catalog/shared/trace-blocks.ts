// Traces read by shape, for the generic tiers (issue 20): when the runtime's own format is missing, a place on a
// frame-like line is still one frame of a printed trace, and the trace's order decides which frame raised. A frame is
// known by its shape alone, never by the tool's name; the order comes from the shape's family, or from a header or
// marker line that states it:
// - innermost first: `at X(F:L)` / `at F:L:C` (JVM, V8, .NET), `F:L:in 'm'` and `from F:L:in 'm'` (Ruby, Crystal),
//   an indented `F:L: Mod.fun/2`, `F:L: (test)` or `F:L: name` (Elixir, a Scheme's call history), a label and a place
//   alone (`File  F:L`), a numbered `#3 … F:L` (gdb, PHP, Dart), an indented `F L:C` with the function alone past a
//   column of blanks (Dart's terse traces);
// - innermost last: a compiler's instantiation chain, each step's message saying it leads on to the next (`In F:L:C`
//   over `Error: instantiating 'f(T)'`, Crystal's; `Error in F:L: instantiating …` then `in F:L: msg` before 0.34),
//   the step that does not lead on being the innermost; `F:L: in name` (pytest's chains), closed by `F:L: SomeError`
//   at the margin, `F(L) name` at the margin (Nim), and any trace under `(most recent call last)` or a `Call history:`
//   (oldest call first);
// - a cause printed after the trace it caused (`Caused by:`, `[cause]:`, or a head carrying its exception's message
//   right below a trace's last frame) is a deeper root: the traces above move one rank away from it (root-last);
// - CPython's and pytest's chain sentences between two traces (`The above exception was the direct cause…`, `During
//   handling of the above exception…`) rank them as exception-chain.ts says: a trace printed below the cause it names is
//   one rank further from the root, one raised while handling the trace above is the failure.
// Resolve then ranks the deepest workspace frame of the root cause first (rank.ts), as for a runtime's own format.
import type { RawLocation } from '../../../core/index.js';
import type { Emitted, LineContext } from '../../engine/format.js';
import { chainLink, newChainRanks, openLinked, trackLinked, type ChainLink, type ChainRanks } from './exception-chain.js';

type Shape = 'call' | 'method' | 'chain' | 'named' | 'labelled' | 'parenthesised' | 'numbered' | 'indexed' | 'columns' | 'instantiation';

interface ShapeRule {
  readonly shape: Shape;
  // The text before the place and the text after its position.
  readonly before: RegExp;
  readonly after: RegExp;
  readonly innermostLast: boolean;
  // The position is printed in parentheses (`F(L)`), not after a colon.
  readonly parenthesised?: boolean;
}

const SHAPES: readonly ShapeRule[] = [
  // The place ends the frame (a closing parenthesis, logback's `~[jar:?]` packaging after it): words after it are a
  // message (`at conf/x.cfg:3 -- value out of range`), not a frame.
  { shape: 'call', before: /^\s*at\s(?:.*[\s(])?$/, after: /^(?::\d+)?\)?\s*(?:~?\[[^\]]*\]\s*)?$/, innermostLast: false },
  // Ruby 2.5-2.7 number the `from` frames of a trace printed oldest first (`4: from F:L:in 'm'`, under its
  // `Traceback (most recent call last):` header, which states the order).
  { shape: 'method', before: /^\s*(?:\d{1,5}:\s+)?(?:from\s+)?$/, after: /^:?\s?in [`'‘]/, innermostLast: false },
  // One name after `in`, the whole line: Lua's `in function 'f'` (innermost first) has two words.
  { shape: 'chain', before: /^$/, after: /^:\s+in\s+(?:<[\w-]+>|[\w.]+)\s*$/, innermostLast: true },
  // An indented place and the function alone after it: Elixir's `(app 0.1.0) F:L: Mod.fun/2` and `F:L: (test)`, a
  // Scheme's call history `F:L: name` (its raising frame marked `<--`).
  {
    shape: 'named',
    before: /^\s+(?:\([\w.-]+ [\w.+-]+\)\s+)?$/,
    after: /^:\s+(?:\(\w[\w ]*\)|\S.*\/\d+|[^\s:]+)\s*(?:<--)?$/,
    innermostLast: false,
  },
  // A frame that is only a label and its place (`File  F:L`, a keyword runner's trace under its header).
  { shape: 'labelled', before: /^\s*(?:File|at|in|from)\s+$/, after: /^\s*$/, innermostLast: false },
  // `F(L) name` at the margin, one frame a line, outermost first (Nim's traceback).
  { shape: 'parenthesised', before: /^$/, after: /^ [A-Za-z_]\w*$/, innermostLast: true, parenthesised: true },
  { shape: 'numbered', before: /^\s*#\d{1,4}\s+\S/, after: /^/, innermostLast: false },
  // An application logger's backtrace (SimpleSAMLphp's `Backtrace:` rows): the frame's number, the place and the function
  // alone in parentheses, the innermost on top with the highest number. The logger's record head (a syslog stamp, a
  // level and a request id) may stand before the number.
  { shape: 'indexed', before: /(?:^|\s)\d{1,4} $/, after: /^ \([^()\s]{1,300}\)\s*$/, innermostLast: false },
  // An indented place and, past a column of blanks, the function alone (Dart's terse `F L:C   main.<fn>`).
  { shape: 'columns', before: /^\s+$/, after: /^\s{2,}[^\s:]+\s*$/, innermostLast: false },
];

// pytest closes a chain with the raising frame's place and the exception's class alone (`src/x.py:40: ValueError`),
// and prints a test that raised in its own body as that line only.
const CHAIN_END = /^:\s+(?:[\w.]*\.)?[A-Z]\w*(?:Error|Exception|Exit|Interrupt)\s*$/;

// `F:L:in 'm': message (Class)`: the first frame of a Ruby trace carries its exception.
const METHOD_HEAD = /^:?\s?in [`'‘][^`'’]{0,300}['’]: \S/;
// Behind a logger's record head too (`Aug  7 17:52:05 host app[39]: 3 [req] Caused by: …`).
const CAUSE_MARK = /(?:^|\s)(?:Caused by:|\[cause\]:)/;
// A runner titles each failure with a rule (`____ test_x ____`, `=== FAIL ===`): the trace below is another one.
const TITLED_RULE = /^[_=-]{3,} .{0,200}[_=-]{3}$/;
// A history is printed oldest first: its last call raised.
const LAST_MARK = /\(most recent call last\)|^\s*call history:\s*$/i;
const FIRST_MARK = /\(most recent call first\)/i;
// How far a frame may lie below the previous one of its trace: code lines, carets and a runtime's `... 2 more` between
// (pytest prints a frame's source, its carets and a separator); a header or marker above a trace's first frame.
const MAX_GAP = 12;
const MAX_HEADER_LOOKUP = 3;
// How far above a trace's first frame a chain sentence is looked for (pytest prints the test's source between them),
// never past the previous trace's last frame: each line is looked at once, whatever the log.
const MAX_LINK_LOOKUP = 40;

const SHAPED_FRAMES = 'shaped-frames';

interface Block {
  shape: Shape | undefined;
  trace: number;
  index: number;
  lastLine: number;
  innermostLast: boolean;
  ranks: ChainRanks;
}

/** The frame a fallback tier's place is, when its line has a frame's shape; `track` is called with the emitted location. */
interface ShapedFrame {
  readonly frame: NonNullable<Emitted['frame']>;
  /** The frame's message when its shape prints it on another line (an instantiation step's `Error:` line). */
  readonly message?: string;
  track(location: RawLocation | undefined): void;
}

function shapeOf(before: string, after: string, parenthesised: boolean): ShapeRule | 'chain-end' | undefined {
  for (const rule of SHAPES)
    if ((rule.parenthesised !== true || parenthesised) && rule.before.test(before) && rule.after.test(after)) return rule;
  return before === '' && CHAIN_END.test(after) ? 'chain-end' : undefined;
}

// A compiler's instantiation chain: a step whose message says it leads on to the next block.
const LEADS_ON = /^(?:instantiating |expanding macro|while requiring )/;
const STEP_BLOCK = /^In\s+$/;
const OLD_STEP = /^(Error )?in\s+$/;
const STEP_ERROR = /^Error: (.+)$/;
// How far below an `In F:L:C` step its `Error:` line may be (the source excerpt and its caret between).
const MAX_STEP_LOOKAHEAD = 8;

/** A step of an instantiation chain: whether it leads on, and whether it starts a chain, continues one, or either. */
interface Step {
  readonly leads: boolean;
  readonly opens: 'start' | 'continue' | 'either';
  /** The message printed on a line of its own below the step's place. */
  readonly message?: string;
}

function instantiationStep(context: LineContext, before: string, after: string): Step | undefined {
  if (STEP_BLOCK.test(before) && /^\s*$/.test(after)) {
    for (let delta = 1; delta <= MAX_STEP_LOOKAHEAD; delta++) {
      const line = context.line(delta);
      if (line === undefined || /^In\s/.test(line)) return undefined;
      const error = STEP_ERROR.exec(line);
      if (error) return { leads: LEADS_ON.test(error[1] ?? ''), opens: 'either', message: error[1] };
    }
    return undefined;
  }
  const old = OLD_STEP.exec(before);
  const message = /^:\s+(\S.*)$/.exec(after);
  if (!old || !message) return undefined;
  return { leads: LEADS_ON.test(message[1] ?? ''), opens: old[1] === undefined ? 'continue' : 'start' };
}

/** Reads the place at `start` (the text after its position is `after`) as a frame of a trace, if its line is one. */
export function shapedFrame(context: LineContext, start: number, after: string): ShapedFrame | undefined {
  const before = context.text.slice(0, start);
  const text = context.text;
  const step = instantiationStep(context, before, after);
  const rule = step === undefined ? shapeOf(before, after, text[text.length - after.length - 1] === ')') : undefined;
  if (rule === undefined && step === undefined) return undefined;
  // One state for both generic tiers: a trace whose frames name files with and without extensions (`bin/rails` among
  // `.rb` ones) is read partly by generic and partly by the permissive tier, and stays one trace.
  const block = context.shared<Block>(SHAPED_FRAMES, () => ({
    shape: undefined,
    trace: 0,
    index: 0,
    lastLine: -MAX_GAP,
    innermostLast: false,
    ranks: newChainRanks(),
  }));
  const gap = context.logLine - block.lastLine;
  // A chain sentence above this frame ends the trace before it, however near.
  const link = linkAbove(context, block, gap);
  const open = gap >= 0 && gap <= MAX_GAP && link === undefined;
  if (step !== undefined) {
    const continues = open && block.shape === 'instantiation' && step.opens !== 'start';
    // A lower-case `in F:L: msg` only continues a chain (anything else may say `in` so).
    if (step.opens === 'continue' && !continues) return undefined;
    if (!continues) start_(context, block, 'instantiation', true, link);
    const frame = next(context, block);
    // The step that does not lead on is the innermost: a step below starts another chain.
    if (!step.leads) block.shape = undefined;
    return step.message === undefined ? frame : { ...frame, message: step.message };
  }
  if (rule === undefined) return undefined;
  if (rule === 'chain-end') {
    // The end of an open chain is its innermost frame; alone, it is a trace of one frame.
    if (!(open && block.shape === 'chain' && !titledBetween(context, gap))) start_(context, block, 'chain', true, link);
    const frame = next(context, block);
    // The chain ends here: a frame below starts another.
    block.shape = undefined;
    return frame;
  }
  const cause = open && gap > 1 && block.shape === rule.shape && causeBetween(context, gap);
  // A head (no `from`, its exception's message after the method) right under a frame of its shape is the cause: Ruby
  // prints an exception's cause so. Frames a host prints at the margin without messages (Homebrew, error trackers) are
  // one trace.
  const head = rule.shape === 'method' && !/\bfrom\s/.test(before) && /^\S/.test(before + after) && METHOD_HEAD.test(after);
  if (cause || (head && open && gap === 1 && block.shape === 'method')) {
    start_(context, block, rule.shape, block.innermostLast, 'handling');
    return next(context, block);
  }
  if (!open || block.shape !== rule.shape || head || titledBetween(context, gap))
    start_(context, block, rule.shape, orderAbove(context, rule.innermostLast), link);
  return next(context, block);
}

// `link`: how the new trace is linked to the one above; a cause printed below its trace moves the traces above one rank
// away from it, as a handling link does.
function start_(context: LineContext, block: Block, shape: Shape, innermostLast: boolean, link: ChainLink | undefined): void {
  openLinked(context, block.ranks, link);
  block.shape = shape;
  block.trace = context.newTraceId();
  block.index = 0;
  block.innermostLast = innermostLast;
}

function next(context: LineContext, block: Block): ShapedFrame {
  block.lastLine = context.logLine;
  const ranks = block.ranks;
  return {
    frame: { trace: block.trace, index: block.index++, causeRank: ranks.rank, innermostLast: block.innermostLast },
    track: (location) => trackLinked(ranks, location),
  };
}

// A cause marker on a line between the previous frame and this one.
function causeBetween(context: LineContext, gap: number): boolean {
  for (let delta = -1; delta > -gap; delta--) if (CAUSE_MARK.test(context.line(delta) ?? '')) return true;
  return false;
}

// A chain sentence between the previous trace's last frame and this one, within reach.
function linkAbove(context: LineContext, block: Block, gap: number): ChainLink | undefined {
  if (block.ranks.chain === undefined) return undefined;
  for (let delta = -1; delta > -gap && delta >= -MAX_LINK_LOOKUP; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    const link = line.includes(' exception') ? chainLink(line) : undefined;
    if (link !== undefined) return link;
  }
  return undefined;
}

function titledBetween(context: LineContext, gap: number): boolean {
  for (let delta = -1; delta > -gap; delta--) if (TITLED_RULE.test(context.line(delta) ?? '')) return true;
  return false;
}

// A header right above a trace's first frame may state the order against the shape's family.
function orderAbove(context: LineContext, byShape: boolean): boolean {
  for (let delta = -1; delta >= -MAX_HEADER_LOOKUP; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    if (LAST_MARK.test(line)) return true;
    if (FIRST_MARK.test(line)) return false;
  }
  return byShape;
}

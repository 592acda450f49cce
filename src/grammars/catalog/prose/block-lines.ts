// A place counted from the first line of a block, not of the file: Tcl's error info prints the line inside each body
// or script it passed through (`("foreach" body line 3)`, `("if" then script line 2)`, `(in namespace eval "::ns"
// script line 4)`) between the error and the `(file "x.tcl" line 6)` of the command that holds those blocks, and that
// file line is where the command starts. A block's line 1 is the line its command starts on (the brace opens there),
// so the error's line in the file is M plus each block's N − 1. A procedure's line (`(procedure "p" line 3)`) counts
// from where the procedure was defined, which the log does not give: it ends the sum, the file line stays the call's.
import type { LineContext } from '../../engine/format.js';

// Tcl 8.6 words a namespace's block `(in namespace eval "::ns" script line 4)`.
const BLOCK_LINE = /^\s*\((?:[a-z]+ ){0,3}"[^"\n]{1,64}" (?:[a-z]+ ){0,2}(?:body|script|arm) line (\d{1,7})\)\s*$/;
// The start of the chain (`while executing`) or a frame that is no block of the file's command.
const CHAIN_END = /^\s*(?:while executing$|\((?:procedure|file) )/;
// A file place of the chain, alone on its line.
const FILE_FRAME = /^\s*\(file "[^"\n]{1,512}" line \d{1,7}\)\s*$/;
// How far above a file place its blocks' lines are looked for (the commands between them are echoed, a few lines each).
const MAX_LOOK_BACK = 40;

// The log line of the last block line each scan saw: a file place looks back only when one lies within reach, so a log
// of file places with no block above them (most logs) pays no look-back.
const lastBlockLineOf = new WeakMap<LineContext, number>();

/** Notes a block's line for the file place below it; true when this line is one (it is no place itself). */
export function noteBlockLine(context: LineContext): boolean {
  if (!context.text.includes(' line ') || !BLOCK_LINE.test(context.text)) return false;
  // Read as state too, so that a repeated block line is never answered from the repeat memo and is always noted.
  context.state(() => ({}));
  lastBlockLineOf.set(context, context.logLine);
  return true;
}

/** The lines to add to a `(file "F" line M)` place for the blocks the error sat in, 0 when none. */
export function blockOffset(context: LineContext): number {
  if (!FILE_FRAME.test(context.text)) return 0;
  const lastBlock = lastBlockLineOf.get(context);
  if (lastBlock === undefined || context.logLine - lastBlock > MAX_LOOK_BACK) return 0;
  let offset = 0;
  for (let delta = -1; delta >= -MAX_LOOK_BACK; delta--) {
    const line = context.line(delta);
    if (line === undefined || CHAIN_END.test(line)) break;
    const block = BLOCK_LINE.exec(line);
    if (block) offset += Math.max(0, Number(block[1]) - 1);
  }
  return offset;
}

// The same chain joined onto one line by a copy: the block lines between the chain's start (or the frame before) and a
// `(file "F" line M)` place at `start`. The line is bounded (line-texts.ts) and so is the number of its places.
const BLOCK_IN_LINE = /\((?:[a-z]+ ){0,3}"[^"\n]{1,64}" (?:[a-z]+ ){0,2}(?:body|script|arm) line (\d{1,7})\)/g;
const CHAIN_END_IN_LINE = /while executing|\((?:procedure|file) "/g;

/** The lines to add to a file place that opens at `start` inside a joined chain, 0 when none. */
export function blockOffsetWithin(text: string, start: number): number {
  if (!text.startsWith('(file ', start - 6)) return 0;
  let from = 0;
  CHAIN_END_IN_LINE.lastIndex = 0;
  for (let end = CHAIN_END_IN_LINE.exec(text); end !== null && end.index < start - 6; end = CHAIN_END_IN_LINE.exec(text))
    from = end.index + end[0].length;
  let offset = 0;
  BLOCK_IN_LINE.lastIndex = from;
  for (let block = BLOCK_IN_LINE.exec(text); block !== null && block.index < start; block = BLOCK_IN_LINE.exec(text))
    offset += Math.max(0, Number(block[1]) - 1);
  return offset;
}

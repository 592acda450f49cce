// The two sentences CPython (and pytest, which prints its chains the same way) puts between the tracebacks of a chain,
// and what each says about where the fault is (issue 20):
// - "The above exception was the direct cause of the following exception:" (`raise New(...) from err`): the code
//   reports the earlier exception as the cause on purpose; the cause, printed above, is the root (root-first).
// - "During handling of the above exception, another exception occurred:" (an exception raised inside an `except`
//   block or a context manager's exit while the earlier one was being handled): the earlier exception was caught, the
//   code meant to deal with it, and dealing with it failed. The later exception is the failure (a handler's own bug, a
//   `pytest.raises` whose check of the caught exception failed), so the traces above move one rank away from it.
// Each chain's ranks are settled once it ends (CauseChain), so a chain of n links costs n, not n².
import type { RawLocation } from '../../../core/index.js';
import type { CauseChain } from '../../engine/cause-chain.js';
import type { LineContext } from '../../engine/format.js';

/** How a traceback is linked to the one printed above it. */
export type ChainLink = 'cause' | 'handling';

const LINK = new RegExp(
  String.raw`^\s*(?:(The above exception was the direct cause of the following exception:)` +
    String.raw`|During handling of the above exception, another exception occurred:)\s*$`,
);

/** The raw-text anchor of both sentences, at the line's start (a logger's head before one is read from its frames). */
export const CHAIN_LINK_ANCHOR = '^\\s*(?:The above exception was the direct cause|During handling of the above exception)';

/** The link a line announces, or undefined for any other line. */
export function chainLink(text: string): ChainLink | undefined {
  const match = LINK.exec(text);
  if (!match) return undefined;
  return match[1] === undefined ? 'handling' : 'cause';
}

/** The ranks of one printed chain of tracebacks, root-first by default. */
export interface ChainRanks {
  chain: CauseChain | undefined;
  /** The rank the open traceback's frames are emitted with (before the handling links printed after them). */
  rank: number;
}

export function newChainRanks(): ChainRanks {
  return { chain: undefined, rank: 0 };
}

/**
 * Opens the next traceback: after `cause` one rank further from the root than the one above; after `handling` the new
 * root, every traceback above moving one rank away; with no link, a chain of its own (the last one is settled).
 */
export function openLinked(context: LineContext, ranks: ChainRanks, link: ChainLink | undefined): void {
  const chain = (ranks.chain ??= context.causeChain());
  if (link === 'cause') ranks.rank++;
  else if (link === 'handling') {
    chain.addCause();
    ranks.rank = 0;
  } else {
    chain.settle();
    ranks.rank = 0;
  }
}

/** Remembers an emitted frame of the open traceback, so that a later handling link can move it. */
export function trackLinked(ranks: ChainRanks, location: RawLocation | undefined): void {
  ranks.chain?.track(location);
}

// The peel a log's own line heads call for, learned from its first lines: a wrapper's head (./learned-prefix.ts) or a
// pasted line-number column (./numbered-lines.ts).

/** A wrapper prefix learned from a log: the kind's regex (no `^`) for the anchors, and the peel for each line. */
export interface LearnedPrefix {
  /** The kind's regex source, without `^`, for the raw-text line-start anchors (any name of the kind). */
  source: string;
  /** Whether the heads stand before the listed prefixes (Vercel's clock and pipe), not behind them (a GitHub timestamp). */
  beforeListed: boolean;
  /** The line without the learned head when it starts with one of the heads learned, else the line. */
  peel(line: string): string;
}

// A log repeats its lines (a warning per file, per retry, per copy of a run). A line whose reading depended on its own
// text alone (no format looked at a neighbour, at its state or at an earlier location) and that left nothing (no
// location kept or refused by a cap, no repeat folded) leaves nothing when it comes again, so it is not read again. A
// prose line whose guesses the workspace test refused is one (issue 20 item 4: a 1 MB log of such lines).
import type { ContextHost } from './host.js';
import { RepeatMemo } from './repeat-memo.js';

export class BarrenLines {
  private readonly known = new RepeatMemo<true>(512, 1024);
  private leftBefore = 0;
  private stateEntries = 0;

  constructor(private readonly host: ContextHost) {}

  /** Whether `raw` (a whole short line, else undefined) is known to leave nothing; if not, its reading is watched. */
  skips(raw: string | undefined): boolean {
    // A line may have left nothing because a format's state did not exist yet (sharedIfMade): once some is made, what
    // was known is forgotten.
    if (this.host.sharedState.size !== this.stateEntries) {
      this.stateEntries = this.host.sharedState.size;
      this.known.clear();
    }
    if (raw !== undefined && this.known.get(raw) !== undefined) return true;
    const host = this.host;
    host.lineFrom = host.emitted.length;
    host.readBeyondLine = false;
    this.leftBefore = host.refusals + host.repeats.folded;
    return false;
  }

  /** Once the line is settled: remembered when its reading read nothing beyond it and left nothing. */
  settled(raw: string | undefined): void {
    const host = this.host;
    // A line led by `>` is read as a Markdown quote or not after its neighbours' first characters (line-texts.ts).
    if (raw === undefined || raw.charCodeAt(0) === 0x3e || host.readBeyondLine || host.emitted.length !== host.lineFrom) return;
    if (host.refusals + host.repeats.folded === this.leftBefore && this.known.wants(raw)) this.known.set(raw, true);
  }
}

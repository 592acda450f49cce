// Exception chains whose ranks depend on what is printed after them (Java's `Caused by:`, V8's `[cause]:`,
// Ruby's cause sections print the root cause last). Re-ranking every earlier frame at each new cause made a
// chain of n causes cost n² (a 184 KB Java chain took ~10 s); frames are tracked instead and ranked once,
// when the chain ends (a new chain starts, or the log ends).
import type { RawLocation, WorkMeter } from '../../core/index.js';

export class CauseChain {
  private pending: Array<{ location: RawLocation; causesBefore: number }> = [];
  private causes = 0;

  /** `meter` counts each frame tracked and each frame ranked (growth tests). */
  constructor(private readonly meter?: WorkMeter) {}

  /** Another cause was printed: every frame tracked so far is one rank further from the root cause. */
  addCause(): void {
    this.causes++;
  }

  /** Remembers a frame of the chain; its final causeRank is its emitted one plus the causes printed after
   * `causesBefore` (default: the causes printed so far). */
  track(location: RawLocation | undefined, causesBefore = this.causes): void {
    if (location?.frame) this.pending.push({ location, causesBefore });
    if (this.meter !== undefined) this.meter.steps++;
  }

  /** Ranks the chain's frames once and starts an empty chain. */
  settle(): void {
    if (this.meter !== undefined) this.meter.steps += this.pending.length;
    for (const { location, causesBefore } of this.pending) {
      const frame = location.frame;
      if (frame && this.causes > causesBefore) location.frame = { ...frame, causeRank: frame.causeRank + this.causes - causesBefore };
    }
    this.pending = [];
    this.causes = 0;
  }
}

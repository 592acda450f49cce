// A bounded memo of what depends on a line's text alone. A log either repeats its lines (the same warning per copy
// of a run), and then the memo answers most of them, or it does not, and then storing every line is pure cost: after
// a run of misses only one line in SAMPLE is stored, so a log that starts repeating is still noticed.
import { ownCopy } from './strings.js';

const WARM_MISSES = 64;
const SAMPLE = 16;

export class RepeatMemo<V> {
  private readonly entries = new Map<string, V>();
  private misses = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxLength: number,
  ) {}

  get(text: string): V | undefined {
    if (text.length > this.maxLength) return undefined;
    const known = this.entries.get(text);
    this.misses = known === undefined ? this.misses + 1 : 0;
    return known;
  }

  /** Whether the value for `text`, just missed, is worth storing. */
  wants(text: string): boolean {
    return text.length <= this.maxLength && (this.misses < WARM_MISSES || this.misses % SAMPLE === 0);
  }

  // The key is a copy: a slice of the log's window would keep the whole window alive.
  set(text: string, value: V): void {
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(ownCopy(text), value);
  }

  /** Starts counting misses afresh (a new log begins: its first lines are stored whatever the last log did). */
  restart(): void {
    this.misses = 0;
  }

  clear(): void {
    this.entries.clear();
    this.misses = 0;
  }
}

/** Stores `value` (an undefined one as null) for `text`, which `memo` just missed, when the memo wants it; returns it.
 * No closure is passed: the heads' memos sit on a dense log's hot path, where allocating one per call measured +0.7 %. */
export function remembered<V>(memo: RepeatMemo<V | null>, text: string, value: V | undefined): V | undefined {
  if (memo.wants(text)) memo.set(text, value ?? null);
  return value;
}

// A cache that lives for one candidate line: the few values the formats offered that line share (the GNU head at
// its first non-blank, the tokens of its text). A Map per scan cleared per line allocated a fresh table on every
// clear, empty or not (Map.prototype.clear, Node 20: ~140 ns and garbage per call); a line holds one to four
// entries, so two arrays searched in order cost less and clear without allocating (issue 21).

export class LineMemo<V> {
  private readonly keys: string[] = [];
  private readonly values: V[] = [];
  private count = 0;

  get(key: string): V | undefined {
    for (let index = 0; index < this.count; index++) if (this.keys[index] === key) return this.values[index];
    return undefined;
  }

  has(key: string): boolean {
    for (let index = 0; index < this.count; index++) if (this.keys[index] === key) return true;
    return false;
  }

  set(key: string, value: V): void {
    for (let index = 0; index < this.count; index++) {
      if (this.keys[index] === key) {
        this.values[index] = value;
        return;
      }
    }
    this.keys[this.count] = key;
    this.values[this.count++] = value;
  }

  /** Forgets every entry; the values are dropped, so nothing of the last line stays reachable through the memo. */
  clear(): void {
    for (let index = 0; index < this.count; index++) {
      this.keys[index] = '';
      this.values[index] = undefined as V;
    }
    this.count = 0;
  }
}

// The scanner keeps a repeated report once, with the log lines of its repeats (RawLocation.repeatedAt). What is
// reported per printing (unresolved, dropped) is listed once per printing again, in the order the log printed them.
import type { RawLocation } from '../core/types.js';

/** An entry reported for one raw location, with that location. */
export interface PerPrinting<T> {
  readonly entry: T;
  readonly source: RawLocation;
}

/** How many printings a raw location stands for: itself and its folded repeats. */
export function printingsOf(source: RawLocation): number {
  return 1 + (source.repeatedAt?.length ?? 0);
}

/** The entries, each followed by one made with `repeat` for every later printing, merged into printed order. */
export function withRepeats<T>(entries: ReadonlyArray<PerPrinting<T>>, repeat: (entry: T, logLine: number) => T): T[] {
  if (!entries.some(({ source }) => source.repeatedAt !== undefined)) return entries.map(({ entry }) => entry);
  const repeats: Array<{ logLine: number; entry: T }> = [];
  for (const { entry, source } of entries) {
    for (const logLine of source.repeatedAt ?? []) repeats.push({ logLine, entry: repeat(entry, logLine) });
  }
  repeats.sort((a, b) => a.logLine - b.logLine);
  const merged: T[] = [];
  let next = 0;
  for (const { entry, source } of entries) {
    while (next < repeats.length && (repeats[next] as { logLine: number }).logLine < source.logLine) {
      merged.push((repeats[next++] as { entry: T }).entry);
    }
    merged.push(entry);
  }
  while (next < repeats.length) merged.push((repeats[next++] as { entry: T }).entry);
  return merged;
}

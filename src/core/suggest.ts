// "did you mean": the known name closest to a mistyped one (an option, a format, a command), or none when nothing
// is close enough to be a plausible typo. Pure (the core imports nothing).

/** Optimal string alignment distance (Levenshtein plus swapped neighbours: `--fromat`), capped at `limit + 1`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `word`: within a third of its length in edits (at least 1, at most 3), or the only
 * candidate that starts with it (`--max` for `--max-warnings`). Ties go to the first candidate.
 */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  const bare = word.replace(/^-+/, '').toLowerCase();
  if (bare === '') return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(bare.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const found = distance(bare, candidate.replace(/^-+/, '').toLowerCase(), limit);
    if (found < bestDistance) {
      best = candidate;
      bestDistance = found;
    }
  }
  if (best !== undefined) return best;
  const prefixed = candidates.filter((candidate) => candidate.replace(/^-+/, '').toLowerCase().startsWith(bare));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** " (did you mean X?)" or "" — for the end of a one-line error. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const name = closestName(word, candidates);
  return name === undefined ? '' : ` (did you mean ${name}?)`;
}

// Where a line of one text is in another: the lines before the first difference and after the last one keep
// their place (shifted by the lines added or removed between), a line inside the changed block has none. This is
// how diagnostics follow edits above them and are dropped, never left on the wrong line, when their line changed.
export type LineMap = (line0: number) => number | undefined;

export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

export function lineMapBetween(before: readonly string[], after: readonly string[]): LineMap {
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shortest && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  if (prefix === before.length && before.length === after.length) return (line0) => line0;
  const delta = after.length - before.length;
  const suffixStart = before.length - suffix;
  return (line0) => (line0 < prefix ? line0 : line0 >= suffixStart ? line0 + delta : undefined);
}

// The line-start prefilter's dispatch (prefilter.ts): per first character, one sticky regex of the line-start
// alternatives that character can start, so a line runs one regex (or two, see HEAVY) at its start, not one per
// alternative.

// One sticky regex per first character, holding the alternatives that can start with it; and, apart, the long ones.
interface Dispatch {
  light: Array<RegExp | undefined>;
  heavy: Array<RegExp | undefined>;
}

// An alternative longer than this is compiled apart from its group. Irregexp compiles each group whole on its first
// run, and a long alternative that many characters start (Visual Studio's severity cell in ~120 languages, ~1 070
// characters, started by 30 of them) was compiled again in every group a log's lines reached: ~2.7 M instructions a
// copy, 19 copies on the 1 MB sparse CI log, a third of all its regex compiling. Apart, the long alternatives of a
// character form one group of their own, compiled once per distinct set (a few), at one more regex run on the lines
// that character starts. Measured (cachegrind, FAULTLINE_NO_CODE_CACHE=1, --no-regexp-tier-up): sparse CI 1 MB
// 1 177.9 → 1 140.9 M instructions, 10 MB 2 370.7 → 2 327.5 M (the extra run costs less than the smaller groups save),
// rustc 1 MB 2 218.7 → 2 211.3 M. A trie-shaped alternation of the words instead saved only ~15 % of a copy's compile.
const HEAVY = 512;

export function dispatchTable(alternatives: ReadonlyArray<{ source: string; chars: ReadonlySet<number> }>): Dispatch {
  // Keyed by which alternatives a character selects, so each distinct group is joined and compiled once.
  const byGroup = new Map<string, RegExp>();
  const membersOf: number[][] = Array.from({ length: 256 }, () => []);
  alternatives.forEach((alternative, index) => {
    for (const code of alternative.chars) membersOf[code]?.push(index);
  });
  const table: Dispatch = { light: [], heavy: [] };
  // Each alternative made line-local once: an alternative is in many groups, and rewriting it per group was half of
  // the table's ~5 ms at every CLI start (issue 21).
  const local: Array<string | undefined> = [];
  const localOf = (index: number): string => (local[index] ??= `(?:${lineLocal(alternatives[index]!.source)})`);
  const groupOf = (members: readonly number[]): RegExp | undefined => {
    if (members.length === 0) return undefined;
    const key = members.join(',');
    let regex = byGroup.get(key);
    if (!regex) {
      regex = new RegExp(members.map(localOf).join('|'), 'my');
      byGroup.set(key, regex);
    }
    return regex;
  };
  for (let code = 0; code < 256; code++) {
    const members = membersOf[code]!;
    const heavy = members.filter((index) => alternatives[index]!.source.length > HEAVY);
    table.light[code] = groupOf(heavy.length === 0 ? members : members.filter((index) => !heavy.includes(index)));
    table.heavy[code] = groupOf(heavy);
  }
  return table;
}

// Whitespace that stops at the line's end. A line-start anchor is tried on the log's text, not on one line: a `\s+`
// in it ran on through every blank line after the one it started on, so a run of n blank lines cost n² (40 000
// blank lines took 3 s). The anchor only ever selects its own line, so nothing it needs lies past the newline.
const SPACE_NOT_NEWLINE = String.raw`\t\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
export function lineLocal(source: string): string {
  let out = '';
  let classStart = -1;
  for (let index = 0; index < source.length; index++) {
    const character = source[index]!;
    if (character === '\\') {
      const escape = source.slice(index, index + 2);
      index++;
      if (escape !== '\\s') out += escape;
      // In a negated class `\s` stays as written: it already keeps the newline out.
      else if (classStart < 0) out += `[${SPACE_NOT_NEWLINE}]`;
      else out += source[classStart + 1] === '^' ? escape : SPACE_NOT_NEWLINE;
      continue;
    }
    if (classStart < 0 && character === '[') classStart = index;
    else if (classStart >= 0 && character === ']' && index > classStart + 1) classStart = -1;
    out += character;
  }
  return out;
}

export function testAt(table: Dispatch, text: string, position: number, key = text.charCodeAt(position)): boolean {
  const regex = table.light[key];
  if (regex !== undefined) {
    regex.lastIndex = position;
    if (regex.test(text)) return true;
  }
  const heavy = table.heavy[key];
  if (heavy === undefined) return false;
  heavy.lastIndex = position;
  return heavy.test(text);
}

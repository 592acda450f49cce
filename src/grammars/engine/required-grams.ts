// What text an anchor cannot match without: for each top-level alternative of its regex source, the characters
// and adjacent character pairs that every match of that alternative contains (its required literals). A line
// that lacks them for every alternative is not selected, and the regex is never run on it (issue 21: a dense
// log's location line was tested against each anchor in registry order, ~80 regex runs a line, and most anchors
// name words such a line does not hold). One pass over the line marks which characters and pairs it holds.
// Conservative by construction: a construct it does not read (a class, a group with alternatives, a
// back-reference) requires nothing, which only costs a regex run, never a missed line.

/** Gram ids of one alternative (all required), or `null` when the alternative requires nothing known. */
type Alternative = readonly number[] | null;

const GRAM_BITS = 4096;
const unigram = (code: number): number => code & 0xff;
const bigram = (first: number, second: number): number => 256 + ((((first & 0xff) << 8) | (second & 0xff)) % (GRAM_BITS - 256));

const CONTROLS: Readonly<Record<string, number>> = { t: 0x09, n: 0x0a, r: 0x0d, f: 0x0c, v: 0x0b, '0': 0 };

/** Reads a regex source (no `u` or `v` flag) into the grams each top-level alternative requires. */
class GramReader {
  private index = 0;
  constructor(private readonly source: string) {}

  /** The alternatives up to the end of the source or the `)` closing the current group. */
  alternation(): Alternative[] {
    const alternatives: Alternative[] = [];
    for (;;) {
      alternatives.push(this.sequence());
      if (this.source[this.index] !== '|') return alternatives;
      this.index++;
    }
  }

  private sequence(): Alternative {
    const grams = new Set<number>();
    let run: number[] = [];
    const flush = (): void => {
      if (run.length === 1) grams.add(unigram(run[0]!));
      for (let at = 1; at < run.length; at++) grams.add(bigram(run[at - 1]!, run[at]!));
      run = [];
    };
    const source = this.source;
    while (this.index < source.length) {
      const character = source[this.index]!;
      if (character === '|' || character === ')') break;
      if (character === '(') {
        flush();
        for (const gram of this.group()) grams.add(gram);
        continue;
      }
      const literal = this.atom();
      const optional = this.quantifier();
      if (literal === undefined || optional) flush();
      // A required repeated character still touches what comes before and after it (`xa+y` holds `xa` and `ay`).
      else run.push(literal);
    }
    flush();
    return grams.size === 0 ? null : [...grams];
  }

  // One atom outside groups: its character code when it is a literal, else undefined (read past).
  private atom(): number | undefined {
    const source = this.source;
    const character = source[this.index++]!;
    if (character === '[') {
      for (let inClass = true; inClass && this.index < source.length;) {
        const next = source[this.index++];
        if (next === '\\') this.index++;
        else if (next === ']') inClass = false;
      }
      return undefined;
    }
    if (character === '.' || character === '^' || character === '$') return undefined;
    if (character !== '\\') return character.charCodeAt(0);
    const escaped = source[this.index++] ?? '';
    if (escaped in CONTROLS && !/^[0-9]/.test(source[this.index] ?? '')) return CONTROLS[escaped];
    if (escaped === 'x' && /^[0-9A-Fa-f]{2}/.test(source.slice(this.index, this.index + 2))) {
      this.index += 2;
      return Number.parseInt(source.slice(this.index - 2, this.index), 16);
    }
    if (/[A-Za-z0-9]/.test(escaped)) {
      // A class (\d \w \s…), a boundary, a back-reference, a Unicode or control escape: skip its tail, if any.
      if (escaped === 'u' || escaped === 'k' || escaped === 'p' || escaped === 'P') this.index = this.skipEscapeTail();
      else if (escaped === 'c') this.index++;
      return undefined;
    }
    return escaped.charCodeAt(0);
  }

  private skipEscapeTail(): number {
    const tail = /\{[^}]*\}|<[^>]*>|[0-9A-Fa-f]{4}/y;
    tail.lastIndex = this.index;
    return tail.test(this.source) ? tail.lastIndex : this.index;
  }

  // A quantifier after an atom, read past; true when it allows zero repetitions.
  private quantifier(): boolean {
    const source = this.source;
    const character = source[this.index];
    let optional: boolean;
    if (character === '*' || character === '?') optional = true;
    else if (character === '+') optional = false;
    else if (character === '{') {
      const counted = /\{(\d+)(?:,\d*)?\}/y;
      counted.lastIndex = this.index;
      const match = counted.exec(source);
      if (!match) return false;
      this.index = counted.lastIndex - 1;
      optional = Number(match[1]) === 0;
    } else return false;
    this.index++;
    if (source[this.index] === '?') this.index++;
    return optional;
  }

  // A group and its quantifier: the grams it requires (those of its only alternative, when it is not optional).
  private group(): readonly number[] {
    const source = this.source;
    this.index++;
    let lookaround = false;
    if (source[this.index] === '?') {
      const kind = /\?(?::|<[A-Za-z_$][\w$]*>|<?[=!])/y;
      kind.lastIndex = this.index;
      const match = kind.exec(source);
      lookaround = match !== null && /[=!]$/.test(match[0]);
      this.index = match ? kind.lastIndex : this.index + 1;
    }
    const inner = this.alternation();
    if (source[this.index] === ')') this.index++;
    const optional = this.quantifier();
    if (lookaround || optional || inner.length !== 1) return [];
    return inner[0] ?? [];
  }
}

/** What an anchor source requires: its alternatives' grams, or null when some alternative requires nothing known. */
type Requirement = readonly (readonly number[])[] | null;

/** The analysis itself, never the build-time table (the test compares the two). */
export function computeRequirement(source: string): Requirement {
  const alternatives = new GramReader(source).alternation();
  return alternatives.some((alternative) => alternative === null) ? null : (alternatives as number[][]);
}

// Reading the registry's ~80 anchor sources cost ~5 ms of every CLI start that scans a line (issue 21's 1 MB rows),
// and the answer is fixed for a given catalog: scripts/build.mjs records it (recordRequirements while building the
// anchors) and injects it with esbuild `define`, as it does the first-character tables (first-chars.ts). From source
// (vitest) there is no table, and a source missing from it (a user's format) is read at run time.
// A JSON string, not an object: scripts/build.mjs says why.
declare const __FAULTLINE_REQUIRED_GRAMS__: string | undefined;
const PRECOMPUTED: Readonly<Record<string, Requirement>> | undefined =
  typeof __FAULTLINE_REQUIRED_GRAMS__ === 'undefined'
    ? undefined
    : (JSON.parse(__FAULTLINE_REQUIRED_GRAMS__) as Readonly<Record<string, Requirement>>);
let recorded: Map<string, Requirement> | undefined;

/** Starts recording every requirement read from now on; the returned map is the table build.mjs injects. */
export function recordRequirements(): Map<string, Requirement> {
  return (recorded = new Map());
}

function requirementOf(source: string): Requirement {
  // Own keys only: a user format's anchor source may be any text, `constructor` included.
  if (PRECOMPUTED !== undefined && Object.hasOwn(PRECOMPUTED, source)) return PRECOMPUTED[source] ?? null;
  const requirement = computeRequirement(source);
  recorded?.set(source, requirement);
  return requirement;
}

/** Per anchor source, which lines it can select: a cheap test before its regex runs. */
export class RequiredGrams {
  /** Per anchor: its alternatives, or null when some alternative requires nothing known (always tested). */
  private readonly anchors: Requirement[];
  private readonly present = new Uint32Array(GRAM_BITS / 32);
  private line: string | undefined;

  constructor(sources: readonly string[]) {
    this.anchors = sources.map(requirementOf);
  }

  /** False when anchor `index` cannot select `line`: no alternative finds the characters it requires. */
  mayMatch(index: number, line: string): boolean {
    const alternatives = this.anchors[index];
    if (alternatives === null || alternatives === undefined) return true;
    if (line !== this.line) this.read(line);
    const present = this.present;
    for (const grams of alternatives) {
      let all = true;
      for (const gram of grams) {
        if ((present[gram >>> 5]! & (1 << (gram & 31))) === 0) {
          all = false;
          break;
        }
      }
      if (all) return true;
    }
    return false;
  }

  private read(line: string): void {
    this.line = line;
    const present = this.present;
    present.fill(0);
    let previous = -1;
    for (let index = 0; index < line.length; index++) {
      const code = line.charCodeAt(index);
      const single = unigram(code);
      present[single >>> 5]! |= 1 << (single & 31);
      if (previous >= 0) {
        const pair = bigram(previous, code);
        present[pair >>> 5]! |= 1 << (pair & 31);
      }
      previous = code;
    }
  }
}

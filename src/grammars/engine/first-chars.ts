// Which characters a regex can start a match with, read from its source. The line-start prefilter uses it to
// try, at each line, only the anchors that can begin with that line's first character: one bitmap lookup
// instead of ~75 alternatives per line (measured: the combined `^(?:…)` regex was a third of a 100 MB scan).
// Conservative by construction: anything it does not understand (a back-reference, a Unicode escape) yields
// "any character", which only costs time, never a missed line. The scanner reads latin1, so 0–255 is all.

/** Character codes 0–255 a match can start with; `undefined` when it could start with anything. */
export type FirstChars = Set<number> | undefined;

const ALL: readonly number[] = Array.from({ length: 256 }, (_, code) => code);
/** Every code a latin1 line can start with: what an unknown set stands for. */
export const ALL_CHARS: ReadonlySet<number> = new Set(ALL);
const DIGITS = [...'0123456789'].map((character) => character.charCodeAt(0));
const WORD = ALL.filter((code) => /\w/.test(String.fromCharCode(code)));
const SPACE = ALL.filter((code) => /\s/.test(String.fromCharCode(code)));
const complement = (codes: Iterable<number>): number[] => {
  const excluded = new Set(codes);
  return ALL.filter((code) => !excluded.has(code));
};
const ESCAPE_CLASSES: Readonly<Record<string, readonly number[]>> = {
  d: DIGITS,
  w: WORD,
  s: SPACE,
  D: complement(DIGITS),
  W: complement(WORD),
  S: complement(SPACE),
};

// The characters of a piece that cannot start the match (read past, not collected). Never mutated.
const NOTHING: Set<number> = new Set();
// Shared sets for `.` and `\d`-style escapes, which most anchors contain (never mutated either).
const ANY_BUT_NEWLINE: Set<number> = new Set(complement([0x0a, 0x0d]));
const ESCAPE_SETS: Readonly<Record<string, Set<number>>> = Object.fromEntries(
  Object.entries(ESCAPE_CLASSES).map(([name, codes]) => [name, new Set(codes)]),
);

interface Piece {
  chars: FirstChars;
  /** The piece can match the empty string (so what follows can start the match too). */
  nullable: boolean;
}

const BLANKS = [0x20, 0x09];

// In `afterBlanks` mode a character that is a blank is read past as if absent, so the set is what can follow
// the blanks a match starts with (an atom that may be a blank may also be skipped).
function withoutBlanks(piece: Piece): Piece {
  if (piece.chars === undefined) return piece;
  const chars = piece.chars;
  if (!BLANKS.some((blank) => chars.has(blank))) return piece;
  return { chars: new Set([...chars].filter((code) => !BLANKS.includes(code))), nullable: true };
}

const QUANTIFIER = /(?:[*?+]|\{(\d*)(?:,\d*)?\})\??/y;
const LOOKAROUND = /\?<?[=!]/y;
const GROUP_OPENING = /\?(?::|<[A-Za-z_$][\w$]*>)/y;
const ESCAPE_TAIL = /(?:<[^>]*>|\{[^}]*\}|[0-9A-Fa-f]{0,4})/y;
const CONTROLS: Readonly<Record<string, number>> = { t: 0x09, n: 0x0a, r: 0x0d, f: 0x0c, v: 0x0b, '0': 0 };

class SourceReader {
  index = 0;
  constructor(
    readonly source: string,
    private readonly afterBlanks = false,
  ) {}

  /** `wanted` false: only move past the piece (its characters cannot start the match). */
  alternation(wanted = true): Piece {
    const result: Piece = { chars: new Set(), nullable: false };
    for (;;) {
      const branch = this.sequence(wanted);
      result.chars = union(result.chars, branch.chars);
      result.nullable ||= branch.nullable;
      if (this.source[this.index] !== '|') return result;
      this.index++;
    }
  }

  private sequence(wanted: boolean): Piece {
    const result: Piece = { chars: new Set(), nullable: true };
    while (this.index < this.source.length && this.source[this.index] !== '|' && this.source[this.index] !== ')') {
      const read = this.quantified(this.atom(wanted && result.nullable));
      const atom = this.afterBlanks ? withoutBlanks(read) : read;
      if (result.nullable) result.chars = union(result.chars, atom.chars);
      result.nullable &&= atom.nullable;
    }
    return result;
  }

  // Sticky regexes read at the current index: slicing the rest of the source at every atom made reading an
  // anchor quadratic in its length (the prefilter's tables were 12 ms of every start-up).
  private at(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.index;
    return pattern.exec(this.source);
  }

  private quantified(atom: Piece): Piece {
    const quantifier = this.at(QUANTIFIER);
    if (!quantifier) return atom;
    this.index += quantifier[0].length;
    const optional = quantifier[0][0] === '*' || quantifier[0][0] === '?' || quantifier[1] === '0' || quantifier[1] === '';
    return { chars: atom.chars, nullable: atom.nullable || optional };
  }

  private atom(wanted: boolean): Piece {
    const character = this.source[this.index++];
    switch (character) {
      case '(':
        return this.group(wanted);
      case '[': {
        const chars = this.characterClass(wanted);
        return { chars, nullable: false };
      }
      case '\\':
        return this.escape(wanted);
      case '^':
      case '$':
        return { chars: new Set(), nullable: true };
      case '.':
        return { chars: wanted ? ANY_BUT_NEWLINE : NOTHING, nullable: false };
      default:
        return { chars: new Set([character!.charCodeAt(0)]), nullable: false };
    }
  }

  private group(wanted: boolean): Piece {
    const lookaround = this.at(LOOKAROUND);
    if (lookaround) {
      // Zero-width: it narrows a match but consumes nothing, so ignoring it keeps the set a superset.
      this.index += lookaround[0].length;
      this.alternation();
      this.index++;
      return { chars: new Set(), nullable: true };
    }
    const opening = this.at(GROUP_OPENING);
    if (opening) this.index += opening[0].length;
    const inner = this.alternation(wanted);
    this.index++;
    return inner;
  }

  private escape(wanted: boolean): Piece {
    const character = this.source[this.index++]!;
    const known = ESCAPE_SETS[character];
    if (known) return { chars: wanted ? known : NOTHING, nullable: false };
    if (character === 'b' || character === 'B') return { chars: new Set(), nullable: true };
    const code = this.escapedCode(character);
    return { chars: code === undefined ? undefined : new Set([code]), nullable: false };
  }

  /** The code of an escaped single character, or undefined for escapes this reader does not model. */
  private escapedCode(character: string): number | undefined {
    if (character === 'x') {
      const hex = this.source.slice(this.index, this.index + 2);
      this.index += 2;
      return Number.parseInt(hex, 16);
    }
    if (CONTROLS[character] !== undefined) return CONTROLS[character];
    if (/[A-Za-z1-9]/.test(character)) {
      // \k<name>, \1, \u…, \p{…}: skip what follows conservatively and give up on the set.
      const tail = this.at(ESCAPE_TAIL);
      this.index += tail?.[0].length ?? 0;
      return undefined;
    }
    return character.charCodeAt(0);
  }

  private characterClass(wanted: boolean): FirstChars {
    const negated = this.source[this.index] === '^';
    if (negated) this.index++;
    const members = new Set<number>();
    let unknown = false;
    let first = true;
    while (this.index < this.source.length && (this.source[this.index] !== ']' || first)) {
      first = false;
      const from = this.classMember();
      if (from === undefined) {
        unknown = true;
        continue;
      }
      if (this.source[this.index] === '-' && this.source[this.index + 1] !== ']') {
        this.index++;
        const to = this.classMember();
        if (typeof from === 'number' && typeof to === 'number') {
          for (let code = from; code <= to; code++) members.add(code);
          continue;
        }
        unknown = true;
        continue;
      }
      for (const code of typeof from === 'number' ? [from] : from) members.add(code);
    }
    this.index++;
    if (!wanted) return NOTHING;
    if (unknown) return undefined;
    return new Set(negated ? complement(members) : members);
  }

  private classMember(): number | number[] | undefined {
    const character = this.source[this.index++]!;
    if (character !== '\\') return character.charCodeAt(0);
    const escaped = this.source[this.index++]!;
    const known = ESCAPE_CLASSES[escaped];
    if (known) return [...known];
    if (escaped === 'b') return 0x08;
    return this.escapedCode(escaped);
  }
}

// Sets are never changed once made, so an empty side can be shared instead of copied (most unions have one).
function union(left: FirstChars, right: FirstChars): FirstChars {
  if (left === undefined || right === undefined) return undefined;
  if (left.size === 0) return right;
  if (right.size === 0) return left;
  return new Set([...left, ...right]);
}

/**
 * The first characters of any match of `source` (a regex source without flags); with `afterBlanks`, the first
 * character after the spaces and tabs a match may start with.
 */
export function firstChars(source: string, afterBlanks = false): FirstChars {
  const key = tableKey(source, afterBlanks);
  const known = PRECOMPUTED?.[key];
  if (known !== undefined) return known === null ? undefined : fromBitmap(known);
  const chars = computeFirstChars(source, afterBlanks);
  recorded?.set(key, chars === undefined ? null : toBitmap(chars));
  return chars;
}

/** The analysis itself, never the build-time table (the test compares the two). */
export function computeFirstChars(source: string, afterBlanks = false): FirstChars {
  const reader = new SourceReader(source, afterBlanks);
  const piece = reader.alternation();
  // A regex that can match the empty string may "start" with anything that follows.
  return piece.nullable ? undefined : piece.chars;
}

// The analysis of the registry's anchors cost ~10–20 ms of every CLI start (issue 15), and its answer is fixed
// for a given catalog: scripts/build.mjs records it (recordFirstChars while building the prefilter) and injects
// it into the bundles with esbuild `define`. Running from source (vitest) there is no table and every source is
// analysed; a source missing from the table (a format selection the build did not see) is analysed too.
// A JSON string, not an object: scripts/build.mjs says why.
declare const __FAULTLINE_FIRST_CHARS__: string | undefined;
const PRECOMPUTED: Readonly<Record<string, string | null>> | undefined =
  typeof __FAULTLINE_FIRST_CHARS__ === 'undefined'
    ? undefined
    : (JSON.parse(__FAULTLINE_FIRST_CHARS__) as Readonly<Record<string, string | null>>);
let recorded: Map<string, string | null> | undefined;

const tableKey = (source: string, afterBlanks: boolean): string => (afterBlanks ? 'b:' : 'a:') + source;

/** Starts recording every analysis made from now on; the returned map is the table build.mjs injects. */
export function recordFirstChars(): Map<string, string | null> {
  return (recorded = new Map());
}

// 256 bits as 64 hex digits, low codes first: compact in the bundle and cheap to decode.
function toBitmap(chars: ReadonlySet<number>): string {
  let text = '';
  for (let nibble = 0; nibble < 64; nibble++) {
    let value = 0;
    for (let bit = 0; bit < 4; bit++) if (chars.has(nibble * 4 + bit)) value |= 1 << bit;
    text += value.toString(16);
  }
  return text;
}

export function fromBitmap(bitmap: string): Set<number> {
  const chars = new Set<number>();
  for (let nibble = 0; nibble < 64; nibble++) {
    const value = parseInt(bitmap[nibble]!, 16);
    for (let bit = 0; bit < 4; bit++) if (value & (1 << bit)) chars.add(nibble * 4 + bit);
  }
  return chars;
}

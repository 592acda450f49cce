// The shape of a parsed errorformat pattern: its prefix flags and the small regex tree that pattern.ts builds
// and matcher.ts runs.

/** The item a capture fills. */
export type Field = 'f' | 'l' | 'e' | 'c' | 'k' | 'n' | 't' | 'm' | 'r' | 'p' | 'v' | 's' | 'o';

/** A set of characters: ranges of code units plus whether the set is negated. */
export interface CharSet {
  readonly ranges: readonly number[]; // flat [from, to, from, to, …], inclusive
  readonly negated: boolean;
}

export type Node =
  | { readonly kind: 'literal'; readonly code: number }
  | { readonly kind: 'any' }
  | { readonly kind: 'set'; readonly set: CharSet }
  | { readonly kind: 'start' }
  | { readonly kind: 'end' }
  | { readonly kind: 'sequence'; readonly items: readonly Node[] }
  | { readonly kind: 'choice'; readonly options: readonly Node[] }
  | { readonly kind: 'repeat'; readonly item: Node; readonly min: 0 | 1; readonly max: 1 | typeof Infinity; readonly lazy: boolean }
  | { readonly kind: 'capture'; readonly field: Field; readonly item: Node };

/** vim's prefix letters: multi-line starts (A E W I N), continuation (C), end (Z), general (G), file stack (O P Q),
 * directory stack (D X). */
export type Prefix = 'A' | 'E' | 'W' | 'I' | 'N' | 'C' | 'Z' | 'G' | 'O' | 'P' | 'Q' | 'D' | 'X';

export interface Pattern {
  /** The pattern as the user wrote it (for messages). */
  readonly source: string;
  readonly prefix: Prefix | undefined;
  /** `%+`: the whole line is the message. */
  readonly plus: boolean;
  /** `%-`: the line is consumed but reported as nothing. */
  readonly minus: boolean;
  /** `%>`: the next line is tried from this pattern on, not from the first. */
  readonly again: boolean;
  readonly tree: Node;
  readonly fields: ReadonlySet<Field>;
}

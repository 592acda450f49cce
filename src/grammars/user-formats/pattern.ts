// One errorformat pattern (vim's 'errorformat', reviewdog's -efm) parsed into its prefix flags and a small regex
// tree. The field items follow reviewdog/errorformat's reading of vim's so that the per-tool patterns users
// copy from it find what it finds; where the two differ, the comment at the item says which one is followed.
import { FaultlineError } from '../../core/index.js';

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
const PREFIXES = 'AEWINCZGOPQDX';

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

const DIGIT: CharSet = { ranges: [0x30, 0x39], negated: false };
const SPACE: CharSet = { ranges: [0x09, 0x0d, 0x20, 0x20], negated: false };
const WORD: CharSet = { ranges: [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a], negated: false };
const POINTER: CharSet = { ranges: [0x09, 0x09, 0x20, 0x20, 0x2d, 0x2e], negated: false };
const NOT_SPACE: CharSet = { ranges: [0x20, 0x20], negated: true };
const ALPHA: CharSet = { ranges: [0x41, 0x5a, 0x61, 0x7a], negated: false };
const POSIX: Record<string, readonly number[]> = {
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  digit: [0x30, 0x39],
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  space: [0x09, 0x0d, 0x20, 0x20],
  upper: [0x41, 0x5a],
  lower: [0x61, 0x7a],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  blank: [0x09, 0x09, 0x20, 0x20],
};
const ESCAPES: Record<string, CharSet> = {
  d: DIGIT, D: { ...DIGIT, negated: true }, s: SPACE, S: { ...SPACE, negated: true }, w: WORD, W: { ...WORD, negated: true },
  a: ALPHA, A: { ...ALPHA, negated: true },
};

const digits = (field: Field): Node => capture(field, { kind: 'repeat', item: { kind: 'set', set: DIGIT }, min: 1, max: Infinity, lazy: false });
const capture = (field: Field, item: Node): Node => ({ kind: 'capture', field, item });
const anyRun = (min: 0 | 1, lazy = false): Node => ({ kind: 'repeat', item: { kind: 'any' }, min, max: Infinity, lazy });

// The field items. %f is errorformat's (an optional drive letter, then the shortest run of non-spaces or
// escaped spaces): vim lets a name hold spaces before a literal, but the patterns users bring were written
// against errorformat, whose %f never crosses a space.
const FIELD_ITEMS: Partial<Record<Field, () => Node>> = {
  f: () =>
    capture('f', {
      kind: 'sequence',
      items: [
        { kind: 'repeat', item: { kind: 'sequence', items: [{ kind: 'set', set: ALPHA }, { kind: 'literal', code: 0x3a }] }, min: 0, max: 1, lazy: false },
        {
          kind: 'repeat',
          item: { kind: 'choice', options: [{ kind: 'sequence', items: [{ kind: 'literal', code: 0x5c }, { kind: 'literal', code: 0x20 }] }, { kind: 'set', set: NOT_SPACE }] },
          min: 1,
          max: Infinity,
          lazy: true,
        },
      ],
    }),
  l: () => digits('l'),
  e: () => digits('e'),
  c: () => digits('c'),
  k: () => digits('k'),
  n: () => digits('n'),
  v: () => digits('v'),
  t: () => capture('t', { kind: 'any' }),
  m: () => capture('m', anyRun(1)),
  r: () => capture('r', anyRun(0)),
  s: () => capture('s', anyRun(1)),
  // vim: "%o module name (finds a string)"; the shortest run, like %f before a literal.
  o: () => capture('o', anyRun(1, true)),
  p: () => capture('p', { kind: 'repeat', item: { kind: 'set', set: POINTER }, min: 0, max: Infinity, lazy: false }),
};

function fail(source: string, at: number, why: string): never {
  throw new FaultlineError('E_USAGE', `--efm '${source}': ${why} at character ${at + 1}`);
}

/** Reads a `[...]` class whose `[` is at `open`; returns the set and the index just past `]`. */
function readClass(source: string, open: number): { set: CharSet; next: number } {
  let index = open + 1;
  const negated = source[index] === '^';
  if (negated) index++;
  const ranges: number[] = [];
  let first = true;
  for (;;) {
    if (index >= source.length) fail(source, open, "missing ']' (E374)");
    const char = source[index] as string;
    if (char === ']' && !first) return { set: { ranges, negated }, next: index + 1 };
    first = false;
    if (char === '[' && source[index + 1] === ':') {
      const close = source.indexOf(':]', index + 2);
      const name = close > 0 ? source.slice(index + 2, close) : '';
      const members = POSIX[name];
      if (!members) fail(source, index, `unknown character class '[:${name}:]'`);
      ranges.push(...members);
      index = close + 2;
      continue;
    }
    if (char === '\\' && index + 1 < source.length) {
      const escaped = ESCAPES[source[index + 1] as string];
      if (escaped && !escaped.negated) {
        ranges.push(...escaped.ranges);
        index += 2;
        continue;
      }
      const code = source.charCodeAt(index + 1);
      ranges.push(code, code);
      index += 2;
      continue;
    }
    const from = source.charCodeAt(index);
    if (source[index + 1] === '-' && index + 2 < source.length && source[index + 2] !== ']') {
      const to = source.charCodeAt(index + 2);
      if (to < from) fail(source, index, 'a character range that runs backwards');
      ranges.push(from, to);
      index += 3;
    } else {
      ranges.push(from, from);
      index++;
    }
  }
}

/** The regex a pattern is building: atoms in sequence, `\|` splitting alternatives and `\(`…`\)` nesting. */
class Builder {
  private readonly stack: Node[][][] = [[[]]];

  private get current(): Node[] {
    const options = this.stack[this.stack.length - 1] as Node[][];
    return options[options.length - 1] as Node[];
  }

  push(node: Node): void {
    this.current.push(node);
  }

  quantify(source: string, at: number, min: 0 | 1, max: 1 | typeof Infinity): void {
    const items = this.current;
    const last = items[items.length - 1];
    // Repeating nothing (`%#` opening a group) matches nothing more.
    if (!last) return;
    // An anchor repeated is an anchor made optional (`^*`): the match may then start (or end) anywhere.
    if (last.kind === 'start' || last.kind === 'end') {
      items.pop();
      items.push({ kind: 'repeat', item: { kind: 'any' }, min: 0, max: Infinity, lazy: last.kind === 'start' });
      return;
    }
    if (last.kind === 'repeat') fail(source, at, 'a repeat of a repeat');
    items.pop();
    items.push({ kind: 'repeat', item: last, min, max, lazy: false });
  }

  open(): void {
    this.stack.push([[]]);
  }

  alternative(): void {
    (this.stack[this.stack.length - 1] as Node[][]).push([]);
  }

  close(source: string, at: number): void {
    if (this.stack.length === 1) fail(source, at, "'\\)' without '\\('");
    this.push(toChoice(this.stack.pop() as Node[][]));
  }

  finish(source: string): Node {
    if (this.stack.length !== 1) fail(source, source.length - 1, "'\\(' without '\\)'");
    return toChoice(this.stack[0] as Node[][]);
  }
}

function toChoice(options: Node[][]): Node {
  const sequences: Node[] = options.map((items) => ({ kind: 'sequence', items }));
  return sequences.length === 1 ? (sequences[0] as Node) : { kind: 'choice', options: sequences };
}

/** Parses one pattern. Throws a one-line E_USAGE naming the pattern and the character on a malformed one. */
export function parsePattern(source: string): Pattern {
  let prefix: Prefix | undefined;
  let plus = false;
  let minus = false;
  let again = false;
  const fields = new Set<Field>();
  const builder = new Builder();
  // Anchored at both ends as errorformat's regex is (`^…$`, so a top-level `\|` splits the anchors too).
  builder.push({ kind: 'start' });
  for (let index = 0; index < source.length; index++) {
    const char = source[index] as string;
    if (char === '\\' && index + 1 < source.length) {
      // errorformat writes the character after a backslash into its regex as it is: `\ ` is a space, `\+` a
      // repeat, `\(`…`\)` a group, `\|` a choice, `\.` any character, and `\\` makes the next one a regex escape
      // (`\\,` a comma, `\\d` a digit) — the quoting vim's `:set efm=` lines carry.
      const next = source[++index] as string;
      if (next === '\\' && index + 1 < source.length) {
        // The regex escape's letter may itself come quoted (`\\\,`: errorformat writes `\` then `,`).
        if (source[index + 1] === '\\' && index + 2 < source.length) index++;
        const escaped = source[++index] as string;
        const set = ESCAPES[escaped];
        builder.push(set ? { kind: 'set', set } : { kind: 'literal', code: escaped.charCodeAt(0) });
      } else if (next === '+') builder.quantify(source, index, 1, Infinity);
      else if (next === '?' || next === '=') builder.quantify(source, index, 0, 1);
      else if (next === '*') builder.quantify(source, index, 0, Infinity);
      else if (next === '(') builder.open();
      else if (next === ')') builder.close(source, index);
      else if (next === '|') builder.alternative();
      else if (next === '.') builder.push({ kind: 'any' });
      else if (next === '[') {
        const { set, next: after } = readClass(source, index);
        builder.push({ kind: 'set', set });
        index = after - 1;
      } else builder.push({ kind: 'literal', code: next.charCodeAt(0) });
      continue;
    }
    if (char !== '%') {
      builder.push({ kind: 'literal', code: source.charCodeAt(index) });
      continue;
    }
    const item = source[++index];
    if (item === undefined) fail(source, index - 1, "a '%' at the end");
    const field = FIELD_ITEMS[item as Field];
    if (field) {
      if (fields.has(item as Field)) fail(source, index, `%${item} twice`);
      fields.add(item as Field);
      builder.push(field());
    } else if (item === '*') {
      // %*[...] and %*\x: one or more, not captured (scanf's "skip").
      const next = source[index + 1];
      if (next === '[') {
        const { set, next: after } = readClass(source, index + 1);
        builder.push({ kind: 'repeat', item: { kind: 'set', set }, min: 1, max: Infinity, lazy: false });
        index = after - 1;
      } else if (next === '\\' && index + 2 < source.length) {
        const escaped = ESCAPES[source[index + 2] as string];
        const atom: Node = escaped ? { kind: 'set', set: escaped } : { kind: 'literal', code: source.charCodeAt(index + 2) };
        builder.push({ kind: 'repeat', item: atom, min: 1, max: Infinity, lazy: false });
        index += 2;
      } else {
        fail(source, index, `unsupported %*${next ?? ''} (E375)`);
      }
    } else if ((item === '+' || item === '-') && PREFIXES.includes(source[index + 1] ?? ' ')) {
      if (item === '+') plus = true;
      else minus = true;
      prefix = source[++index] as Prefix;
    } else if (PREFIXES.includes(item)) {
      // vim wants the prefix first; errorformat takes it anywhere (`%C  --> %f:%l:%c%Z`), the last one winning.
      prefix = item as Prefix;
    } else if (item === '>') {
      again = true;
    } else if (item === '%') {
      builder.push({ kind: 'literal', code: 0x25 });
    } else if (item === '.') {
      builder.push({ kind: 'any' });
    } else if (item === '#') {
      builder.quantify(source, index, 0, Infinity);
    } else if (item === '+') {
      builder.quantify(source, index, 1, Infinity);
    } else if (item === '?') {
      builder.quantify(source, index, 0, 1);
    } else if (item === '[') {
      const { set, next } = readClass(source, index);
      builder.push({ kind: 'set', set });
      index = next - 1;
    } else if (item === '\\') {
      const next = source[index + 1];
      const escaped = next === undefined ? undefined : ESCAPES[next];
      if (escaped) {
        builder.push({ kind: 'set', set: escaped });
        index++;
      } else {
        // `%\` is vim's way of writing a backslash into the regex; before anything but a class letter it quotes it.
        builder.push({ kind: 'literal', code: 0x5c });
      }
    } else if (item === '^') {
      builder.push({ kind: 'start' });
    } else if (item === '$') {
      builder.push({ kind: 'end' });
    } else if (item === '~') {
      builder.push({ kind: 'literal', code: 0x7e });
    } else {
      fail(source, index, `unknown item %${item} (E376)`);
    }
  }
  builder.push({ kind: 'end' });
  const tree = builder.finish(source);
  return { source, prefix, plus, minus, again, tree, fields };
}

/** True for a pattern that matches every line (`%-G%.%#`, errorformat's usual last entry): built-ins see nothing. */
export function matchesEveryLine(pattern: Pattern): boolean {
  if (pattern.prefix !== 'G' || !pattern.minus || pattern.tree.kind !== 'sequence') return false;
  const items = pattern.tree.items.filter((node) => node.kind !== 'start' && node.kind !== 'end');
  return items.length === 1 && items[0]?.kind === 'repeat' && items[0].min === 0 && items[0].item.kind === 'any';
}

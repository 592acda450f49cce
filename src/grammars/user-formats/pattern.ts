// One errorformat pattern (vim's 'errorformat', reviewdog's -efm) parsed into its prefix flags and a small regex
// tree. The field items follow reviewdog/errorformat's reading of vim's so that the per-tool patterns users
// copy from it find what it finds; where the two differ, the comment at the item says which one is followed.
import { ALPHA, DIGIT, ESCAPES, fail, NOT_SPACE, POINTER, readClass } from './char-class.js';
import type { Field, Node, Pattern, Prefix } from './pattern-tree.js';

const PREFIXES = 'AEWINCZGOPQDX';

const digits = (field: Field): Node =>
  capture(field, { kind: 'repeat', item: { kind: 'set', set: DIGIT }, min: 1, max: Infinity, lazy: false });
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
        {
          kind: 'repeat',
          item: {
            kind: 'sequence',
            items: [
              { kind: 'set', set: ALPHA },
              { kind: 'literal', code: 0x3a },
            ],
          },
          min: 0,
          max: 1,
          lazy: false,
        },
        {
          kind: 'repeat',
          item: {
            kind: 'choice',
            options: [
              {
                kind: 'sequence',
                items: [
                  { kind: 'literal', code: 0x5c },
                  { kind: 'literal', code: 0x20 },
                ],
              },
              { kind: 'set', set: NOT_SPACE },
            ],
          },
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

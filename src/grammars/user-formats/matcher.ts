// Matching a user pattern against one line without the risk a backtracking regex engine carries: the pattern is
// compiled to a small program and run by a backtracker that marks every (instruction, position) pair it has
// tried, so no pair is tried twice. The work per line is therefore at most program length × (line length + 1)
// steps whatever the pattern, and it is counted: past a budget the line is given up with a message, never hung.
// Captures follow the leftmost-first preference of Perl and RE2 (errorformat's engine), so greedy and lazy items
// take what they take there.
import type { CharSet, Field, Node } from './pattern-tree.js';

const CHAR = 0;
const ANY = 1;
const SET = 2;
const SPLIT = 3;
const JUMP = 4;
const SAVE = 5;
const MATCH = 6;
const START = 7;
const END = 8;

/** Steps one pattern may spend on one line before the line is given up for it. */
const STEP_BUDGET = 4_000_000;

const FIELD_SLOTS: readonly Field[] = ['f', 'l', 'e', 'c', 'k', 'n', 't', 'm', 'r', 'p', 'v', 's', 'o'];

export type Captures = Partial<Record<Field, string>>;

interface MatchOutcome {
  /** The captured fields, or null when the line does not match. */
  captures: Captures | null;
  /** Steps spent (the work counted by the growth tests). */
  steps: number;
  /** True when the budget ran out before an answer. */
  gaveUp: boolean;
}

class Program {
  readonly op: number[] = [];
  readonly a: number[] = [];
  readonly b: number[] = [];
  readonly sets: CharSet[] = [];

  emit(op: number, a = 0, b = 0): number {
    this.op.push(op);
    this.a.push(a);
    this.b.push(b);
    return this.op.length - 1;
  }

  get next(): number {
    return this.op.length;
  }
}

function compileNode(program: Program, node: Node): void {
  switch (node.kind) {
    case 'literal':
      program.emit(CHAR, node.code);
      return;
    case 'any':
      program.emit(ANY);
      return;
    case 'set':
      program.sets.push(node.set);
      program.emit(SET, program.sets.length - 1);
      return;
    case 'start':
      program.emit(START);
      return;
    case 'end':
      program.emit(END);
      return;
    case 'sequence':
      for (const item of node.items) compileNode(program, item);
      return;
    case 'choice': {
      const jumps: number[] = [];
      node.options.forEach((option, index) => {
        if (index === node.options.length - 1) {
          compileNode(program, option);
          return;
        }
        const split = program.emit(SPLIT);
        program.a[split] = program.next;
        compileNode(program, option);
        jumps.push(program.emit(JUMP));
        program.b[split] = program.next;
      });
      for (const jump of jumps) program.a[jump] = program.next;
      return;
    }
    case 'capture': {
      const slot = FIELD_SLOTS.indexOf(node.field) * 2;
      program.emit(SAVE, slot);
      compileNode(program, node.item);
      program.emit(SAVE, slot + 1);
      return;
    }
    case 'repeat':
      compileRepeat(program, node);
      return;
  }
}

function compileRepeat(program: Program, node: Extract<Node, { kind: 'repeat' }>): void {
  // A SPLIT's first target is the preferred one: the item for greedy, what follows for lazy.
  const prefer = (split: number, item: number, after: number): void => {
    program.a[split] = node.lazy ? after : item;
    program.b[split] = node.lazy ? item : after;
  };
  if (node.min === 1) {
    const top = program.next;
    compileNode(program, node.item);
    if (node.max === 1) return;
    const split = program.emit(SPLIT);
    prefer(split, top, program.next);
    return;
  }
  const split = program.emit(SPLIT);
  const item = program.next;
  compileNode(program, node.item);
  if (node.max !== 1) program.emit(JUMP, split);
  prefer(split, item, program.next);
}

function inSet(set: CharSet, code: number): boolean {
  let found = false;
  for (let index = 0; index < set.ranges.length; index += 2) {
    if (code >= (set.ranges[index] as number) && code <= (set.ranges[index + 1] as number)) {
      found = true;
      break;
    }
  }
  return found !== set.negated;
}

export class LineMatcher {
  private readonly program = new Program();
  /** Characters every matching line starts with (a cheap reject before the program runs). */
  private readonly head: string;
  private visited = new Uint32Array(0);
  private stack = new Int32Array(256);

  constructor(tree: Node) {
    compileNode(this.program, tree);
    this.program.emit(MATCH);
    this.head = literalHead(tree);
  }

  get length(): number {
    return this.program.op.length;
  }

  match(line: string, budget = STEP_BUDGET): MatchOutcome {
    if (!line.startsWith(this.head)) return { captures: null, steps: 0, gaveUp: false };
    const { op, a, b, sets } = this.program;
    const width = line.length + 1;
    const bits = op.length * width;
    const words = (bits + 31) >>> 5;
    if (this.visited.length < words) this.visited = new Uint32Array(Math.max(words, this.visited.length * 2));
    else this.visited.fill(0, 0, words);
    const visited = this.visited;
    const slots = new Int32Array(FIELD_SLOTS.length * 2).fill(-1);
    let depth = 0;
    let steps = 0;
    const push = (kind: number, first: number, second: number): void => {
      if (depth + 3 > this.stack.length) {
        const grown = new Int32Array(this.stack.length * 2);
        grown.set(this.stack);
        this.stack = grown;
      }
      this.stack[depth++] = kind;
      this.stack[depth++] = first;
      this.stack[depth++] = second;
    };
    push(0, 0, 0);
    while (depth > 0) {
      const second = this.stack[--depth] as number;
      const first = this.stack[--depth] as number;
      const kind = this.stack[--depth] as number;
      if (kind === 1) {
        slots[first] = second;
        continue;
      }
      let pc = first;
      let position = second;
      for (;;) {
        if (++steps > budget) return { captures: null, steps, gaveUp: true };
        const bit = pc * width + position;
        const mask = 1 << (bit & 31);
        if ((visited[bit >>> 5] as number) & mask) break;
        visited[bit >>> 5] = (visited[bit >>> 5] as number) | mask;
        const code = op[pc];
        if (code === CHAR) {
          if (line.charCodeAt(position) !== a[pc]) break;
          pc++;
          position++;
        } else if (code === ANY) {
          if (position >= line.length) break;
          pc++;
          position++;
        } else if (code === SET) {
          if (position >= line.length || !inSet(sets[a[pc] as number] as CharSet, line.charCodeAt(position))) break;
          pc++;
          position++;
        } else if (code === SPLIT) {
          push(0, b[pc] as number, position);
          pc = a[pc] as number;
        } else if (code === JUMP) {
          pc = a[pc] as number;
        } else if (code === SAVE) {
          const slot = a[pc] as number;
          push(1, slot, slots[slot] as number);
          slots[slot] = position;
          pc++;
        } else if (code === START) {
          if (position !== 0) break;
          pc++;
        } else if (code === END) {
          if (position !== line.length) break;
          pc++;
        } else {
          return { captures: capturesOf(line, slots), steps, gaveUp: false };
        }
      }
    }
    return { captures: null, steps, gaveUp: false };
  }
}

function capturesOf(line: string, slots: Int32Array): Captures {
  const captures: Captures = {};
  FIELD_SLOTS.forEach((field, index) => {
    const from = slots[index * 2] as number;
    const to = slots[index * 2 + 1] as number;
    if (from >= 0 && to >= from) captures[field] = line.slice(from, to);
  });
  return captures;
}

/** The literal characters the pattern opens with (after the start anchor, through nested sequences). */
function literalHead(tree: Node): string {
  let head = '';
  const walk = (node: Node): boolean => {
    if (node.kind === 'start') return true;
    if (node.kind === 'literal') {
      head += String.fromCharCode(node.code);
      return true;
    }
    if (node.kind !== 'sequence') return false;
    for (const item of node.items) if (!walk(item)) return false;
    return true;
  };
  walk(tree);
  return head;
}

// The hand-written location heads (engine/heads.ts) must decide exactly as the Chevrotain rules they stand in for
// (colonLocation, parenLocation): same match or miss, same path, same numbers, same end. Checked on every line of
// every fixture, from the first non-blank, from each of the first token starts and from offsets inside tokens,
// and on made-up lines that sit on the rules' edges.
import { readFileSync } from 'node:fs';
import type { CstNode, IToken } from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { buildParser } from '../../../src/grammars/index.js';
import { matchColonHead, matchParenHead, type HeadMatch } from '../../../src/grammars/engine/heads.js';
import { lineLexer, Int } from '../../../src/grammars/engine/tokens.js';
import { findFixtureCases } from '../../../src/locate/fixtures.js';
import { normaliseLine } from '../../../src/summarise/index.js';

const parser = buildParser();

function range(node: CstNode | IToken): [number, number] {
  if (!('children' in node)) return [node.startOffset, node.startOffset + node.image.length];
  let start = Infinity;
  let end = -1;
  for (const children of Object.values(node.children)) {
    for (const child of children) {
      const [childStart, childEnd] = range(child);
      start = Math.min(start, childStart);
      end = Math.max(end, childEnd);
    }
  }
  return [start, end];
}

function ints(node: CstNode): number[] {
  const found: IToken[] = [];
  const walk = (current: CstNode): void => {
    for (const children of Object.values(current.children)) {
      for (const child of children) {
        if ('children' in child) walk(child);
        else if (child.tokenType === Int) found.push(child);
      }
    }
  };
  walk(node);
  return found.sort((left, right) => left.startOffset - right.startOffset).map((token) => Number(token.image));
}

// What the Chevrotain rule answers, as a HeadMatch (the way LineContext.parse picks the first token at `from`).
function byRule(text: string, from: number, rule: 'colonLocation' | 'parenLocation', args: boolean[]): HeadMatch | undefined {
  const tokens = lineLexer().tokenize(text).tokens;
  const index = tokens.findIndex((token) => token.startOffset >= from);
  if (index < 0) return undefined;
  parser.input = tokens.slice(index);
  const cst = parser.invoke(rule, args);
  if (!cst) return undefined;
  const path = cst.children.path![0] as CstNode;
  const suffix = cst.children[rule === 'colonLocation' ? 'colonSuffix' : 'parenSuffix']![0] as CstNode;
  const [pathStart, pathEnd] = range(path);
  const numbers = ints(suffix);
  return { pathStart, pathEnd, numbers, count: numbers.length, end: parser.consumedEnd() };
}

const shapes: Array<
  [string, (text: string, from: number) => HeadMatch | undefined, (text: string, from: number) => HeadMatch | undefined]
> = [
  ['colon', (text, from) => matchColonHead(text, from, false), (text, from) => byRule(text, from, 'colonLocation', [false])],
  ['colon+spaces', (text, from) => matchColonHead(text, from, true), (text, from) => byRule(text, from, 'colonLocation', [true])],
  ['paren', (text, from) => matchParenHead(text, from, false, false), (text, from) => byRule(text, from, 'parenLocation', [false, false])],
  [
    'paren+spaces',
    (text, from) => matchParenHead(text, from, true, false),
    (text, from) => byRule(text, from, 'parenLocation', [true, false]),
  ],
  [
    'paren+parens',
    (text, from) => matchParenHead(text, from, false, true),
    (text, from) => byRule(text, from, 'parenLocation', [false, true]),
  ],
  ['paren+both', (text, from) => matchParenHead(text, from, true, true), (text, from) => byRule(text, from, 'parenLocation', [true, true])],
];

function differences(text: string, froms: Iterable<number>): string[] {
  const found: string[] = [];
  for (const from of froms) {
    for (const [name, ours, rule] of shapes) {
      const match = ours(text, from);
      // The matchers share one match whose numbers array is never shortened: its first `count` are this match's.
      const mine = match && { ...match, numbers: match.numbers.slice(0, match.count) };
      const theirs = rule(text, from);
      if (JSON.stringify(mine) !== JSON.stringify(theirs))
        found.push(
          `${name} from ${from}: ${JSON.stringify(text.slice(0, 100))} ours ${JSON.stringify(mine)} rule ${JSON.stringify(theirs)}`,
        );
    }
  }
  return found;
}

describe('location heads', () => {
  it('decide as the Chevrotain rules on every fixture line', () => {
    const found: string[] = [];
    let matched = 0;
    for (const fixture of findFixtureCases(new URL('../../../fixtures', import.meta.url).pathname)) {
      for (const raw of readFileSync(fixture.log, 'utf8').split('\n')) {
        const text = normaliseLine(raw);
        const starts = lineLexer()
          .tokenize(text)
          .tokens.slice(0, 8)
          .map((token) => token.startOffset);
        // Token starts, the first non-blank, and offsets inside the first tokens (a format may pass any offset).
        const froms = new Set([...starts, text.length - text.trimStart().length, ...starts.map((start) => start + 1), text.length]);
        found.push(...differences(text, froms));
        const first = text.length - text.trimStart().length;
        if (matchColonHead(text, first, false) || matchParenHead(text, first, false, false)) matched++;
      }
    }
    expect(found.slice(0, 20)).toEqual([]);
    expect(matched).toBeGreaterThan(400);
  }, 120_000);

  it('decide as the rules on the edges of the suffixes and paths', () => {
    const lines = [
      'src/a.c:12:3: error',
      'src/a.c:12:3-9: x',
      'src/a.c:1:2:3:4: x',
      'src/a.c:1:2:3: x',
      'a.c:1.',
      'a.c:1; b',
      'a.c:1! b',
      'a.c:1? b',
      'a.c:1x',
      'a.c:12abc: x',
      'a.c:1]',
      'a.c:1}',
      'a.c:1>',
      'a.c:1|',
      'a.c:1"',
      'a.c:1',
      ':12:3',
      'my file.c:3: x',
      '  a.c:3:',
      'a (b).c:3:',
      'x.cs(12,5): error',
      'x.cs(12, 5): e',
      'x.cs(12,  5)',
      'x.cs(12,)',
      'x.cs(12 )',
      'x.cs(12)',
      'x.cs(1,2,3,4)',
      'x.cs(1,2,3,4,5)',
      'x.cs(1,2):3',
      'a (b)/x.cs(3,4)',
      'x.cs(12',
      '"a.c":3',
      'a\u00a0b.c:3:4',
      'a.c:\u0663: x',
      'é/ü.c:3:4',
      '1.c:2:3',
      '12:13:14',
      'a.c:3:4-',
      'a.c:3:4:5',
      'a=b.c:3',
      "a'b.c:3",
      '[a].c:3',
    ];
    const found = lines.flatMap((text) =>
      differences(
        text,
        Array.from({ length: text.length + 1 }, (_, index) => index),
      ),
    );
    expect(found).toEqual([]);
  });
});

describe("a wrapper's parenthesised head", () => {
  const head = (text: string, spaces = false): string | undefined => {
    const match = matchParenHead(text, 0, spaces, true, true);
    if (!match) return undefined;
    return `${text.slice(match.pathStart, match.pathEnd)} ${match.numbers.slice(0, match.count).join(',')} |${text.slice(match.end)}`;
  };

  it('reads a blank before the parenthesis and a dot between line and column', () => {
    expect(head('.\\Engine\\Ledger.c (21.17): Error C2039: x')).toBe('.\\Engine\\Ledger.c 21,17 |: Error C2039: x');
    expect(head('src/a.c (34,9): Warning C4244: y')).toBe('src/a.c 34,9 |: Warning C4244: y');
    expect(head('src/a.c(12) : error C2065: z')).toBe('src/a.c 12 | : error C2065: z');
    expect(head('C:\\Program Files (x86)\\Kit\\a.h (7): note', true)).toBe('C:\\Program Files (x86)\\Kit\\a.h 7 |: note');
  });

  it('is never the default, and never a version or a decimal in another shape', () => {
    expect(matchParenHead('src/a.c (21.17): Error C2039: x', 0, false, true)).toBeUndefined();
    expect(head('src/a.c (1.2.3): Error')).toBeUndefined();
    expect(head('src/a.c (.5): Error')).toBeUndefined();
    expect(head('src/a.c  (21,17): Error')).toBeUndefined();
  });
});

// Words as the paths they can name: a word's pattern after the shell's expansions (expand.ts), the
// variants a path check reads (`--file=.env`, `HEAD:.env`, `-f.env`), what an option parser may take a glob
// or computed word for, and readers that walk into a secret tree by themselves.
import { ANY, literal } from './expand.js';
import type { Context } from './types.js';
import { PLACEHOLDER } from './read-only.js';
import { secretTreeBelow } from './rules.js';
import type { Segment, Word } from './types.js';

/** The pattern of a word (expand.ts): what the shell can expand it to. */
export function patternOf(word: Word): string {
  return word.pattern ?? (word.value === null ? ANY : literal(word.value));
}

/** The paths a word can name: itself, an option's `=VALUE`, git's `REV:PATH`, a short option's attached value. */
export function pathVariants(pattern: string): string[] {
  const out = [pattern];
  for (let at = 0; at < pattern.length; at++) {
    if (pattern[at] === '\\') at++;
    else if (pattern[at] === '=' || pattern[at] === ':') out.push(pattern.slice(at + 1));
  }
  if (/^-[A-Za-z]/.test(pattern) && pattern.length > 2) out.push(pattern.slice(2));
  return out.filter((variant) => variant !== '');
}

// A glob or computed word the shell expands: null when it could expand to an option (it starts with a glob,
// a computed part or `-`), else a placeholder operand that no option check mistakes for one.
export function argumentOf(word: Word): string | null {
  if (!word.glob && word.value !== null) return word.value;
  // `<(cmd)` becomes /dev/fd/N, never an option.
  if (/^[<>]\(/.test(word.text)) return PLACEHOLDER + word.text;
  const pattern = patternOf(word);
  const first = pattern[0] === '\\' ? pattern[1] : pattern[0];
  if (first === undefined || first === '-' || (pattern[0] !== '\\' && '*?[{'.includes(first)) || first === ANY) return null;
  return PLACEHOLDER + word.text;
}

// Readers that walk directories and print what they find: a directory that holds a secret tree (`grep -r
// KEY ~`) reads it. rg, ag and ack always recurse; grep and diff with -r.
const RECURSIVE: Record<string, (flags: string[]) => boolean> = {
  grep: (flags) =>
    flags.some(
      (flag) =>
        /^-[a-zA-Z]*[rR]/.test(flag) ||
        /^--(?:recursive|dereference-recursive|directories=recurse|d=recurse)/.test(flag) ||
        flag === 'recurse',
    ),
  rg: () => true,
  ag: () => true,
  ack: () => true,
  diff: (flags) => flags.some((flag) => /^-[a-zA-Z]*r/.test(flag) || flag.startsWith('--recursive')),
};
RECURSIVE.egrep = RECURSIVE.grep!;
RECURSIVE.fgrep = RECURSIVE.grep!;
RECURSIVE.zgrep = RECURSIVE.grep!;

export function recursiveSecret(program: string, segment: Segment, context: Context): string | null {
  const at = segment.words.findIndex((word) => word.value === program);
  const recursive = RECURSIVE[program];
  if (at < 0 || recursive === undefined) return null;
  const rest = segment.words.slice(at + 1);
  if (!recursive(rest.map((word) => word.value ?? ''))) return null;
  const operands = rest.filter((word) => !(word.value ?? '').startsWith('-')).map(patternOf);
  // With only a pattern (or nothing) they walk the current directory.
  for (const operand of operands.length <= 1 ? [...operands, '.'] : operands) {
    const hit = secretTreeBelow(operand, context);
    if (hit) return `${hit} (${program} walks into it)`;
  }
  return null;
}

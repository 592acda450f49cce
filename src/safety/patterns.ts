// Pattern matching for the allow and block lists. Patterns are words separated by spaces; `*` matches any
// characters. Allow patterns are anchored and ordered (`npm run *` matches `npm run build`, never
// `npm runx` or `npm test`); a trailing ` *` also matches nothing (`git status *` matches `git status`).
// Block patterns are looser on purpose (see DEFAULT_BLOCKED): the first word anchors, the others may match
// any word in any order, and stacked short flags are split (`-fdx` offers -f, -d, -x).

function globRegex(glob: string, flags: string): RegExp {
  const body = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, flags);
}

const allowCache = new Map<string, RegExp>();

/** True when the command's words, joined by single spaces, match a user allow pattern. */
export function matchesAllow(pattern: string, words: string[], caseInsensitive: boolean): boolean {
  const key = `${caseInsensitive ? 'i' : 's'}${pattern}`;
  let regex = allowCache.get(key);
  if (regex === undefined) {
    const trimmed = pattern.trim().replace(/\s+/g, ' ');
    const optionalTail = trimmed.endsWith(' *');
    const head = optionalTail ? trimmed.slice(0, -2) : trimmed;
    const base = globRegex(head, caseInsensitive ? 'is' : 's').source.slice(1, -1);
    regex = new RegExp(`^${base}${optionalTail ? '(?: .*)?' : ''}$`, caseInsensitive ? 'is' : 's');
    allowCache.set(key, regex);
  }
  return regex.test(words.join(' '));
}

function expandFlags(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    out.push(word);
    if (/^-[A-Za-z]{2,}$/.test(word)) for (const letter of word.slice(1)) out.push(`-${letter}`);
  }
  return out;
}

/** True when `words` match a block pattern (see the file comment). */
export function matchesBlock(pattern: string, words: string[], caseInsensitive: boolean): boolean {
  const parts = pattern.trim().split(/\s+/);
  const flags = caseInsensitive ? 'i' : '';
  const [head, ...rest] = parts;
  if (head === undefined || words.length === 0) return false;
  // A pattern written without a space before its glob (`git clean*`, `mkfs*`) still names a command word.
  if (!globRegex(head, flags).test(words[0]!)) {
    // `mkfs*` against `mkfs.ext4`: the head glob covers it; `git clean*` needs its second word elsewhere.
    return false;
  }
  const pool = expandFlags(words.slice(1));
  const used = new Set<number>();
  for (const part of rest) {
    if (part === '*') continue;
    const regex = globRegex(part, flags);
    const index = pool.findIndex((word, at) => !used.has(at) && regex.test(word));
    if (index < 0) return false;
    used.add(index);
  }
  return true;
}

/** Block patterns that name a redirect target (`> /dev/*`): the glob after `>`. */
export function redirectBlockGlob(pattern: string): RegExp | null {
  const match = /^>\s*(\S+)$/.exec(pattern.trim());
  return match ? globRegex(match[1]!, '') : null;
}

// Path patterns: what a word can name after the shell's expansions. A word becomes a glob pattern in which
// literal characters are escaped, unquoted `* ? [ ] { } ,` keep their meaning and ANY stands for a part the
// shell computes (a substitution, an unknown variable). A path check then asks whether any path the pattern
// could expand to lies in a secret or protected tree or carries a protected name: a glob or brace that could
// match `~/.ssh/id_rsa` counts as naming it.
import { readFileSync, realpathSync } from 'node:fs';
import { resolve as pathResolve } from 'node:path';

/** A part of a word the shell computes: any characters, slashes and a leading dot included. */
export const ANY = '\u0001';
const SPECIAL = /[*?[\]{},\\\u0001]/g;
/** Most brace alternatives followed; beyond that the word counts as computed. */
const MAX_ALTERNATIVES = 256;

/** A literal string as a pattern. */
export function literal(text: string): string {
  return text.replace(SPECIAL, (char) => `\\${char}`);
}

/** The static text of a pattern without escapes, or null when it has globs, braces or computed parts. */
export function staticText(pattern: string): string | null {
  let out = '';
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at]!;
    if (char === '\\') out += pattern[++at] ?? '';
    else if ('*?[{'.includes(char) || char === ANY) return null;
    else out += char;
  }
  return out;
}

function matchingBrace(pattern: string, open: number): { close: number; commas: number[] } | null {
  let depth = 0;
  const commas: number[] = [];
  for (let at = open; at < pattern.length; at++) {
    const char = pattern[at]!;
    if (char === '\\') {
      at++;
      continue;
    }
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return { close: at, commas };
    else if (char === ',' && depth === 1) commas.push(at);
  }
  return null;
}

/** Bash brace expansion of a pattern (lists and ranges); an ANY pattern when there are too many. */
export function expandBraces(pattern: string, budget = { left: MAX_ALTERNATIVES }): string[] {
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at]!;
    if (char === '\\') {
      at++;
      continue;
    }
    if (char !== '{') continue;
    const match = matchingBrace(pattern, at);
    if (match === null) return [pattern];
    const head = pattern.slice(0, at);
    const tail = pattern.slice(match.close + 1);
    const body = pattern.slice(at + 1, match.close);
    let alternatives: string[];
    if (match.commas.length > 0) {
      const cuts = [at, ...match.commas, match.close];
      alternatives = cuts.slice(0, -1).map((cut, index) => pattern.slice(cut + 1, cuts[index + 1]));
    } else {
      const range = /^(-?\d+|[a-zA-Z])\.\.(-?\d+|[a-zA-Z])(?:\.\.-?\d+)?$/.exec(body);
      if (!range) continue;
      // A range's members are letters or digits: no path separator or dot, so one wildcard covers them.
      alternatives = ['?*'];
    }
    const out: string[] = [];
    for (const alternative of alternatives) {
      for (const expanded of expandBraces(`${head}${alternative}${tail}`, budget)) {
        if (--budget.left < 0) return [ANY];
        out.push(expanded);
      }
    }
    return out;
  }
  return [pattern];
}

let passwd: Map<string, string> | null = null;

/** The home directory of a user from /etc/passwd (what `~user` expands to), or null when there is none. */
export function userHome(user: string): string | null {
  if (passwd === null) {
    passwd = new Map();
    try {
      for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
        const fields = line.split(':');
        if (fields.length >= 6 && fields[0]) passwd.set(fields[0], fields[5]!);
      }
    } catch {
      // no passwd file: `~user` stays literal, as bash leaves it
    }
  }
  return passwd.get(user) ?? null;
}

/** macOS and Windows file systems fold case by default: `.ENV` is `.env` there. */
export const CASE_FOLDS = process.platform === 'darwin' || process.platform === 'win32';

interface Component {
  /** Could stand for any number of path components (it holds a computed part). */
  deep: boolean;
  regex: RegExp;
}

function componentOf(text: string): Component {
  if (text.includes(ANY)) return { deep: true, regex: /^/ };
  let body = '';
  let leadingWild = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '\\') {
      body += (text[++at] ?? '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else if (char === '*' || char === '?') {
      if (at === 0) leadingWild = true;
      body += char === '*' ? '[^/]*' : '[^/]';
    } else if (char === '[') {
      const close = text.indexOf(']', at + 2);
      if (close < 0) body += '\\[';
      else {
        // A bracket may match a leading dot in some shells: erring strict, it may.
        const inside = text
          .slice(at + 1, close)
          .replace(/^[!^]/, '^')
          .replace(/\\/g, '\\\\');
        body += `[${inside}]`;
        at = close;
      }
    } else body += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  // Unquoted * and ? never match a leading dot (bash without dotglob).
  return { deep: false, regex: new RegExp(`^${leadingWild ? '(?!\\.)' : ''}${body}$`, CASE_FOLDS ? 'i' : '') };
}

function splitComponents(pattern: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at]!;
    if (char === '\\') {
      current += char + (pattern[++at] ?? '');
      continue;
    }
    if (char === '/') {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/**
 * The components of every path a pattern can name, made absolute against `workdir` (null: unknown, so a
 * relative pattern may lie anywhere). `.` and `..` are applied; `..` after a computed part stays computed.
 */
export function pathShapes(pattern: string, workdir: string | null): Component[][] {
  return expandBraces(pattern).flatMap((given) => {
    // /proc/PID/root and /proc/PID/cwd are the process's view of / and of its directory: anywhere.
    const alternative = given.replace(/^\/proc\/[^/]+\/(?:root|cwd|fd|map_files)(?=\/|$)/, ANY);
    const shapes = [shapeOf(alternative, workdir)];
    const real = realPrefix(alternative, workdir);
    if (real !== null) shapes.push(shapeOf(real, workdir));
    return shapes;
  });
}

// A symlink in the static part of a path (`docs -> ~/.ssh` planted in a workspace) leads elsewhere: the
// pattern with its longest existing static prefix resolved, or null when nothing resolves differently.
function realPrefix(pattern: string, workdir: string | null): string | null {
  if (workdir === null && !pattern.startsWith('/')) return null;
  const parts = splitComponents(pattern);
  let fixed = 0;
  while (fixed < parts.length && staticText(parts[fixed]!) !== null) fixed++;
  for (let end = fixed; end > 0; end--) {
    const head = staticText(parts.slice(0, end).join('/'));
    if (head === null || head === '') continue;
    const absolute = pathResolve(workdir ?? '/', head);
    try {
      const real = realpathSync(absolute);
      if (real === absolute) return null;
      return [literal(real), ...parts.slice(end)].join('/');
    } catch {
      // not there: try a shorter prefix
    }
  }
  return null;
}

function shapeOf(alternative: string, workdir: string | null): Component[] {
  {
    const absolute = alternative.startsWith('/') || alternative.startsWith(ANY);
    const prefix: Component[] = absolute
      ? []
      : workdir === null
        ? [{ deep: true, regex: /^/ }]
        : splitComponents(literal(workdir))
            .filter((part) => part !== '')
            .map(componentOf);
    const out = [...prefix];
    for (const part of splitComponents(alternative)) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (!out.at(-1)?.deep) out.pop();
        continue;
      }
      out.push(componentOf(part));
    }
    return out;
  }
}

/** Could a path of this shape lie inside (or be) the directory `tree` (absolute)? */
export function couldBeInside(shape: Component[], tree: string, orAncestor = false): boolean {
  const target = tree.split('/').filter((part) => part !== '');
  const memo = new Map<string, boolean>();
  const match = (p: number, t: number): boolean => {
    if (t === target.length) return true;
    if (p === shape.length) return orAncestor;
    const key = `${p},${t}`;
    if (memo.has(key)) return memo.get(key)!;
    const component = shape[p]!;
    const result = component.deep
      ? match(p + 1, t) || match(p, t + 1) || match(p + 1, t + 1)
      : component.regex.test(target[t]!) && match(p + 1, t + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

/** Could some component (or, with `last`, the last component) of this shape be one of `names`? */
export function couldCarryName(shape: Component[], names: readonly string[], last: boolean): boolean {
  const candidates = last ? shape.slice(-1) : shape;
  return candidates.some((component) => component.deep || names.some((name) => component.regex.test(name)));
}

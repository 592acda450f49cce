// Matching a segment's words against the user's lists: blocked patterns, allow patterns, protected paths.
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Context } from './evaluate.js';
import { matchesAllow, matchesBlock } from './patterns.js';
import { gitSubcommand } from './read-only.js';

function expandHome(path: string, context: Context): string {
  return path === '~' || path.startsWith('~/') ? context.home + path.slice(1) : path;
}

/**
 * The protected path `target` falls inside, or null. A bare name (`.git`, `.env`) protects that name at
 * any depth (a submodule's `.git` too); an entry with a slash is resolved against the workspace root.
 */
export function protectedHit(target: string, context: Context): string | null {
  return pathHit(target, context.protectedPaths, context);
}

// `.env`, `.env.local`, `.env.production` hold secrets; `.env.example` and its kin are templates.
const DOTENV_SECRET = /^\.env(?:\.(?!example$|sample$|template$|dist$)[\w.-]+)?$/;

/**
 * The secret path (DEFAULT_SECRET_PATHS or the caller's) a word names, if any. A bare name is a file name
 * (`.env` — a virtualenv directory named `.env` holds no secret), an entry with a slash or `~` a tree.
 */
export function secretHit(target: string, context: Context): string | null {
  const trees = context.secretPaths.filter((entry) => entry.includes('/') || entry.startsWith('~'));
  const hit = pathHit(target, trees, context);
  if (hit !== null) return hit;
  const name = basename(resolve(context.workdir, expandHome(target, context)));
  for (const entry of context.secretPaths) {
    if (trees.includes(entry)) continue;
    if (name === entry || (entry === '.env' && DOTENV_SECRET.test(name))) return entry;
  }
  return null;
}

function pathHit(target: string, entries: readonly string[], context: Context): string | null {
  const absolute = resolve(context.workdir, expandHome(target, context));
  const components = absolute.split(sep);
  for (const entry of entries) {
    if (!entry.includes('/') && !entry.startsWith('~')) {
      if (components.includes(entry)) return entry;
      continue;
    }
    const root = resolve(context.root, expandHome(entry, context));
    const inside = relative(root, absolute);
    if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) return entry;
  }
  return null;
}

// git's global options hide the subcommand from a plain prefix match: `git -C sub clean -fdx`.
function canonicalForms(words: string[]): string[][] {
  const forms = [words];
  if (basename(words[0] ?? '') === 'git') {
    const { index } = gitSubcommand(words.slice(1));
    if (index > 0) forms.push(['git', ...words.slice(index + 1)]);
  }
  return forms;
}

export function blockedBy(words: string[], context: Context, caseInsensitive: boolean): string | null {
  // PowerShell also separates paths with backslashes: C:\tools\rm.exe is rm.
  const head = caseInsensitive ? (words[0] ?? '').split(/[\\/]/).pop() ?? '' : basename(words[0] ?? '');
  const named = [head, ...words.slice(1)].map((word) => (caseInsensitive ? word.replace(/\.exe$/i, '') : word));
  for (const form of canonicalForms(named)) {
    for (const pattern of context.block) if (!pattern.trim().startsWith('>') && matchesBlock(pattern, form, caseInsensitive)) return pattern;
  }
  return null;
}

export function allowedBy(words: string[], context: Context, caseInsensitive: boolean): string | null {
  // `git -c alias.x='!sh …'` runs anything: `git *` does not cover it unless the pattern names the option.
  const unsafeGit = basename(words[0] ?? '') === 'git' ? gitSubcommand(words.slice(1)).unsafe : null;
  if (unsafeGit) {
    const option = words.find((word) => /^(-c|--config-env|--exec-path|-p|--paginate)/.test(word))?.split('=')[0] ?? '-c';
    const pattern = context.allow.find((entry) => entry.split(/\s+/).some((part) => part.startsWith(option)) && matchesAllow(entry, words, caseInsensitive));
    return pattern ?? null;
  }
  for (const form of canonicalForms(words)) {
    for (const pattern of context.allow) if (matchesAllow(pattern, form, caseInsensitive)) return pattern;
  }
  return null;
}


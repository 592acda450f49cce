// Matching a segment's words against the user's lists: blocked patterns, allow patterns, protected paths.
import { userInfo } from 'node:os';
import { basename, resolve } from 'node:path';
import { CASE_FOLDS, couldBeInside, couldCarryName, literal, pathShapes, staticText } from './expand.js';
import type { Context } from './types.js';
import { matchesAllow, matchesBlock } from './patterns.js';
import { gitSubcommand } from './git-check.js';

const ACCOUNT_HOME = (() => {
  try {
    return userInfo().homedir;
  } catch {
    return null;
  }
})();

function expandHome(path: string, context: Context): string {
  return path === '~' || path.startsWith('~/') ? context.home + path.slice(1) : path;
}

/** A word's pattern with a leading `~` (PowerShell, unwrapped words) taken as the home directory. */
function homePattern(pattern: string, context: Context): string {
  return pattern === '~' || pattern.startsWith('~/') ? literal(context.home) + pattern.slice(1) : pattern;
}

/**
 * The protected path `target` falls inside, or null. A bare name (`.git`, `.env`) protects that name at
 * any depth (a submodule's `.git` too); an entry with a slash is resolved against the workspace root.
 */
export function protectedHit(target: string, context: Context): string | null {
  return protectedPatternHit(literal(target), context);
}

/** protectedHit for a path pattern: any path the glob, brace or computed part could expand to. */
export function protectedPatternHit(pattern: string, context: Context): string | null {
  return pathHit(pattern, context.protectedPaths, context, false);
}

// `.env`, `.env.local`, `.env.production` hold secrets; `.env.example` and its kin are templates.
const DOTENV_SECRET = /^\.env(?:\.(?!example$|sample$|template$|dist$)[\w.-]+)?$/;
// Names a glob is tried against for the `.env` entry: a pattern that matches one of them names a secret.
const DOTENV_SAMPLES = [
  '.env',
  '.env.local',
  '.env.production',
  '.env.development',
  '.env.prod',
  '.env.dev',
  '.env.staging',
  '.env.test',
  '.env.secret',
];

/**
 * The secret path (DEFAULT_SECRET_PATHS or the caller's) a word's pattern names, if any. A bare name is a file name
 * (`.env` — a virtualenv directory named `.env` holds no secret), an entry with a slash or `~` a tree.
 */
export function secretPatternHit(pattern: string, context: Context): string | null {
  const trees = context.secretPaths.filter((entry) => entry.includes('/') || entry.startsWith('~'));
  const hit = pathHit(pattern, trees, context, true);
  if (hit !== null) return hit;
  const exact = staticText(homePattern(pattern, context));
  for (const shape of pathShapes(homePattern(pattern, context), context.workdirKnown ? context.workdir : null)) {
    for (const entry of context.secretPaths) {
      if (trees.includes(entry)) continue;
      if (exact !== null) {
        const name = basename(resolve(context.workdir, exact));
        const folded = CASE_FOLDS ? name.toLowerCase() : name;
        if (folded === entry || (entry === '.env' && DOTENV_SECRET.test(folded))) return entry;
      } else if (couldCarryName(shape, entry === '.env' ? DOTENV_SAMPLES : [entry], true)) return entry;
    }
  }
  return null;
}

/** The secret tree a recursive reader of `pattern` (a directory) would walk into, or null. */
export function secretTreeBelow(pattern: string, context: Context): string | null {
  const shapes = pathShapes(homePattern(pattern, context), context.workdirKnown ? context.workdir : null);
  for (const entry of context.secretPaths) {
    if (!entry.includes('/') && !entry.startsWith('~')) continue;
    const roots = [
      resolve(context.root, expandHome(entry, context)),
      ...(entry.startsWith('~/') && ACCOUNT_HOME ? [ACCOUNT_HOME + entry.slice(1)] : []),
    ];
    if (roots.some((root) => shapes.some((shape) => couldBeInside(shape, root, true)))) return entry;
  }
  return null;
}

function pathHit(pattern: string, entries: readonly string[], context: Context, secret: boolean): string | null {
  const shapes = pathShapes(homePattern(pattern, context), context.workdirKnown ? context.workdir : null);
  for (const entry of entries) {
    if (!entry.includes('/') && !entry.startsWith('~')) {
      if (!secret && shapes.some((shape) => couldCarryName(shape, [entry], false))) return entry;
      continue;
    }
    // `~/.ssh` is the secret of the home in use and of the account's own home (HOME may point elsewhere).
    const roots = new Set([
      resolve(context.root, expandHome(entry, context)),
      ...(entry.startsWith('~/') && ACCOUNT_HOME ? [ACCOUNT_HOME + entry.slice(1)] : []),
    ]);
    if ([...roots].some((root) => shapes.some((shape) => couldBeInside(shape, root)))) return entry;
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
  const head = caseInsensitive ? ((words[0] ?? '').split(/[\\/]/).pop() ?? '') : basename(words[0] ?? '');
  const named = [head, ...words.slice(1)].map((word) => (caseInsensitive ? word.replace(/\.exe$/i, '') : word));
  for (const form of canonicalForms(named)) {
    for (const pattern of context.block)
      if (!pattern.trim().startsWith('>') && matchesBlock(pattern, form, caseInsensitive)) return pattern;
  }
  return null;
}

export function allowedBy(words: string[], context: Context, caseInsensitive: boolean): string | null {
  // `git -c alias.x='!sh …'` runs anything: `git *` does not cover it unless the pattern names the option.
  const unsafeGit = basename(words[0] ?? '') === 'git' ? gitSubcommand(words.slice(1)).unsafe : null;
  if (unsafeGit) {
    const option = words.find((word) => /^(-c|--config-env|--exec-path|-p|--paginate)/.test(word))?.split('=')[0] ?? '-c';
    const pattern = context.allow.find(
      (entry) => entry.split(/\s+/).some((part) => part.startsWith(option)) && matchesAllow(entry, words, caseInsensitive),
    );
    return pattern ?? null;
  }
  // An option whose value is a program (`git fetch origin --upload-pack=CMD` under `git fetch origin*`) runs
  // something the pattern never named: only a pattern that names the option covers it.
  const program = words.find((word) => PROGRAM_OPTION.test(word))?.split('=')[0];
  for (const form of canonicalForms(words)) {
    for (const pattern of context.allow) {
      if (program !== undefined && !pattern.split(/\s+/).some((part) => part.startsWith(program))) continue;
      if (matchesAllow(pattern, form, caseInsensitive)) return pattern;
    }
  }
  return null;
}

const PROGRAM_OPTION = new RegExp(
  String.raw`^--?(?:upload-pack|receive-pack|exec|exec-batch|config|config-env|pre|compress-program|use-compress-program|to-command` +
    String.raw`|checkpoint-action|open-files-in-pager|pager|rsh|ssh-command|sequence-editor|editor|shell|script-shell|node-options` +
    String.raw`|require|import|loader|hostname-bin|argv0|split-string|ext-diff|textconv|extcmd|eval)(?:=|$)`,
);

// The workspace search behind partly printed paths: one bounded walk of a root that skips what its repository
// ignores. Written on node:fs rather than a glob library, because a log that needs it at all should not pay a
// library's start-up, and because the ignore rules must be the root's own (see ancestorRules).
import { readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';

// Bounds of one walk: folder depth and entries looked at per root (a home directory given as root stops here).
const MAX_DEPTH = 32;
const MAX_ENTRIES = 200_000;
// Never searched: dependencies and version-control internals.
const SKIPPED = new Set(['node_modules', '.git']);

type Matcher = { ignores(relative: string): boolean };
type MatcherFactory = () => { add(patterns: string): Matcher };
/** A .gitignore's rules and the folder they are relative to. */
interface Rules {
  base: string;
  matcher: Matcher;
}

// Loaded only when a walk meets a .gitignore: most searches meet one, but a log that needs none should not load it.
let gitignoreMatcher: MatcherFactory | undefined;

/** Thrown inside a walk that met a .gitignore before the matcher was loaded: the walk loads it and starts again. */
class MatcherNeeded extends Error {}

// Synchronous, as every look of the walk: an async step per folder (a thread-pool read, a promise per folder) was
// most of a small log's cost once a bare basename needs the listing, and on a loaded machine each thread-pool round
// trip can wait milliseconds for a core (warm 10 KB locate: 0.6 ms, with spikes to 5 ms).
function rulesIn(folder: string): Rules | undefined {
  const file = path.join(folder, '.gitignore');
  // Most folders have none: a look without an error object first.
  if (!exists(file)) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  if (gitignoreMatcher === undefined) throw new MatcherNeeded();
  return { base: folder, matcher: gitignoreMatcher().add(text) };
}

function exists(target: string): boolean {
  try {
    return statSync(target, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The .gitignore rules of the folders above `root` up to its repository's top (the folder holding `.git`), as
 * git applies them to paths inside the root (a monorepo's `dist/` rule reaches a package root). None when the
 * root is its repository's top or in no repository, and none when those rules ignore the root itself or a
 * folder above it: an enclosing repository that ignores a checkout (its `wt/`, `tmp/`) says nothing about
 * which files inside the checkout are generated, and would otherwise hide all of them.
 */
function ancestorRules(root: string): Rules[] {
  if (exists(path.join(root, '.git'))) return [];
  const folders: string[] = [];
  let top: string | undefined;
  for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
    folders.push(folder);
    if (exists(path.join(folder, '.git'))) {
      top = folder;
      break;
    }
    if (path.dirname(folder) === folder) break;
  }
  if (top === undefined) return [];
  const rules = folders.map(rulesIn).filter((each): each is Rules => each !== undefined);
  for (let folder = root; folder !== top; folder = path.dirname(folder)) {
    if (isIgnored(rules, folder, true)) return [];
  }
  return rules;
}

function isIgnored(rules: readonly Rules[], target: string, directory: boolean): boolean {
  for (const { base, matcher } of rules) {
    const relative = path.relative(base, target).split(path.sep).join('/');
    if (relative === '' || relative.startsWith('..')) continue;
    if (matcher.ignores(directory ? `${relative}/` : relative)) return true;
  }
  return false;
}

function listFolder(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Files below `root` whose basename is in `names`, as sorted posix paths relative to `root`. */
export async function findFilesNamed(root: string, names: ReadonlySet<string>): Promise<string[]> {
  for (;;) {
    try {
      return walk(root, names);
    } catch (error) {
      if (!(error instanceof MatcherNeeded)) throw error;
      gitignoreMatcher = (await import('ignore')).default as MatcherFactory;
    }
  }
}

function walk(root: string, names: ReadonlySet<string>): string[] {
  const found: string[] = [];
  let entries = 0;
  // Breadth first, one folder open at a time.
  let level: Array<{ folder: string; rules: readonly Rules[] }> = [{ folder: root, rules: ancestorRules(root) }];
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0 && entries <= MAX_ENTRIES; depth++) {
    const next: typeof level = [];
    for (const { folder, rules: inherited } of level) {
      if (entries > MAX_ENTRIES) break;
      const children = listFolder(folder);
      const own = rulesIn(folder);
      const rules = own ? [...inherited, own] : inherited;
      for (const child of children) {
        if (++entries > MAX_ENTRIES) break;
        if (SKIPPED.has(child.name)) continue;
        const target = path.join(folder, child.name);
        // Symlinked folders are not followed (a link to / would walk the machine); a symlinked file is listed
        // and resolve's realpath containment decides whether it may be used.
        if (child.isDirectory()) {
          if (!isIgnored(rules, target, true)) next.push({ folder: target, rules });
        } else if ((names.has(child.name) || names.has(child.name.toLowerCase())) && !isIgnored(rules, target, false)) {
          found.push(path.relative(root, target).split(path.sep).join('/'));
        }
      }
    }
    level = next;
  }
  return found.sort();
}

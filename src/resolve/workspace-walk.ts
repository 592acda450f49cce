// The workspace search behind partly printed paths: one bounded walk of a root that skips what its repository
// ignores. Written on node:fs rather than a glob library, because a log that needs it at all should not pay a
// library's start-up, and because the ignore rules must be the root's own (see ancestorRules).
import { readdirSync, statSync, type Dirent } from 'node:fs';
// fs.promises loads on first use: importing node:fs/promises cost every start ~1 ms, an empty log included (issue 21).
import { promises as fsPromises } from 'node:fs';
import path from 'node:path';

// Bounds of one walk: folder depth and entries looked at per root (a home directory given as root stops here).
const MAX_DEPTH = 32;
const MAX_ENTRIES = 200_000;
// Never searched: dependencies and version-control internals.
const SKIPPED = new Set(['node_modules', '.git']);
const PARALLEL_READS = 16;

type Matcher = { ignores(relative: string): boolean };
/** A .gitignore's rules and the folder they are relative to. */
interface Rules {
  base: string;
  matcher: Matcher;
}

async function rulesIn(folder: string): Promise<Rules | undefined> {
  let text: string;
  // Most folders have none: a synchronous look first spares each a failed read through the thread pool.
  if (!(await exists(path.join(folder, '.gitignore')))) return undefined;
  try {
    text = await fsPromises.readFile(path.join(folder, '.gitignore'), 'utf8');
  } catch {
    return undefined;
  }
  // Loaded only when a .gitignore exists: most searches meet one, but a log that needs none should not load it.
  const { default: ignore } = await import('ignore');
  return { base: folder, matcher: ignore().add(text) };
}

// Synchronous, as resolver-fs.ts's stat: a thread-pool round trip per folder above the root (~0.3 ms each on a
// loaded machine) was most of a small log's cost once a bare basename needs the listing.
async function exists(target: string): Promise<boolean> {
  try {
    statSync(target);
    return true;
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
async function ancestorRules(root: string): Promise<Rules[]> {
  if (await exists(path.join(root, '.git'))) return [];
  const folders: string[] = [];
  let top: string | undefined;
  for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
    folders.push(folder);
    if (await exists(path.join(folder, '.git'))) {
      top = folder;
      break;
    }
    if (path.dirname(folder) === folder) break;
  }
  if (top === undefined) return [];
  const rules = (await Promise.all(folders.map(rulesIn))).filter((each): each is Rules => each !== undefined);
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

// Synchronous: on a loaded machine each thread-pool round trip can wait milliseconds for a core, which a small log
// whose one bare name needs the listing paid on every call (warm 10 KB locate: 0.6 ms, with spikes to 5 ms).
function listFolder(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Files below `root` whose basename is in `names`, as sorted posix paths relative to `root`. */
export async function findFilesNamed(root: string, names: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  let entries = 0;
  // Breadth first. Listings are synchronous (listFolder); the .gitignore reads of a bounded number of folders run at
  // once (a wide tree must not exhaust file descriptors).
  let level: Array<{ folder: string; rules: readonly Rules[] }> = [{ folder: root, rules: await ancestorRules(root) }];
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0 && entries <= MAX_ENTRIES; depth++) {
    const next: typeof level = [];
    for (let start = 0; start < level.length && entries <= MAX_ENTRIES; start += PARALLEL_READS) {
      await Promise.all(
        level.slice(start, start + PARALLEL_READS).map(async ({ folder, rules: inherited }) => {
          const children = listFolder(folder);
          const own = await rulesIn(folder);
          const rules = own ? [...inherited, own] : inherited;
          for (const child of children) {
            if (++entries > MAX_ENTRIES) return;
            if (SKIPPED.has(child.name)) continue;
            const target = path.join(folder, child.name);
            // Symlinked folders are not followed (a link to / would walk the machine); a symlinked file is listed
            // and resolve's realpath containment decides whether it may be used.
            if (child.isDirectory()) {
              if (!isIgnored(rules, target, true)) next.push({ folder: target, rules });
            } else if (names.has(child.name) && !isIgnored(rules, target, false)) {
              found.push(path.relative(root, target).split(path.sep).join('/'));
            }
          }
        }),
      );
    }
    level = next;
  }
  return found.sort();
}

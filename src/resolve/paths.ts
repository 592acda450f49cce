// Lexical path work: classify a printed path and reason about containment without touching disk.
// Everything inside the resolver uses forward slashes; node:fs accepts them on Windows too.
import path from 'node:path';

const HOST_IS_WINDOWS = process.platform === 'win32';

/** A printed path after separator and drive-letter normalisation. */
type PrintedPath =
  /** Relative to some directory (cwd, make's directory, a root). */
  | { kind: 'relative'; path: string }
  /** Absolute on this machine's conventions: candidates may be stat'ed directly when inside a root. */
  | { kind: 'host-absolute'; path: string; segments: string[] }
  /** Absolute on another machine (a Windows drive on posix, `~/…`, UNC): only suffixes can match. */
  | { kind: 'foreign-absolute'; path: string; segments: string[] };

/** Backslashes to slashes, for host paths (roots, cwd) on Windows. */
export function toPosixSeparators(value: string): string {
  return value.replace(/\\/g, '/');
}

function segmentsOf(absolute: string): string[] {
  return absolute.split('/').filter((segment) => segment !== '' && segment !== '.');
}

// Classifies a path as printed by a tool; `..` is kept for relative paths so containment can see it.
export function parsePrintedPath(printed: string): PrintedPath {
  const slashed = toPosixSeparators(printed.trim());
  const drive = /^([A-Za-z]):\//.exec(slashed);
  if (drive) {
    const normalised = path.posix.normalize(slashed);
    const segments = segmentsOf(normalised.slice(2));
    return HOST_IS_WINDOWS
      ? { kind: 'host-absolute', path: normalised, segments }
      : { kind: 'foreign-absolute', path: normalised, segments };
  }
  if (slashed.startsWith('//') || slashed.startsWith('~/')) {
    const normalised = path.posix.normalize(slashed);
    return { kind: 'foreign-absolute', path: normalised, segments: segmentsOf(normalised.replace(/^~/, '')) };
  }
  if (slashed.startsWith('/')) {
    const normalised = path.posix.normalize(slashed);
    // A rooted path without a drive means nothing stat-able on Windows; it came from elsewhere.
    if (HOST_IS_WINDOWS) return { kind: 'foreign-absolute', path: normalised, segments: segmentsOf(normalised) };
    return { kind: 'host-absolute', path: normalised, segments: segmentsOf(normalised) };
  }
  return { kind: 'relative', path: path.posix.normalize(slashed) };
}

/** Absolute, normalised, forward-slashed form of a host path (roots, cwd, make directories). */
export function normaliseHostPath(value: string, base?: string): string {
  const absolute = base === undefined ? path.resolve(value) : path.resolve(base, value);
  return toPosixSeparators(absolute);
}

/** Lexical containment: `child` is `root` or below it. Case-insensitive on Windows like its file system. */
export function isLexicallyInside(child: string, root: string): boolean {
  const a = HOST_IS_WINDOWS ? child.toLowerCase() : child;
  const b = HOST_IS_WINDOWS ? root.toLowerCase() : root;
  if (a === b) return true;
  const prefix = b.endsWith('/') ? b : `${b}/`;
  return a.startsWith(prefix);
}

// A piece that normalising would change: empty, `.` or `..` segments, a leading or trailing slash.
const NOT_PLAIN = /^$|^\/|\/$|\/\/|(?:^|\/)\.\.?(?:\/|$)/;

/** Joins with posix rules and normalises, so `..` is applied before any containment check. */
export function joinPosix(...parts: string[]): string {
  // Resolution joins a normalised base with a printed path for every candidate of every location: a dense log's
  // 50 000 paths made path.posix.join's normalising a tenth of its garbage (issue 21). Pieces normalising would
  // not change are joined as they are (the same string path.posix.join returns for them).
  if (parts.length === 2 && !NOT_PLAIN.test(parts[1]!) && (parts[0] === '/' || !NOT_PLAIN.test(parts[0]!.slice(1)))) {
    const base = parts[0]!;
    if (base.startsWith('/')) return base === '/' ? `/${parts[1]}` : `${base}/${parts[1]}`;
  }
  return path.posix.join(...parts);
}

/** Path of `child` relative to `root`, posix separators (both already normalised). */
export function relativePosix(root: string, child: string): string {
  // The common case, a child below its root, without path.posix.relative's normalising (same result).
  if (root.length > 1 && !root.endsWith('/') && child.length > root.length + 1 && child.startsWith(root) && child[root.length] === '/') {
    const rest = child.slice(root.length + 1);
    if (!NOT_PLAIN.test(rest)) return rest;
  }
  return path.posix.relative(root, child);
}

/**
 * Suffixes of a segment list, longest first: [a/b/c, b/c, c]. Longest first because a longer
 * matching suffix is stronger evidence that it names the same file (`src/a.ts` beats `a.ts`).
 */
export function suffixesLongestFirst(segments: readonly string[]): string[] {
  const suffixes: string[] = [];
  for (let start = 0; start < segments.length; start++) suffixes.push(segments.slice(start).join('/'));
  return suffixes;
}

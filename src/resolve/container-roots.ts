// Paths printed inside a container (or a VM, or another machine's checkout) that no suffix of their own finds:
// another location of the same log already showed where that machine's folders sit in the workspace, and every
// path under the same folder is mapped the same way.
//
// Two things a resolved sibling can show:
// - an absolute path that resolved through a suffix of a folder and more (`/usr/src/app/pkg/x.py` as `web/pkg/x.py`)
//   shows its exact root: `/usr/src/app/` is `web/`. A path under that root maps there and nowhere else;
// - a relative path that resolved below a folder other than cwd or a root (`./server.py` as `app/server.py`) shows
//   where the tool's working folder is, not its absolute spelling: an absolute path left over maps below that folder
//   by its longest existing ending, when exactly one such folder was learned.
// A path outside every learned root is never mapped.
import type { RawLocation } from '../core/types.js';
import { joinPosix, parsePrintedPath, suffixesLongestFirst } from './paths.js';
import type { Resolution } from './resolution.js';
import { isVendoredPath } from './vendored.js';
import type { Workspace } from './workspace.js';

type Resolved = Extract<Resolution, { kind: 'resolved' }>;

/** What the resolved locations taught about other machines' folders. */
interface LearnedRoots {
  /** Printed root folder (segments) → the workspace folder it is. */
  exact: Map<string, string>;
  /** Workspace folders a relative path was printed from, other than cwd and the roots. */
  workingFolders: Set<string>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '' && segment !== '.');
}

function commonEnding(printed: readonly string[], relative: readonly string[]): number {
  let length = 0;
  while (length < printed.length && length < relative.length && printed.at(-1 - length) === relative.at(-1 - length)) length++;
  return length;
}

function learn(raw: RawLocation, resolution: Resolved, workspace: Workspace, learned: LearnedRoots): void {
  if (raw.hints?.confirm === true) return;
  const parsed = parsePrintedPath(raw.file);
  const relative = segmentsOf(resolution.relative);
  if (parsed.kind === 'relative') {
    // A make directory or project header already said where the tool was; that folder is a build step's, not a trace's.
    if (raw.hints?.directory !== undefined || raw.hints?.projectDirectory !== undefined) return;
    const printed = segmentsOf(parsed.path);
    if (printed.includes('..') || commonEnding(printed, relative) !== printed.length) return;
    const folder = joinPosix(resolution.root, ...relative.slice(0, relative.length - printed.length));
    const known = [workspace.cwd, ...workspace.roots.flatMap((root) => [root.given, root.real])];
    if (!known.includes(folder)) learned.workingFolders.add(folder);
    return;
  }
  if (workspace.isInsideAnyRoot(parsed.path)) return;
  const shared = commonEnding(parsed.segments, relative);
  // A folder and the file at least, or a same-named file anywhere would teach a root.
  if (shared < 2 || shared >= parsed.segments.length) return;
  const printedRoot = parsed.segments.slice(0, parsed.segments.length - shared).join('/');
  if (!learned.exact.has(printedRoot))
    learned.exact.set(printedRoot, joinPosix(resolution.root, ...relative.slice(0, relative.length - shared)));
}

/** The longest learned printed root that `segments` lies under, with the rest of the path. */
function underExactRoot(segments: readonly string[], exact: Map<string, string>): { folder: string; rest: string[] } | undefined {
  for (let length = segments.length - 1; length > 0; length--) {
    const folder = exact.get(segments.slice(0, length).join('/'));
    if (folder !== undefined) return { folder, rest: segments.slice(length) };
  }
  return undefined;
}

function candidatesFor(raw: RawLocation, learned: LearnedRoots, workspace: Workspace): string[] {
  if (raw.hints?.confirm === true) return [];
  const parsed = parsePrintedPath(raw.file);
  if (parsed.kind === 'relative' || workspace.isInsideAnyRoot(parsed.path) || isVendoredPath(parsed.path)) return [];
  const mapped = underExactRoot(parsed.segments, learned.exact);
  if (mapped) return [joinPosix(mapped.folder, ...mapped.rest)];
  if (learned.workingFolders.size !== 1) return [];
  const [folder] = learned.workingFolders as Set<string>;
  return suffixesLongestFirst(parsed.segments).map((ending) => joinPosix(folder as string, ending));
}

/**
 * Resolutions for the printed paths (`entries`, resolved as `finals`) that stayed not found or ambiguous but lie
 * under a root another resolved location showed. Returns only the changed ones, by key.
 */
export async function mapUnderLearnedRoots(
  entries: ReadonlyArray<readonly [string, RawLocation]>,
  finals: ReadonlyMap<string, Resolution>,
  workspace: Workspace,
): Promise<Map<string, Resolution>> {
  const learned: LearnedRoots = { exact: new Map(), workingFolders: new Set() };
  const open: Array<readonly [string, RawLocation]> = [];
  for (const [key, raw] of entries) {
    const resolution = finals.get(key);
    if (resolution?.kind === 'resolved') learn(raw, resolution, workspace, learned);
    else if (resolution?.kind === 'unresolved' && resolution.reason !== 'outside-root') open.push([key, raw]);
  }
  const changed = new Map<string, Resolution>();
  if (learned.exact.size === 0 && learned.workingFolders.size === 0) return changed;
  for (const [key, raw] of open) {
    const candidates = candidatesFor(raw, learned, workspace);
    if (candidates.length === 0) continue;
    const outcome = await workspace.firstExisting(candidates);
    if (outcome.kind === 'resolved' && !isVendoredPath(outcome.relative)) changed.set(key, outcome);
  }
  return changed;
}

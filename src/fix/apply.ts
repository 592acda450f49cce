// applyFixes: checks every fix against the files as they are now, chooses the ones that go together
// (resolve-overlaps.ts) and makes them: a dry run (the changes and their diff) unless `write`. Nothing is written
// to a file that changed since its fixes were collected (digest), or whose text under an edit is not the edit's
// oldText; the BOM and line ends stay as they are; a file is replaced whole by rename, never half written.
import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Fix, FixEdit, FixRejection } from '../core/index.js';
import { editsDiff, unifiedDiff } from './diff.js';
import { CollectedSnapshot, reusePlacements } from './placements.js';
import { chooseFixes, inTextOrder, type PlacedEdit, type PlacedFix } from './resolve-overlaps.js';
import { digestOf, FileText, type FileSnapshot } from './text.js';

export interface ApplyOptions {
  /** Write the files (default false: a dry run that only computes the changes). */
  write?: boolean;
  /** Apply `review` fixes too (default: `safe` only), or those the function accepts. `display` fixes never are. */
  unsafe?: boolean | ((fix: Fix) => boolean);
  /**
   * The files as collectFixes read them (its `snapshot`). A dry run takes them as they are and reads nothing
   * again; a write always reads every file again, so a change made since the collection is still caught.
   */
  snapshot?: FileSnapshot;
}

export interface FileChange {
  file: string;
  root: string;
  absolutePath: string;
  before: Uint8Array;
  after: Uint8Array;
  /** Unified diff of the change, paths `a/FILE` and `b/FILE` relative to the root. */
  diff: string;
}

export interface ApplyResult {
  applied: Fix[];
  rejected: FixRejection[];
  changes: FileChange[];
  /** Whether the changes were written. */
  written: boolean;
}

/** Why the fix is not even tried (no edit, display-only, or review without leave), or undefined. */
function refusal(fix: Fix, unsafe: (fix: Fix) => boolean): FixRejection | undefined {
  if (fix.edits.length === 0) return { fix, reason: 'invalid', detail: 'the fix has no edit' };
  if (fix.safety === 'display')
    return { fix, reason: 'display', detail: 'shown only: the tool marks it as an explanation or with placeholders' };
  if (fix.safety === 'review' && !unsafe(fix))
    return { fix, reason: 'unsafe', detail: 'needs review: the tool does not mark it safe (pass --unsafe to apply it)' };
  return undefined;
}

/** A file as read now, and its rank in path order (thousands of fixes share a few files: paths compared once). */
interface LoadedText {
  bytes: Uint8Array;
  text: FileText;
  rank: number;
}

type Loaded = Map<string, LoadedText | undefined>;

async function loadTexts(paths: Iterable<string>, snapshot: FileSnapshot | undefined): Promise<Loaded> {
  const texts: Loaded = new Map();
  for (const path of paths) {
    const seen = snapshot?.get(path);
    if (seen) {
      texts.set(path, { bytes: seen.bytes, text: seen, rank: 0 });
      continue;
    }
    try {
      const bytes = new Uint8Array(await readFile(path));
      const text = FileText.of(bytes);
      texts.set(path, text ? { bytes, text, rank: 0 } : undefined);
    } catch {
      texts.set(path, undefined);
    }
  }
  return ranked(texts);
}

/** The texts with their ranks in code-unit order of their paths; only their order matters to the choice. */
function ranked(texts: Loaded): Loaded {
  [...texts.keys()].sort().forEach((path, rank) => {
    const loaded = texts.get(path);
    if (loaded) loaded.rank = rank;
  });
  return texts;
}

/** Every file of the collection's snapshot, as the dry run that trusts it sees them. */
function snapshotTexts(snapshot: FileSnapshot): Loaded {
  const texts: Loaded = new Map();
  for (const [path, text] of snapshot) texts.set(path, { bytes: text.bytes, text, rank: 0 });
  return ranked(texts);
}

/** The texts by path, the map asked once per run of edits in one file rather than once per edit. */
class TextLookup {
  private path: string | undefined;
  private loaded: LoadedText | undefined;
  constructor(private readonly texts: Loaded) {}

  get(path: string): LoadedText | undefined {
    if (path !== this.path) {
      this.loaded = this.texts.get(path);
      this.path = path;
    }
    return this.loaded;
  }
}

/** The fix on the files as they are now, or why it cannot be made there (a file changed, or the old text moved). */
function placeFix(fix: Fix, index: number, texts: TextLookup): PlacedFix | string {
  if (fix.edits.length === 1) {
    // The common fix, one edit: its array made at its size, not grown from empty.
    const placed = placeEdit(fix.edits[0] as FixEdit, texts);
    if (typeof placed === 'string') return placed;
    return { fix, index, edits: [placed], file: texts.get(placed.edit.absolutePath)!.rank, first: placed.start, last: placed.end };
  }
  const edits: PlacedEdit[] = [];
  let first = Infinity;
  let last = -Infinity;
  for (let at = 0; at < fix.edits.length; at++) {
    const placed = placeEdit(fix.edits[at] as FixEdit, texts);
    if (typeof placed === 'string') return placed;
    edits.push(placed);
    if (placed.start < first) first = placed.start;
    if (placed.end > last) last = placed.end;
  }
  return { fix, index, edits, file: texts.get(fix.edits[0]!.absolutePath)!.rank, first, last };
}

/** The edit on its file as it is now, or why it cannot be made there. */
function placeEdit(edit: FixEdit, texts: TextLookup): PlacedEdit | string {
  const loaded = texts.get(edit.absolutePath);
  if (!loaded) return `${edit.file}: missing or not UTF-8 text now`;
  const text = loaded.text;
  if (text.digest !== edit.digest) return `${edit.file} changed since the fix was collected`;
  const { start: from, end: to } = edit.range;
  const start = text.offsetAt(from);
  const end = text.offsetAt(to);
  // startsWith at the offset compares in place: no slice per edit.
  if (start === undefined || end === undefined || end - start !== edit.oldText.length || !text.text.startsWith(edit.oldText, start)) {
    return `${edit.file}:${from.line}:${from.column}: the text there is not the fix's old text`;
  }
  return { edit, start, end, startLine: from.line, endLine: to.line, newText: edit.newText };
}

// One pass over the text in edit order (sorted; the chosen edits never overlap), so thousands cost their size.
function applyEdits(text: string, edits: readonly PlacedEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (let index = 0; index < edits.length; index++) {
    const edit = edits[index] as PlacedEdit;
    parts.push(text.slice(at, edit.start), edit.newText);
    at = edit.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

// Temp file beside the target (same file system, so rename is atomic), the target's mode, then one last look at
// the target: if it changed while the fix was computed, the temp file goes and the target stays as it was.
async function writeAtomically(path: string, bytes: Uint8Array, expectedDigest: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.faultline-${randomBytes(4).toString('hex')}.tmp`);
  const mode = (await stat(path)).mode & 0o7777;
  await writeFile(temporary, bytes, { flag: 'wx', mode });
  try {
    await chmod(temporary, mode);
    if (digestOf(new Uint8Array(await readFile(path))) !== expectedDigest) throw new Error(`${path} changed while the fixes were applied`);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The files the fixes not refused edit. */
function pathsOf(fixes: readonly Fix[], allows: (fix: Fix) => boolean): Set<string> {
  const paths = new Set<string>();
  for (let index = 0; index < fixes.length; index++) {
    const fix = fixes[index] as Fix;
    if (refusal(fix, allows) === undefined)
      for (let at = 0; at < fix.edits.length; at++) paths.add((fix.edits[at] as FixEdit).absolutePath);
  }
  return paths;
}

/** The fixes placed, and those refused or stale; each with its index, so reasons come back in the caller's order. */
interface Staged {
  texts: Loaded;
  placed: PlacedFix[];
  rejected: Array<{ rejection: FixRejection; index: number }>;
}

/**
 * Refuses or places every fix on `texts`. Undefined, unless `complete`, when a fix that cannot be placed edits a
 * file `texts` lacks: it may be placeable on the file as read now.
 */
function placeAll(fixes: readonly Fix[], allows: (fix: Fix) => boolean, texts: Loaded, complete: boolean): Staged | undefined {
  const lookup = new TextLookup(texts);
  const rejected: Staged['rejected'] = [];
  const placed: PlacedFix[] = [];
  for (let index = 0; index < fixes.length; index++) {
    const fix = fixes[index] as Fix;
    const refused = refusal(fix, allows);
    if (refused) {
      rejected.push({ rejection: refused, index });
      continue;
    }
    const place = placeFix(fix, index, lookup);
    if (typeof place !== 'string') placed.push(place);
    else if (!complete && !fix.edits.every((edit) => texts.has(edit.absolutePath))) return undefined;
    else rejected.push({ rejection: { fix, reason: 'stale', detail: place }, index });
  }
  return { texts, placed, rejected };
}

/** Checks, chooses and (with `write`) makes the fixes; every fix not made is in `rejected` with its reason. */
export async function applyFixes(fixes: readonly Fix[], options: ApplyOptions = {}): Promise<ApplyResult> {
  const unsafe = options.unsafe;
  const allows = typeof unsafe === 'function' ? unsafe : () => unsafe === true;
  // A dry run on the files the collection read: refused, checked and placed in one pass over the fixes (each pass
  // over thousands of fixes costs its own warm-up), or, on the collection's very fixes, placed where it found
  // them. A fix on a file the snapshot lacks (a model's answer) sends every fix the long way: its files read first.
  const snapshot = options.write === true ? undefined : options.snapshot;
  const reused =
    snapshot instanceof CollectedSnapshot ? reusePlacements(fixes, snapshot.placements, (fix) => refusal(fix, allows)) : undefined;
  const quick = reused
    ? { texts: snapshotTexts(snapshot!), ...reused }
    : snapshot
      ? placeAll(fixes, allows, snapshotTexts(snapshot), false)
      : undefined;
  const { texts, placed, rejected } = quick ?? placeAll(fixes, allows, await loadTexts(pathsOf(fixes, allows), snapshot), true)!;
  const choice = reused?.chosen ?? chooseFixes(placed);
  if ('rejected' in choice) for (const entry of choice.rejected) rejected.push(entry);
  const changes: FileChange[] = [];
  // Files in code-unit order of their paths, as git orders a diff's files (and as the choice ranks them). Not
  // localeCompare: its first call loads ICU's collator (~5–10 ms of a dry run), and its order follows LANG.
  for (const [path, edits] of [...choice.byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (edits.length === 0) continue;
    const loaded = texts.get(path)!;
    // Edits the collection found apart come in text order already.
    const sorted = reused?.chosen ? edits : inTextOrder(edits);
    const { file, root } = edits[0]!.edit;
    const diff = editsDiff(file, loaded.text, sorted);
    changes.push(fileChange(file, root, path, loaded.text, sorted, diff));
  }
  if (options.write === true) {
    for (const change of changes) await writeAtomically(change.absolutePath, change.after, digestOf(change.before));
  }
  // Back in the caller's order (the tool's): reasons were found stage by stage.
  rejected.sort((a, b) => a.index - b.index);
  return { applied: choice.taken, rejected: rejected.map((entry) => entry.rejection), changes, written: options.write === true };
}

/** The change to one file; its new bytes are made when first asked for (a dry run shows the diff and never asks). */
function fileChange(
  file: string,
  root: string,
  absolutePath: string,
  text: FileText,
  edits: readonly PlacedEdit[],
  diff: string,
): FileChange {
  let after: Uint8Array | undefined;
  return {
    file,
    root,
    absolutePath,
    before: text.bytes,
    get after(): Uint8Array {
      after ??= text.encode(applyEdits(text.text, edits));
      return after;
    },
    diff,
  };
}

/** Writes every file back as it was before `changes` (the `--verify` undo), atomically. */
export async function restoreFiles(changes: readonly FileChange[]): Promise<void> {
  for (const change of changes)
    await writeAtomically(change.absolutePath, change.before, digestOf(new Uint8Array(await readFile(change.absolutePath))));
}

/** Changes of several passes as one change per file: the file before the first and after the last. */
export function combineChanges(changes: readonly FileChange[]): FileChange[] {
  const byFile = new Map<string, { change: FileChange; passes: number }>();
  for (const change of changes) {
    const earlier = byFile.get(change.absolutePath);
    byFile.set(
      change.absolutePath,
      earlier ? { change: { ...change, before: earlier.change.before }, passes: earlier.passes + 1 } : { change, passes: 1 },
    );
  }
  // A file changed in one pass keeps the diff it has; only one changed in several needs a diff of the whole.
  return [...byFile.values()].map(({ change, passes }) =>
    passes === 1 ? change : { ...change, diff: unifiedDiff(change.file, FileText.of(change.before)!, FileText.of(change.after)!) },
  );
}

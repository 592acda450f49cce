// applyFixes: checks every fix against the files as they are now, chooses the ones that go together
// (resolve-overlaps.ts) and makes them: a dry run (the changes and their diff) unless `write`. Nothing is written
// to a file that changed since its fixes were collected (digest), or whose text under an edit is not the edit's
// oldText; the BOM and line ends stay as they are; a file is replaced whole by rename, never half written.
import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Fix, FixRejection } from '../core/index.js';
import { unifiedDiff } from './diff.js';
import { chooseFixes, type PlacedEdit, type PlacedFix } from './resolve-overlaps.js';
import { digestOf, FileText } from './text.js';

export interface ApplyOptions {
  /** Write the files (default false: a dry run that only computes the changes). */
  write?: boolean;
  /** Apply `review` fixes too (default: `safe` only), or those the function accepts. `display` fixes never are. */
  unsafe?: boolean | ((fix: Fix) => boolean);
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

function bySafety(fixes: readonly Fix[], unsafe: (fix: Fix) => boolean): { allowed: Fix[]; rejected: FixRejection[] } {
  const allowed: Fix[] = [];
  const rejected: FixRejection[] = [];
  for (const fix of fixes) {
    if (fix.edits.length === 0) rejected.push({ fix, reason: 'invalid', detail: 'the fix has no edit' });
    else if (fix.safety === 'display') rejected.push({ fix, reason: 'display', detail: 'shown only: the tool marks it as an explanation or with placeholders' });
    else if (fix.safety === 'review' && !unsafe(fix)) rejected.push({ fix, reason: 'unsafe', detail: 'needs review: the tool does not mark it safe (pass --unsafe to apply it)' });
    else allowed.push(fix);
  }
  return { allowed, rejected };
}

async function loadTexts(fixes: readonly Fix[]): Promise<Loaded> {
  const texts: Loaded = new Map();
  for (const path of new Set(fixes.flatMap((fix) => fix.edits.map((edit) => edit.absolutePath)))) {
    try {
      const bytes = new Uint8Array(await readFile(path));
      const text = FileText.of(bytes);
      texts.set(path, text ? { bytes, text } : undefined);
    } catch {
      texts.set(path, undefined);
    }
  }
  return texts;
}

type Loaded = Map<string, { bytes: Uint8Array; text: FileText } | undefined>;

/** The fix on the files as they are now, or why it cannot be made there (a file changed, or the old text moved). */
function placeFix(fix: Fix, index: number, texts: Loaded, ranks: ReadonlyMap<string, number>): PlacedFix | string {
  const edits: PlacedEdit[] = [];
  let first = Infinity;
  let last = -Infinity;
  for (const edit of fix.edits) {
    const loaded = texts.get(edit.absolutePath);
    if (!loaded) return `${edit.file}: missing or not UTF-8 text now`;
    if (loaded.text.digest !== edit.digest) return `${edit.file} changed since the fix was collected`;
    const start = loaded.text.offsetAt(edit.range.start);
    const end = loaded.text.offsetAt(edit.range.end);
    if (start === undefined || end === undefined || end < start || loaded.text.text.slice(start, end) !== edit.oldText) {
      return `${edit.file}:${edit.range.start.line}:${edit.range.start.column}: the text there is not the fix's old text`;
    }
    edits.push({ edit, start, end });
    if (start < first) first = start;
    if (end > last) last = end;
  }
  return { fix, index, edits, file: ranks.get(fix.edits[0]!.absolutePath) as number, first, last };
}

/** Each file's rank in path order: thousands of fixes share a few files, so their paths are compared once. */
function fileRanks(paths: Iterable<string>): Map<string, number> {
  return new Map([...paths].sort().map((path, rank) => [path, rank]));
}

// One pass over the text in edit order (the chosen edits never overlap), so thousands of edits cost their size.
function applyEdits(text: string, edits: readonly PlacedEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    parts.push(text.slice(at, edit.start), edit.edit.newText);
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

/** Checks, chooses and (with `write`) makes the fixes; every fix not made is in `rejected` with its reason. */
export async function applyFixes(fixes: readonly Fix[], options: ApplyOptions = {}): Promise<ApplyResult> {
  const unsafe = options.unsafe;
  const { allowed, rejected: refused } = bySafety(fixes, typeof unsafe === 'function' ? unsafe : () => unsafe === true);
  const texts = await loadTexts(allowed);
  const ranks = fileRanks(texts.keys());
  const order = new Map(fixes.map((fix, index) => [fix, index]));
  const rejected = refused.map((rejection) => ({ rejection, index: order.get(rejection.fix) ?? 0 }));
  const placed: PlacedFix[] = [];
  for (const fix of allowed) {
    const index = order.get(fix) ?? 0;
    const place = placeFix(fix, index, texts, ranks);
    if (typeof place === 'string') rejected.push({ rejection: { fix, reason: 'stale', detail: place }, index });
    else placed.push(place);
  }
  const choice = chooseFixes(placed);
  rejected.push(...choice.rejected);
  const changes: FileChange[] = [];
  for (const [path, edits] of [...choice.byFile].sort(([a], [b]) => a.localeCompare(b))) {
    if (edits.length === 0) continue;
    const loaded = texts.get(path)!;
    const after = loaded.text.encode(applyEdits(loaded.text.text, edits));
    const { file, root } = edits[0]!.edit;
    const afterText = FileText.of(after)!;
    changes.push({ file, root, absolutePath: path, before: loaded.bytes, after, diff: unifiedDiff(file, loaded.text, afterText) });
  }
  if (options.write === true) {
    for (const change of changes) await writeAtomically(change.absolutePath, change.after, digestOf(change.before));
  }
  // Back in the caller's order (the tool's): reasons were found stage by stage.
  rejected.sort((a, b) => a.index - b.index);
  return { applied: choice.taken.map((entry) => entry.fix), rejected: rejected.map((entry) => entry.rejection), changes, written: options.write === true };
}

/** Writes every file back as it was before `changes` (the `--verify` undo), atomically. */
export async function restoreFiles(changes: readonly FileChange[]): Promise<void> {
  for (const change of changes) await writeAtomically(change.absolutePath, change.before, digestOf(new Uint8Array(await readFile(change.absolutePath))));
}

/** Changes of several passes as one change per file: the file before the first and after the last. */
export function combineChanges(changes: readonly FileChange[]): FileChange[] {
  const byFile = new Map<string, { change: FileChange; passes: number }>();
  for (const change of changes) {
    const earlier = byFile.get(change.absolutePath);
    byFile.set(change.absolutePath, earlier ? { change: { ...change, before: earlier.change.before }, passes: earlier.passes + 1 } : { change, passes: 1 });
  }
  // A file changed in one pass keeps the diff it has; only one changed in several needs a diff of the whole.
  return [...byFile.values()].map(({ change, passes }) => (passes === 1 ? change : { ...change, diff: unifiedDiff(change.file, FileText.of(change.before)!, FileText.of(change.after)!) }));
}

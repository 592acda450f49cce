// applyFixes: checks every fix against the files as they are now, chooses the ones that go together
// (resolve-overlaps.ts) and makes them: a dry run (the changes and their diff) unless `write`. Nothing is written
// to a file that changed since its fixes were collected (digest), or whose text under an edit is not the edit's
// oldText; the BOM and line ends stay as they are; a file is replaced whole by rename, never half written.
import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Fix, FixRejection } from '../core/index.js';
import { editsDiff, unifiedDiff, type DiffEdit } from './diff.js';
import { chooseFixes, type PlacedEdit, type PlacedFix } from './resolve-overlaps.js';
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
  if (fix.safety === 'display') return { fix, reason: 'display', detail: 'shown only: the tool marks it as an explanation or with placeholders' };
  if (fix.safety === 'review' && !unsafe(fix)) return { fix, reason: 'unsafe', detail: 'needs review: the tool does not mark it safe (pass --unsafe to apply it)' };
  return undefined;
}

async function loadTexts(fixes: readonly Fix[], snapshot: FileSnapshot | undefined): Promise<Loaded> {
  const texts: Loaded = new Map();
  for (const path of new Set(fixes.flatMap((fix) => fix.edits.map((edit) => edit.absolutePath)))) {
    const seen = snapshot?.get(path);
    if (seen) {
      texts.set(path, { bytes: seen.bytes, text: seen });
      continue;
    }
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

function diffEdit({ edit, start, end }: PlacedEdit): DiffEdit {
  return { start, end, startLine: edit.range.start.line, endLine: edit.range.end.line, newText: edit.newText };
}

// One pass over the text in edit order (sorted; the chosen edits never overlap), so thousands cost their size.
function applyEdits(text: string, edits: readonly PlacedEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
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
  const allows = typeof unsafe === 'function' ? unsafe : () => unsafe === true;
  const refusals = fixes.map((fix) => refusal(fix, allows));
  const texts = await loadTexts(
    fixes.filter((_, index) => refusals[index] === undefined),
    options.write === true ? undefined : options.snapshot,
  );
  const ranks = fileRanks(texts.keys());
  // Each with its index among `fixes`, so the reasons found stage by stage come back in the caller's order.
  const rejected: Array<{ rejection: FixRejection; index: number }> = [];
  const placed: PlacedFix[] = [];
  for (const [index, fix] of fixes.entries()) {
    const refused = refusals[index];
    if (refused) {
      rejected.push({ rejection: refused, index });
      continue;
    }
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
    const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
    const afterText = applyEdits(loaded.text.text, sorted);
    const { file, root } = edits[0]!.edit;
    const diff = editsDiff(file, loaded.text, sorted.map(diffEdit));
    changes.push({ file, root, absolutePath: path, before: loaded.bytes, after: loaded.text.encode(afterText), diff });
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

// collectFixes: the fixes a located result carries (RawLocation.fixes, as the report readers found them), placed on
// the workspace files they edit. A fix whose file changed since the log was made is not collected but listed as
// stale; so is one whose edit lies outside its file or names a file an edit may not touch.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Fix, FixDiagnostic, FixEdit, FixRejection, LocateResult, RawFix, RawFixEdit, ResolvedLocation } from '../core/index.js';
import { CollectedSnapshot, type RankedEdit } from './placements.js';
import { FileText, type FileSnapshot } from './text.js';
import { placeFile, type PlacedFile } from './workspace-file.js';

export interface CollectOptions {
  /** Where the command ran: relative paths in the fixes are relative to it. Default: process.cwd(). */
  cwd?: string;
  /** Workspace roots; an edit outside them is never collected. Default: the roots of the result's locations. */
  roots?: string[];
  /**
   * When the log was made (ms since the epoch: the run's end, the log file's mtime). A file modified after it
   * is stale: the tool's offsets no longer point at what it saw.
   */
  loggedAt?: number;
}

export interface CollectedFixes {
  fixes: Fix[];
  /** Fixes that could not be placed: stale files, edits outside their file, files outside the roots. */
  rejected: FixRejection[];
  /**
   * The edited files as read here, by absolute path, and where each fix lies on them: hand it to applyFixes so a
   * dry run reads and places nothing twice.
   */
  snapshot: FileSnapshot;
}

interface LoadedFile {
  placed: PlacedFile;
  text: FileText | undefined;
  digest: string;
  /** Its rank among the texts read, in code-unit order of their paths (as applyFixes ranks a snapshot's). */
  rank: number;
}

class FileCache {
  /** By the path as printed (what each edit names), so placing an edit does no path arithmetic. */
  private readonly files = new Map<string, LoadedFile | string>();
  /** The file the last edit named: a tool lists a file's messages together, so the map is asked once per file. */
  private lastPrinted: string | undefined;
  private lastLoaded: LoadedFile | string = '';
  constructor(
    private readonly cwd: string,
    private readonly roots: readonly string[],
  ) {}

  /** Reads every file the paths name, each once, in parallel: placing the edits afterwards waits on nothing. */
  async load(printed: ReadonlySet<string>): Promise<void> {
    const byPath = new Map<string, string[]>();
    for (const path of printed) {
      if (this.files.has(path)) continue;
      const key = resolve(this.cwd, path);
      byPath.set(key, [...(byPath.get(key) ?? []), path]);
    }
    await Promise.all(
      [...byPath.values()].map(async (names) => {
        const loaded = await this.read(names[0] as string);
        for (const name of names) this.files.set(name, loaded);
      }),
    );
    this.lastPrinted = undefined;
    const ranks = new Map([...this.texts().keys()].sort().map((path, rank) => [path, rank] as const));
    for (const loaded of this.files.values()) if (typeof loaded !== 'string') loaded.rank = ranks.get(loaded.placed.absolutePath) ?? 0;
  }

  get(printed: string): LoadedFile | string {
    if (printed !== this.lastPrinted) {
      this.lastLoaded = this.files.get(printed) ?? `${printed}: not read`;
      this.lastPrinted = printed;
    }
    return this.lastLoaded;
  }

  /** The texts read, by absolute path. */
  texts(): Map<string, FileText> {
    const texts = new Map<string, FileText>();
    for (const loaded of this.files.values())
      if (typeof loaded !== 'string' && loaded.text) texts.set(loaded.placed.absolutePath, loaded.text);
    return texts;
  }

  private async read(printed: string): Promise<LoadedFile | string> {
    const placement = await placeFile(printed, this.cwd, this.roots);
    if (!placement.ok) return placement.detail;
    const bytes = new Uint8Array(await readFile(placement.file.absolutePath));
    const text = FileText.of(bytes);
    return { placed: placement.file, text, digest: text?.digest ?? '', rank: 0 };
  }
}

function diagnosticOf(location: ResolvedLocation): FixDiagnostic {
  const { file, line, column, severity, message, code, format, logLine } = location;
  return { file, line, column, severity, message, code, format, logLine };
}

/** Why an edit could not be placed. */
interface Unplaced {
  reason: 'stale' | 'invalid';
  detail: string;
}

function placeEdit(raw: RawFixEdit, files: FileCache, loggedAt: number | undefined): RankedEdit | Unplaced {
  const loaded = files.get(raw.file);
  if (typeof loaded === 'string') return { reason: 'invalid', detail: loaded };
  const { placed, text } = loaded;
  if (!text) return { reason: 'invalid', detail: `${placed.file}: not UTF-8 text` };
  if (loggedAt !== undefined && placed.mtimeMs > loggedAt)
    return { reason: 'stale', detail: `${placed.file} changed after the log was written` };
  const start = text.offsetOf(raw.start);
  const end = text.offsetOf(raw.end);
  if (start === undefined || end === undefined || end < start)
    return { reason: 'stale', detail: `${placed.file}: the edit lies outside the file as it is now` };
  const range = text.rangeOf(start, end);
  if (raw.expectedLines) {
    const differs = raw.expectedLines.some((line, index) => text.lineText(range.start.line + index) !== line);
    if (differs) return { reason: 'stale', detail: `${placed.file}:${range.start.line}: the line is not what the tool saw` };
  }
  const { file, root, absolutePath } = placed;
  const edit: FixEdit = {
    file,
    root,
    absolutePath,
    range,
    oldText: text.text.slice(start, end),
    newText: raw.newText,
    digest: loaded.digest,
  };
  return { edit, start, end, startLine: range.start.line, endLine: range.end.line, newText: raw.newText, rank: loaded.rank };
}

/**
 * The locations that carry fixes, by log line (stably), and the files their edits name: one pass, since each pass
 * over thousands of fixes costs its own warm-up, and a report's locations nearly always come in log order already.
 */
function withFixes(locations: readonly ResolvedLocation[]): { located: ResolvedLocation[]; printed: Set<string> } {
  const located: ResolvedLocation[] = [];
  const printed = new Set<string>();
  let inOrder = true;
  for (let at = 0; at < locations.length; at++) {
    const location = locations[at] as ResolvedLocation;
    const raws = location.fixes;
    if (raws === undefined || raws.length === 0) continue;
    if (located.length > 0 && location.logLine < (located[located.length - 1] as ResolvedLocation).logLine) inOrder = false;
    located.push(location);
    for (let index = 0; index < raws.length; index++) {
      const edits = (raws[index] as RawFix).edits;
      for (let which = 0; which < edits.length; which++) printed.add((edits[which] as RawFixEdit).file);
    }
  }
  if (!inOrder) located.sort((a, b) => a.logLine - b.logLine);
  return { located, printed };
}

/** Places every fix of the result's locations on its files, in the result's order. */
export async function collectFixes(result: Pick<LocateResult, 'locations'>, options: CollectOptions = {}): Promise<CollectedFixes> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const roots =
    options.roots && options.roots.length > 0
      ? options.roots.map((root) => resolve(cwd, root))
      : [...new Set(result.locations.map((location) => location.root))];
  const files = new FileCache(cwd, roots);
  const fixes: Fix[] = [];
  const rejected: FixRejection[] = [];
  // Log order, which is the tool's order: ranking moved the primary first, fixing keeps the tool's own sequence.
  const { located, printed } = withFixes(result.locations);
  await files.load(printed);
  const placed: RankedEdit[][] = [];
  // Whether the fixes lie apart (see Placements): the end of the last edit taken in each file, by its rank.
  let apart = true;
  const lastEnds: number[] = [];
  // Indexed loops: thousands of fixes are placed before the JIT has warmed up to them, and an iterator allocates.
  for (let at = 0; at < located.length; at++) {
    const location = located[at] as ResolvedLocation;
    const diagnostic = diagnosticOf(location);
    const raws = location.fixes as RawFix[];
    for (let index = 0; index < raws.length; index++) {
      const raw = raws[index] as RawFix;
      let edits: FixEdit[];
      let placedEdits: RankedEdit[];
      let failure: Unplaced | undefined;
      if (raw.edits.length === 1) {
        // The common fix, one edit: its arrays made at their size, not grown from empty.
        const one = placeEdit(raw.edits[0] as RawFixEdit, files, options.loggedAt);
        if ('reason' in one) {
          edits = placedEdits = [];
          failure = one;
        } else {
          edits = [one.edit];
          placedEdits = [one];
        }
      } else {
        edits = [];
        placedEdits = [];
        for (let which = 0; which < raw.edits.length; which++) {
          const one = placeEdit(raw.edits[which] as RawFixEdit, files, options.loggedAt);
          if ('reason' in one) failure ??= one;
          else (edits.push(one.edit), placedEdits.push(one));
        }
      }
      const fix: Fix = {
        id: `f${fixes.length + rejected.length + 1}`,
        source: raw.source,
        safety: raw.safety,
        description: raw.description,
        // Shared by the fixes of one diagnostic unless the tool named its own (a fix for a related place).
        diagnostic: raw.diagnostic ? { ...diagnostic, ...raw.diagnostic } : diagnostic,
        edits,
        group: raw.group ?? null,
      };
      if (failure) {
        rejected.push({ fix, reason: failure.reason, detail: failure.detail });
        continue;
      }
      placed.push(placedEdits);
      fixes.push(fix);
      if (placedEdits.length === 1) {
        const edit = placedEdits[0] as RankedEdit;
        const lastEnd = lastEnds[edit.rank];
        if (fix.group !== null || (lastEnd !== undefined && lastEnd >= edit.start)) apart = false;
        lastEnds[edit.rank] = edit.end;
      } else if (placedEdits.length > 1) apart = false; // a fix without an edit is refused before it is placed
    }
  }
  return { fixes, rejected, snapshot: new CollectedSnapshot(files.texts(), { edits: placed, apart }) };
}

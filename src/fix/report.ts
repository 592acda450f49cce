// What `faultline fix --json` prints (version 2): the fixes applied (or to apply, in a dry run), the ones
// rejected with their reason, and one entry per edited file. Keys are fixed here, in one place.
// Version 2 names each file once: an edit carries what the model gives it ({file, range, oldText,
// newText}) and the file table its root, absolute path, digest and diff. Version 1 repeated those three on every
// edit, which made a log with thousands of fixes print two and a half times the bytes `locate --json` does.
import { FaultlineError, type Fix, type FixEdit, type FixRejection } from '../core/index.js';
import type { ApplyResult } from './apply.js';

export const FIX_JSON_VERSION = 2;

export interface FixesJsonFile {
  /** Relative to `root`, posix separators: what the edits name. */
  file: string;
  root: string;
  absolutePath: string;
  /** sha256 (hex) of the file's bytes the edits were computed on. */
  digest: string;
  /** The unified diff of this run's change to it; '' when nothing is changed in it. */
  diff: string;
}

/** An edit as printed: its file by name, and by `root` too when two roots hold a file of that name. */
export type FixesJsonEdit = Pick<FixEdit, 'file' | 'range' | 'oldText' | 'newText'> & { root?: string };

export type FixesJsonFix = Omit<Fix, 'edits'> & { edits: FixesJsonEdit[] };

export interface FixesJson {
  version: number;
  written: boolean;
  /** Line and column units of every range: 1-based lines, 1-based UTF-16 columns, end exclusive. */
  columnUnit: 'utf-16';
  files: FixesJsonFile[];
  applied: FixesJsonFix[];
  rejected: Array<{ fix: FixesJsonFix; reason: FixRejection['reason']; detail: string }>;
}

type Result = Pick<ApplyResult, 'applied' | 'rejected' | 'changes' | 'written'>;

export function fixesToJson(result: Result): FixesJson {
  const diffs = new Map(result.changes.map((change) => [change.absolutePath, change.diff]));
  const files = new Map<string, FixesJsonFile>();
  const roots = new Map<string, Set<string>>();
  let ambiguous = false;
  // One pass that converts the fixes and fills the file table (each pass over thousands of fixes warms up on its
  // own); a file asked for once per run of edits in it. An edit names its root only when two roots hold a file of
  // its name, which is known at the end: those few edits are made again then.
  let lastPath: string | undefined;
  const editOf = (edit: FixEdit): FixesJsonEdit => {
    if (edit.absolutePath !== lastPath && !files.has(edit.absolutePath)) {
      const { file, root, absolutePath, digest } = edit;
      files.set(absolutePath, { file, root, absolutePath, digest, diff: diffs.get(absolutePath) ?? '' });
      const named = roots.get(edit.file);
      if (named) ambiguous ||= named.add(edit.root).size > 1;
      else roots.set(edit.file, new Set([edit.root]));
    }
    lastPath = edit.absolutePath;
    const { file, range, oldText, newText } = edit;
    return { file, range, oldText, newText };
  };
  const jsonOf = (fix: Fix): FixesJsonFix => {
    // One edit, the common fix: its array made at its size, not grown from empty.
    const edits: FixesJsonEdit[] = fix.edits.length === 1 ? [editOf(fix.edits[0] as FixEdit)] : fix.edits.map(editOf);
    const { id, source, safety, description, diagnostic, group } = fix;
    return { id, source, safety, description, diagnostic, edits, group };
  };
  const applied: FixesJsonFix[] = [];
  for (let index = 0; index < result.applied.length; index++) applied.push(jsonOf(result.applied[index] as Fix));
  const rejected = result.rejected.map(({ fix, reason, detail }) => ({ fix: jsonOf(fix), reason, detail }));
  if (ambiguous) {
    const withRoot = (fix: Fix, json: FixesJsonFix): void => {
      fix.edits.forEach((edit, at) => {
        const { file, range, oldText, newText } = edit;
        if ((roots.get(file)?.size ?? 1) > 1) json.edits[at] = { file, root: edit.root, range, oldText, newText };
      });
    };
    result.applied.forEach((fix, at) => withRoot(fix, applied[at] as FixesJsonFix));
    result.rejected.forEach((entry, at) => withRoot(entry.fix, (rejected[at] as { fix: FixesJsonFix }).fix));
  }
  return { version: FIX_JSON_VERSION, written: result.written, columnUnit: 'utf-16', files: [...files.values()], applied, rejected };
}

function onlyOne<T>(items: readonly T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}

/**
 * The fixes of a saved `--json` (applied and rejected alike), ready for applyFixes again: each edit gets its
 * file's root, absolute path and digest back, so a file changed since is still refused as stale.
 */
export function fixesFromJson(json: FixesJson): Fix[] {
  if (json.version !== FIX_JSON_VERSION)
    throw new FaultlineError(
      'E_REPORT_INVALID',
      `fix JSON version ${String(json.version)}: this faultline reads version ${FIX_JSON_VERSION}`,
    );
  const byName = new Map<string, FixesJsonFile[]>();
  for (const entry of json.files) byName.set(entry.file, [...(byName.get(entry.file) ?? []), entry]);
  const fileOf = (edit: FixesJsonEdit): FixesJsonFile => {
    const named = byName.get(edit.file) ?? [];
    // Without a root the name must be unambiguous: picking one of two files of that name could edit the wrong one.
    const entry = edit.root === undefined ? onlyOne(named) : named.find((candidate) => candidate.root === edit.root);
    if (!entry) throw new FaultlineError('E_REPORT_INVALID', `fix JSON: no single file entry for the edit of ${edit.file}`);
    return entry;
  };
  return [...json.applied, ...json.rejected.map((entry) => entry.fix)].map((fix) => ({
    ...fix,
    edits: fix.edits.map((edit) => {
      const { root, absolutePath, digest } = fileOf(edit);
      return { file: edit.file, root, absolutePath, range: edit.range, oldText: edit.oldText, newText: edit.newText, digest };
    }),
  }));
}

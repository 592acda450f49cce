// What `faultline fix --json` prints (version 1): the fixes applied (or to apply, in a dry run), the ones
// rejected with their reason, and each changed file's diff. Keys are fixed here, in one place.
import type { Fix, FixRejection } from '../core/index.js';
import type { ApplyResult } from './apply.js';

export const FIX_JSON_VERSION = 1;

export interface FixesJson {
  version: number;
  written: boolean;
  /** Line and column units of every range: 1-based lines, 1-based UTF-16 columns, end exclusive. */
  columnUnit: 'utf-16';
  applied: Fix[];
  rejected: Array<{ fix: Fix; reason: FixRejection['reason']; detail: string }>;
  files: Array<{ file: string; root: string; diff: string }>;
}

// Edits keep their absolute path and digest, so a saved --json can be handed back to applyFixes.
function fixJson(fix: Fix): Fix {
  return { id: fix.id, source: fix.source, safety: fix.safety, description: fix.description, diagnostic: fix.diagnostic, edits: fix.edits, group: fix.group };
}

export function fixesToJson(result: Pick<ApplyResult, 'applied' | 'rejected' | 'changes' | 'written'>): FixesJson {
  return {
    version: FIX_JSON_VERSION,
    written: result.written,
    columnUnit: 'utf-16',
    applied: result.applied.map(fixJson),
    rejected: result.rejected.map(({ fix, reason, detail }) => ({ fix: fixJson(fix), reason, detail })),
    files: result.changes.map(({ file, root, diff }) => ({ file, root, diff })),
  };
}

// `go vet -json`: one document per package, `{"<package>": {"<analyzer>": [diagnostic…]}}`, each diagnostic with
// `posn`/`end` as `file:line:column` (byte columns, the end exclusive) and the analysis framework's
// `suggested_fixes[]`, whose edits are byte offsets into the file. An analyzer that failed writes
// `{"error": …}` instead of an array and is not a finding.
import type { FixSafety, RawFix, RawFixEdit, RawLocation } from '../core/index.js';
import { arrayOf, inclusiveEnd, objectOf, toLocation } from './common.js';

/** A fix's edits at most, as for the other readers: more is hostile or a rewrite, not a diagnostic's fix. */
const MAX_EDITS = 1000;
const MAX_NEW_TEXT = 1024 * 1024;

/**
 * The head of a go vet document: a package key whose first analyzer holds an array of `posn` diagnostics. Package
 * paths are bounded (200 characters) so that a document of another shape is decided within the sniffed head.
 */
const GO_VET_HEAD = /^\{\s*"[^"\\]{1,200}"\s*:\s*\{\s*"[\w-]{1,64}"\s*:\s*\[\s*\{\s*"posn"\s*:/;

export function isGoVetHead(head: string): boolean {
  return GO_VET_HEAD.test(head);
}

function place(value: unknown): { file: string; line: number; column: number | null } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(.+?):(\d+)(?::(\d+))?$/.exec(value);
  if (!match) return undefined;
  return { file: match[1] as string, line: Number(match[2]), column: match[3] === undefined ? null : Number(match[3]) };
}

function byteOffset(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function editOf(value: unknown): RawFixEdit | undefined {
  const object = objectOf(value);
  const start = byteOffset(object?.start);
  const end = byteOffset(object?.end);
  const file = object?.filename;
  const newText = object?.new ?? '';
  if (typeof file !== 'string' || file === '' || start === undefined || end === undefined || end < start) return undefined;
  if (typeof newText !== 'string' || newText.length > MAX_NEW_TEXT) return undefined;
  return { file, start: { offset: start, unit: 'byte' }, end: { offset: end, unit: 'byte' }, newText };
}

/**
 * The analysis framework marks no fix unsafe, and `go vet -fix` applies each diagnostic's first suggested fix: that
 * one is `safe`, the others are alternatives to review (one group per diagnostic).
 */
function goVetFixes(diagnostic: Record<string, unknown>, group: string): RawFix[] {
  const offered = arrayOf(diagnostic.suggested_fixes);
  const fixes: RawFix[] = [];
  offered.forEach((entry, index) => {
    const object = objectOf(entry);
    const edits = arrayOf(object?.edits).map(editOf);
    const kept = edits.filter((edit): edit is RawFixEdit => edit !== undefined);
    // A fix with an edit that could not be read is dropped whole: applying part of it would break the code.
    if (kept.length === 0 || kept.length !== edits.length || kept.length > MAX_EDITS) return;
    const safety: FixSafety = index === 0 ? 'safe' : 'review';
    const description =
      typeof object?.message === 'string' ? object.message : typeof diagnostic.message === 'string' ? diagnostic.message : '';
    fixes.push({ source: 'go-vet-json', safety, description, edits: kept, ...(offered.length > 1 ? { group } : {}) });
  });
  return fixes;
}

/**
 * One diagnostic of `analyzer`. Every vet finding fails `go vet` in its text form (the go-build format reads it as
 * an error), so it is an error here too; the code is the analyzer's name.
 */
export function goVetDiagnostic(value: unknown, analyzer: string, logLine: number): RawLocation[] {
  const diagnostic = objectOf(value);
  const start = place(diagnostic?.posn);
  if (!diagnostic || !start) return [];
  const end = place(diagnostic.end);
  const sameFile = end !== undefined && end.file === start.file;
  const location = toLocation(
    {
      ...start,
      endLine: sameFile ? end.line : null,
      endColumn: sameFile ? inclusiveEnd(end.column) : null,
      severity: 'error',
      message: typeof diagnostic.message === 'string' ? diagnostic.message : '',
      code: analyzer,
    },
    { format: 'go-vet-json', columnUnit: 'byte', logLine },
  );
  if (!location) return [];
  const fixes = goVetFixes(diagnostic, `go-vet-json:${logLine}:${String(diagnostic.posn)}:${analyzer}`);
  if (fixes.length > 0) location.fixes = fixes;
  return [location];
}

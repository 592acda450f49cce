// The fix model (issue 23): an edit a tool offered (eslint `fix`, ruff `fix.edits`, rustc `suggested_replacement`,
// SARIF `fixes`, rdjson `suggestions`, gcc/clang fix-its) or a model proposed, in one shape. Two stages, as for
// locations: a RawFix is what the log says, in the tool's own units, before any file is read; a Fix is the same
// edits placed on the file's text with the text they replace, in the contract's units (1-based lines, 1-based
// UTF-16 columns), so it can be shown as a diff, checked against the file and applied.
import type { ColumnUnit, Severity } from './units.js';

/**
 * How far a fix can be trusted: `safe` only when its tool says so (eslint `fix`, ruff `safe`, rustc
 * `MachineApplicable`, a SARIF/rdjson fix of a tool that marks none), `review` for everything else a human or
 * `--unsafe` must accept, `display` for edits that are explanations or hold placeholders (never applied).
 */
export type FixSafety = 'safe' | 'review' | 'display';

/** A point in a file as a tool printed it: an offset into the whole text, or a 1-based line and column. */
export type RawFixPoint =
  /** `utf-16`: offset into the text without its BOM (eslint); `byte`: UTF-8 bytes into the file as stored. */
  | { offset: number; unit: 'utf-16' | 'byte' }
  /** 1-based line and column in `unit` (ruff: code points; gcc: bytes; SARIF: UTF-16 by default). */
  | { line: number; column: number; unit: ColumnUnit };

/** One replacement as printed: [start, end) of `file` becomes `newText`. */
export interface RawFixEdit {
  /** The path as printed (relative to the command's directory, or absolute). */
  file: string;
  start: RawFixPoint;
  end: RawFixPoint;
  newText: string;
  /**
   * What the tool saw on the edited lines (rustc's span `text[]`): when the file's lines differ now, the file
   * changed after the log was made and the fix is stale.
   */
  expectedLines?: readonly string[];
}

/** A fix as the log gives it; it belongs to the location that carries it (RawLocation.fixes). */
export interface RawFix {
  /** The tool (the format name of the report: eslint-json, ruff-json, cargo-json, sarif…). */
  source: string;
  safety: FixSafety;
  /** What the fix does, as the tool says it ("Remove unused import"), or the diagnostic's message. */
  description: string;
  edits: readonly RawFixEdit[];
  /** Fixes sharing a group are alternatives: at most one of them is applied (clang notes, eslint suggestions). */
  group?: string;
  /**
   * Set when the fix hangs under another location than its own diagnostic's (a second diagnostic on one line is
   * listed once): the diagnostic the fix belongs to.
   */
  diagnostic?: { line: number; column: number | null; severity: Severity | null; message: string; code: string | null };
}

/** A 1-based line and 1-based UTF-16 column; `end` of a range is exclusive (an insertion has start = end). */
export interface FixPosition {
  line: number;
  column: number;
}

export interface FixRange {
  start: FixPosition;
  end: FixPosition;
}

/** One edit placed on a workspace file. */
export interface FixEdit {
  /** Relative to `root`, posix separators. */
  file: string;
  root: string;
  absolutePath: string;
  range: FixRange;
  /** The text the range holds (in the file as read; line ends as stored). */
  oldText: string;
  newText: string;
  /** sha256 (hex) of the file's bytes when the fix was collected: the file must still have them when applied. */
  digest: string;
}

/** The diagnostic a fix belongs to, as the contract prints locations. */
export interface FixDiagnostic {
  file: string;
  line: number;
  column: number | null;
  severity: Severity | null;
  message: string;
  code: string | null;
  format: string;
  logLine: number;
}

export interface Fix {
  /** Stable within one collection: `f1`, `f2`… in log order. */
  id: string;
  source: string;
  safety: FixSafety;
  description: string;
  /** null for a model's answer, which belongs to no diagnostic. */
  diagnostic: FixDiagnostic | null;
  edits: FixEdit[];
  /** Alternatives share a group; null when the fix stands alone. */
  group: string | null;
}

/** Why a fix was not applied. */
export type FixRejectionReason =
  /** The file is not what the tool saw: digest, old text or mtime say it changed since the log was made. */
  | 'stale'
  /** It overlaps or touches an edit applied before it (its tool's fixer would apply it on a later pass). */
  | 'overlap'
  /** Not `safe`, and `--unsafe` was not given; or `display`, never applied. */
  | 'unsafe'
  | 'display'
  /** Another fix of its group was applied. */
  | 'alternative'
  /** An edit names a file outside the roots, vendored, missing or unreadable, or a range outside the file. */
  | 'invalid';

export interface FixRejection {
  fix: Fix;
  reason: FixRejectionReason;
  /** One line a human understands ("src/a.js changed since the log was written"). */
  detail: string;
}

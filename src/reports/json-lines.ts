// JSON lines among text (cargo and rustc diagnostics, go test events, rdjsonl): one line is one record, parsed
// with JSON.parse. A line is already bounded (MAX_RECORD_LINE) and V8's JSON.parse is iterative, so deep
// nesting inside a line cannot overflow the stack; a streaming parser would only add cost per line here.
import type { RawLocation, Severity } from '../core/index.js';
import { arrayOf, inclusiveEnd, objectOf, toLocation, withRelated, type FindingContext, type RelatedFinding } from './common.js';
import { rustFixes } from './fixes.js';
import { rdDiagnostic } from './json-reports.js';

/** What a JSON line turned out to be. */
export type LineRecord =
  | { kind: 'locations'; format: string; locations: RawLocation[] }
  /** go test -json: the event's Output, to be read as the text go test would have printed. */
  | { kind: 'output'; format: string; text: string };

function rustSeverity(level: unknown): Severity {
  if (level === 'warning') return 'warning';
  if (typeof level === 'string' && level.startsWith('error')) return 'error';
  return 'note';
}

interface RustSpan {
  file_name?: unknown;
  line_start?: unknown;
  line_end?: unknown;
  column_start?: unknown;
  column_end?: unknown;
  is_primary?: unknown;
  label?: unknown;
}

function spanPlace(span: RustSpan, message: string): RelatedFinding | undefined {
  if (typeof span.file_name !== 'string' || typeof span.line_start !== 'number') return undefined;
  return {
    file: span.file_name,
    line: span.line_start,
    column: typeof span.column_start === 'number' ? span.column_start : null,
    endLine: typeof span.line_end === 'number' ? span.line_end : null,
    endColumn: inclusiveEnd(span.column_end),
    message,
  };
}

/**
 * A rustc diagnostic (https://doc.rust-lang.org/rustc/json.html): the primary span is the location; the other
 * labelled spans and the children's spans (`note:`, `help:`) are the places it relates to. Columns are 1-based
 * Unicode scalars with an exclusive end. A diagnostic with no span (`aborting due to 2 previous errors`) is a
 * summary, not a place.
 */
function rustDiagnostic(value: unknown, logLine: number): RawLocation[] {
  const diagnostic = objectOf(value);
  if (!diagnostic) return [];
  const spans = arrayOf(diagnostic.spans).map((span) => (objectOf(span) ?? {}) as RustSpan);
  const primarySpan = spans.find((span) => span.is_primary === true);
  if (!primarySpan) return [];
  const context: FindingContext = { format: 'cargo-json', columnUnit: 'char', logLine };
  const message = typeof diagnostic.message === 'string' ? diagnostic.message : '';
  const code = objectOf(diagnostic.code)?.code;
  const place = spanPlace(primarySpan, message);
  const primary =
    place && toLocation({ ...place, severity: rustSeverity(diagnostic.level), code: typeof code === 'string' ? code : null }, context);
  const fixes = primary ? rustFixes(diagnostic) : [];
  if (primary && fixes.length > 0) primary.fixes = fixes;
  const related: RelatedFinding[] = [];
  for (const span of spans) {
    if (span !== primarySpan && typeof span.label === 'string') {
      const spanRelated = spanPlace(span, span.label);
      if (spanRelated) related.push(spanRelated);
    }
  }
  for (const child of arrayOf(diagnostic.children)) {
    const object = objectOf(child);
    const level = typeof object?.level === 'string' ? object.level : 'note';
    const childMessage = `${level}: ${typeof object?.message === 'string' ? object.message : ''}`;
    for (const span of arrayOf(object?.spans)) {
      const spanObject = (objectOf(span) ?? {}) as RustSpan;
      const childPlace = spanPlace(
        spanObject,
        typeof spanObject.label === 'string' && spanObject.label !== '' ? `${childMessage} (${spanObject.label})` : childMessage,
      );
      if (childPlace) related.push(childPlace);
    }
  }
  return withRelated(primary, related, context);
}

/** Classifies a parsed JSON line; undefined when it is no record faultline knows (it stays text). */
export function lineRecord(value: unknown, logLine: number, enabled: (format: string) => boolean): LineRecord | undefined {
  const object = objectOf(value);
  if (!object) return undefined;
  if (enabled('cargo-json')) {
    // cargo wraps each rustc diagnostic in {reason: compiler-message}; its other reasons (artifacts, build
    // scripts, build-finished) carry no place. Bare rustc (--error-format=json) prints the diagnostic itself.
    if ((typeof object.reason === 'string' && typeof object.package_id === 'string') || object.reason === 'build-finished') {
      return {
        kind: 'locations',
        format: 'cargo-json',
        locations: object.reason === 'compiler-message' ? rustDiagnostic(object.message, logLine) : [],
      };
    }
    if (
      object.$message_type === 'diagnostic' ||
      (Array.isArray(object.spans) && typeof object.level === 'string' && typeof object.message === 'string')
    ) {
      return { kind: 'locations', format: 'cargo-json', locations: rustDiagnostic(object, logLine) };
    }
  }
  if (enabled('go-test-json') && typeof object.Action === 'string' && ('Package' in object || 'ImportPath' in object || 'Time' in object)) {
    return { kind: 'output', format: 'go-test-json', text: typeof object.Output === 'string' ? object.Output : '' };
  }
  if (enabled('rdjsonl') && typeof object.message === 'string' && typeof objectOf(object.location)?.path === 'string') {
    return { kind: 'locations', format: 'rdjsonl', locations: rdDiagnostic(object, 'rdjsonl', logLine, null) };
  }
  return undefined;
}

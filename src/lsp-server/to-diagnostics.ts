// A located run as LSP diagnostics: one per diagnostic location, its related spans as relatedInformation, and one
// per printed trace at the frame that raised, the trace's other frames its relatedInformation (a frame is never a
// diagnostic of its own). Positions: the tool's column unit → UTF-16 (core/position.ts) → the client's unit.
import { relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toUtf16Offset, type ResolvedLocation } from '../core/index.js';
import type { Diagnostic, DiagnosticRelatedInformation, Range } from 'vscode-languageserver-protocol/node.js';
import { fromUtf16, type PositionEncoding } from './encoding.js';

/** The lines of a file as the tool saw it (the file on disk), or undefined when it cannot be read. */
export type LinesOf = (absolutePath: string) => readonly string[] | undefined;

interface ConvertOptions {
  encoding: PositionEncoding;
  /** The client's workspace folders (absolute): nothing outside them is published. */
  folders: readonly string[];
  /** The `source` of every diagnostic: the command that printed it. */
  source: string;
  linesOf: LinesOf;
  /** At most this many diagnostics per run (a day of runs keeps bounded memory). */
  limit?: number;
}

export interface LocatedDiagnostic {
  uri: string;
  diagnostic: Diagnostic;
  /** The location it came from (hover explains it, code actions find its fixes by it). */
  location: ResolvedLocation;
}

export function insideFolders(absolutePath: string, folders: readonly string[]): boolean {
  return folders.some((folder) => {
    const path = relative(folder, absolutePath);
    return path !== '' && !path.startsWith('..') && !isAbsolute(path);
  });
}

export function uriOf(absolutePath: string): string {
  return pathToFileURL(absolutePath).href;
}

const SEVERITY = { error: 1, warning: 2, note: 3 } as const;

// Documented URL shapes of a few tools' code pages; a code of another tool gets no link rather than a guess.
function codeDescriptionOf(location: ResolvedLocation): { href: string } | undefined {
  const code = location.code;
  if (!code) return undefined;
  if (/^E\d{4}$/.test(code) && /rust|cargo/.test(location.format)) return { href: `https://doc.rust-lang.org/error_codes/${code}.html` };
  if (/^SC\d{4}$/.test(code)) return { href: `https://www.shellcheck.net/wiki/${code}` };
  const clippy = /^clippy::([a-z_]+)$/.exec(code);
  if (clippy) return { href: `https://rust-lang.github.io/rust-clippy/master/index.html#${clippy[1]}` };
  if (location.format.startsWith('eslint') && /^[a-z-]+$/.test(code)) return { href: `https://eslint.org/docs/latest/rules/${code}` };
  return undefined;
}

/** The range of a location in UTF-16, then in the client's unit; a location without a column covers its line. */
function rangeOf(location: ResolvedLocation, lines: readonly string[] | undefined, encoding: PositionEncoding): Range {
  const line0 = Math.max(0, location.line - 1);
  const text = lines?.[line0] ?? '';
  if (location.column === null)
    return { start: { line: line0, character: 0 }, end: { line: line0, character: fromUtf16(text, text.length, encoding) } };
  const start = toUtf16Offset(text, location.column, location.columnUnit);
  const endLine0 = location.endLine !== null && location.endLine >= location.line ? location.endLine - 1 : line0;
  const endText = lines?.[endLine0] ?? '';
  // endColumn is inclusive (core/types.ts); LSP's end is exclusive. No end: the one character at the column.
  let end =
    location.endColumn !== null ? toUtf16Offset(endText, location.endColumn + 1, location.columnUnit) : Math.min(start + 1, text.length);
  if (endLine0 === line0 && end < start) end = Math.min(start + 1, text.length);
  return {
    start: { line: line0, character: fromUtf16(text, start, encoding) },
    end: { line: endLine0, character: fromUtf16(endText, end, encoding) },
  };
}

function relatedOf(location: ResolvedLocation, message: string, options: ConvertOptions): DiagnosticRelatedInformation | undefined {
  if (!insideFolders(location.absolutePath, options.folders)) return undefined;
  return {
    location: { uri: uriOf(location.absolutePath), range: rangeOf(location, options.linesOf(location.absolutePath), options.encoding) },
    message,
  };
}

function diagnosticOf(location: ResolvedLocation, related: DiagnosticRelatedInformation[], options: ConvertOptions): Diagnostic {
  const description = codeDescriptionOf(location);
  return {
    range: rangeOf(location, options.linesOf(location.absolutePath), options.encoding),
    // No severity printed: the command failed on it, so it is an error.
    severity: SEVERITY[location.severity ?? 'error'],
    source: options.source,
    message: location.message || '(no message)',
    ...(location.code ? { code: location.code } : {}),
    ...(description ? { codeDescription: description } : {}),
    ...(related.length > 0 ? { relatedInformation: related } : {}),
  };
}

function frameMessage(frame: ResolvedLocation): string {
  const depth = frame.frame?.depth ?? 0;
  return depth > 0
    ? `called from here (frame ${depth} of the trace)${frame.message ? `: ${frame.message}` : ''}`
    : frame.message || 'frame of the trace';
}

/** The run's diagnostics, in its locations' order (the primary first). */
export function toDiagnostics(locations: readonly ResolvedLocation[], options: ConvertOptions): LocatedDiagnostic[] {
  const out: LocatedDiagnostic[] = [];
  const traces = new Map<number, ResolvedLocation[]>();
  for (const location of locations) {
    if (location.frame) {
      const frames = traces.get(location.frame.trace) ?? [];
      frames.push(location);
      if (frames.length === 1) traces.set(location.frame.trace, frames);
    }
  }
  const emittedTraces = new Set<number>();
  for (const location of locations) {
    if (out.length >= (options.limit ?? 500)) break;
    let anchor = location;
    let related: DiagnosticRelatedInformation[];
    if (location.frame) {
      const trace = location.frame.trace;
      if (emittedTraces.has(trace)) continue;
      emittedTraces.add(trace);
      const frames = traces.get(trace) ?? [location];
      // The trace's diagnostic sits where it raised, inside the workspace; the other frames hang under it.
      anchor =
        frames.find((frame) => frame.frame?.raised && insideFolders(frame.absolutePath, options.folders)) ??
        frames.find((frame) => insideFolders(frame.absolutePath, options.folders)) ??
        location;
      related = frames.filter((frame) => frame !== anchor).flatMap((frame) => relatedOf(frame, frameMessage(frame), options) ?? []);
    } else {
      related = (location.related ?? []).flatMap((span) => relatedOf(span, span.message, options) ?? []);
    }
    if (!insideFolders(anchor.absolutePath, options.folders)) continue;
    out.push({ uri: uriOf(anchor.absolutePath), diagnostic: diagnosticOf(anchor, related, options), location: anchor });
  }
  return out;
}

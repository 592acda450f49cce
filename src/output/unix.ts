// Editor formats (issue 13). `unix`: one GNU-style line per place, `file:line:col: severity: message`, as
// Emacs' compilation-mode (gnu) reads them unchanged; a diagnostic's related spans and a trace's callers follow
// it as `note:` lines, so the editor can jump to them too. `vim`: the same lines with the column vim's quickfix
// reads ('errorformat' %f:%l:%c:%m takes %c as a byte index, a tab being 1): on a tab-indented or non-ASCII
// line the two columns differ, so no one layout lands on the right character in both editors (issue 24). `checkstyle`: Checkstyle 4.3 XML
// for Jenkins, reviewdog, cs2pr and the like.
import { isAbsolute, relative, sep } from 'node:path';
import { fromUtf16Offset, toUtf16Offset, type LocateResult, type ResolvedLocation } from '../core/index.js';
import { redactionFor, reportedPath, ruleIdOf, severityOf, type ReadLine, type RenderOptions } from './common.js';
import { callersOf, tracesOf } from './roles.js';

export interface UnixOptions extends RenderOptions {
  /** Paths relative to this directory (the editor's), when the file lies under it; default repo-relative. */
  cwd?: string;
  /** The column unit printed: 'display' (GNU, Emacs: tabs to 8, wide characters 2; the default) or 'byte' (vim). */
  columns?: 'display' | 'byte';
}

function pathFor(location: ResolvedLocation, options: UnixOptions): string {
  if (options.cwd !== undefined) {
    const path = relative(options.cwd, location.absolutePath);
    if (path !== '' && !isAbsolute(path)) return path.split(sep).join('/');
  }
  return reportedPath(location, options.repoRoot).path;
}

/**
 * GNU's standard counts columns as display cells with tabs every 8, and Emacs reads them so; vim's %c is a byte
 * index. Converted with the line's text; without it the printed column is kept (units agree on ASCII lines
 * without tabs).
 */
function editorColumn(location: ResolvedLocation, readLine: ReadLine | undefined, unit: 'display' | 'byte'): number | null {
  if (location.column === null) return null;
  if (location.columnUnit === unit) return location.column;
  const text = readLine?.(location.root, location.file, location.line);
  if (text === undefined) return location.column;
  return fromUtf16Offset(text, toUtf16Offset(text, location.column, location.columnUnit), unit);
}

// A message on one line: an editor list shows one entry per line, so continuation lines are joined.
function oneLine(text: string): string {
  return text
    .split('\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

function unixLine(location: ResolvedLocation, severity: string, message: string, options: UnixOptions): string {
  const column = editorColumn(location, options.readLine, options.columns ?? 'display');
  return `${pathFor(location, options)}:${location.line}:${column === null ? '' : `${column}:`} ${severity}: ${message}`;
}

/** The unix report, newline-terminated ('' when there are no locations). */
export function renderUnix(result: LocateResult, options: UnixOptions = {}): string {
  const redact = redactionFor(options, false);
  const traces = tracesOf(result.locations);
  const callers = callersOf(result.locations);
  const lines: string[] = [];
  for (const location of result.locations) {
    if (callers.has(location)) continue;
    const code = location.code ? ` [${location.code}]` : '';
    lines.push(
      unixLine(location, severityOf(location.severity), `${oneLine(redact(location.message)) || ruleIdOf(location)}${code}`, options),
    );
    for (const span of location.related ?? [])
      lines.push(unixLine(span, 'note', oneLine(redact(span.message)) || 'related location', options));
    const trace = location.frame === undefined ? undefined : traces.get(location.frame.trace);
    if (trace?.raising === location) for (const caller of trace.callers) lines.push(unixLine(caller, 'note', 'called from here', options));
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

function xmlAttribute(text: string): string {
  // XML 1.0 forbids most control characters even as references: they are dropped.
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

const CHECKSTYLE_SEVERITY = { error: 'error', warning: 'warning', note: 'info' } as const;

/**
 * Checkstyle XML: one <file> per file in order of first mention, one <error> per diagnostic or trace (at its
 * raising frame; callers are not findings). Redacted: it is uploaded. Columns as printed (the format leaves
 * the unit to the tool).
 */
export function renderCheckstyle(result: LocateResult, options: RenderOptions = {}): string {
  const redact = redactionFor(options, true);
  const callers = callersOf(result.locations);
  const files = new Map<string, string[]>();
  for (const location of result.locations) {
    if (callers.has(location)) continue;
    const path = reportedPath(location, options.repoRoot).path;
    let entries = files.get(path);
    if (!entries) files.set(path, (entries = []));
    const column = location.column === null ? '' : ` column="${location.column}"`;
    const message = redact(location.message) || ruleIdOf(location);
    entries.push(
      `    <error line="${location.line}"${column} severity="${CHECKSTYLE_SEVERITY[severityOf(location.severity)]}" ` +
        `message="${xmlAttribute(message)}" source="${xmlAttribute(`faultline.${ruleIdOf(location).replace(/\//g, '.')}`)}"/>`,
    );
  }
  const body = [...files].map(([path, entries]) => `  <file name="${xmlAttribute(path)}">\n${entries.join('\n')}\n  </file>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<checkstyle version="4.3">\n${body.map((file) => `${file}\n`).join('')}</checkstyle>\n`;
}

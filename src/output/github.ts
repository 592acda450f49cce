// GitHub Actions workflow commands (ecosystem.md §1): `::error file=…,line=…::message`, at most 10 per
// severity (the runner's per-step cap), the full list as a Markdown table for $GITHUB_STEP_SUMMARY.
import type { LocateResult, ResolvedLocation } from '../core/index.js';
import { safePrefix } from '../summarise/index.js';
import { atLeastOne, redactionFor, withRedactedNames, reportedPath, severityOf, type RenderOptions } from './common.js';
import { callersOf } from './roles.js';

// Web Crypto is a global: no node:crypto import on the path every run loads.
function randomToken(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Escapes a message (data): `%` first, then CR and LF. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value: as data, plus `:` and `,`, which delimit properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND_BY_SEVERITY = { error: 'error', warning: 'warning', note: 'notice' } as const;
const MAX_PER_SEVERITY = 10;
// The runner truncates longer messages; cutting here keeps the cut surrogate-safe and marked.
const MAX_MESSAGE = 4_000;
const MAX_TITLE = 255;

export interface GithubOptions extends RenderOptions {
  /** Annotations per severity (default 10, the runner's cap per step). */
  maxPerSeverity?: number;
  /** For links in the summary table: GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_SHA. */
  links?: { serverUrl: string; repository: string; sha: string };
}

export interface GithubOutput {
  /** Workflow command lines for stdout, newline-terminated ('' when there is nothing to annotate). */
  annotations: string;
  /** Markdown for $GITHUB_STEP_SUMMARY ('' when there are no locations); the CLI appends it to the file. */
  stepSummary: string;
  /** How many locations became annotations. */
  annotated: number;
}

// Caller frames of a trace (output/roles.ts) are annotated as notices, so one exception is one error annotation
// on the line that raised it and its callers do not use up the runner's 10 errors per step that others need.
const callerFrames = callersOf;

function annotation(
  printed: ResolvedLocation,
  redact: (text: string) => string,
  repoRoot: string | undefined,
  raised?: ResolvedLocation,
): string {
  const location = atLeastOne(printed);
  const caller = raised !== undefined;
  const severity = caller ? 'note' : severityOf(location.severity);
  const title = location.code ? `${location.code} (${location.format})` : location.format;
  const singleLine = location.endLine === null || location.endLine === location.line;
  const properties: Array<[string, string | number | null]> = [
    ['file', reportedPath(location, repoRoot).path],
    ['line', location.line],
    ['endLine', location.endLine !== null && location.endLine > location.line ? location.endLine : null],
    // The runner drops columns on multi-line ranges, and when endColumn < col; send only what it keeps.
    ['col', singleLine ? location.column : null],
    [
      'endColumn',
      singleLine && location.column !== null && location.endColumn !== null && location.endColumn >= location.column
        ? location.endColumn
        : null,
    ],
    ['title', safePrefix(redact(caller ? `${title}, called from here` : title), MAX_TITLE)],
  ];
  const props = properties
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== '')
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  // Related spans are not annotations of their own (a note is no finding): the annotation names them.
  const related = (location.related ?? []).map(
    (span) => `${reportedPath(span, repoRoot).path}:${span.line}${span.column === null ? '' : `:${span.column}`}: ${span.message}`,
  );
  let message = redact([location.message || raised?.message || '', ...related].filter((part) => part !== '').join('\n'));
  if (message.length > MAX_MESSAGE) message = `${safePrefix(message, MAX_MESSAGE - 1)}…`;
  return `::${COMMAND_BY_SEVERITY[severity]} ${props}::${escapeData(message)}`;
}

// Markdown table cells: pipes and line breaks would break the row; HTML is neutralised.
function cell(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Renders annotations (capped per severity) and the step summary table of every location. */
export function renderGithub(result: LocateResult, options: GithubOptions = {}): GithubOutput {
  const redact = redactionFor(options, true);
  result = withRedactedNames(result, redact);
  const cap = options.maxPerSeverity ?? MAX_PER_SEVERITY;
  const perSeverity = new Map<string, number>();
  const lines: string[] = [];
  const annotatedFlags: boolean[] = [];
  const callers = callerFrames(result.locations);
  for (const location of result.locations) {
    const raised = callers.get(location);
    const severity = raised ? 'note' : severityOf(location.severity);
    const count = perSeverity.get(severity) ?? 0;
    const annotate = count < cap;
    annotatedFlags.push(annotate);
    if (!annotate) continue;
    perSeverity.set(severity, count + 1);
    lines.push(annotation(location, redact, options.repoRoot, raised));
  }
  const annotated = lines.length;
  if (result.locations.length === 0) return { annotations: '', stepSummary: '', annotated: 0 };

  const tools = new Set(result.locations.map((location) => location.format));
  const rows = result.locations.map((location, index) => {
    const file = reportedPath(location, options.repoRoot).path;
    const where = `${file}:${location.line}${location.column === null ? '' : `:${location.column}`}`;
    const blob = options.links && `${options.links.serverUrl}/${options.links.repository}/blob/${options.links.sha}`;
    const link = blob
      ? `[${cell(where)}](${blob}/${file.split('/').map(encodeURIComponent).join('/')}#L${location.line})`
      : `\`${where.replace(/`/g, "'")}\``;
    const tool = cell(location.code ? `${location.format} ${location.code}` : location.format);
    const shown = annotatedFlags[index] ? '✓' : '';
    return `| ${index + 1} | ${severityOf(location.severity)} | ${tool} | ${link} | ${cell(redact(location.message))} | ${shown} |`;
  });
  const heading =
    `### faultline: ${plural(result.locations.length, 'finding')} from ${plural(tools.size, 'tool')} (${annotated} shown as ` +
    `annotations)`;
  const stepSummary = [
    heading,
    '',
    '| # | severity | tool | location | message | annotated |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  return { annotations: lines.length > 0 ? `${lines.join('\n')}\n` : '', stepSummary, annotated };
}

/**
 * Wraps re-printed raw tool output so the runner ignores any `::command::` lines inside it, with a fresh
 * random token (ecosystem.md §1.5). Pass `token` only in tests.
 */
export function wrapStopCommands(text: string, token: string = randomToken()): string {
  const body = text.endsWith('\n') || text === '' ? text : `${text}\n`;
  return `::stop-commands::${token}\n${body}::${token}::\n`;
}

// The "fix this failure" prompt: bounded by a character budget and filled in a fixed order — instruction,
// run header, summary, the primary symbol's code, up to two more attachments, the output tail — with every
// omission marked. Everything is redacted before it is bounded, so a cut can never expose half a secret.
import { FaultlineError, countOf, type ResolvedLocation, type RunInfo, type SymbolInfo } from '../core/index.js';
import { boundText, formatRunHeader } from '../summarise/index.js';
import { buildRedactor, type RedactionCount, type Redactor } from '../redact/index.js';
import { ANSWER_FORMAT_INSTRUCTION } from '../core/index.js';
import { fence, languageFor, longestBacktickRun } from './fence.js';

export const DEFAULT_PROMPT_BUDGET = 12_000;
const MIN_BUDGET = 400;
const MAX_LISTED_LOCATIONS = 5;
const MAX_EXTRA_ATTACHMENTS = 2;
// The output tail is last in the order but carries the failure: keep this share of the budget for it.
const TAIL_RESERVE_SHARE = 0.25;
const MIN_ATTACHMENT_CHARS = 160;

export interface FixPromptOptions {
  run?: RunInfo;
  /** Located places, primary first (LocateResult.locations). */
  locations: readonly ResolvedLocation[];
  /** Code to attach: [0] is the primary's enclosing symbol (or an excerpt); at most two more are used. */
  symbols?: readonly SymbolInfo[];
  /**
   * What explainLocations returned, as it is: each item's `attachment` is used (after `symbols`, if both are
   * given). Its `source` field names the symbol's origin and is never read as code.
   */
  explained?: ReadonlyArray<{ readonly attachment?: SymbolInfo }>;
  /**
   * The error summary (summariseError(...).text). Summarise already-redacted text (redactor.redactShown(log)):
   * the summary's own cut happens before this function can redact it.
   */
  summary?: string;
  /** Raw command output; its end is kept. */
  outputTail?: string;
  /** Size bound in characters (default 12 000). */
  budget?: number;
  /** Environment whose secret-looking variables are redacted verbatim (pass process.env from the CLI). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Use this redactor instead of building one (secretlint + own rules + env). */
  redactor?: Redactor;
}

export interface PromptResult {
  prompt: string;
  chars: number;
  /** ≈ chars / 4, rounded up: a model-independent estimate. */
  approxTokens: number;
  redactions: RedactionCount[];
  /** Human-readable notes of what the budget left out (also marked inside the prompt). */
  omitted: string[];
}

export function approxTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

function describeLocation(location: ResolvedLocation): string {
  const column = location.column === null ? '' : `:${location.column}`;
  const severity = location.severity ?? 'error';
  const code = location.code ? ` ${location.code}` : '';
  const message = location.message.split('\n')[0] ?? '';
  return `${location.file}:${location.line}${column} — ${severity}${code}: ${message}`;
}

function instruction(locations: readonly ResolvedLocation[], redact: (text: string) => string): string {
  const lines = [
    'A command failed. Find the cause of the primary error below and propose the smallest correct fix.',
    ANSWER_FORMAT_INSTRUCTION,
  ];
  const [primary, ...others] = locations;
  if (primary) lines.push(`Primary location: ${redact(describeLocation(primary))}`);
  const listed = others.slice(0, MAX_LISTED_LOCATIONS - 1);
  if (listed.length > 0) lines.push('Other locations:', ...listed.map((location) => `- ${redact(describeLocation(location))}`));
  if (others.length > listed.length) lines.push(`[… ${others.length - listed.length} more locations omitted …]`);
  return lines.join('\n');
}

function attachmentTitle(symbol: SymbolInfo, primary: ResolvedLocation | undefined): string {
  const file = symbol.file ?? primary?.file ?? 'unknown file';
  const what = symbol.kind === 'excerpt' || symbol.name === '' ? 'Excerpt' : `Code of ${symbol.kind} \`${symbol.name}\``;
  return `${what} in ${file}, lines ${symbol.startLine}–${symbol.endLine}:`;
}

// Bounds `content` so that `title + fenced content` fits in `available`; undefined when nothing useful fits.
function fitSection(title: string, content: string, language: string, available: number, headShare: number): string | undefined {
  const ticks = Math.max(3, longestBacktickRun(content) + 1);
  let limit = available - title.length - 1 - (2 * ticks + language.length + 2);
  for (let attempt = 0; attempt < 4 && limit > 0; attempt++) {
    const bounded = boundText({ text: content, maxChars: limit, headShare }).text;
    const section = `${title}\n${fence(bounded, language)}`;
    if (section.length <= available) return section;
    limit -= section.length - available;
  }
  return undefined;
}

// Lines of `text` (starting at `startLine`) around `focusLine`, widened alternately below and above until
// `maxChars` is reached, with the omitted lines marked: the error line of a long symbol always survives.
function windowAround(text: string, startLine: number, focusLine: number, maxChars: number): string {
  const lines = text.split('\n');
  if (text.length <= maxChars) return text;
  const focus = Math.min(lines.length - 1, Math.max(0, focusLine - startLine));
  let first = focus;
  let last = focus;
  const markerCost = 2 * 40;
  let used = (lines[focus] ?? '').length + 1 + markerCost;
  for (let grew = true; grew;) {
    grew = false;
    const below = lines[last + 1];
    if (below !== undefined && used + below.length + 1 <= maxChars) {
      last++;
      used += below.length + 1;
      grew = true;
    }
    const above = lines[first - 1];
    if (above !== undefined && used + above.length + 1 <= maxChars) {
      first--;
      used += above.length + 1;
      grew = true;
    }
  }
  const kept = lines.slice(first, last + 1);
  if (first > 0) kept.unshift(`[… ${countOf(first, 'line')} above omitted …]`);
  if (last < lines.length - 1) kept.push(`[… ${countOf(lines.length - 1 - last, 'line')} below omitted …]`);
  return kept.join('\n');
}

/** Builds the bounded, redacted fix prompt. Throws E_BUDGET when the budget cannot hold the instruction. */
export async function buildFixPrompt(options: FixPromptOptions): Promise<PromptResult> {
  const budget = options.budget ?? DEFAULT_PROMPT_BUDGET;
  if (!Number.isFinite(budget) || budget < MIN_BUDGET) {
    throw new FaultlineError('E_BUDGET', `prompt budget must be at least ${MIN_BUDGET} characters (got ${budget})`);
  }
  const symbols = [...(options.symbols ?? []), ...(options.explained ?? []).flatMap((item) => (item.attachment ? [item.attachment] : []))];
  const attachments = symbols.slice(0, 1 + MAX_EXTRA_ATTACHMENTS);
  const redactor =
    options.redactor ??
    (await buildRedactor({
      texts: [
        options.summary ?? '',
        options.outputTail ?? '',
        ...attachments.map((symbol) => symbol.source),
        ...options.locations.map((location) => location.message),
        ...(options.run?.command ?? []),
      ],
      ...(options.env ? { env: options.env } : {}),
    }));
  // Redact first, bound second (ecosystem.md §7.3), and on the text as the prompt shows it: boundText
  // normalises, and a secret split by `\e[0m`, a CR redraw or `X\b` is whole only after that.
  const redact = (text: string) => redactor.redactShown(text);
  const primary = options.locations[0];
  const omitted: string[] = [];

  const sections: string[] = [instruction(options.locations, redact), redact(formatRunHeader(options.run))];
  const summary = options.summary ? redact(options.summary) : '';
  const attachmentTexts = attachments.map((symbol) => ({ symbol, text: redact(symbol.source) }));
  const tail = options.outputTail ? redact(options.outputTail) : '';

  const used = () => sections.reduce((sum, section) => sum + section.length, 0) + 2 * sections.length;
  if (used() > budget) throw new FaultlineError('E_BUDGET', `prompt budget ${budget} cannot hold the instruction and run header`);
  const tailReserve = tail ? Math.min(tail.length + 40, Math.floor(budget * TAIL_RESERVE_SHARE)) : 0;

  if (summary) {
    const section = fitSection('Error summary:', summary, '', budget - used() - tailReserve, 1 / 3);
    if (section) sections.push(section);
    else omitted.push('error summary');
  }
  for (const [index, { symbol, text }] of attachmentTexts.entries()) {
    const available = budget - used() - tailReserve;
    const title = attachmentTitle(symbol, primary);
    // Centre a long attachment on the location it was attached for, when one lies inside it.
    const file = symbol.file ?? primary?.file;
    const focus = options.locations.find(
      (location) => location.file === file && location.line >= symbol.startLine && location.line <= symbol.endLine,
    );
    const limit = available - title.length - 2 * (Math.max(3, longestBacktickRun(text) + 1) + 8);
    const focused = focus && limit > 0 ? windowAround(text, symbol.startLine, focus.line, limit) : text;
    const section = available >= MIN_ATTACHMENT_CHARS ? fitSection(title, focused, languageFor(file ?? ''), available, 0.5) : undefined;
    if (section) sections.push(section);
    else {
      const what = index === 0 ? 'primary code' : 'attachment';
      const note = `${what} ${symbol.file ?? primary?.file ?? ''}:${symbol.startLine}–${symbol.endLine}`;
      omitted.push(note);
      const marker = `[… ${note} omitted (budget) …]`;
      if (budget - used() - tailReserve >= marker.length + 2) sections.push(marker);
    }
  }
  if (symbols.length > attachments.length) {
    const note = `${symbols.length - attachments.length} more attachments`;
    omitted.push(note);
    const marker = `[… ${note} omitted …]`;
    if (budget - used() - tailReserve >= marker.length + 2) sections.push(marker);
  }
  if (tail) {
    const section = fitSection('Output (end):', tail, '', budget - used(), 0);
    if (section) sections.push(section);
    else {
      omitted.push('output tail');
      if (budget - used() >= 40) sections.push('[… output omitted (budget) …]');
    }
  } else sections.push('Output: (none)'.slice(0, Math.max(0, budget - used())));

  const prompt = sections.filter((section) => section !== '').join('\n\n');
  return { prompt, chars: prompt.length, approxTokens: approxTokens(prompt.length), redactions: redactor.counts(), omitted };
}

// The synchronous redactor. Every rule and literal yields spans on the text and on its views (the
// terminal view, the unescaped view); the spans are mapped back to the text, merged, and each merged span
// becomes one placeholder. Working on spans, not on successive rewrites, is what lets a secret found in
// the shown form be removed from the raw bytes with the escapes inside it.
import type { WorkMeter } from '../core/index.js';
import { normaliseText } from '../summarise/index.js';
import { secretRules, type SecretRule } from './rules.js';
import { composeViews, identityView, needsTerminalView, sourceSpan, terminalView, unescapedView, type View } from './views.js';

/** Per-type count of replacements, as reported in `--json` output. */
export interface RedactionCount {
  type: string;
  count: number;
}

/** A literal secret value and the placeholder type to use for it. */
export interface SecretLiteral {
  value: string;
  type: string;
}

export interface Redactor {
  /** `text` as given (already shown form) with every secret replaced by `[REDACTED:<type>]`. */
  redact(text: string): string;
  /** Raw output normalised as a terminal shows it (normaliseText), then redacted: what prompts show. */
  redactShown(raw: string): string;
  /**
   * Raw bytes kept raw (escapes and all), with every secret that the raw text, any CR redraw of it or its
   * terminal form holds replaced over its whole raw range: for outputs that pass raw text on.
   */
  redactRaw(raw: string): string;
  /** Counts of all replacements made so far, sorted by type. */
  counts(): RedactionCount[];
}

interface CreateRedactorOptions {
  literals: readonly SecretLiteral[];
  rules?: readonly SecretRule[];
  meter?: WorkMeter;
}

// Adds the characters a loop examined to the meter, when one is given (growth tests).
type Tally = (characters: number) => void;

interface Span {
  start: number;
  end: number;
  type: string;
}

export function placeholder(type: string): string {
  return `[REDACTED:${type}]`;
}

const UNESCAPE_LEVELS = 2;

interface CompiledRule {
  rule: SecretRule;
  pattern: RegExp;
}

function compile(rule: SecretRule): CompiledRule {
  const flags = new Set([...rule.pattern.flags, 'g', 'd']);
  return { rule, pattern: new RegExp(rule.pattern.source, [...flags].join('')) };
}

function ruleSpans(text: string, { rule, pattern }: CompiledRule, spans: Span[], tally: Tally): void {
  pattern.lastIndex = 0;
  const groups = typeof rule.group === 'number' ? [rule.group] : (rule.group ?? [0]);
  // Each search covers the text from where it starts to its match's end (or the text's end): a rule that
  // looks at a stretch again after every match counts that stretch again.
  let from = 0;
  const search = (): RegExpExecArray | null => {
    const match = pattern.exec(text);
    tally((match === null ? text.length : match.index + match[0].length) - from);
    from = pattern.lastIndex;
    return match;
  };
  for (let match = search(); match !== null; match = search()) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      from = pattern.lastIndex;
      continue;
    }
    const group = groups.find((index) => match[index] !== undefined) ?? 0;
    const secret = match[group];
    const range = match.indices?.[group];
    if (secret === undefined || secret.length === 0 || range === undefined) continue;
    if (secret.includes('[REDACTED:')) continue;
    if (rule.accept && !rule.accept(secret, match)) {
      // A rejected value may itself start the real assignment (`oauth: client_secret=…`): look again from
      // there where the rule allows it (SecretRule.rescanValue).
      if (rule.rescanValue) from = pattern.lastIndex = Math.max(match.index + 1, range[0]);
      continue;
    }
    spans.push({ start: range[0], end: range[1], type: rule.type });
  }
}

function literalSpans(text: string, literals: readonly SecretLiteral[], spans: Span[], tally: Tally): void {
  for (const literal of literals) {
    let from = 0;
    for (let at = text.indexOf(literal.value); at >= 0; at = text.indexOf(literal.value, from)) {
      spans.push({ start: at, end: at + literal.value.length, type: literal.type });
      tally(at + literal.value.length - from);
      from = at + literal.value.length;
    }
    tally(text.length - from);
  }
}

// Overlapping spans become one (the earliest-starting, then the first found, names it): a secret is never
// half-replaced by two rules that disagree on its edges.
function merge(spans: Span[], tally: Tally): Span[] {
  tally(spans.length);
  const ordered = spans.map((span, order) => ({ span, order })).sort((a, b) => a.span.start - b.span.start || a.order - b.order);
  const merged: Span[] = [];
  for (const { span } of ordered) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

// A redrawn line whose states hold a secret showed its beginnings in the earlier states (a token printed
// as it is typed, a progress line): everything before the last redraw goes with it. The last state stays.
function overwrittenRedraws(raw: string, spans: readonly Span[], tally: Tally): Span[] {
  if (!raw.includes('\r')) return [];
  const extra: Span[] = [];
  let lineEnd = -1;
  // Merged spans are in order, so each line is looked at once.
  for (const span of merge([...spans], tally)) {
    if (span.start < lineEnd) continue;
    const lineStart = raw.lastIndexOf('\n', span.start - 1) + 1;
    const newline = raw.indexOf('\n', span.start);
    lineEnd = newline < 0 ? raw.length : newline;
    tally(lineEnd - lineStart);
    let drawn = lineEnd;
    while (drawn > lineStart && raw[drawn - 1] === '\r') drawn--;
    const lastRedraw = raw.lastIndexOf('\r', drawn - 1);
    if (lastRedraw > lineStart) extra.push({ start: lineStart, end: lastRedraw, type: span.type });
  }
  return extra;
}

export function createRedactorCore(options: CreateRedactorOptions): Redactor {
  const counts = new Map<string, number>();
  const rules = (options.rules ?? secretRules()).map(compile);
  const { meter } = options;
  const tally: Tally = (characters) => {
    if (meter !== undefined) meter.steps += characters;
  };
  // Longest first, so a value containing another is found whole (merging keeps it whole anyway).
  const seen = new Set<string>();
  const literals = options.literals
    .filter((literal) => literal.value.length >= 4)
    .sort((a, b) => b.value.length - a.value.length)
    .filter((literal) => !seen.has(literal.value) && seen.add(literal.value));

  function spansOf(text: string): Span[] {
    const spans: Span[] = [];
    literalSpans(text, literals, spans, tally);
    for (const rule of rules) ruleSpans(text, rule, spans, tally);
    if (!text.includes('[REDACTED:')) return spans;
    tally(text.length + spans.length);
    // Redacting a redacted text changes nothing: no span may cut into a placeholder (`https://[REDACTED:
    // github-token]@host` is not a user `[REDACTED` with the password `github-token]`).
    const placeholders = [...text.matchAll(/\[REDACTED:[^\]\n]*\]/g)].map((match) => [match.index, match.index + match[0].length] as const);
    // One sweep over both, in order (placeholders never overlap each other).
    let next = 0;
    return spans
      .sort((a, b) => a.start - b.start)
      .filter((span) => {
        while (next < placeholders.length && (placeholders[next]?.[1] ?? 0) <= span.start) next++;
        const placeholder = placeholders[next];
        return placeholder === undefined || placeholder[0] >= span.end;
      });
  }

  // Spans of `view` and of its unescaped forms, as spans of the view's source. Two levels: JSON in a
  // string literal in code ("{\"token\": \"…\"}") is escaped twice by the time a log shows it.
  function viewSpans(view: View, into: Span[]): void {
    const sources: View[] = [view];
    for (let level = 0, last = view; level < UNESCAPE_LEVELS; level++) {
      tally(last.text.length);
      const inner = unescapedView(last.text);
      if (!inner) break;
      last = composeViews(last, inner);
      sources.push(last);
    }
    for (const source of sources) {
      for (const span of spansOf(source.text)) {
        tally(span.end - span.start);
        const [start, end] = sourceSpan(source, span.start, span.end);
        if (end > start) into.push({ start, end, type: span.type });
      }
    }
  }

  function apply(text: string, spans: Span[]): string {
    if (spans.length === 0) return text;
    tally(text.length);
    let out = '';
    let copied = 0;
    for (const span of merge(spans, tally)) {
      const replaced = text.slice(span.start, span.end);
      // A multi-line secret (a PEM block) keeps its line breaks, so log line numbers stay valid.
      out += text.slice(copied, span.start) + placeholder(span.type) + '\n'.repeat(replaced.split('\n').length - 1);
      copied = span.end;
      counts.set(span.type, (counts.get(span.type) ?? 0) + 1);
    }
    return out + text.slice(copied);
  }

  function redact(text: string): string {
    const spans: Span[] = [];
    viewSpans(identityView(text), spans);
    return apply(text, spans);
  }

  return {
    redact,
    redactShown(raw: string): string {
      tally(raw.length);
      return redact(normaliseText(raw));
    },
    redactRaw(raw: string): string {
      if (!needsTerminalView(raw)) return redact(raw);
      // Not the bytes themselves: an escape inside a value makes a digest look random (a false positive)
      // and is in no view a reader sees. Every state the terminal showed is judged instead.
      const spans: Span[] = [];
      viewSpans(terminalView(raw, 'shown'), spans);
      viewSpans(terminalView(raw, 'redraws'), spans);
      if (raw.includes('\b')) viewSpans(terminalView(raw, 'unerased'), spans);
      return apply(raw, [...spans, ...overwrittenRedraws(raw, spans, tally)]);
    },
    counts(): RedactionCount[] {
      return [...counts.entries()].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type));
    },
  };
}

// Views of a text that redaction must also look at, each with a map back to the source offsets: the text
// as a terminal shows it (escapes stripped, CR redraws split, backspaces applied — the same rules as
// summarise's normaliseLine), and the text with backslash escapes undone (a secret inside an escaped JSON
// string literal in code). A secret found in a view is replaced in the source over the whole range its
// characters came from, so an `\e[0m`, a `\r` or an `X\b` inside it goes too and nothing rejoins later.
import { escapeEnd } from '../summarise/index.js';

/** A derived text; unit i came from source offsets [start[i], end[i]). */
export interface View {
  text: string;
  start: Int32Array;
  end: Int32Array;
}

class ViewBuilder {
  private readonly units: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  push(unit: string, start: number, end: number): void {
    this.units.push(unit);
    this.starts.push(start);
    this.ends.push(end);
  }

  get length(): number {
    return this.units.length;
  }

  build(): View {
    return { text: this.units.join(''), start: Int32Array.from(this.starts), end: Int32Array.from(this.ends) };
  }
}

// Controls that need more than the plain rules: ESC, C0 controls other than TAB/LF, DEL and C1.
const NEEDS_TERMINAL_VIEW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// C0 controls other than TAB that carry no text once escapes, CR and BS are handled (as normaliseLine).
const isOtherControl = (code: number) => (code <= 0x08 || (code >= 0x0b && code <= 0x1f) || code === 0x7f);

interface Unit {
  unit: string;
  at: number;
}

// One line's units after escape stripping, split at CR into the redraw segments a terminal showed in turn.
function redrawSegments(source: string, lineStart: number, lineEnd: number): Unit[][] {
  let end = lineEnd;
  const line = source.slice(lineStart, lineEnd);
  // normaliseLine drops a lone trailing CR (CRLF line endings) before anything else.
  if (line.endsWith('\r') && !line.slice(0, -1).includes('\r')) end--;
  const segments: Unit[][] = [[]];
  const text = source.slice(lineStart, end);
  for (let index = 0; index < text.length; ) {
    const skip = escapeEnd(text, index);
    if (skip >= 0) {
      index = Math.max(skip, index + 1);
      continue;
    }
    const unit = text[index] ?? '';
    if (unit === '\r') segments.push([]);
    else segments.at(-1)?.push({ unit, at: lineStart + index });
    index++;
  }
  return segments;
}

// Backspaces delete the previous code point (never half a surrogate pair); other controls are dropped.
function applyBackspaces(segment: readonly Unit[]): Unit[] {
  const kept: Unit[] = [];
  for (const entry of segment) {
    const code = entry.unit.charCodeAt(0);
    if (entry.unit === '\b') {
      const last = kept.pop();
      const lastCode = last?.unit.charCodeAt(0) ?? 0;
      if (lastCode >= 0xdc00 && lastCode <= 0xdfff) {
        const before = kept.at(-1)?.unit.charCodeAt(0) ?? 0;
        if (before >= 0xd800 && before <= 0xdbff) kept.pop();
      }
    } else if (!isOtherControl(code)) kept.push(entry);
  }
  return kept;
}

/** True when `text` holds controls, so its terminal view differs from the text itself. */
export function needsTerminalView(text: string): boolean {
  return NEEDS_TERMINAL_VIEW.test(text);
}

/**
 * How much of the terminal's history a view keeps: `shown` is exactly normaliseText(source) (the last
 * non-empty redraw of each line); `redraws` is every CR redraw, each with its backspaces applied;
 * `unerased` is every redraw with the backspaces dropped and what they erased kept. Raw bytes carry all
 * of it, so raw redaction judges all three.
 */
export type TerminalHistory = 'shown' | 'redraws' | 'unerased';

export function terminalView(source: string, history: TerminalHistory): View {
  const builder = new ViewBuilder();
  let lineStart = 0;
  while (lineStart <= source.length) {
    const newline = source.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? source.length : newline;
    const segments = redrawSegments(source, lineStart, lineEnd);
    const shown = history !== 'shown' ? segments : [[...segments].reverse().find((segment) => segment.length > 0) ?? []];
    shown.forEach((segment, index) => {
      // A redraw boundary becomes a line break (mapped to nothing), so a pattern cannot join two redraws.
      if (index > 0) builder.push('\n', lineEnd, lineEnd);
      const units = history === 'unerased' ? segment.filter(({ unit }) => !isOtherControl(unit.charCodeAt(0))) : applyBackspaces(segment);
      for (const { unit, at } of units) builder.push(unit, at, at + 1);
    });
    if (newline < 0) break;
    builder.push('\n', newline, newline + 1);
    lineStart = newline + 1;
  }
  return builder.build();
}

const UNESCAPED: Record<string, string> = { '"': '"', "'": "'", '\\': '\\', '/': '/', '`': '`', n: '\n', t: '\t' };

/** `source` with backslash escapes of quotes, slashes and \n/\t undone (undefined when it has none). */
export function unescapedView(source: string): View | undefined {
  if (!/\\["'\\/`nt]/.test(source)) return undefined;
  const builder = new ViewBuilder();
  for (let index = 0; index < source.length; index++) {
    const unit = source[index] ?? '';
    const replacement = unit === '\\' ? UNESCAPED[source[index + 1] ?? ''] : undefined;
    if (replacement !== undefined) {
      builder.push(replacement, index, index + 2);
      index++;
    } else builder.push(unit, index, index + 1);
  }
  return builder.build();
}

/** The text itself as a view (so every view is judged by one path). */
export function identityView(source: string): View {
  const start = new Int32Array(source.length);
  const end = new Int32Array(source.length);
  for (let index = 0; index < source.length; index++) {
    start[index] = index;
    end[index] = index + 1;
  }
  return { text: source, start, end };
}

/** `inner`, a view of `outer.text`, as a view of outer's source. */
export function composeViews(outer: View, inner: View): View {
  const start = new Int32Array(inner.text.length);
  const end = new Int32Array(inner.text.length);
  for (let index = 0; index < inner.text.length; index++) {
    start[index] = outer.start[inner.start[index] ?? 0] ?? 0;
    end[index] = outer.end[(inner.end[index] ?? 1) - 1] ?? 0;
  }
  return { text: inner.text, start, end };
}

/** A span of a view's text as the covering span of its source. */
export function sourceSpan(view: View, from: number, to: number): [number, number] {
  let start = Number.MAX_SAFE_INTEGER;
  let end = -1;
  // Units are in source order except redraw separators; min/max keeps it exact either way.
  for (let index = from; index < to; index++) {
    if ((view.end[index] ?? 0) <= (view.start[index] ?? 0)) continue;
    start = Math.min(start, view.start[index] ?? start);
    end = Math.max(end, view.end[index] ?? end);
  }
  return end < 0 ? [0, 0] : [start, end];
}

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

// Views are built in typed arrays, one unit at a time: a 1 MB line must cost milliseconds, not objects.
class ViewBuilder {
  private codes: Uint16Array;
  private starts: Int32Array;
  private ends: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.codes = new Uint16Array(Math.max(16, capacity));
    this.starts = new Int32Array(this.codes.length);
    this.ends = new Int32Array(this.codes.length);
  }

  push(code: number, start: number, end: number): void {
    if (this.length === this.codes.length) this.grow();
    this.codes[this.length] = code;
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length++;
  }

  private grow(): void {
    const size = this.codes.length * 2;
    const codes = new Uint16Array(size);
    codes.set(this.codes);
    const starts = new Int32Array(size);
    starts.set(this.starts);
    const ends = new Int32Array(size);
    ends.set(this.ends);
    [this.codes, this.starts, this.ends] = [codes, starts, ends];
  }

  build(): View {
    const codes = this.codes.subarray(0, this.length);
    let text = '';
    // In chunks (the argument count is bounded); fromCharCode keeps lone surrogates as they were.
    for (let from = 0; from < codes.length; from += 8192) text += String.fromCharCode(...codes.subarray(from, from + 8192));
    return { text, start: this.starts.slice(0, this.length), end: this.ends.slice(0, this.length) };
  }
}

// Controls that need more than the plain rules: ESC, C0 controls other than TAB/LF, DEL and C1.
const NEEDS_TERMINAL_VIEW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CR = 0x0d;
const BACKSPACE = 0x08;
// C0 controls other than TAB that carry no text once escapes, CR and BS are handled (as normaliseLine).
const isOtherControl = (code: number) => code <= 0x08 || (code >= 0x0b && code <= 0x1f) || code === 0x7f;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

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
type TerminalHistory = 'shown' | 'redraws' | 'unerased';

// One line's units after escape stripping ([from, to) of `scratch`), split at CR into the redraws a
// terminal showed in turn: `bounds` gets each redraw's [start, end) in scratch.
function stripLine(
  source: string,
  lineStart: number,
  lineEnd: number,
  scratch: { codes: Uint16Array; at: Int32Array },
  bounds: number[],
): void {
  let end = lineEnd;
  // normaliseLine drops a lone trailing CR (CRLF line endings) before anything else.
  if (end > lineStart && source.charCodeAt(end - 1) === CR && source.lastIndexOf('\r', end - 2) < lineStart) end--;
  const text = source.length === end && lineStart === 0 ? source : source.slice(lineStart, end);
  let size = 0;
  bounds.length = 0;
  bounds.push(0);
  for (let index = 0; index < text.length;) {
    const code = text.charCodeAt(index);
    if (code === 0x1b || (code >= 0x80 && code <= 0x9f)) {
      const skip = escapeEnd(text, index);
      if (skip >= 0) {
        index = Math.max(skip, index + 1);
        continue;
      }
    }
    if (code === CR) bounds.push(size, size);
    else {
      scratch.codes[size] = code;
      scratch.at[size] = lineStart + index;
      size++;
    }
    index++;
  }
  bounds.push(size);
}

export function terminalView(source: string, history: TerminalHistory): View {
  const builder = new ViewBuilder(source.length + 16);
  const scratch = { codes: new Uint16Array(source.length + 1), at: new Int32Array(source.length + 1) };
  const kept = new Int32Array(source.length + 1); // scratch indices of the units a backspace has not erased
  const bounds: number[] = [];
  let lineStart = 0;
  while (lineStart <= source.length) {
    const newline = source.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? source.length : newline;
    stripLine(source, lineStart, lineEnd, scratch, bounds);
    let first = 0;
    let last = bounds.length / 2 - 1;
    if (history === 'shown') {
      // The last redraw that printed anything (collapseCarriageReturns), before backspaces.
      while (last > 0 && bounds[2 * last] === bounds[2 * last + 1]) last--;
      first = last;
    }
    for (let segment = first; segment <= last; segment++) {
      // A redraw boundary becomes a line break (mapped to nothing), so a pattern cannot join two redraws.
      if (segment > first) builder.push(0x0a, lineEnd, lineEnd);
      const from = bounds[2 * segment] ?? 0;
      const to = bounds[2 * segment + 1] ?? 0;
      let top = 0;
      for (let index = from; index < to; index++) {
        const code = scratch.codes[index] ?? 0;
        if (code === BACKSPACE && history !== 'unerased') {
          // Each backspace deletes the previous code point, never half a surrogate pair.
          if (top > 0) top--;
          if (top > 0 && isLowSurrogate(scratch.codes[kept[top] ?? 0] ?? 0) && isHighSurrogate(scratch.codes[kept[top - 1] ?? 0] ?? 0))
            top--;
        } else if (history !== 'unerased' || !isOtherControl(code)) kept[top++] = index;
      }
      for (let slot = 0; slot < top; slot++) {
        const index = kept[slot] ?? 0;
        const code = scratch.codes[index] ?? 0;
        // Other controls are dropped after the backspaces (a backspace may erase one), as normaliseLine does.
        if (isOtherControl(code)) continue;
        const at = scratch.at[index] ?? 0;
        builder.push(code, at, at + 1);
      }
    }
    if (newline < 0) break;
    builder.push(0x0a, newline, newline + 1);
    lineStart = newline + 1;
  }
  return builder.build();
}

const UNESCAPED: Record<string, string> = { '"': '"', "'": "'", '\\': '\\', '/': '/', '`': '`', n: '\n', t: '\t' };

/** `source` with backslash escapes of quotes, slashes and \n/\t undone (undefined when it has none). */
export function unescapedView(source: string): View | undefined {
  if (!/\\["'\\/`nt]/.test(source)) return undefined;
  const builder = new ViewBuilder(source.length);
  for (let index = 0; index < source.length; index++) {
    const code = source.charCodeAt(index);
    const replacement = code === 0x5c ? UNESCAPED[source[index + 1] ?? ''] : undefined;
    if (replacement !== undefined) {
      builder.push(replacement.charCodeAt(0), index, index + 2);
      index++;
    } else builder.push(code, index, index + 1);
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

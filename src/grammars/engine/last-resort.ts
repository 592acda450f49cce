// The last-resort formats (GrammarFormat.lastResort) read the log's first and last lines only, apart from the scan's
// candidate lines: a tool that names the file at fault with no line prints it where it stops (Compose's invalid file,
// RuboCop's crashed cop, a test runner's last progress row) or as its first words. Tried as a line-start anchor of the
// scan, such a format cost every line of every log its dispatch (+7.2 % instructions on a 1 MB rustc log, issue 20);
// here it costs one search of its anchor over at most twice LAST_RESORT_BYTES, whatever the log's size. Between them
// (a long log whose failing step is in its middle: a service's error among thousands of lines of its start-up), the
// search goes on only while no other format has placed anything, since a whole-file place is kept only when nothing
// else is, and offers at most MAX_MIDDLE_LINES lines: a log with places pays nothing past its first one, and one
// without pays one search of the anchor, never a parse per line.
// Measured (session 17, before the middle was read; cachegrind, 1 MB logs): without this reader the CLI ran 12.7 M
// fewer instructions on the sparse CI log and 10 M fewer on the rustc one, but its own work (the anchor over 32 KiB,
// ~14 lines parsed) is under 1 M: 8.6 M of the difference is chevrotain's 65 536-step char-code map
// (initCharCodeToOptimizedIndexMap, run once when the line lexer is built) running in the interpreter instead of
// baseline code. Which tier it gets moves with any change in what ran before it, so the session-15 to -17 drift
// (+2.7 % / +1.7 %) is partly that tiering, not per-line work.
// That map is no longer built at all (scripts/build.mjs computes chevrotain's lookup instead: −15 M on the
// sparse log), and the CLI compiles each regex once (--no-regexp-tier-up, scripts/cli-v8-flags.mjs).
import { FormatLineContext } from './context.js';
import type { GrammarFormat } from './format.js';
import type { ContextHost } from './host.js';
import type { LineOffer } from './line-offer.js';
import { dropUnconfirmable } from './weak.js';

/** The log's first and last bytes whose lines the last-resort formats read. */
const LAST_RESORT_BYTES = 16 * 1024;
// A longer line is read in windows by the scan; the last resort skips it.
const MAX_LINE = 16 * 1024;
/** The most lines between the head and the tail that the anchor selects and the formats read. */
const MAX_MIDDLE_LINES = 64;

interface Split {
  scanned: readonly GrammarFormat[];
  lastResort: readonly GrammarFormat[];
  /** The last-resort formats' anchors as one search over the raw text (multi-line: `^` is a line's start), compiled
   * once per set. */
  anchor: RegExp;
  /** Their gates as one search (format.ts, lastResortGate), or undefined when a format has none: the anchor runs on
   * every line then. */
  gate: RegExp | undefined;
}
// Kept per format set: the scanner's per-process caches (prefilter.ts) find a set by its array's identity, and a fresh
// filtered array per scan would make them join every format's name on each call.
const splits = new WeakMap<readonly GrammarFormat[], Split>();

/** The formats of a set the scan offers candidate lines, and its last-resort ones, the same arrays for the same set. */
export function splitLastResort(formats: readonly GrammarFormat[]): Split {
  let split = splits.get(formats);
  if (split === undefined) {
    const lastResort = formats.filter((format) => format.lastResort === true);
    const scanned = lastResort.length === 0 ? formats : formats.filter((format) => format.lastResort !== true);
    const anchor = new RegExp(lastResort.map((format) => `(?:${format.anchor})`).join('|') || '(?!)', 'gm');
    const gated = lastResort.length > 0 && lastResort.every((format) => format.lastResortGate !== undefined);
    const gate = gated ? new RegExp(lastResort.map((format) => `(?:${format.lastResortGate})`).join('|'), 'gm') : undefined;
    split = { scanned, lastResort, anchor, gate };
    splits.set(formats, split);
  }
  return split;
}

export class LastResortLines {
  private readonly formats: readonly GrammarFormat[];
  private readonly anchor: RegExp;
  private readonly gate: RegExp | undefined;
  private readonly contexts: FormatLineContext[];
  /** The log offset up to which the head's lines were read (a line boundary). */
  private headTo = 0;
  /** Whether any candidate was kept: a log none of whose first and last lines named a file costs settle() nothing. */
  private kept = false;
  /** The locations the last-resort formats emitted: any more in the scan's list are another format's places. */
  private own = 0;
  /** Lines past the head offered to the formats. */
  private middleLines = 0;

  constructor(
    split: Split,
    private readonly host: ContextHost,
    private readonly lineOffer: LineOffer,
  ) {
    this.formats = split.lastResort;
    this.anchor = split.anchor;
    this.gate = split.gate;
    this.contexts = split.lastResort.map((format) => new FormatLineContext(host, format));
  }

  /** Whether lines of the head are still to be read, or of the middle while no other format placed anything. */
  get readingHead(): boolean {
    return this.headTo < LAST_RESORT_BYTES || this.readingMiddle();
  }

  private readingMiddle(): boolean {
    return this.middleLines < MAX_MIDDLE_LINES && this.host.emitted.length <= this.own;
  }

  /** After the scan of `buffer` [from, to) (line boundaries; `line` is the log line at `from`, `offset` the log offset
   * of buffer[0]): reads the lines there that start in the log's first LAST_RESORT_BYTES, or past them while
   * readingHead says so. */
  head(buffer: string, from: number, to: number, line: number, offset: number): void {
    if (offset + from !== this.headTo) return;
    const limit = this.readingMiddle() ? to : LAST_RESORT_BYTES - offset;
    let end = Math.min(to, limit);
    if (end < to && end > 0 && buffer.charCodeAt(end - 1) !== 0x0a) end = Math.min(to, buffer.indexOf('\n', end) + 1 || to);
    this.read(buffer, from, end, line, LAST_RESORT_BYTES - offset);
    this.headTo = offset + end;
  }

  /** At the log's end (`buffer` its last lines, `countedTo` a line start numbered `countedLine`): reads the lines of
   * the last LAST_RESORT_BYTES that the head did not. */
  tail(buffer: string, countedTo: number, countedLine: number, offset: number): void {
    let from = Math.max(0, this.headTo - offset, buffer.length - LAST_RESORT_BYTES);
    if (from > 0 && buffer.charCodeAt(from - 1) !== 0x0a) from = buffer.indexOf('\n', from) + 1 || buffer.length;
    let line = countedLine;
    for (let index = buffer.indexOf('\n', from); index >= 0 && index < countedTo; index = buffer.indexOf('\n', index + 1)) line--;
    if (from > countedTo)
      for (let index = buffer.indexOf('\n', countedTo); index >= 0 && index < from; index = buffer.indexOf('\n', index + 1)) line++;
    this.read(buffer, from, buffer.length, line, Number.POSITIVE_INFINITY);
  }

  /** After every format has emitted (the log's end): removes the last-resort candidates on a line another format
   * placed, or naming a file another format's location names. That line is the other format's, and a file it places
   * gains nothing from a place with no line (a location's `file:L:C` is no file name either). Linear in `emitted`. */
  settle(): void {
    if (!this.kept) return;
    const emitted = this.host.emitted;
    const lastResort = new Set(this.formats.map((format) => format.name));
    const placedLines = new Set<number>();
    const placedFiles = new Set<string>();
    for (const location of emitted) {
      if (lastResort.has(location.format)) continue;
      // A bare name guessed from words (`ErrorException in Factory.php line 564: … (View: /app/x.blade.php)`) does not
      // make the line its format's: such a name is the raising frame of a framework as often as the user's file, and
      // resolve keeps a whole-file place only when no place with a line resolved, whichever it is.
      if (location.hints?.confirm !== true || /[\\/]/.test(location.file)) placedLines.add(location.logLine);
      placedFiles.add(location.file);
    }
    let write = 0;
    for (const location of emitted) {
      const superseded = lastResort.has(location.format) && (placedLines.has(location.logLine) || placedFiles.has(location.file));
      if (!superseded) emitted[write++] = location;
      else if (location.hints?.confirm === true) this.host.weakKept--;
    }
    emitted.length = write;
  }

  // Each line of [from, to) the anchor selects, offered to every last-resort format. `line`: the log line at `from`;
  // a line from `middleFrom` on counts against MAX_MIDDLE_LINES.
  private read(buffer: string, from: number, to: number, line: number, middleFrom: number): void {
    if (from >= to) return;
    const haystack = to < buffer.length ? buffer.slice(0, to) : buffer;
    const host = this.host;
    let counted = from;
    for (let at = this.next(haystack, from); at >= 0; at = this.next(haystack, at)) {
      const start = buffer.lastIndexOf('\n', at - 1) + 1;
      const newline = buffer.indexOf('\n', at);
      const end = newline < 0 || newline > to ? to : newline;
      for (let index = buffer.indexOf('\n', counted); index >= 0 && index < start; index = buffer.indexOf('\n', index + 1)) line++;
      counted = start;
      if (host.meter !== undefined) host.meter.steps += end - start;
      if (end - start <= MAX_LINE) {
        const text = this.lineOffer.textOf(buffer.slice(start, end), start, end);
        const before = host.emitted.length;
        for (let index = 0; index < this.formats.length; index++) this.formats[index]!.parse(this.contexts[index]!.reset(text, line));
        if (host.mayBeWorkspaceFile) host.weakKept -= dropUnconfirmable(host.emitted, before, host.mayBeWorkspaceFile);
        if (host.emitted.length > before) this.kept = true;
        this.own += host.emitted.length - before;
      }
      if (start >= middleFrom && ++this.middleLines >= MAX_MIDDLE_LINES) break;
      if (end >= to) break;
      at = end + 1;
    }
    if (host.meter !== undefined) host.meter.steps += to - from;
  }

  /** Where the anchor first matches in `haystack` from `from`, or -1. With a gate, the anchor runs only on the lines
   * the gate finds, each searched up to its end: the same lines as the anchor alone, but for a match that would start
   * on a line and reach past it (a prefix's `\s+`), which selects a line the gate's words are not on. */
  private next(haystack: string, from: number): number {
    const anchor = this.anchor;
    const gate = this.gate;
    if (gate === undefined) {
      anchor.lastIndex = from;
      return anchor.exec(haystack)?.index ?? -1;
    }
    gate.lastIndex = from;
    for (let found = gate.exec(haystack); found !== null; found = gate.exec(haystack)) {
      const start = Math.max(from, haystack.lastIndexOf('\n', found.index - 1) + 1);
      const newline = haystack.indexOf('\n', found.index);
      anchor.lastIndex = start;
      const match = anchor.exec(newline < 0 ? haystack : haystack.slice(0, newline));
      if (match !== null) return match.index;
      if (newline < 0) return -1;
      gate.lastIndex = newline + 1;
    }
    return -1;
  }
}

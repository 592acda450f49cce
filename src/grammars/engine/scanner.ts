// The streaming recogniser: log text in (latin1 chunks, any size), raw locations out. A cheap combined
// anchor regex picks candidate lines; only those are decoded, normalised and parsed by the grammars.
// Memory is bounded by the look-back/look-ahead windows plus one long-line slice, never by the log size.
// Design and measurements: shared/reference/performance.md §8.
import type { ScannerOptions, ScanResult } from './scan-options.js';
import { newContextHost, type ContextHost } from './host.js';
import type { GrammarFormat } from './format.js';
import { LineTexts } from './line-texts.js';
import { LineOffer } from './line-offer.js';
import { logWrappersOf } from './log-wrappers.js';
import { FormatOffer } from './offer.js';
import { formatAnchorsFor, formatsByNameFor, prefilterFor, type LineStartMatcher, type Prefilter } from './prefilter.js';
import { DIRECTORY_CONTEXT_KEY, type DirectoryContext } from './directories.js';
import { dropUnconfirmable } from './weak.js';
import { BarrenLines } from './barren-lines.js';
import { LastResortLines, splitLastResort } from './last-resort.js';

export type { ScannerOptions, ScanResult } from './scan-options.js';

// Bytes of context kept before and guaranteed after a candidate line for multi-line formats.
const BEHIND_BYTES = 16 * 1024;
const AHEAD_BYTES = 16 * 1024;
// A line longer than this is parsed only in windows around its anchors (linear time on 1 MB lines).
const LONG_LINE = 16 * 1024;
const WINDOW_HALF = 2 * 1024;
const MAX_WINDOWS_PER_LINE = 64;
// An unterminated line is consumed in slices once it grows past this, so a 100 MB line stays bounded.
const MAX_PENDING_LINE = 256 * 1024;

/** A candidate position in the buffer and the log line it is on. */
interface Candidate {
  position: number;
  line: number;
}

export class Scanner {
  private readonly formats: readonly GrammarFormat[];
  private readonly prefilter: Prefilter;
  private readonly normalise: (raw: string) => string;
  private readonly host: ContextHost;
  private readonly formatOffer: FormatOffer;
  private readonly barrenLines: BarrenLines;
  private buffer = '';
  /** Index in `buffer` where unscanned text starts; text before it is look-back only. */
  private scanFrom = 0;
  /** Log line number (1-based) of the line containing buffer[countedTo]. */
  private countedLine = 1;
  private countedTo = 0;
  private bytes = 0;
  private lastByteWasNewline = true;
  /** Index of the last `\n` in `buffer`, or -1: found from each new slice alone, so long lines cost O(n). */
  private lastNewline = -1;
  private traceCounter = 0;
  private claimedWindowEnd = -1;
  /** The line-start prefilter for the prefix kinds this log uses (decided on its first slice). */
  private lineStart: LineStartMatcher | undefined;
  /** The normalised text of buffer lines. */
  private readonly lineTexts: LineTexts;
  /** Offers each candidate line to the formats. */
  private readonly lineOffer: LineOffer;
  /** The last-resort formats' reading of the log's first and last lines, when the set has any. */
  private readonly lastResort: LastResortLines | undefined;

  constructor(options: ScannerOptions) {
    const split = splitLastResort(options.formats);
    this.formats = split.scanned;
    this.normalise = options.normaliseLine;
    this.lineTexts = new LineTexts(options.normaliseLine);

    this.prefilter = prefilterFor(this.formats);
    this.host = newContextHost(options, formatsByNameFor(this.formats), () => ++this.traceCounter);
    this.formatOffer = new FormatOffer(this.formats, this.host);
    this.lineOffer = new LineOffer({
      host: this.host,
      formatOffer: this.formatOffer,
      lineTexts: this.lineTexts,
      normalise: this.normalise,
      buffer: () => this.buffer,
    });
    this.barrenLines = new BarrenLines(this.host);
    if (split.lastResort.length > 0) this.lastResort = new LastResortLines(split, this.host, this.lineOffer);
  }

  // Counts the characters a loop examined, when a growth test passes a meter (ScannerOptions.meter).
  private tally(characters: number): void {
    if (this.host.meter !== undefined) this.host.meter.steps += characters;
  }

  /** Feeds the next slice of the log, decoded as latin1 (`buffer.latin1Slice()`). */
  write(latin1: string): void {
    // Only the slice is searched: reading the joined text would copy a pending long line again at every slice.
    this.tally(latin1.length);
    this.accept(this.buffer + latin1, latin1.length, latin1.lastIndexOf('\n'));
  }

  /**
   * Feeds the tail this scanner asked to keep (the previous call's answer: that many trailing characters of
   * the previous window) followed by the next slice, as one latin1 string; answers how many trailing
   * characters to put before the next slice. Saves the concatenation `write` needs.
   */
  writeWindow(window: string): number {
    const fresh = window.length - this.buffer.length;
    // Searched from the end: it stops in the fresh part when that has a newline, and otherwise crosses only the
    // kept tail (bounded by MAX_PENDING_LINE, and decoded again with the slice), so a 100 MB line stays linear.
    this.tally(window.length);
    this.accept(window, fresh, window.lastIndexOf('\n') - (window.length - fresh));
    return this.buffer.length;
  }

  // `freshNewline`: the last newline's index in the fresh part, or negative when it has none.
  private accept(window: string, freshLength: number, freshNewline: number): void {
    if (freshLength <= 0) return;
    this.bytes += freshLength;
    this.lastByteWasNewline = freshNewline === freshLength - 1;
    if (freshNewline >= 0) this.lastNewline = window.length - freshLength + freshNewline;
    this.buffer = window;
    this.drain(false);
  }

  /** Log line (1-based) the next written text starts on, without moving the scan: a reader in front of the
   * scanner (src/reports) takes over line numbering from here when a report starts inside a log. */
  nextLine(): number {
    let line = this.countedLine;
    for (let index = this.buffer.indexOf('\n', this.countedTo); index >= 0; index = this.buffer.indexOf('\n', index + 1)) line++;
    this.tally(this.buffer.length - this.countedTo);
    return line;
  }

  /** Ends the log and returns everything recognised. */
  end(): ScanResult {
    this.drain(true);
    const counted = this.countLinesTo(this.buffer.length);
    // The formats' records still open at the end are placed first: a last-resort format reads only unplaced lines.
    this.runAtEnd();
    this.lastResort?.tail(this.buffer, this.countedTo, counted, this.bytes - this.buffer.length);
    this.runAtEnd();
    this.lastResort?.settle();
    const lines = this.countLinesTo(this.buffer.length) - (this.lastByteWasNewline || this.bytes === 0 ? 1 : 0);
    return { locations: this.host.emitted, overflow: this.host.overflow, lines, bytes: this.bytes };
  }

  private runAtEnd(): void {
    for (const callback of this.host.atEnd) callback();
    this.host.atEnd.clear();
  }

  private countLinesTo(index: number): number {
    let position = this.countedTo;
    let line = this.countedLine;
    for (;;) {
      const next = this.buffer.indexOf('\n', position);
      if (next < 0 || next >= index) break;
      line++;
      position = next + 1;
    }
    this.tally(position - this.countedTo);
    this.countedTo = position;
    this.countedLine = line;
    return line;
  }

  private drain(final: boolean): void {
    let scanTo: number;
    if (final) scanTo = this.buffer.length;
    else {
      if (this.lastNewline < this.scanFrom) {
        // No complete line yet: wait for more, or consume a giant unterminated line in slices.
        if (this.buffer.length - this.scanFrom > MAX_PENDING_LINE) this.scanLongSlice();
        return;
      }
      const limit = this.buffer.length - AHEAD_BYTES;
      scanTo = (this.lastNewline <= limit ? this.lastNewline : this.buffer.lastIndexOf('\n', limit)) + 1;
      if (scanTo <= this.scanFrom) return;
    }
    const head = this.lastResort?.readingHead === true ? this.countLinesTo(this.scanFrom) : 0;
    this.scanRange(this.scanFrom, scanTo);
    if (head > 0) this.lastResort!.head(this.buffer, this.scanFrom, scanTo, head, this.bytes - this.buffer.length);
    this.countLinesTo(scanTo);
    // Keep a look-back tail starting at a line boundary.
    let keepFrom = scanTo - BEHIND_BYTES;
    keepFrom = keepFrom <= 0 ? 0 : this.buffer.lastIndexOf('\n', keepFrom) + 1;
    keepFrom = Math.min(keepFrom, this.countedTo);
    this.shift(keepFrom);
    this.scanFrom = scanTo - keepFrom;
  }

  private shift(by: number): void {
    if (by <= 0) return;
    this.buffer = this.buffer.slice(by);
    this.lineTexts.forget();
    this.lastNewline -= by;
    this.countedTo -= by;
    this.claimedWindowEnd -= by;
  }

  // A huge line with no newline yet: scan all but the last window of it now, keep only that window.
  private scanLongSlice(): void {
    const keepFrom = this.buffer.length - LONG_LINE;
    this.scanRange(this.scanFrom, keepFrom);
    this.countLinesTo(keepFrom);
    this.shift(keepFrom);
    this.scanFrom = 0;
  }

  // Candidate positions in [from, to), ascending: universal anchor hits (one per short line, every hit on a
  // long line) merged with the starts of lines a line-start anchor selects.
  private candidates(from: number, to: number): Candidate[] {
    const anywhere: number[] = [];
    // Trying every CI/task-runner prefix kind at every line start was a third of the scan; a log shows its
    // prefixes from its first lines on (they wrap every line), so the first slice picks the kinds to try.
    if (this.lineStart === undefined) {
      // A wrapper no list names is learned from the same slice; its kind joins the listed ones for the anchors.
      const { prefixes, learned, doubleSpaced } = logWrappersOf(this.buffer.slice(0, 64 * 1024));
      this.lineTexts.learned = learned;
      this.lineTexts.doubleSpaced = doubleSpaced;
      this.lineStart = this.prefilter.lineStartFor(prefixes);
      this.formatOffer.anchors = formatAnchorsFor(this.formats, prefixes);
    }
    const regex = this.prefilter.anywhere;
    regex.lastIndex = from;
    // Searched up to `to` only, when `to` ends a line: the last search of a slice ran on through the look-ahead kept
    // after it (~16 KiB per 64 KiB slice on a sparse log, where no hit stops it), which the next slice searches again.
    // A slice of the buffer is a view, not a copy; every alternative decides within its line, so the hits are the same.
    // (A long line's slice ends mid-line: a hit across its end must still be seen, so that search runs on.)
    const haystack = to < this.buffer.length && this.buffer.charCodeAt(to - 1) === 0x0a ? this.buffer.slice(0, to) : this.buffer;
    // The bounds of the line of the last hit: a long line has a hit every few bytes, and looking its ends up
    // again for each one made a 1 MB line of `line 1 ` quadratic (seconds per MB).
    let hitLineStart = -1;
    let hitLineEnd = -1;
    let searchedFrom = from;
    const search = (): RegExpExecArray | null => {
      const match = regex.exec(haystack);
      this.tally((match === null ? haystack.length : match.index + match[0].length) - searchedFrom);
      return match;
    };
    for (let match = search(); match !== null && match.index < to; match = search()) {
      anywhere.push(match.index);
      if (match.index < hitLineStart || match.index > hitLineEnd) {
        hitLineStart = this.buffer.lastIndexOf('\n', match.index - 1) + 1;
        hitLineEnd = this.buffer.indexOf('\n', match.index);
        this.tally((hitLineEnd < 0 ? this.buffer.length : hitLineEnd) - hitLineStart);
        if (hitLineEnd < 0) hitLineEnd = Number.MAX_SAFE_INTEGER;
      }
      // A short line is a candidate once; a long line keeps every anchor hit (each gets its own window).
      if (hitLineEnd - hitLineStart <= LONG_LINE) regex.lastIndex = hitLineEnd + 1;
      else regex.lastIndex = Math.max(regex.lastIndex, match.index + 1);
      searchedFrom = regex.lastIndex;
    }
    // One walk over the lines finds the line-start candidates, numbers every candidate and advances the line
    // counter (a second walk to number candidates was ~30 ms per 100 MB).
    const found: Candidate[] = [];
    const lineStart = this.lineStart;
    let line = this.countLinesTo(from);
    let next = 0;
    for (let position = from; position < to;) {
      const newline = this.buffer.indexOf('\n', position);
      const lineEnd = newline < 0 ? this.buffer.length : newline;
      this.tally(lineEnd - position + 1);
      // A short line an anywhere hit already selected is read whole whatever its start holds: its line-start anchors
      // are not tried (on a dense log, one regex run saved per location line). A long line is read in windows around
      // its candidates, so its start is still asked.
      const selected = next < anywhere.length && anywhere[next]! <= lineEnd && lineEnd - position <= LONG_LINE;
      const startsCandidate = !selected && lineStart.matches(this.buffer, position);
      if (startsCandidate) found.push({ position, line });
      for (; next < anywhere.length && anywhere[next]! <= lineEnd; next++) {
        if (!startsCandidate || anywhere[next] !== position) found.push({ position: anywhere[next]!, line });
      }
      if (newline < 0) break;
      position = newline + 1;
      line++;
      if (newline < to) {
        this.countedTo = position;
        this.countedLine = line;
      }
    }
    return found;
  }

  private scanRange(from: number, to: number): void {
    let windowsOnLine = 0;
    let currentLineStart = -1;
    let scannedLineEnd = -1;
    // Bounds of the current candidate's line, looked up once per line (not once per hit on a long line).
    let lineStart = -1;
    let lineEnd = -1;
    for (const { position, line } of this.candidates(from, to)) {
      if (position <= scannedLineEnd) continue;
      if (position < lineStart || position > lineEnd) {
        lineStart = this.buffer.lastIndexOf('\n', position - 1) + 1;
        lineEnd = this.buffer.indexOf('\n', position);
        if (lineEnd < 0) lineEnd = this.buffer.length;
        this.tally(lineEnd - lineStart);
      }
      if (lineEnd - lineStart <= LONG_LINE) {
        this.scanLine(lineStart, lineEnd, lineStart, lineEnd, line);
        scannedLineEnd = lineEnd;
        continue;
      }
      if (lineStart !== currentLineStart) {
        currentLineStart = lineStart;
        windowsOnLine = 0;
      }
      if (++windowsOnLine > MAX_WINDOWS_PER_LINE || position < this.claimedWindowEnd) continue;
      const windowStart = Math.max(lineStart, position - WINDOW_HALF);
      const windowEnd = Math.min(lineEnd, position + WINDOW_HALF);
      this.scanLine(lineStart, lineEnd, windowStart, windowEnd, line);
      this.claimedWindowEnd = windowEnd;
    }
  }

  private scanLine(lineStart: number, lineEnd: number, windowStart: number, windowEnd: number, logLine: number): void {
    // The raw text offered: the whole line, or on a long line one window of it (which the barren memo never keys).
    const raw = this.buffer.slice(windowStart, windowEnd);
    const whole = lineEnd - lineStart <= LONG_LINE ? raw : undefined;
    if (this.barrenLines.skips(whole)) return;
    const emittedBefore = this.host.emitted.length;
    this.tally(raw.length);
    this.lineOffer.offer(raw, lineStart, lineEnd, logLine, lineEnd - lineStart > LONG_LINE);
    // Once the line is settled (its formats saw every proposal), as folding below: resolve sees no guess it would refuse.
    const test = this.host.mayBeWorkspaceFile;
    if (test) this.host.weakKept -= dropUnconfirmable(this.host.emitted, emittedBefore, test);
    const directories = this.host.sharedState.get(DIRECTORY_CONTEXT_KEY) as DirectoryContext | undefined;
    this.host.repeats.fold(this.host.emitted, emittedBefore, directories?.generation ?? 0);
    this.barrenLines.settled(whole);
  }
}

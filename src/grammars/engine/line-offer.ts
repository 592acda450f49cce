// Offers one candidate line to the formats (scanner.ts finds the lines): its text decoded and normalised only when a
// format's anchor selects it, its neighbours on demand, and a second offer without a prefix or tool tag the line
// turned out to carry (peel.ts).
import type { ContextHost } from './host.js';
import type { RawLocation } from '../../core/index.js';
import { Neighbours, type LineTexts } from './line-texts.js';
import { mayBeRewritten } from './web-copy.js';
import type { FormatOffer } from './offer.js';
import { mayHoldPrefix, peelCandidate, swallowed, withWrapperLevel, type PeeledLine } from './peel.js';
import { latin1ToUtf8, ownCopy, utf8ToLatin1 } from './strings.js';
import { countWeak } from './weak.js';

// Neighbouring lines a grammar may ask for (each sees MAX_LINE_TEXT of them).
const MAX_NEIGHBOUR_LINES = 40;

// Loops, not a predicate: a closure per candidate line was garbage on every dense location line (issue 21).
function someMayHoldPrefix(emitted: readonly RawLocation[], from: number): boolean {
  for (let index = from; index < emitted.length; index++) if (mayHoldPrefix(emitted[index]!.file)) return true;
  return false;
}

function someSwallowed(emitted: readonly RawLocation[], from: number, text: string, peeledLength: number): boolean {
  for (let index = from; index < emitted.length; index++) if (swallowed(text, emitted[index]!.file, peeledLength)) return true;
  return false;
}

/** What a line offer works with: the scanner's own parts. */
interface LineOfferParts {
  host: ContextHost;
  formatOffer: FormatOffer;
  lineTexts: LineTexts;
  normalise: (raw: string) => string;
  /** The scanner's buffer as it is now (it is replaced as the log streams in). */
  buffer: () => string;
}

export class LineOffer {
  /** The neighbours of the candidate line being offered. */
  private readonly neighbours: Neighbours;
  /** The candidate line being offered: its raw text and bounds, and its prepared text once a format asked for it. */
  private pendingRaw = '';
  private pendingStart = 0;
  private pendingEnd = 0;
  private pendingLong = false;
  private pendingLine: PeeledLine | undefined;
  // Made once, not per line (a dense log's location lines made five closures each; issue 21).
  private readonly readNeighbour = (delta: number): string | undefined => (
    (this.parts.host.readBeyondLine = true),
    this.neighbours.text(delta)
  );
  private readonly lineNeighbour = (delta: number): string | undefined => (delta === 0 ? this.prepared().text : this.readNeighbour(delta));
  private readonly preparedText = (): string => this.prepared().text;
  // A peeled neighbour is its line without a head, so what its raw line cannot hold, it cannot either.
  private readonly neighbourMayHold = (delta: number, needle: string): boolean => (
    (this.parts.host.readBeyondLine = true),
    this.neighbours.mayHold(delta, needle)
  );

  constructor(private readonly parts: LineOfferParts) {
    this.neighbours = new Neighbours(parts.lineTexts, parts.buffer, MAX_NEIGHBOUR_LINES);
  }

  /** Offers the candidate line [lineStart, lineEnd) of the buffer (`raw`: its text, or a window of a `long` one). */
  offer(raw: string, lineStart: number, lineEnd: number, logLine: number, long: boolean): void {
    this.pendingRaw = raw;
    this.pendingStart = lineStart;
    this.pendingEnd = lineEnd;
    this.pendingLong = long;
    this.pendingLine = undefined;
    // A structured-log wrapper or a web copy's Markdown hides a line from the raw anchors: such a line is rewritten
    // before they look; any other line is decoded only once an anchor selects it.
    const line = !long && mayBeRewritten(raw) ? this.prepared() : undefined;
    const emittedBefore = this.parts.host.emitted.length;
    const claimant = this.parts.formatOffer.offer(line?.changed ? utf8ToLatin1(line.text) : raw, this.preparedText, logLine);
    if (long) return;
    withWrapperLevel(line, this.parts.host.emitted, emittedBefore);
    // A prefix learned from the neighbours (`[rank0]:`, `api  | `) or a tool tag (`[javac] `, `error:`) may be a
    // tool's own words (make's `make[1]: `, Maven's `[ERROR] `), so the line is first offered with it; when no
    // specific format claimed it or a path swallowed the prefix, it goes again without, its neighbours peeled alike.
    const emitted = this.parts.host.emitted;
    const specific = claimant !== undefined && claimant.fallback !== true;
    if (specific && !someMayHoldPrefix(emitted, emittedBefore)) return;
    const peeled = peelCandidate(this.prepared());
    if (peeled === undefined) return;
    if (specific && !someSwallowed(emitted, emittedBefore, this.prepared().text, peeled.peeledLength)) return;
    // Copied only now: nearly every claimed line returned above, and a copy per line was garbage (issue 21).
    const fresh = emitted.slice(emittedBefore);
    this.parts.host.emitted.length = emittedBefore;
    this.parts.host.weakKept -= countWeak(fresh);
    this.parts.host.lineMemo.clear();
    this.parts.host.neighbour = (delta) => (delta === 0 ? peeled.text : peeled.neighbour(delta));
    this.parts.formatOffer.offer(utf8ToLatin1(peeled.text), () => peeled.text, logLine);
    withWrapperLevel(line, this.parts.host.emitted, emittedBefore, peeled.severity);
    // Without the tag the line says nothing: what the fallback tiers read with it stands (`Error: 2:1 …` rows).
    if (this.parts.host.emitted.length > emittedBefore) return;
    this.parts.host.emitted.push(...fresh);
    this.parts.host.weakKept += countWeak(fresh);
  }

  /** The prepared text of the line [lineStart, lineEnd) of the buffer (`raw`: its text), as a candidate line's is made:
   * its neighbours and memos set up for a format that reads it outside the offer (last-resort.ts). */
  textOf(raw: string, lineStart: number, lineEnd: number): string {
    this.pendingRaw = raw;
    this.pendingStart = lineStart;
    this.pendingEnd = lineEnd;
    this.pendingLong = false;
    this.pendingLine = undefined;
    return this.prepared().text;
  }

  // The candidate line's prepared text, made on first use.
  private prepared(): PeeledLine {
    return (this.pendingLine ??= this.prepareLine(this.pendingRaw, this.pendingStart, this.pendingEnd, this.pendingLong));
  }

  // The normalised, peeled text of a selected line, with fresh per-line memos and its neighbours on demand.
  private prepareLine(raw: string, lineStart: number, lineEnd: number, long: boolean): PeeledLine {
    const text = long
      ? ownCopy(this.parts.normalise(latin1ToUtf8(raw)))
      : this.parts.lineTexts.of(this.parts.buffer(), lineStart, lineEnd, raw);
    this.parts.host.linePackage = long ? undefined : this.parts.lineTexts.package;
    this.parts.host.lineMemo.clear();
    this.parts.host.tokenMemo.clear();
    this.neighbours.reset(lineStart, lineEnd);
    // A logfmt wrapper changes what the anchors see (read before any neighbour is normalised).
    const line: PeeledLine = {
      text,
      neighbour: this.readNeighbour,
      changed: !long && this.parts.lineTexts.rewritten,
      level: this.parts.lineTexts.level,
    };
    this.parts.host.neighbour = this.lineNeighbour;
    this.parts.host.neighbourMayHold = this.neighbourMayHold;
    return line;
  }
}

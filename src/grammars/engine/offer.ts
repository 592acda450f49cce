// Offering one candidate line to the formats, apart from the scanner's streaming loop (scanner.ts): formats in
// registry order, each tried when its anchor selects the line, up to the one that claims it; then the formats
// that read claimed lines too.
import { FormatLineContext } from './context.js';
import type { ContextHost } from './host.js';
import type { FormatAnchors } from './format-anchors.js';
import type { GrammarFormat } from './format.js';
import { RepeatMemo } from './repeat-memo.js';

const MEMO_PROBES = 256;
const MEMO_PROBE_LENGTH = 1024;
const EMPTY_ORDER = new Uint16Array(0);

/** A probe's anchor verdicts (0 not tested, 1 selects, 2 refuses) and the formats they leave, in registry order. */
interface KnownProbe {
  selects: Uint8Array;
  order: Uint16Array;
}

/** What a format set's offers read of the set alone: every format index in registry order (the formats a probe never
 * seen is offered to), and those of the formats that also read claimed lines (GrammarFormat.readsClaimedLines). */
interface SetOrder {
  every: Uint16Array;
  readersOfClaimed: readonly number[];
}

// Kept per format set, as the anchors are: a flatMap over 156 formats per scan was ~0.5 % of a warm 10 KB call.
const setOrders = new WeakMap<readonly GrammarFormat[], SetOrder>();

function setOrderOf(formats: readonly GrammarFormat[]): SetOrder {
  let order = setOrders.get(formats);
  if (order === undefined) {
    const every = new Uint16Array(formats.length);
    for (let index = 0; index < formats.length; index++) every[index] = index;
    const readersOfClaimed = formats.flatMap((format, at) => (format.readsClaimedLines === true ? [at] : []));
    setOrders.set(formats, (order = { every, readersOfClaimed }));
  }
  return order;
}

// The verdicts known for each set of anchors, kept across scans: the anchors are built once per format set and prefix
// kinds per process (formatAnchorsFor), and a warm call on the same log (an editor's, a watcher's) tested the same
// probes against them again, about a tenth of a warm 10 KB call (issue 21). A verdict depends on the probe alone.
const verdicts = new WeakMap<FormatAnchors, RepeatMemo<KnownProbe>>();

function verdictsOf(anchors: FormatAnchors): RepeatMemo<KnownProbe> {
  let memo = verdicts.get(anchors);
  if (memo === undefined) verdicts.set(anchors, (memo = new RepeatMemo<KnownProbe>(MEMO_PROBES, MEMO_PROBE_LENGTH)));
  return memo;
}

export class FormatOffer {
  /** The distinct format anchors, for the prefix kinds this log uses (built with the line-start prefilter),
   * and which of them is each format's: 107 formats share 81 anchors (many use the generic path anchor). */
  anchors: FormatAnchors | undefined;
  private selects: Uint8Array | undefined;
  /** One reusable line context per format (same order as `formats`), made when the format first sees a line:
   * most formats see none, and making all 156 was a tenth of a warm 10 KB call's set-up. */
  private readonly contexts: Array<FormatLineContext | undefined> = [];
  /** The set's format order and readers of claimed lines (setOrderOf), found once per set. */
  private setOrder: SetOrder | undefined;
  /** What the anchors said of a probe seen before (a log repeats its lines): an anchor's verdict depends on the probe
   * alone, and an unclaimed line with a number tests every anchor. Bounded; the anchors' own (see verdictsOf). */
  private knownProbes: RepeatMemo<KnownProbe> | undefined;
  private knownFor: FormatAnchors | undefined;
  /** Whether the current offer tested an anchor its probe's known verdicts lacked. */
  private testedNew = false;

  constructor(
    private readonly formats: readonly GrammarFormat[],
    private readonly host: ContextHost,
  ) {}

  // The anchors of formats after the claimant are never tested (they were ~10 µs of every candidate line).
  offer(probe: string, textOf: () => string, logLine: number): GrammarFormat | undefined {
    // Whether each anchor selects the probe: 0 not yet tested, 1 yes, 2 no (one array for all lines).
    const anchors = this.anchors!;
    const selects = (this.selects ??= new Uint8Array(anchors.count));
    if (this.knownFor !== anchors) {
      this.knownProbes = verdictsOf(anchors);
      this.knownProbes.restart();
      this.knownFor = anchors;
    }
    const knownProbes = this.knownProbes!;
    const known = knownProbes.get(probe);
    if (known === undefined) selects.fill(0);
    else selects.set(known.selects);
    this.testedNew = false;
    try {
      return this.offerSelected(probe, textOf, logLine, known?.order ?? (this.setOrder ??= setOrderOf(this.formats)).every);
    } finally {
      if (known !== undefined) {
        if (this.testedNew) this.know(known, selects);
      } else if (knownProbes.wants(probe)) {
        knownProbes.set(probe, this.know({ selects: new Uint8Array(selects.length), order: EMPTY_ORDER }, selects));
      }
    }
  }

  // A known probe's verdicts, and the formats its anchors did not refuse, in registry order: a dense log's repeated
  // location line walked all 150 formats before go build's to skip ~145 of them (a tenth of a 10 MB go log's scan).
  private know(known: KnownProbe, selects: Uint8Array): KnownProbe {
    known.selects.set(selects);
    const anchorOfFormat = this.anchors!.anchorOfFormat;
    let count = 0;
    for (let index = 0; index < this.formats.length; index++) if (selects[anchorOfFormat[index]!] !== 2) count++;
    const order = new Uint16Array(count);
    count = 0;
    for (let index = 0; index < this.formats.length; index++) if (selects[anchorOfFormat[index]!] !== 2) order[count++] = index;
    known.order = order;
    return known;
  }

  private offerSelected(probe: string, textOf: () => string, logLine: number, order: Uint16Array): GrammarFormat | undefined {
    const anchors = this.anchors!;
    const selects = this.selects!;
    let text: string | undefined;
    const { host } = this;
    const emittedBefore = host.emitted.length;
    for (let at = 0; at < order.length; at++) {
      const index = order[at]!;
      const anchor = anchors.anchorOfFormat[index]!;
      if (selects[anchor] === 0) {
        selects[anchor] = anchors.selects(anchor, probe) ? 1 : 2;
        this.testedNew = true;
      }
      if (selects[anchor] === 2) continue;
      text ??= textOf();
      // A grammar's cost grows with the text it is offered (lexing, matching): the growth tests count it.
      if (host.meter !== undefined) host.meter.steps += text.length;
      if (this.formats[index]!.parse(this.contextOf(index).reset(text, logLine))) {
        // A claimant that placed nothing here read a header or context line whose meaning it knows.
        if (host.emitted.length > emittedBefore) this.offerClaimed(index, probe, text, logLine);
        return this.formats[index];
      }
    }
    return undefined;
  }

  // The formats that read claimed lines too (the prose tier), after the claimant, each when its anchor selects.
  private offerClaimed(claimant: number, probe: string, text: string, logLine: number): void {
    const anchors = this.anchors!;
    const selects = this.selects!;
    for (const index of (this.setOrder ??= setOrderOf(this.formats)).readersOfClaimed) {
      const anchor = anchors.anchorOfFormat[index]!;
      if (index > claimant && selects[anchor] === 0) {
        selects[anchor] = anchors.selects(anchor, probe) ? 1 : 2;
        this.testedNew = true;
      }
      if (index > claimant && selects[anchor] === 1) this.formats[index]!.parse(this.contextOf(index).reset(text, logLine));
    }
  }

  private contextOf(index: number): FormatLineContext {
    return (this.contexts[index] ??= new FormatLineContext(this.host, this.formats[index]!));
  }
}

// Each format's own anchor, which decides whether a candidate line is offered to that format. A log whose lines
// carry CI prefixes (a GitHub timestamp, a task runner's name) must still select `^`-led anchors after them.
// Splicing the prefix alternation into every anchor (`^(?:P)?(?:P)?X`) made 129 large regexes that V8 compiled
// and tiered up in every process: ~40 ms of a timestamped 1 MB log's CLI run (issue 15), against ~4 ms for the
// plain ones. Instead each `^`-led anchor gets a sticky twin with the `^` removed, tried where the log's
// prefixes end on the line: the same places the spliced `^` matched after one or two prefixes.
import { type GrammarFormat } from './format.js';
import { RequiredGrams } from './required-grams.js';

// A `^` that starts the source, an alternative or a group: where the prefixes used to be spliced in (the tests
// keep that splicing as the reference the twins are checked against).
const LEADING_CARET = /(^|\||\(\?:|\()\^/g;
const HAS_LEADING_CARET = new RegExp(LEADING_CARET.source);

export class FormatAnchors {
  /** Which anchor is each format's (formats share sources: 107 formats had 81). */
  readonly anchorOfFormat: number[];
  private readonly plain: RegExp[] = [];
  private readonly afterPrefix: (RegExp | null)[] = [];
  private readonly prefix: RegExp | null;
  private readonly whole: RegExp | null;
  private readonly twoPrefixes: boolean;
  /** The characters each anchor cannot match without, checked before its regex runs. */
  private readonly required: RequiredGrams;

  constructor(formats: readonly GrammarFormat[], prefixes: string) {
    // Two prefixes cover a GitHub timestamp wrapping a task-runner prefix; a single kind needs one.
    this.prefix = prefixes === '' ? null : new RegExp(`(?:${prefixes})`, 'y');
    this.whole = prefixes === '' ? null : new RegExp(`^(?:${prefixes})$`);
    this.twoPrefixes = prefixes.includes('|');
    const indexBySource = new Map<string, number>();
    this.anchorOfFormat = formats.map((format) => {
      let index = indexBySource.get(format.anchor);
      if (index === undefined) {
        indexBySource.set(format.anchor, (index = this.plain.length));
        this.plain.push(new RegExp(format.anchor, 'm'));
        const led = this.prefix !== null && HAS_LEADING_CARET.test(format.anchor);
        this.afterPrefix.push(led ? new RegExp(format.anchor.replace(LEADING_CARET, '$1'), 'ym') : null);
      }
      return index;
    });
    this.required = new RequiredGrams(this.plain.map((regex) => regex.source));
  }

  // The prefix ends of the probe last asked about, found when a twin first needs them (a closure per line to defer
  // them was a tenth of a dense log's garbage; issue 21).
  private endsProbe: string | undefined;
  private ends: readonly number[] = [];

  private prefixEndsOf(probe: string): readonly number[] {
    if (probe !== this.endsProbe) {
      this.ends = this.prefixEnds(probe);
      this.endsProbe = probe;
    }
    return this.ends;
  }

  get count(): number {
    return this.plain.length;
  }

  /**
   * Where the log's line prefixes end on `probe` (a raw line), after one and after two of them. Besides each
   * greedy end, the end one blank earlier when the prefix also matches there: a GitHub timestamp's trailing
   * space is optional, and an anchor such as `^  -->` needs that space back (the spliced regex backtracked).
   */
  prefixEnds(probe: string): number[] {
    const ends: number[] = [];
    if (this.prefix === null) return ends;
    let starts = [0];
    for (let kind = 0; kind < (this.twoPrefixes ? 2 : 1) && starts.length > 0; kind++) {
      const next: number[] = [];
      for (const start of starts) {
        this.prefix.lastIndex = start;
        if (!this.prefix.test(probe) || this.prefix.lastIndex === start) continue;
        const end = this.prefix.lastIndex;
        next.push(end);
        const blank = probe.charCodeAt(end - 1);
        if ((blank === 0x20 || blank === 0x09) && end - 1 > start && this.whole!.test(probe.slice(start, end - 1))) next.push(end - 1);
      }
      ends.push(...next);
      starts = next;
    }
    return ends;
  }

  /** Whether anchor `index` selects `probe`. */
  selects(index: number, probe: string): boolean {
    // Both the anchor and its twin need the same literals (the twin only lacks a `^`).
    if (!this.required.mayMatch(index, probe)) return false;
    if (this.plain[index]!.test(probe)) return true;
    const twin = this.afterPrefix[index];
    if (twin === null || twin === undefined) return false;
    for (const end of this.prefixEndsOf(probe)) {
      twin.lastIndex = end;
      if (twin.test(probe)) return true;
    }
    return false;
  }
}

// The normalised text of buffer lines, as grammars see them: decoded as UTF-8, normalised (ANSI, CR redraws),
// CI prefixes stripped and a structured-log wrapper's message unwrapped (logfmt, JSON lines), capped at MAX_LINE_TEXT characters.
import type { Severity } from '../../core/index.js';
import { readStructuredLog } from './peel.js';
import { stripLinePrefixes, type PrefixPackage } from './prefixes.js';
import type { LearnedPrefix } from './line-peel.js';
import { latin1ToUtf8, ownCopy } from './strings.js';
import { quoteLength, repairWebCopy } from './web-copy.js';
import { RepeatMemo } from './repeat-memo.js';

// How much of each line a grammar sees.
const MAX_LINE_TEXT = 4 * 1024;
// Lines remembered by position: the last 48 normalised, in a ring (no map, no entry objects). Location lines come
// in runs and their formats read the lines around them (tsc: the line before and after; cargo, jest: up to 12 and 40
// lines), so 48 normalise each line about once (counted on the bench logs: tsc 13 341 for 13 308 lines, cargo
// 23 742 for 27 097, jest 27 932 for 27 846; 8 left cargo at 56 939 and jest at 39 977). A map of 256 normalised as
// few but kept so many texts alive past young-generation collections that the cold CLI on the jest log was ~10 %
// slower than with none; the ring measured level with none there.
const REMEMBERED = 48;
// Distinct lines whose texts are remembered by their bytes, and the longest such line.
const MEMO_LINES = 256;
const MEMO_LINE_LENGTH = 1024;

/** What a line's raw bytes made: its text and what `of` reports with it. */
interface KnownText {
  text: string;
  rewritten: boolean;
  level: Severity | null;
  package: PrefixPackage | undefined;
}
const START_MASK = 1023;

/** The texts of lines by their raw bytes, and the learned prefix they were peeled with. */
interface TextMemo {
  memo: RepeatMemo<KnownText>;
  learned: LearnedPrefix | undefined;
}
// One memo per normaliser, kept across scans: a text depends on the bytes, the normaliser and the learned prefix alone
// (a log with none learns none again), and a warm call on the same log (an editor's, a watcher's) normalised and peeled
// the same lines again (issue 21). Bounded as before (MEMO_LINES of at most MEMO_LINE_LENGTH bytes).
const textMemos = new WeakMap<(raw: string) => string, TextMemo>();

export class LineTexts {
  /** Whether the line `of` last returned is not what the raw anchors saw: a structured-log wrapper's unwrapped
   * message, or a web copy's Markdown repaired. */
  rewritten = false;
  /** The severity a structured-log wrapper's level stated (`level=error`), null when none. */
  level: Severity | null = null;
  /** The monorepo package the prefix of the line `of` last returned named (pnpm's folder, turbo's name). */
  package: PrefixPackage | undefined;
  /** The ring of remembered lines: start and end offsets in the buffer, text and logfmt flag (start −1: empty). */
  private readonly starts = new Array<number>(REMEMBERED).fill(-1);
  private readonly ends = new Array<number>(REMEMBERED).fill(-1);
  private readonly texts = new Array<string>(REMEMBERED).fill('');
  private readonly rewrittenFlags = new Array<boolean>(REMEMBERED).fill(false);
  private readonly levels = new Array<Severity | null>(REMEMBERED).fill(null);
  private readonly packages = new Array<PrefixPackage | undefined>(REMEMBERED).fill(undefined);
  private next = 0;
  // Which slot holds the line starting at an offset, by the offset's low bits: looking a line up walked all 48 slots,
  // a seventh of a dense tsc log's scan (its grammar reads both neighbours of every line; issue 21). A slot another
  // line took since only costs a normalising again.
  private readonly slotByStart = new Int16Array(START_MASK + 1).fill(-1);
  private readonly found: PrefixPackage = {};
  // The texts of lines seen before, by their raw bytes: a dense log repeats its location lines, and decoding, normalising
  // and peeling each again was a fifth to a quarter of its scan (issue 21). The learned prefix is the only setting
  // beside the bytes and the normaliser; the memo starts over if it changes.
  private readonly shared: TextMemo;
  /** The wrapper prefix the scanner learned from the log's first slice (./learned-prefix.ts), peeled after the listed ones. */
  learned: LearnedPrefix | undefined;
  /** Whether the log was pasted double-spaced (./double-spaced.ts): neighbours step over a lone blank line. */
  doubleSpaced = false;

  constructor(private readonly normalise: (raw: string) => string) {
    let shared = textMemos.get(normalise);
    if (shared === undefined)
      textMemos.set(normalise, (shared = { memo: new RepeatMemo<KnownText>(MEMO_LINES, MEMO_LINE_LENGTH), learned: undefined }));
    shared.memo.restart();
    this.shared = shared;
  }

  /** Forgets every line (the buffer's offsets changed). */
  forget(): void {
    this.starts.fill(-1);
    this.slotByStart.fill(-1);
  }

  /** The text of the line [start, end) of `buffer` (latin1, `end` at its `\n` or the buffer's end); `whole`, when the
   * caller has it, is that line's raw text already sliced (the candidate line's: a second slice was a second string
   * to hash for the memo below). */
  of(buffer: string, start: number, end: number, whole?: string): string {
    // The end is checked too: the buffer's last line grows when more text arrives.
    const known = this.slotByStart[start & START_MASK]!;
    if (known >= 0 && this.starts[known] === start && this.ends[known] === end) {
      this.rewritten = this.rewrittenFlags[known]!;
      this.level = this.levels[known]!;
      this.package = this.packages[known];
      return this.texts[known]!;
    }
    const quote = quoteLength(buffer, start, end);
    const raw =
      quote === 0 && whole !== undefined && whole.length === end - start && whole.length <= MAX_LINE_TEXT * 4
        ? whole
        : buffer.slice(start + quote, Math.min(end, start + MAX_LINE_TEXT * 4));
    // A quoted line's text depends on its neighbours' marks; any other line's on its bytes alone.
    const shared = this.shared;
    if (shared.learned !== this.learned) {
      shared.memo.clear();
      shared.learned = this.learned;
    }
    const repeated = quote === 0 ? shared.memo.get(raw) : undefined;
    if (repeated !== undefined) {
      this.rewritten = repeated.rewritten;
      this.level = repeated.level;
      this.package = repeated.package;
      return this.remember(start, end, repeated.text);
    }
    // One object reused for every line: most lines have no prefix, and a fresh one per line is garbage.
    const found = this.found;
    found.folder = undefined;
    found.name = undefined;
    const learned = this.learned;
    const normal = this.normalise(latin1ToUtf8(raw.endsWith('\r') ? raw.slice(0, -1) : raw));
    const unpadded = withoutPadding(normal);
    const listed = stripLinePrefixes(learned?.beforeListed === true ? learned.peel(unpadded) : unpadded, found);
    const plain = learned === undefined || learned.beforeListed ? listed : stripLinePrefixes(learned.peel(listed), found);
    const stripped = repairWebCopy(plain);
    this.package =
      found.folder === undefined && found.name === undefined
        ? undefined
        : { ...(found.folder ? { folder: ownCopy(found.folder) } : {}), ...(found.name ? { name: ownCopy(found.name) } : {}) };
    const structured = readStructuredLog(stripped);
    const unwrapped = structured?.text ?? stripped;
    this.rewritten = unwrapped !== plain || quote > 0;
    this.level = structured?.severity ?? null;
    const text = ownCopy(unwrapped.length > MAX_LINE_TEXT ? unwrapped.slice(0, MAX_LINE_TEXT) : unwrapped);
    if (quote === 0 && shared.memo.wants(raw)) {
      shared.memo.set(raw, { text, rewritten: this.rewritten, level: this.level, package: this.package });
    }
    return this.remember(start, end, text);
  }

  // Keeps the line's text in the ring (with the flags `of` just set).
  private remember(start: number, end: number, text: string): string {
    const slot = this.next;
    this.next = (slot + 1) % REMEMBERED;
    this.slotByStart[start & START_MASK] = slot;
    this.starts[slot] = start;
    this.ends[slot] = end;
    this.texts[slot] = text;
    this.rewrittenFlags[slot] = this.rewritten;
    this.levels[slot] = this.level;
    this.packages[slot] = this.package;
    return text;
  }
}

/**
 * The line without the blanks a terminal copy pads it with to the window's width (issue 20: a pasted `== [q.sql] FAIL`
 * followed by 150 blanks, which every `$`-anchored header missed). Two or more trailing spaces are padding; one is kept:
 * it is text (a diff's context line ` `, a console's wrapped line broken at a blank, `Line 7: ` before an empty source
 * line), and so is a tab (an IDE error list's empty last column). A loop, not a regex: ` {2,}$` retried at every blank
 * of a long run of blanks.
 */
function withoutPadding(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x20) end--;
  return text.length - end >= 2 ? text.slice(0, end) : text;
}

// What in a raw line may let its normalised text hold a word the raw bytes do not: a control character (escape
// sequences, backspaces and other controls are removed; a CR redraw keeps one piece whole, so CR is not one), a C1
// control in UTF-8 (stripAnsi removes it; decoding any other byte removes none), a backslash (JSON, logfmt and
// Markdown escapes) and Markdown's emphasis, code spans and links.
const MAY_JOIN = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\\*`]|\xc2[\x80-\x9f]|\]\(/;
// A name that is not ASCII is not compared with raw bytes.
const NOT_ASCII = /[^\x00-\x7f]/;
// A colour code, removed whole by stripAnsi (summarise/ansi.ts): what is left of a coloured line may still be tested.
const COLOUR_CODE = /\x1b\[[0-9;]*m/g;

/**
 * The texts of the lines around the candidate line of the scanner's buffer, up to `reach` lines each way, each read
 * once. One object for the whole scan, pointed at each candidate line in turn: the closures, map and arrays it took per
 * line were the largest share of a dense log's garbage (issue 21: a tenth of a 10 MB go log's, then most of the rest).
 * The bounds of every line walked past are kept: grammars read neighbours one by one outward (a test block's header 30
 * lines up), and walking from the candidate line for each was O(delta²): a sixth of a jest log's scan.
 */
export class Neighbours {
  private lineStart = 0;
  private lineEnd = 0;
  // The lines right above and below, the ones nearly every format reads (a wrapped path's head, mypy's pretty frame):
  // null until read.
  private above: string | undefined | null = null;
  private below: string | undefined | null = null;
  // Made on the first farther neighbour asked for: most candidate lines are read with their adjacent lines at most.
  private texts: Map<number, string | undefined> | undefined;
  // Start, end of the lines walked to on each side, flat: [candidate start, candidate end, 1 away start, end, …].
  private before: number[] | undefined;
  private after: number[] | undefined;

  constructor(
    private readonly lines: LineTexts,
    private readonly buffer: () => string,
    private readonly reach: number,
  ) {}

  /** Points at the candidate line [lineStart, lineEnd) of the buffer, forgetting the previous one's neighbours. */
  reset(lineStart: number, lineEnd: number): void {
    this.lineStart = lineStart;
    this.lineEnd = lineEnd;
    this.above = null;
    this.below = null;
    this.texts = undefined;
    this.before = undefined;
    this.after = undefined;
  }

  /** The text of the line `delta` lines away (not 0), undefined beyond the buffer or the reach. */
  text(delta: number): string | undefined {
    if (delta === -1) return this.above === null ? (this.above = this.adjacent(-1)) : this.above;
    if (delta === 1) return this.below === null ? (this.below = this.adjacent(1)) : this.below;
    const texts = (this.texts ??= new Map());
    if (texts.has(delta)) return texts.get(delta);
    const walked = this.walkedTo(delta);
    const at = 2 * Math.abs(delta);
    const text = walked === undefined ? undefined : this.lines.of(this.buffer(), walked[at]!, walked[at + 1]!);
    texts.set(delta, text);
    return text;
  }

  /**
   * False when the text of the line `delta` lines away (not 0) certainly does not hold `needle`, or there is no such
   * line; else true. Its raw bytes tell without normalising it (a look-back reads lines no format asked for): only a
   * control character (C0, or C1 in UTF-8), a backslash escape or Markdown (`*`, `` ` ``, `](`) can join two pieces of
   * a raw line into a word that the raw line does not hold; every other step of normalising only removes a line's head
   * or keeps one piece of it. Colour codes, on most lines of a coloured log, are removed first as stripAnsi does.
   */
  mayHold(delta: number, needle: string): boolean {
    if (NOT_ASCII.test(needle)) return true;
    // A line already read (null: not yet) answers from its text.
    let known: string | undefined | null = null;
    if (delta === -1) known = this.above;
    else if (delta === 1) known = this.below;
    else if (this.texts?.has(delta) === true) known = this.texts.get(delta);
    if (known !== null) return known !== undefined && known.includes(needle);
    const walked = this.walkedTo(delta);
    if (walked === undefined) return false;
    const distance = Math.abs(delta);
    const start = walked[2 * distance]!;
    let end = walked[2 * distance + 1]!;
    const buffer = this.buffer();
    if (end > start && buffer.charCodeAt(end - 1) === 0x0d) end--;
    const raw = buffer.slice(start, end);
    if (raw.includes(needle)) return true;
    if (!MAY_JOIN.test(raw)) return false;
    if (!raw.includes('\x1b')) return true;
    const uncoloured = raw.replace(COLOUR_CODE, '');
    return uncoloured.includes(needle) || MAY_JOIN.test(uncoloured);
  }

  // The bounds of the lines walked to on the side of `delta`, up to it; undefined beyond the buffer or the reach.
  private walkedTo(delta: number): number[] | undefined {
    const distance = Math.abs(delta);
    if (distance > this.reach) return undefined;
    const buffer = this.buffer();
    const walked = delta < 0 ? (this.before ??= [this.lineStart, this.lineEnd]) : (this.after ??= [this.lineStart, this.lineEnd]);
    while (walked.length <= 2 * distance) {
      if (!this.step(buffer, walked[walked.length - 2]!, walked[walked.length - 1]!, delta < 0 ? -1 : 1)) break;
      walked.push(this.stepStart, this.stepEnd);
    }
    return walked.length > 2 * distance ? walked : undefined;
  }

  private adjacent(step: -1 | 1): string | undefined {
    const buffer = this.buffer();
    return this.step(buffer, this.lineStart, this.lineEnd, step) ? this.lines.of(buffer, this.stepStart, this.stepEnd) : undefined;
  }

  // The bounds of the line next to [start, end) of `text` (`end` at its `\n`) into stepStart and stepEnd, false past
  // an end: two fields, not a pair per call (a dense tsc log reads both neighbours of every line; issue 21).
  private stepStart = 0;
  private stepEnd = 0;
  private step(text: string, start: number, end: number, direction: -1 | 1): boolean {
    if (!this.stepOnce(text, start, end, direction)) return false;
    if (!this.lines.doubleSpaced || !isBlank(text, this.stepStart, this.stepEnd) || isBlank(text, start, end)) return true;
    // A lone blank between two printed lines is the paste's: the line beyond it is the neighbour the tool printed.
    const blankStart = this.stepStart;
    const blankEnd = this.stepEnd;
    if (this.stepOnce(text, blankStart, blankEnd, direction) && !isBlank(text, this.stepStart, this.stepEnd)) return true;
    this.stepStart = blankStart;
    this.stepEnd = blankEnd;
    return true;
  }

  private stepOnce(text: string, start: number, end: number, direction: -1 | 1): boolean {
    if (direction < 0) {
      if (start <= 0) return false;
      this.stepEnd = start - 1;
      this.stepStart = text.lastIndexOf('\n', start - 2) + 1;
      return true;
    }
    if (end >= text.length) return false;
    this.stepStart = end + 1;
    const next = text.indexOf('\n', end + 1);
    this.stepEnd = next < 0 ? text.length : next;
    return true;
  }
}

// Whether the line [start, end) of `text` holds nothing but blanks and a CR.
function isBlank(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) return false;
  }
  return true;
}

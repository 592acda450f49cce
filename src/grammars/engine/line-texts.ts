// The normalised text of buffer lines, as grammars see them: decoded as UTF-8, normalised (ANSI, CR redraws),
// CI prefixes stripped and a structured-log wrapper's message unwrapped (logfmt, JSON lines), capped at MAX_LINE_TEXT characters.
import type { Severity } from '../../core/index.js';
import { readStructuredLog } from './peel.js';
import { stripLinePrefixes, type PrefixPackage } from './prefixes.js';
import { latin1ToUtf8, neighbourBounds, ownCopy } from './strings.js';

// How much of each line a grammar sees.
const MAX_LINE_TEXT = 4 * 1024;
// Lines remembered by position: the last 48 normalised, in a ring (no map, no entry objects). Location lines come
// in runs and their formats read the lines around them (tsc: the line before and after; cargo, jest: up to 12 and 40
// lines), so 48 normalise each line about once (counted on the bench logs: tsc 13 341 for 13 308 lines, cargo
// 23 742 for 27 097, jest 27 932 for 27 846; 8 left cargo at 56 939 and jest at 39 977). A map of 256 normalised as
// few but kept so many texts alive past young-generation collections that the cold CLI on the jest log was ~10 %
// slower than with none; the ring measured level with none there.
const REMEMBERED = 48;

// A log copied from a web page as Markdown (issue 20, copy damage): a viewer's link inside a location comes out as
// `[text](url)` (`src/a.c:4:[7](https://…#step:5:7)2` for `src/a.c:4:72`, `[src/a.c:4](https://…)`), and a
// table cell's pipes as `\|` (`4 \| return x;`). The link's text and the plain pipe are what the tool printed.
const MARKDOWN_LINK = /\[([^\[\]\n]{1,512})\]\((?:https?|file):\/\/[^\s()]{0,2048}\)/g;

/** The line as the tool printed it before a web page's copy turned parts of it into Markdown. */
export function repairWebCopy(line: string): string {
  let repaired = line.includes('](') ? line.replace(MARKDOWN_LINK, '$1') : line;
  if (repaired.includes('\\|')) repaired = repaired.replace(/\\\|/g, '|');
  return repaired;
}

export class LineTexts {
  /** Whether the line `of` last returned was a structured-log wrapper's unwrapped message. */
  unwrapped = false;
  /** The severity that wrapper's level stated (`level=error`), null when none. */
  level: Severity | null = null;
  /** The monorepo package the prefix of the line `of` last returned named (pnpm's folder, turbo's name). */
  package: PrefixPackage | undefined;
  /** The ring of remembered lines: start and end offsets in the buffer, text and logfmt flag (start −1: empty). */
  private readonly starts = new Array<number>(REMEMBERED).fill(-1);
  private readonly ends = new Array<number>(REMEMBERED).fill(-1);
  private readonly texts = new Array<string>(REMEMBERED).fill('');
  private readonly unwrappedFlags = new Array<boolean>(REMEMBERED).fill(false);
  private readonly levels = new Array<Severity | null>(REMEMBERED).fill(null);
  private readonly packages = new Array<PrefixPackage | undefined>(REMEMBERED).fill(undefined);
  private next = 0;
  private readonly found: PrefixPackage = {};

  constructor(private readonly normalise: (raw: string) => string) {}

  /** Forgets every line (the buffer's offsets changed). */
  forget(): void {
    this.starts.fill(-1);
  }

  /** The text of the line [start, end) of `buffer` (latin1, `end` at its `\n` or the buffer's end). */
  of(buffer: string, start: number, end: number): string {
    // The end is checked too: the buffer's last line grows when more text arrives.
    for (let slot = 0; slot < REMEMBERED; slot++) {
      if (this.starts[slot] === start && this.ends[slot] === end) {
        this.unwrapped = this.unwrappedFlags[slot]!;
        this.level = this.levels[slot]!;
        this.package = this.packages[slot];
        return this.texts[slot]!;
      }
    }
    const raw = buffer.slice(start, Math.min(end, start + MAX_LINE_TEXT * 4));
    // One object reused for every line: most lines have no prefix, and a fresh one per line is garbage.
    const found = this.found;
    found.folder = undefined;
    found.name = undefined;
    const stripped = repairWebCopy(stripLinePrefixes(this.normalise(latin1ToUtf8(raw.endsWith('\r') ? raw.slice(0, -1) : raw)), found));
    this.package = found.folder === undefined && found.name === undefined ? undefined : { ...(found.folder ? { folder: ownCopy(found.folder) } : {}), ...(found.name ? { name: ownCopy(found.name) } : {}) };
    const structured = readStructuredLog(stripped);
    const unwrapped = structured?.text ?? stripped;
    this.unwrapped = unwrapped !== stripped;
    this.level = structured?.severity ?? null;
    const text = ownCopy(unwrapped.length > MAX_LINE_TEXT ? unwrapped.slice(0, MAX_LINE_TEXT) : unwrapped);
    const slot = this.next;
    this.next = (slot + 1) % REMEMBERED;
    this.starts[slot] = start;
    this.ends[slot] = end;
    this.texts[slot] = text;
    this.unwrappedFlags[slot] = this.unwrapped;
    this.levels[slot] = this.level;
    this.packages[slot] = this.package;
    return text;
  }
}

/**
 * The texts of the lines around [lineStart, lineEnd) of the scanner's buffer, up to `reach` lines each way, each
 * read once. The bounds of every line walked past are kept: grammars read neighbours one by one outward (a test
 * block's header 30 lines up), and walking from the candidate line for each was O(delta²): a sixth of a jest
 * log's scan.
 */
export function neighbourTexts(lines: LineTexts, buffer: () => string, lineStart: number, lineEnd: number, reach: number): (delta: number) => string | undefined {
  const texts = new Map<number, string | undefined>();
  // Start, end of the lines walked to on each side, flat: [candidate start, candidate end, 1 away start, end, …].
  const before = [lineStart, lineEnd];
  const after = [lineStart, lineEnd];
  return (delta) => {
    const distance = Math.abs(delta);
    if (distance > reach) return undefined;
    if (texts.has(delta)) return texts.get(delta);
    const walked = delta < 0 ? before : after;
    while (walked.length <= 2 * distance) {
      const bounds = neighbourBounds(buffer(), walked[walked.length - 2]!, walked[walked.length - 1]!, delta < 0 ? -1 : 1);
      if (bounds === undefined) break;
      walked.push(bounds[0], bounds[1]);
    }
    const text = walked.length > 2 * distance ? lines.of(buffer(), walked[2 * distance]!, walked[2 * distance + 1]!) : undefined;
    texts.set(delta, text);
    return text;
  };
}

// Feeds every line of a log to the user's patterns, streaming: the built-in scanner decodes only the lines its
// anchors pick, but a user pattern may read any line (a %C continuation, a %D directory line), so this pass
// splits all of them. It keeps one partial line (cut at MAX_LINE) and a bit per line saying whether a user pattern
// consumed it, so the built-in formats can leave those lines to the user.
import { DEFAULT_MAX_LOCATIONS, type RawLocation } from '../../core/index.js';
import { latin1ToUtf8 } from '../engine/strings.js';
import { QuickfixMachine, type GiveUp } from './machine.js';
import { matchesEveryLine, parsePattern } from './pattern.js';

/** Longest line the patterns see (Go's bufio.Scanner, which errorformat reads with, stops at the same size). */
export const MAX_LINE = 64 * 1024;

/** A named list of patterns, tried in order on every line (`--efm`, repeatable, or a project file's formats). */
export interface UserFormat {
  /** Reported as the location's format; kebab-case like the built-in names. */
  readonly name: string;
  readonly patterns: readonly string[];
}

interface UserScanOptions {
  readonly formats: readonly UserFormat[];
  readonly normaliseLine: (raw: string) => string;
  readonly maxLocations?: number;
}

/** Throws a one-line E_USAGE for the first malformed pattern; nothing is scanned with a broken list. */
export function checkUserFormats(formats: readonly UserFormat[]): void {
  for (const format of formats) for (const pattern of format.patterns) parsePattern(pattern);
}

/** True when the patterns consume every line (a trailing `%-G%.%#`): the built-in formats would see nothing. */
export function userFormatsTakeEveryLine(formats: readonly UserFormat[]): boolean {
  return formats.some((format) => format.patterns.some((pattern) => matchesEveryLine(parsePattern(pattern))));
}

export class UserFormatScanner {
  private readonly machines: QuickfixMachine[];
  private readonly normalise: (raw: string) => string;
  private readonly maxLocations: number;
  readonly locations: RawLocation[] = [];
  overflow = 0;
  private partial = '';
  private cut = false;
  private logLine = 0;
  private consumed = new Uint8Array(1024);

  constructor(options: UserScanOptions) {
    this.normalise = options.normaliseLine;
    this.maxLocations = options.maxLocations ?? DEFAULT_MAX_LOCATIONS;
    const keep = (location: RawLocation): void => {
      if (this.locations.length < this.maxLocations) this.locations.push(location);
      else this.overflow++;
    };
    this.machines = options.formats.map((format) => new QuickfixMachine(format.patterns, format.name, keep));
  }

  /** Feeds the next slice of the log, decoded as latin1. */
  write(latin1: string): void {
    let from = 0;
    for (let newline = latin1.indexOf('\n'); newline >= 0; newline = latin1.indexOf('\n', from)) {
      this.append(latin1.slice(from, newline));
      this.line();
      from = newline + 1;
    }
    if (from < latin1.length) this.append(latin1.slice(from));
  }

  end(): void {
    if (this.partial !== '' || this.cut) this.line();
    for (const machine of this.machines) machine.end();
    this.locations.sort((left, right) => left.logLine - right.logLine);
  }

  /** True when a user pattern consumed this log line (1-based). */
  consumedLine(logLine: number): boolean {
    return ((this.consumed[logLine >>> 3] ?? 0) & (1 << (logLine & 7))) !== 0;
  }

  /** Lines read so far (a last line without `\n` counts once the log ended). */
  get lines(): number {
    return this.logLine;
  }

  get gaveUp(): GiveUp[] {
    return this.machines.flatMap((machine) => machine.gaveUp);
  }

  private append(text: string): void {
    if (this.cut) return;
    const room = MAX_LINE - this.partial.length;
    if (text.length > room) {
      this.partial += text.slice(0, room);
      this.cut = true;
    } else {
      this.partial += text;
    }
  }

  private line(): void {
    this.logLine++;
    const raw = this.partial.endsWith('\r') ? this.partial.slice(0, -1) : this.partial;
    this.partial = '';
    this.cut = false;
    const text = this.normalise(latin1ToUtf8(raw));
    let consumed = false;
    // Each user format reads every line; a line is the user's when any of them consumed it.
    for (const machine of this.machines) if (machine.feed(text, this.logLine)) consumed = true;
    if (consumed) this.markConsumed(this.logLine);
  }

  private markConsumed(logLine: number): void {
    const byte = logLine >>> 3;
    if (byte >= this.consumed.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.consumed.length * 2));
      grown.set(this.consumed);
      this.consumed = grown;
    }
    this.consumed[byte] = (this.consumed[byte] as number) | (1 << (logLine & 7));
  }
}

// Paging and searching saved output by line, in bounded memory, jumping through the sparse line index.
import { open } from 'node:fs/promises';
import { FaultlineError } from '../core/index.js';
import { capLineText, LineSplitter, type SplitLine } from './lines.js';
import { readArtifactMeta, resolveArtifact, type ArtifactMeta, type StoreOptions } from './store.js';
import { redactorFrom, type RedactOption } from '../redact/index.js';

const CHUNK_BYTES = 64 * 1024;
/** Longest line text returned to the caller; the full (64 KiB-capped) line is still searched. */
const DISPLAY_LINE_CHARS = 2000;
const LIMIT_RANGE = { min: 1, max: 1000, default: 200 } as const;
const CONTEXT_RANGE = { min: 0, max: 20, default: 0 } as const;
// Full line text held for redaction before the display cut (UTF-16 units).
const REDACT_CHUNK_CHARS = 4 * 1024 * 1024;

export interface ReadOptions extends StoreOptions {
  /** Artifact id or path. */
  artifact: string;
  /** Base for a relative path (default process.cwd()). */
  cwd?: string;
  /** 1-based first line (default 1). */
  offset?: number | string;
  /** Start at the first line beginning at or after this byte offset (e.g. a search hit's byteOffset). */
  fromByte?: number | string;
  limit?: number | string;
  /** Cursor from a previous page's `next`; wins over offset. */
  after?: string;
  /** For a model: redact secrets in the returned text (true: own rules; a Redactor: as built). */
  redact?: RedactOption;
}

export interface ReadResult {
  version: 1;
  lines: { line: number; text: string }[];
  next: string | null;
  /** Clamping notes for the caller to show ("limit clamped to 1000"). */
  notes: string[];
  totalLines: number | null;
}

export interface SearchOptions extends StoreOptions {
  artifact: string;
  cwd?: string;
  search: string;
  ignoreCase?: boolean;
  context?: number | string;
  limit?: number | string;
  after?: string;
  /** As ReadOptions.redact; the search itself runs on the unredacted text. */
  redact?: RedactOption;
}

export interface SearchMatch {
  line: number;
  byteOffset: number;
  text: string;
  before: string[];
  after: string[];
}

export interface SearchResult {
  version: 1;
  total: number;
  /** Matches before this page (so this page shows matches skipped+1 … skipped+matches.length). */
  skipped: number;
  matches: SearchMatch[];
  next: string | null;
  notes: string[];
}

/** Validates an integer option; out-of-range high values clamp with a note, nonsense is E_USAGE. */
function clampInteger(
  name: string,
  value: number | string | undefined,
  range: { min: number; max: number; default: number },
  notes: string[],
): number {
  if (value === undefined || value === '') return range.default;
  const number = typeof value === 'number' ? value : /^\s*[-+]?\d+(?:\.\d+)?(?:e\d+)?\s*$/i.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || !Number.isInteger(number) || number < range.min) {
    throw new FaultlineError('E_USAGE', `${name} must be an integer from ${range.min} to ${range.max} (got ${JSON.stringify(value)})`);
  }
  if (number > range.max) {
    notes.push(`${name} ${value} clamped to ${range.max}`);
    return range.max;
  }
  return number;
}

// Cursors are "<line>:<byteOffset>" of the next line to read, so a page starts without any scan.
function encodeCursor(line: number, byteOffset: number): string {
  return `${line}:${byteOffset}`;
}

function decodeCursor(cursor: string): { line: number; byteOffset: number } {
  const match = /^(\d+):(\d+)$/.exec(cursor.trim());
  if (!match) throw new FaultlineError('E_USAGE', `invalid cursor ${JSON.stringify(cursor)} (expected one returned as "next")`);
  return { line: Number(match[1]), byteOffset: Number(match[2]) };
}

function forDisplay(text: string, around = 0): string {
  if (text.length <= DISPLAY_LINE_CHARS) return text;
  if (around <= DISPLAY_LINE_CHARS / 2) return capLineText(text, DISPLAY_LINE_CHARS).text;
  // Keep the matched part visible: a window starting a little before the match.
  const start = Math.max(0, around - Math.floor(DISPLAY_LINE_CHARS / 4));
  const head = capLineText(text.slice(0, start), 64).text;
  return `${head}${capLineText(text.slice(start), DISPLAY_LINE_CHARS - 64).text}`;
}

/** Streams lines from `startByte` (which must be a line start numbered `startLine`) until `onLine` returns false. */
async function scanLines(path: string, startLine: number, startByte: number, onLine: (line: SplitLine) => boolean | void): Promise<void> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT')
      throw new FaultlineError('E_ARTIFACT_MISSING', `artifact ${path} was removed by retention or never existed`);
    throw new FaultlineError('E_INPUT_READ', `cannot read ${path}: ${error.message}`, { cause: error });
  });
  try {
    const splitter = new LineSplitter(onLine, { firstLine: startLine, firstOffset: startByte });
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let position = startByte;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      // The splitter copies what it keeps, so reusing the buffer is safe.
      if (!splitter.push(buffer.subarray(0, bytesRead))) return;
    }
    splitter.end();
  } finally {
    await handle.close();
  }
}

// A cursor must point just after a `\n`; anything else is a stale or hand-made cursor, not a page.
async function assertLineStart(path: string, byteOffset: number): Promise<void> {
  if (byteOffset === 0) return;
  const handle = await open(path, 'r');
  try {
    const probe = Buffer.alloc(1);
    const { bytesRead } = await handle.read(probe, 0, 1, byteOffset - 1);
    if (bytesRead === 1 && probe[0] === 10) return;
  } finally {
    await handle.close();
  }
  throw new FaultlineError('E_USAGE', `cursor ${byteOffset} does not point at a line start of this artifact`);
}

/** Nearest indexed line start at or before `line` (1-based). */
function seekLine(meta: ArtifactMeta | null, line: number): { line: number; byteOffset: number } {
  if (!meta || meta.offsets.length === 0) return { line: 1, byteOffset: 0 };
  const slot = Math.min(Math.floor((line - 1) / meta.indexEvery), meta.offsets.length - 1);
  return { line: slot * meta.indexEvery + 1, byteOffset: meta.offsets[slot] ?? 0 };
}

/** Nearest indexed line start at or before byte `byte`. */
function seekByte(meta: ArtifactMeta | null, byte: number): { line: number; byteOffset: number } {
  if (!meta) return { line: 1, byteOffset: 0 };
  let low = 0;
  let high = meta.offsets.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((meta.offsets[mid] ?? 0) <= byte) low = mid;
    else high = mid - 1;
  }
  return { line: low * meta.indexEvery + 1, byteOffset: meta.offsets[low] ?? 0 };
}

/** Reads a page of lines (1-based numbers, normalised text). */
export async function readArtifact(options: ReadOptions): Promise<ReadResult> {
  const notes: string[] = [];
  const limit = clampInteger('limit', options.limit, LIMIT_RANGE, notes);
  const ref = await resolveArtifact(options.artifact, options);
  const meta = await readArtifactMeta(ref.metaPath);
  let first: number;
  let start: { line: number; byteOffset: number };
  let fromByte: number | null = null;
  if (options.after !== undefined) {
    start = decodeCursor(options.after);
    first = start.line;
    await assertLineStart(ref.path, start.byteOffset);
  } else if (options.fromByte !== undefined) {
    fromByte = clampInteger('fromByte', options.fromByte, { min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 }, notes);
    start = seekByte(meta, fromByte);
    first = 1;
  } else {
    first = clampInteger('offset', options.offset, { min: 1, max: Number.MAX_SAFE_INTEGER, default: 1 }, notes);
    start = seekLine(meta, first);
  }
  const lines: ReadResult['lines'] = [];
  const redactor = redactorFrom(options.redact);
  let held = 0;
  let redactedUpTo = 0;
  const redactHeld = (): number => {
    const batch = lines.slice(redactedUpTo);
    const redacted = redactor ? redactor.redact(batch.map((line) => line.text).join('\n')).split('\n') : [];
    batch.forEach((line, index) => (line.text = forDisplay(redacted[index] ?? line.text)));
    redactedUpTo = lines.length;
    return 0;
  };
  let next: string | null = null;
  await scanLines(ref.path, start.line, start.byteOffset, (line) => {
    if (fromByte !== null && line.byteOffset < fromByte) return true;
    if (line.line < first) return true;
    if (lines.length === limit) {
      next = encodeCursor(line.line, line.byteOffset);
      return false;
    }
    // Redacting keeps whole lines a while: they are redacted together (a PEM block spans lines) before
    // the display cut, which could otherwise cut a secret past recognition; at most REDACT_CHUNK_CHARS.
    lines.push({ line: line.line, text: redactor ? line.text : forDisplay(line.text) });
    if (redactor && (held += line.text.length) > REDACT_CHUNK_CHARS) held = redactHeld();
    return true;
  });
  if (redactor) redactHeld();
  return { version: 1, lines, next, notes, totalLines: meta?.lines ?? null };
}

function compile(pattern: string, ignoreCase: boolean): RegExp {
  try {
    return new RegExp(pattern, ignoreCase ? 'i' : '');
  } catch (error) {
    throw new FaultlineError('E_REGEX', `invalid search pattern ${JSON.stringify(pattern)}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Searches every line (each tested on its own, capped text, so a pathological pattern stays bounded per
 * line). `total` is the true number of matching lines; `matches` is one page after the cursor.
 */
export async function searchArtifact(options: SearchOptions): Promise<SearchResult> {
  const notes: string[] = [];
  const limit = clampInteger('limit', options.limit, LIMIT_RANGE, notes);
  const context = clampInteger('context', options.context, CONTEXT_RANGE, notes);
  const regex = compile(options.search, options.ignoreCase ?? false);
  const afterLine = options.after === undefined ? 0 : decodeCursor(options.after).line - 1;
  const ref = await resolveArtifact(options.artifact, options);
  const matches: SearchMatch[] = [];
  const recent: string[] = [];
  const waiting: SearchMatch[] = [];
  let total = 0;
  let skipped = 0;
  let next: string | null = null;
  const redactor = redactorFrom(options.redact);
  // Each shown line is redacted whole, before the display cut; the match position is the unredacted one.
  const shown = (text: string) => (redactor ? redactor.redact(text) : text);
  await scanLines(ref.path, 1, 0, (line) => {
    const display = context > 0 ? forDisplay(shown(line.text)) : '';
    for (const match of waiting) match.after.push(display);
    while (waiting.length > 0 && (waiting[0]?.after.length ?? 0) >= context) waiting.shift();
    const found = regex.exec(line.text);
    if (found) {
      total++;
      if (line.line <= afterLine) skipped++;
      else {
        if (matches.length < limit) {
          const match = {
            line: line.line,
            byteOffset: line.byteOffset,
            text: redactor ? forDisplay(shown(line.text)) : forDisplay(line.text, found.index),
            before: recent.slice(),
            after: [],
          };
          matches.push(match);
          if (context > 0) waiting.push(match);
        } else if (next === null) {
          next = encodeCursor(line.line, line.byteOffset);
        }
      }
    }
    if (context > 0) {
      recent.push(display);
      if (recent.length > context) recent.shift();
    }
    return true;
  });
  return { version: 1, total, skipped, matches, next, notes };
}

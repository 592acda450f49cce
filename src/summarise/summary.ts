// The error block of the primary location, kept short: the header, the assertion detail and the notes,
// not just the last lines that mention "error" (seeds-lessons §1.8 and §4 case 20).
import type { RunInfo } from '../core/types.js';
import { normaliseLine } from './normalise.js';
import { safePrefix } from './cut.js';

export interface SummariseOptions {
  /** The whole output; or `lines`, already split on `\n`. */
  text?: string;
  lines?: readonly string[];
  /** 1-based log line of the primary location; the summary is the block around it. */
  primaryLogLine?: number;
  /** Bound in UTF-16 units, the marker included (default 400). */
  maxChars?: number;
}

export interface ErrorSummary {
  text: string;
  /** 1-based log lines of the block the summary was taken from (inclusive). */
  startLine: number;
  endLine: number;
  truncated: boolean;
}

const MARKER = '…';
const MAX_BLOCK_LINES = 60;

interface Header {
  pattern: RegExp;
  severity: 'error' | 'warning';
  /** The block runs to the next blank line whatever the indentation (a panic's message lines). */
  untilBlank?: boolean;
  /** The block runs to the next horizontal rule (vitest's ⎯⎯⎯ between failures). */
  untilRule?: boolean;
}

// Lines that open a diagnostic block, per tool family. Order does not matter; severity does.
const HEADERS: Header[] = [
  { pattern: /^Traceback \(most recent call last\):/, severity: 'error' },
  { pattern: /^\S[^:]*(?::\d+){1,4}:\s*(?:fatal )?error\b/i, severity: 'error' }, // gcc, clang, go, mypy
  { pattern: /^\S[^:]*(?::\d+){1,4}:\s*warning\b/i, severity: 'warning' },
  { pattern: /^\S.*\(\d+,\d+\): error /, severity: 'error' }, // tsc
  { pattern: /^\S+:\d+:\d+ - error /, severity: 'error' }, // tsc --pretty
  { pattern: /^error(?:\[[A-Z]*\d+\])?:/, severity: 'error' }, // rustc, cargo
  { pattern: /^warning(?:\[[A-Z]*\d+\])?:/, severity: 'warning' },
  { pattern: /^\s*●\s+\S/, severity: 'error' }, // jest
  { pattern: /^\s*(?:×|✗|FAIL)\s+\S.*>/, severity: 'error', untilRule: true }, // vitest
  { pattern: /^_{3,} .+ _{3,}$/, severity: 'error' }, // pytest
  { pattern: /^E\s+\S/, severity: 'error' }, // pytest --tb=line
  { pattern: /^--- FAIL: /, severity: 'error' }, // go test
  { pattern: /^(?:panic: |thread '.*'(?: \(\d+\))? panicked at)/, severity: 'error', untilBlank: true },
  { pattern: /^(?:Exception in thread|Caused by:|Uncaught |[\w.$]*(?:Error|Exception)(?: \[[^\]]*\])?: )/, severity: 'error' },
];

// Lines that end every block: run summaries and the next section of a test report.
const STOP = new RegExp(
  String.raw`^(?:Tests?:|Test Suites:|Found \d+ errors?|error: aborting|error: could not compile|={3,}|FAILED |short test summary` +
    String.raw`|\d+ (?:errors?|warnings?) generated|make(?:\[\d+\])?: \*\*\*)`,
);
// Unindented lines that still belong to the block above them.
const CONTINUATION = new RegExp(
  String.raw`^(?:assertion |\d+\s*\||\S+:\d+(?::\d+)?:\s*note:|[^\s:]+:\s*note:|note:|help:|= |Expected|Received|left|right|E\s|>` +
    String.raw`|[+-] |-->|\S+:\d+: (?:in |\w+Error|\w*Exception))`,
);
const WEAK_KEYWORDS = /\b(?:errors?|exception|failed|fatal|panic|cannot|not found)\b|ERR!/i;

// Priorities when the bound forces a choice: 0 = always, higher = first to go.
const ASSERTION = /^(?:Expected|Received|E\s|left|right|assert|AssertionError|expect\(|\+ |- )/;
const NOTE = /(?:^|\s)(?:note|help):|^= /;
const FRAME_OR_LOCATION = /^(?:at |-->|File "|\S+:\d+: in |\d+: |stack backtrace:)/;
const CARET_ONLY = /^(?:\d*\s*\|)?[\s^~\-+|]*[\^~][\s^~\-+|]*$/;
const CODE_FRAME = /^(?:>?\s*\d+\s*\||\|)|^[\s^~\-+|]+$/;

function priority(line: string, isHeader: boolean): number {
  const trimmed = line.trim();
  if (isHeader) return 0;
  if (ASSERTION.test(trimmed)) return 1;
  if (NOTE.test(trimmed)) return 2;
  if (CODE_FRAME.test(trimmed)) return 5;
  if (FRAME_OR_LOCATION.test(trimmed)) return 4;
  return 3;
}

function headerAt(line: string): Header | undefined {
  return HEADERS.find((header) => header.pattern.test(line));
}

interface Block {
  start: number;
  end: number;
  severity: 'error' | 'warning';
  /** Index of the line given priority 0 (the exception line of a traceback, else the header). */
  key: number;
}

// A Python traceback runs from "Traceback" through its frames to the first unindented line (the exception).
function tracebackBlock(lines: string[], start: number): Block {
  let index = start + 1;
  while (index < lines.length && /^\s/.test(lines[index] ?? '')) index++;
  const end = Math.min(index, lines.length - 1);
  return { start, end, severity: 'error', key: end };
}

function genericBlock(lines: string[], start: number, severity: 'error' | 'warning'): Block {
  let end = start;
  const header = headerAt(lines[start] ?? '');
  const startIndented = /^\s/.test(lines[start] ?? '');
  for (let index = start + 1; index < lines.length && index - start < MAX_BLOCK_LINES; index++) {
    const line = lines[index] ?? '';
    if (header?.untilBlank) {
      if (line.trim() === '') break;
      end = index;
      continue;
    }
    if (header?.untilRule) {
      if (/^\s*⎯{3,}/.test(line) || header.pattern.test(line)) break;
      if (line.trim() !== '') end = index;
      continue;
    }
    if (line.trim() === '') continue;
    if (STOP.test(line.trim())) break;
    const indented = /^\s/.test(line);
    // Notes, `E` lines and assertion detail continue a block even where they could open one themselves.
    if (CONTINUATION.test(line) && !(startIndented && !indented)) {
      end = index;
      continue;
    }
    if (headerAt(line)) break;
    // An indented header (jest's "●") owns only lines indented further than the column-0 text around it.
    if (indented) {
      if (startIndented && !indented) break;
      end = index;
      continue;
    }
    break;
  }
  return { start, end, severity, key: start };
}

function findBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index++) {
    const header = headerAt(lines[index] ?? '');
    if (!header) continue;
    const block = /^Traceback/.test(lines[index] ?? '') ? tracebackBlock(lines, index) : genericBlock(lines, index, header.severity);
    blocks.push(block);
    index = Math.max(index, block.end);
  }
  return blocks;
}

function chooseBlock(lines: string[], primaryIndex: number | undefined): Block {
  const blocks = findBlocks(lines);
  if (primaryIndex !== undefined && primaryIndex >= 0 && primaryIndex < lines.length) {
    const containing = blocks.find((block) => block.start <= primaryIndex && primaryIndex <= block.end);
    if (containing) return containing;
    // gcc prints "required from here" / "In file included from" lines just above the error they explain.
    const next = blocks.find((block) => block.start > primaryIndex && block.start - primaryIndex <= 6);
    if (next) return { ...next, start: primaryIndex };
    const header = headerAt(lines[primaryIndex] ?? '');
    return genericBlock(lines, primaryIndex, header?.severity ?? 'error');
  }
  const firstError = blocks.find((block) => block.severity === 'error') ?? blocks[0];
  if (firstError) return firstError;
  // No recognisable block: the last line that mentions a failure, or else the last non-empty line.
  // Run summaries ("Found 4 errors", "0 errors and 1 warning", "=== 2 failed ===") say how many, not what.
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = (lines[index] ?? '').trim();
    if (WEAK_KEYWORDS.test(line) && !STOP.test(line) && !/\b0 (?:errors?|failed)\b/.test(line))
      return { start: index, end: index, severity: 'error', key: index };
  }
  for (let index = lines.length - 1; index >= 0; index--) {
    if ((lines[index] ?? '').trim() !== '') return { start: Math.max(0, index - 2), end: index, severity: 'error', key: index };
  }
  return { start: 0, end: 0, severity: 'error', key: 0 };
}

// For a traceback only its tail matters: the exception line and the innermost frame with its code line.
function tracebackSelection(lines: string[], block: Block): Set<number> {
  const keep = new Set<number>([block.key]);
  for (let index = block.key - 1; index > block.start; index--) {
    if (/^\s*File "/.test(lines[index] ?? '')) {
      keep.add(index);
      if (index + 1 < block.key) keep.add(index + 1);
      break;
    }
  }
  return keep;
}

/** The error block of the primary location, de-duplicated and bounded to `maxChars` (default 400). */
export function summariseError(options: SummariseOptions): ErrorSummary {
  const maxChars = Math.max(1, options.maxChars ?? 400);
  const raw = options.lines ?? (options.text ?? '').replace(/\r\n/g, '\n').split('\n');
  const lines = raw.map((line) => normaliseLine(line));
  const primaryIndex = options.primaryLogLine === undefined ? undefined : options.primaryLogLine - 1;
  const block = chooseBlock(lines, primaryIndex);

  let candidates: number[] = [];
  if (/^Traceback/.test(lines[block.start] ?? '')) candidates = [...tracebackSelection(lines, block)].sort((a, b) => a - b);
  else for (let index = block.start; index <= block.end; index++) candidates.push(index);

  // De-duplicate on collapsed whitespace: repeated notes and reprinted headers say nothing new.
  const seen = new Set<string>();
  const entries: Array<{ index: number; text: string; rank: number }> = [];
  for (const index of candidates) {
    const text = (lines[index] ?? '').trim().replace(/\s+/g, ' ');
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    entries.push({ index, text, rank: priority(lines[index] ?? '', index === block.key) });
  }

  // Greedy by priority, then printed in log order.
  const chosen = new Set<number>();
  let used = 0;
  let dropped = false;
  for (const entry of [...entries].sort((a, b) => a.rank - b.rank || a.index - b.index)) {
    const cost = entry.text.length + (chosen.size > 0 ? 1 : 0);
    if (used + cost <= maxChars || chosen.size === 0) {
      chosen.add(entry.index);
      used += cost;
    } else dropped = true;
  }
  // A caret line means nothing without the code line above it.
  entries.forEach((entry, position) => {
    const previous = entries[position - 1];
    if (CARET_ONLY.test(entry.text) && (!previous || !chosen.has(previous.index))) chosen.delete(entry.index);
  });
  let text = entries
    .filter((entry) => chosen.has(entry.index))
    .map((entry) => entry.text)
    .join('\n');
  let truncated = dropped;
  if (text.length > maxChars) {
    text = safePrefix(text, maxChars - MARKER.length) + MARKER;
    truncated = true;
  }
  return { text, startLine: block.start + 1, endLine: block.end + 1, truncated };
}

// POSIX-quotes one argument when it holds anything a shell would interpret.
function quoteArg(arg: string): string {
  if (arg !== '' && /^[\w@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command line of a run, quoted so it can be pasted back into a POSIX shell. */
export function formatCommand(command: readonly string[]): string {
  return command.map(quoteArg).join(' ');
}

/** "Command / Working directory / Exit code" lines; the exit code reads "unknown" when it is null. */
export function formatRunHeader(run: RunInfo | undefined): string {
  const command = run && run.command.length > 0 ? formatCommand(run.command) : 'unknown';
  const cwd = run?.cwd ? run.cwd : 'unknown';
  const exit = run?.exitCode === null || run?.exitCode === undefined ? 'unknown' : String(run.exitCode);
  return `Command: ${command}\nWorking directory: ${cwd}\nExit code: ${exit}`;
}

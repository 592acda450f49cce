// explain: for each located line, the enclosing symbol, the edit selection and a code frame.
// The CLI only glues locate to this.
import { open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import {
  FaultlineError,
  frameDepths,
  type ColumnUnit,
  type FaultlineErrorCode,
  type ResolvedLocation,
  type SymbolInfo,
} from '../core/index.js';
import { frameRows, renderCodeFrame, type FrameRow } from '../summarise/index.js';
import { redactLines, redactorFrom, type RedactOption, type Redactor } from '../redact/index.js';
import { DEFAULT_TIMEOUT_MS, findEnclosingSymbol } from './lookup.js';
import { ServerPool } from './pool.js';
import { editSelection } from './symbols.js';
import type { EnclosingSymbol, LineSpan, SymbolSource } from './types.js';

export interface ExplainOptions {
  /** From locate; `locations[0]` is the primary. */
  locations: readonly ResolvedLocation[];
  /** Files must lie inside one of these (default: each location's own root). */
  roots?: readonly string[];
  /** Skip language servers. */
  noLsp?: boolean;
  /** Per-lookup deadline of the server step. Default 10 000 ms. */
  timeoutMs?: number;
  /** How many locations to explain. Default 3: the primary and two more. */
  limit?: number;
  /** Lines either side of the located line in the excerpt. Default 2. */
  contextLines?: number;
  /** Servers to reuse; without one a pool is made for this call and stopped after it. */
  pool?: ServerPool;
  /** Run server commands named by the workspaces' own config (default: only for trusted workspaces). */
  trustWorkspace?: boolean;
  signal?: AbortSignal;
  /** For a model: redact the frames and messages (true: own rules; a Redactor from buildRedactor: all). */
  redact?: RedactOption;
}

export interface ExplainItem {
  location: ResolvedLocation;
  symbol: EnclosingSymbol | null;
  /** Where the symbol came from; 'window' when there is none. */
  source: SymbolSource;
  /** What an editor would select to fix it (1-based, inclusive). */
  selection: LineSpan;
  /** Code frame: numbered lines around the location, the located line marked with `>`. */
  excerpt: string;
  /**
   * The symbol's code (or the selected lines when there is no symbol) as buildFixPrompt takes it:
   * `attachment.source` is source TEXT, unlike `source` above, which says where the symbol came from. Pass
   * `explained: items` (or `symbols: items.map((item) => item.attachment)`) to buildFixPrompt. Absent when the
   * file could not be read.
   */
  attachment?: SymbolInfo;
  /**
   * Why this location could not be explained (its file vanished, lies outside the roots, is too large or
   * unreadable); the other locations of the batch are explained regardless.
   */
  error?: { code: FaultlineErrorCode; message: string };
}

const MAX_FILE_BYTES = 8 * 1024 * 1024;
// Lines are bounded too: 8 MiB of newlines is 8 million lines for tree-sitter and the frame to split.
const MAX_FILE_LINES = 200_000;

function moreLinesThan(buffer: Buffer, length: number, limit: number): boolean {
  let lines = 0;
  for (let at = buffer.indexOf(0x0a, 0); at >= 0 && at < length; at = buffer.indexOf(0x0a, at + 1)) if (++lines > limit) return true;
  return false;
}

function inside(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

// Never read outside the roots: locate already checked, but symlinks may have moved since. The file is opened
// once and the check is made on what was opened (the descriptor's own path on Linux, else device and inode
// compared with the checked path), then read from that same descriptor: checking a path and then reading
// it again let a concurrent writer swap in a link to a file outside the root (18 of 311 tries).
async function openInsideRoots(location: ResolvedLocation, roots: readonly string[] | undefined): Promise<{ file: string; text: string }> {
  let handle: FileHandle;
  try {
    handle = await open(location.absolutePath, 'r');
  } catch (error) {
    throw fileError(location.absolutePath, error);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new FaultlineError('E_INPUT_READ', `${location.absolutePath} is not a regular file`);
    const real = await openedPath(handle, location.absolutePath, info);
    const allowed = await Promise.all((roots ?? [location.root]).map((root) => realpath(root).catch(() => path.resolve(root))));
    if (!allowed.some((root) => inside(real, root))) {
      throw new FaultlineError('E_OUTSIDE_ROOT', `${location.absolutePath} is outside the workspace roots (${allowed.join(', ')})`);
    }
    // Bounded before reading: a 1.5 GB file was read whole (30 s, 1.6 GB RSS) only to be refused.
    if (info.size > MAX_FILE_BYTES)
      throw new FaultlineError(
        'E_INPUT_READ',
        `${location.absolutePath} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB; not explained`,
      );
    const buffer = Buffer.alloc(Math.min(info.size, MAX_FILE_BYTES) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > MAX_FILE_BYTES)
      throw new FaultlineError(
        'E_INPUT_READ',
        `${location.absolutePath} grew past ${MAX_FILE_BYTES / 1024 / 1024} MiB while read; not explained`,
      );
    if (moreLinesThan(buffer, length, MAX_FILE_LINES))
      throw new FaultlineError('E_INPUT_READ', `${location.absolutePath} has more than ${MAX_FILE_LINES} lines; not explained`);
    return { file: real, text: buffer.toString('utf8', 0, length) };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function openedPath(handle: FileHandle, printed: string, info: { dev: number; ino: number }): Promise<string> {
  const viaProc = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
  if (viaProc !== undefined && path.isAbsolute(viaProc)) return viaProc;
  const real = await realpath(printed);
  const checked = await stat(real);
  if (checked.dev !== info.dev || checked.ino !== info.ino)
    throw new FaultlineError('E_INPUT_READ', `${printed} changed while it was opened; not explained`);
  return real;
}

function fileError(file: string, error: unknown): FaultlineError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new FaultlineError('E_INPUT_MISSING', `${file} no longer exists`, { cause: error });
  return new FaultlineError('E_INPUT_READ', `cannot read ${file}: ${(error as Error).message}`, { cause: error });
}

/** Numbered lines around the 1-based `line`, the line itself marked with `>` and a caret under `column`. */
export function codeFrame(text: string, line: number, contextLines = 2, column?: { column: number | null; unit: ColumnUnit }): string {
  const options = { line, column: column?.column ?? null, columnUnit: column?.unit ?? 'utf-16' } as const;
  return renderCodeFrame(frameRows(text, line, contextLines), options).join('\n');
}

async function explainOne(location: ResolvedLocation, options: ExplainOptions, pool: ServerPool): Promise<ExplainItem> {
  let opened: { file: string; text: string };
  try {
    opened = await openInsideRoots(location, options.roots);
  } catch (error) {
    // Deleted, outside the roots or unreadable since locate ran: still report the location itself.
    const failure = error instanceof FaultlineError ? error : fileError(location.absolutePath, error);
    return {
      location,
      symbol: null,
      source: 'window',
      selection: editSelection(null, location.line),
      excerpt: '',
      error: { code: failure.code, message: failure.message },
    };
  }
  const { file, text } = opened;
  const lookup = await findEnclosingSymbol({
    file,
    root: location.root,
    line: location.line,
    text,
    pool,
    noLsp: options.noLsp,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal: options.signal,
  });
  const selection = editSelection(lookup.symbol, location.line);
  const span = lookup.symbol ?? selection;
  const attachment: SymbolInfo = {
    name: lookup.symbol?.name ?? '',
    kind: lookup.symbol?.kind ?? 'excerpt',
    startLine: span.startLine,
    endLine: span.endLine,
    source: text
      .split('\n')
      .slice(span.startLine - 1, span.endLine)
      .join('\n'),
    file: location.file,
  };
  return {
    location,
    symbol: lookup.symbol,
    source: lookup.source,
    selection,
    attachment,
    excerpt: renderCodeFrame(shownRows(text, location.line, options.contextLines ?? 2, redactorFrom(options.redact)), {
      line: location.line,
      column: location.column,
      columnUnit: location.columnUnit,
      endLine: location.endLine,
      endColumn: location.endColumn,
    }).join('\n'),
  };
}

/**
 * The first `limit` locations, keeping the raising frame of every trace shown: a caller frame is preceded by
 * its trace's raising frame (which carries the message), so a cut never leaves a caller without it.
 */
export function chooseToExplain(locations: readonly ResolvedLocation[], limit: number): ResolvedLocation[] {
  const raisingOf = new Map<number, ResolvedLocation>();
  for (const [location, frame] of frameDepths(locations)) if (frame.raised) raisingOf.set(frame.trace, location);
  const chosen: ResolvedLocation[] = [];
  for (const location of locations) {
    if (chosen.length >= limit) break;
    const raising = location.frame === undefined ? undefined : raisingOf.get(location.frame.trace);
    if (raising !== undefined && !chosen.includes(raising)) chosen.push(raising);
    if (chosen.length < limit && !chosen.includes(location)) chosen.push(location);
  }
  return chosen;
}

// Lines this far around the frame are redacted with it, so a secret spanning lines (a PEM block) is seen whole.
const REDACTION_MARGIN = 40;

function shownRows(text: string, line: number, contextLines: number, redactor: Redactor | undefined): FrameRow[] {
  const rows = frameRows(text, line, contextLines);
  if (!redactor) return rows;
  const wide = frameRows(text, line, contextLines + REDACTION_MARGIN);
  const redacted = new Map(
    redactLines(
      redactor,
      wide.map((row) => row.text),
    ).map((row, index) => [wide[index]?.line, row]),
  );
  return rows.map((row) => ({ line: row.line, text: redacted.get(row.line) ?? row.text }));
}

/** Explains the first `limit` locations (see chooseToExplain); servers are shared between them. */
export async function explainLocations(options: ExplainOptions): Promise<ExplainItem[]> {
  const pool = options.pool ?? new ServerPool(options.trustWorkspace === undefined ? {} : { trustWorkspace: options.trustWorkspace });
  try {
    const chosen = chooseToExplain(options.locations, options.limit ?? 3);
    const items = await Promise.all(chosen.map((location) => explainOne(location, options, pool)));
    const redactor = redactorFrom(options.redact);
    return redactor
      ? items.map((item) => ({ ...item, location: { ...item.location, message: redactor.redactRaw(item.location.message) } }))
      : items;
  } finally {
    // Interrupted: nobody waits for a polite shutdown.
    if (options.pool === undefined) await pool.dispose({ graceful: options.signal?.aborted !== true });
  }
}

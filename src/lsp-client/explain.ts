// explain: for each located line, the enclosing symbol, the edit selection and a code frame.
// The CLI only glues locate to this.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { FaultlineError, type ColumnUnit, type ResolvedLocation } from '../core/index.js';
import { frameRows, renderCodeFrame } from '../summarise/index.js';
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
}

const MAX_FILE_BYTES = 8 * 1024 * 1024;

function inside(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

// Never read outside the roots: locate already checked, but symlinks may have moved since.
async function assertInsideRoots(location: ResolvedLocation, roots: readonly string[] | undefined): Promise<string> {
  const real = await realpath(location.absolutePath);
  const allowed = await Promise.all((roots ?? [location.root]).map((root) => realpath(root).catch(() => path.resolve(root))));
  if (!allowed.some((root) => inside(real, root))) {
    throw new FaultlineError('E_OUTSIDE_ROOT', `${location.absolutePath} is outside the workspace roots (${allowed.join(', ')})`);
  }
  return real;
}

/** Numbered lines around the 1-based `line`, the line itself marked with `>` and a caret under `column`. */
export function codeFrame(text: string, line: number, contextLines = 2, column?: { column: number | null; unit: ColumnUnit }): string {
  const options = { line, column: column?.column ?? null, columnUnit: column?.unit ?? 'utf-16' } as const;
  return renderCodeFrame(frameRows(text, line, contextLines), options).join('\n');
}

async function explainOne(location: ResolvedLocation, options: ExplainOptions, pool: ServerPool): Promise<ExplainItem> {
  const file = await assertInsideRoots(location, options.roots);
  let text: string;
  try {
    const buffer = await readFile(file);
    if (buffer.length > MAX_FILE_BYTES) throw new Error('too large');
    text = buffer.toString('utf8');
  } catch {
    // Deleted or unreadable since locate ran: still report the location itself.
    return { location, symbol: null, source: 'window', selection: editSelection(null, location.line), excerpt: '' };
  }
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
  return {
    location,
    symbol: lookup.symbol,
    source: lookup.source,
    selection: editSelection(lookup.symbol, location.line),
    excerpt: renderCodeFrame(frameRows(text, location.line, options.contextLines ?? 2), {
      line: location.line,
      column: location.column,
      columnUnit: location.columnUnit,
      endLine: location.endLine,
      endColumn: location.endColumn,
    }).join('\n'),
  };
}

/** Explains the first `limit` locations; servers are shared between them. */
export async function explainLocations(options: ExplainOptions): Promise<ExplainItem[]> {
  const pool = options.pool ?? new ServerPool(options.trustWorkspace === undefined ? {} : { trustWorkspace: options.trustWorkspace });
  try {
    const chosen = options.locations.slice(0, options.limit ?? 3);
    return await Promise.all(chosen.map((location) => explainOne(location, options, pool)));
  } finally {
    // Interrupted: nobody waits for a polite shutdown.
    if (options.pool === undefined) await pool.dispose({ graceful: options.signal?.aborted !== true });
  }
}

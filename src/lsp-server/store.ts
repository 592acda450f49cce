// What the server holds: the open documents' lines, and the newest run of each command with its diagnostics and
// fixes. Bounded: one entry per command (a command's new run replaces its old one), at most MAX_COMMANDS commands
// (the least recently run go first) and a cap on diagnostics per run (to-diagnostics.ts), so a day of runs keeps
// flat memory. Positions are those of the open document when the file is open, else of the file on disk.
import type { Diagnostic, Range } from 'vscode-languageserver-protocol/node.js';
import type { Fix } from '../core/index.js';
import type { RunRecord } from '../capture/index.js';
import type { LineMap } from './line-map.js';
import type { LocatedDiagnostic } from './to-diagnostics.js';

const MAX_COMMANDS = 100;

export interface StoredDiagnostic extends LocatedDiagnostic {
  fixes: Fix[];
}

export interface RunEntry {
  key: string;
  run: RunRecord;
  diagnostics: StoredDiagnostic[];
}

function moveRange(range: Range, map: LineMap): Range | undefined {
  const start = map(range.start.line);
  const end = map(range.end.line);
  if (start === undefined || end === undefined) return undefined;
  return { start: { line: start, character: range.start.character }, end: { line: end, character: range.end.character } };
}

// Each run's diagnostics by file, made on first need: publishing a file asks every command, for each file a run
// touched. Keyed by the array itself, which moving or retaining replaces, so a stale index is never read.
const byUri = new WeakMap<readonly StoredDiagnostic[], Map<string, StoredDiagnostic[]>>();

function indexOf(items: readonly StoredDiagnostic[]): Map<string, StoredDiagnostic[]> {
  let index = byUri.get(items);
  if (!index) {
    index = new Map();
    for (const item of items) {
      const list = index.get(item.uri);
      if (list) list.push(item);
      else index.set(item.uri, [item]);
    }
    byUri.set(items, index);
  }
  return index;
}

export class DiagnosticStore {
  private readonly entries = new Map<string, RunEntry>();

  /** Replaces a command's entry; returns the uris whose diagnostics changed (old and new). */
  set(entry: RunEntry): Set<string> {
    const touched = new Set<string>(entry.diagnostics.map((item) => item.uri));
    const previous = this.entries.get(entry.key);
    for (const item of previous?.diagnostics ?? []) touched.add(item.uri);
    this.entries.delete(entry.key);
    if (entry.diagnostics.length > 0) this.entries.set(entry.key, entry);
    while (this.entries.size > MAX_COMMANDS) {
      const [oldest] = this.entries.keys();
      for (const item of this.entries.get(oldest!)?.diagnostics ?? []) touched.add(item.uri);
      this.entries.delete(oldest!);
    }
    return touched;
  }

  /** Drops every entry whose diagnostics are all outside `keep` (workspace folders removed). */
  retain(keep: (uri: string) => boolean): Set<string> {
    const touched = new Set<string>();
    for (const entry of this.entries.values()) {
      const kept = entry.diagnostics.filter((item) => keep(item.uri));
      for (const item of entry.diagnostics) if (!keep(item.uri)) touched.add(item.uri);
      entry.diagnostics = kept;
    }
    return touched;
  }

  diagnosticsOf(uri: string): StoredDiagnostic[] {
    return [...this.entries.values()].flatMap((entry) => indexOf(entry.diagnostics).get(uri) ?? []);
  }

  entryOf(item: StoredDiagnostic): RunEntry | undefined {
    return [...this.entries.values()].find((entry) => entry.diagnostics.includes(item));
  }

  /** Moves a file's diagnostics (and related spans in it) by a line map; those on changed lines are dropped. */
  move(uri: string, map: LineMap): boolean {
    let changed = false;
    for (const entry of this.entries.values()) {
      const moved = moveDiagnostics(entry.diagnostics, uri, map);
      entry.diagnostics = moved.kept;
      changed ||= moved.changed;
    }
    return changed;
  }

  /** Everything held, for a growth test: commands and diagnostics. */
  get size(): { commands: number; diagnostics: number } {
    let diagnostics = 0;
    for (const entry of this.entries.values()) diagnostics += entry.diagnostics.length;
    return { commands: this.entries.size, diagnostics };
  }
}

/** Moves the diagnostics in `uri` (and related spans there) by a line map; one whose line changed is dropped. */
export function moveDiagnostics(
  items: readonly StoredDiagnostic[],
  uri: string,
  map: LineMap,
): { kept: StoredDiagnostic[]; changed: boolean } {
  let changed = false;
  const kept: StoredDiagnostic[] = [];
  for (const item of items) {
    const related = item.diagnostic.relatedInformation?.flatMap((info) => {
      if (info.location.uri !== uri) return [info];
      const range = moveRange(info.location.range, map);
      return range ? [{ ...info, location: { ...info.location, range } }] : [];
    });
    const range = item.uri === uri ? moveRange(item.diagnostic.range, map) : item.diagnostic.range;
    if (!range) {
      changed = true;
      continue;
    }
    const diagnostic: Diagnostic = { ...item.diagnostic, range, ...(related ? { relatedInformation: related } : {}) };
    if (JSON.stringify(diagnostic) === JSON.stringify(item.diagnostic)) kept.push(item);
    else {
      changed = true;
      kept.push({ ...item, diagnostic });
    }
  }
  return { kept, changed };
}

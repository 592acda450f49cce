// What a project and a change ask of a result after resolution, before any output: the project file's ignored
// paths and severity overrides, then the diff filter. Each is applied to the ranked list, so every output
// format (text, JSON, SARIF, annotations…) shows the same places, and what was left out is counted, not lost.
import { relative, sep } from 'node:path';
import type { DroppedLocation, RawLocation, ResolvedLocation } from '../core/index.js';
import { printingsOf } from '../resolve/index.js';
import type { ChangedLines, FilterMode } from './diff.js';
import type { ProjectSettings, SeverityOverride } from './project-file.js';

export interface DiffFilter {
  readonly mode: FilterMode;
  readonly changed: ChangedLines;
  /** The folder the diff's paths are relative to (the git top level, or the first root). */
  readonly base: string;
}

const posix = (path: string): string => (sep === '/' ? path : path.split(sep).join('/'));

function relativeInside(base: string, absolute: string): string | undefined {
  const path = relative(base, absolute);
  return path === '' || path.startsWith('..') || path.startsWith(sep) ? undefined : posix(path);
}

function overrideFor(location: RawLocation, severity: Readonly<Record<string, SeverityOverride>>): SeverityOverride | undefined {
  const code = location.code ?? undefined;
  return (code !== undefined ? (severity[`${location.format}:${code}`] ?? severity[code]) : undefined) ?? severity[location.format];
}

/** The project file's severity overrides, on what the formats read and before ranking (a diagnostic turned
 * into a note is no longer the primary): `off` drops it, counted; frames and related spans keep theirs. */
export function applySeverityOverrides(
  locations: readonly RawLocation[],
  settings: ProjectSettings,
): { locations: RawLocation[]; dropped: DroppedLocation[] } {
  if (Object.keys(settings.severity).length === 0) return { locations: [...locations], dropped: [] };
  const kept: RawLocation[] = [];
  const dropped: DroppedLocation[] = [];
  for (const location of locations) {
    const override = location.frame || location.role === 'related' ? undefined : overrideFor(location, settings.severity);
    if (override !== 'off') {
      kept.push(override !== undefined ? { ...location, severity: override } : location);
      continue;
    }
    // Once for each printing, as the scanner's folded repeats would have been (RawLocation.repeatedAt).
    for (let printing = 0; printing < printingsOf(location); printing++)
      dropped.push({ file: location.file, line: location.line, reason: 'ignored' });
  }
  return { locations: kept, dropped };
}

/** The project file's ignored paths (gitignore syntax, relative to the root holding it): dropped as `ignored`. */
export async function applyIgnoredPaths(
  locations: readonly ResolvedLocation[],
  settings: ProjectSettings,
  root: string,
): Promise<{ locations: ResolvedLocation[]; dropped: DroppedLocation[] }> {
  if (settings.ignore.length === 0) return { locations: [...locations], dropped: [] };
  // Loaded only when a project file names paths: most runs have none.
  const matcher = (await import('ignore')).default().add([...settings.ignore]);
  const kept: ResolvedLocation[] = [];
  const dropped: DroppedLocation[] = [];
  for (const location of locations) {
    const path = relativeInside(root, location.absolutePath);
    if (path !== undefined && matcher.ignores(path)) dropped.push({ file: location.file, line: location.line, reason: 'ignored' });
    else kept.push(location);
  }
  return { locations: kept, dropped };
}

/** Keeps what the change touched; a trace stays whole when any of its frames is in the change. */
export function filterByDiff(
  locations: readonly ResolvedLocation[],
  filter: DiffFilter,
): { locations: ResolvedLocation[]; filtered: number } {
  const passes = (location: ResolvedLocation): boolean => {
    const path = relativeInside(filter.base, location.absolutePath);
    return path !== undefined && filter.changed.keeps(filter.mode, path, location.line);
  };
  const tracesKept = new Set<number>();
  for (const location of locations) if (location.frame && passes(location)) tracesKept.add(location.frame.trace);
  const kept = locations.filter((location) => (location.frame ? tracesKept.has(location.frame.trace) : passes(location)));
  return { locations: kept, filtered: locations.length - kept.length };
}

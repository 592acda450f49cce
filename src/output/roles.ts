// How the renderers see roles (issue 13): each trace as its raising frame plus its callers, and the plural
// forms every count in a report uses.
import { frameDepths, type ResolvedLocation } from '../core/index.js';

/** One printed trace among the reported locations: where it raised and the calls that led there. */
export interface TraceView {
  readonly raising: ResolvedLocation;
  /** Caller frames, nearest caller first (depth 1, 2, …). */
  readonly callers: ResolvedLocation[];
}

/**
 * The traces of `locations` by trace id. Depths set by resolve are used when present; a hand-built result
 * without them gets them computed here, so the innermost frame of each trace is always its raising one.
 */
export function tracesOf(locations: readonly ResolvedLocation[]): Map<number, TraceView> {
  const depths = frameDepths(locations);
  const traces = new Map<number, { raising?: ResolvedLocation; callers: Array<{ location: ResolvedLocation; depth: number }> }>();
  for (const location of locations) {
    const frame = depths.get(location);
    if (!frame || !location.frame) continue;
    let trace = traces.get(frame.trace);
    if (!trace) traces.set(frame.trace, (trace = { callers: [] }));
    if (frame.raised) trace.raising = location;
    else trace.callers.push({ location, depth: frame.depth ?? 0 });
  }
  const out = new Map<number, TraceView>();
  for (const [id, trace] of traces) {
    if (!trace.raising) continue;
    out.set(id, { raising: trace.raising, callers: trace.callers.sort((a, b) => a.depth - b.depth).map((entry) => entry.location) });
  }
  return out;
}

/** The caller frames of every trace, each with the raising frame of its trace. */
export function callersOf(locations: readonly ResolvedLocation[]): Map<ResolvedLocation, ResolvedLocation> {
  const callers = new Map<ResolvedLocation, ResolvedLocation>();
  for (const trace of tracesOf(locations).values()) for (const caller of trace.callers) callers.set(caller, trace.raising);
  return callers;
}

export { countOf, articleFor } from '../core/index.js';

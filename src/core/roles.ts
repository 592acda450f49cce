// Roles of locations (issue 13): which locations are diagnostics, which are frames of a trace, which are
// related spans of a diagnostic, and where each trace raised. Pure functions over the contract types.
import type { FrameInfo, LocationDetails, LocationRole } from './types.js';

/** The role of a location: 'related' when marked so, 'frame' when it carries frame info, else 'diagnostic'. */
export function roleOf(location: Pick<LocationDetails, 'frame' | 'role'>): LocationRole {
  if (location.role === 'related') return 'related';
  return location.frame === undefined ? 'diagnostic' : 'frame';
}

/** True when `a` is nearer the raising end of its trace than `b` (innermost printed last or first). */
export function isDeeperFrame(a: FrameInfo, b: FrameInfo): boolean {
  return a.innermostLast ? a.index > b.index : a.index < b.index;
}

/**
 * Depth and raised flag of every frame among `locations`, per trace: depth 0 (raised) is the innermost frame
 * present, its caller 1, and so on. Returns the new FrameInfo of each framed location; the inputs stay as
 * they are.
 */
export function frameDepths<T extends Pick<LocationDetails, 'frame'>>(locations: readonly T[]): Map<T, FrameInfo> {
  const byTrace = new Map<number, T[]>();
  for (const location of locations) {
    if (location.frame === undefined) continue;
    let frames = byTrace.get(location.frame.trace);
    if (!frames) byTrace.set(location.frame.trace, (frames = []));
    frames.push(location);
  }
  const out = new Map<T, FrameInfo>();
  for (const frames of byTrace.values()) {
    const innermostFirst = [...frames].sort((a, b) =>
      isDeeperFrame(a.frame as FrameInfo, b.frame as FrameInfo) ? -1 : isDeeperFrame(b.frame as FrameInfo, a.frame as FrameInfo) ? 1 : 0,
    );
    innermostFirst.forEach((location, depth) => out.set(location, { ...(location.frame as FrameInfo), depth, raised: depth === 0 }));
  }
  return out;
}

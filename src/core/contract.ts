// The versioned JSON contract of `faultline locate --json` (issue #2 §4). Scripts depend on it: keys and
// their order are fixed here, in one place, and every JSON-producing path goes through it.
import type { LocateResult, ResolvedLocation } from './types.js';

export const LOCATE_JSON_VERSION = 1;

export interface LocationJson {
  file: string;
  root: string;
  line: number;
  column: number | null;
  endLine: number | null;
  endColumn: number | null;
  severity: ResolvedLocation['severity'];
  message: string;
  format: string;
  logLine: number;
  /** Added with the catalog (#3): the unit `column`/`endColumn` count in; they are 1-based in it. */
  columnUnit: ResolvedLocation['columnUnit'];
  code: string | null;
  /** Added with roles (#13), only on frames: the trace it belongs to, its depth (0 = raised there), raised. */
  frame?: FrameJson;
  /** Added with roles (#13), only when there are any: the diagnostic's related spans (notes, declared-here). */
  related?: RelatedJson[];
}

export interface FrameJson {
  trace: number;
  depth: number;
  raised: boolean;
}

/** A related span: the location keys without `frame`/`related` (a span belongs to exactly one diagnostic). */
export type RelatedJson = Omit<LocationJson, 'frame' | 'related'>;

export interface LocateJson {
  version: number;
  locations: LocationJson[];
  unresolved: LocateResult['unresolved'];
  dropped: LocateResult['dropped'];
}

function relatedToJson(location: ResolvedLocation): RelatedJson {
  return {
    file: location.file,
    root: location.root,
    line: location.line,
    column: location.column,
    endLine: location.endLine,
    endColumn: location.endColumn,
    severity: location.severity,
    message: location.message,
    format: location.format,
    logLine: location.logLine,
    columnUnit: location.columnUnit,
    code: location.code,
  };
}

// One location as the contract prints it (no absolute path; of the frame data only trace, depth and raised).
export function locationToJson(location: ResolvedLocation): LocationJson {
  const json: LocationJson = relatedToJson(location);
  if (location.frame) {
    json.frame = {
      trace: location.frame.trace,
      depth: location.frame.depth ?? 0,
      raised: location.frame.raised ?? (location.frame.depth ?? 0) === 0,
    };
  }
  if (location.related && location.related.length > 0) json.related = location.related.map(relatedToJson);
  return json;
}

/** One unresolved entry as the contract prints it: `candidates` only with `ambiguous`, the files a user chooses between. */
export function unresolvedToJson(entry: LocateResult['unresolved'][number]): LocateResult['unresolved'][number] {
  const { file, line, column, format, logLine, reason, candidates } = entry;
  return { file, line, column, format, logLine, reason, ...(candidates ? { candidates: [...candidates] } : {}) };
}

/** One dropped entry as the contract prints it. */
export function droppedToJson({ file, line, reason }: LocateResult['dropped'][number]): LocateResult['dropped'][number] {
  return { file, line, reason };
}

/** The whole result as the contract prints it. */
export function toLocateJson(result: LocateResult): LocateJson {
  return {
    version: LOCATE_JSON_VERSION,
    locations: result.locations.map(locationToJson),
    unresolved: result.unresolved.map(unresolvedToJson),
    dropped: result.dropped.map(droppedToJson),
  };
}

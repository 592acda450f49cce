// The locate JSON contract: {"version":1,"locations":[…],"unresolved":[…],"dropped":[…]} with fixed keys in
// a fixed order, so scripts can rely on them. src/core/contract.ts owns the keys; this adds optional redaction.
// Unredacted by default: it stays on the machine.
import {
  LOCATE_JSON_VERSION,
  droppedToJson,
  locationToJson,
  toLocateJson,
  unresolvedToJson,
  type LocateJson,
  type LocateResult,
} from '../core/index.js';
import { redactionFor, type RenderOptions } from './common.js';

export type JsonOutput = LocateJson;

/** The contract object (JSON.stringify it; the CLI adds the trailing newline); redacted only when asked. */
export function renderJson(result: LocateResult, options: RenderOptions = {}): JsonOutput {
  const redact = redactionFor(options, false);
  const json = toLocateJson(result);
  // toLocateJson's entries are its own fresh objects: redacted in place rather than copied once more (a dense log's
  // 50 000 unresolved entries were two copies alive at once while the output was built).
  for (const location of json.locations) location.message = redact(location.message);
  for (const entry of json.unresolved) entry.file = redact(entry.file);
  for (const entry of json.dropped) entry.file = redact(entry.file);
  return json;
}

// Entries per piece of renderJsonPieces: big enough that writing a piece costs little, small enough that a piece
// of 50 000 entries' output is never whole.
const ENTRIES_PER_PIECE = 1000;

function* arrayPieces<T>(entries: readonly T[], toJson: (entry: T) => unknown): Generator<string> {
  if (entries.length === 0) {
    yield '[]';
    return;
  }
  for (let start = 0; start < entries.length; start += ENTRIES_PER_PIECE) {
    const piece = entries.slice(start, start + ENTRIES_PER_PIECE).map((entry) => JSON.stringify(toJson(entry)));
    yield `${start === 0 ? '[' : ','}${piece.join(',')}${start + ENTRIES_PER_PIECE >= entries.length ? ']' : ''}`;
  }
}

/**
 * The text `${JSON.stringify(renderJson(result, options))}\n`, in pieces of a thousand entries: a dense log's JSON
 * (12 MB for 50 000 unresolved entries) was built whole, as objects, as a string and as its encoded bytes, which
 * was a quarter of the CLI's peak memory.
 */
export function* renderJsonPieces(result: LocateResult, options: RenderOptions = {}): Generator<string> {
  const redact = redactionFor(options, false);
  yield `{"version":${JSON.stringify(LOCATE_JSON_VERSION)},"locations":`;
  yield* arrayPieces(result.locations, (location) => {
    const json = locationToJson(location);
    json.message = redact(json.message);
    return json;
  });
  yield ',"unresolved":';
  yield* arrayPieces(result.unresolved, (entry) => {
    const json = unresolvedToJson(entry);
    json.file = redact(json.file);
    return json;
  });
  yield ',"dropped":';
  yield* arrayPieces(result.dropped, (entry) => {
    const json = droppedToJson(entry);
    json.file = redact(json.file);
    return json;
  });
  yield '}\n';
}

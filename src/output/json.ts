// The locate JSON contract: {"version":1,"locations":[…],"unresolved":[…],"dropped":[…]} with fixed keys in
// a fixed order, so scripts can rely on them. src/core/contract.ts owns the keys; this adds optional redaction.
// Unredacted by default: it stays on the machine.
import { toLocateJson, type LocateJson, type LocateResult } from '../core/index.js';
import { redactionFor, type RenderOptions } from './common.js';

export type JsonOutput = LocateJson;

/** The contract object (JSON.stringify it; the CLI adds the trailing newline); redacted only when asked. */
export function renderJson(result: LocateResult, options: RenderOptions = {}): JsonOutput {
  const redact = redactionFor(options, false);
  const json = toLocateJson(result);
  return {
    ...json,
    locations: json.locations.map((location) => ({ ...location, message: redact(location.message) })),
    unresolved: json.unresolved.map((entry) => ({ ...entry, file: redact(entry.file) })),
    dropped: json.dropped.map((entry) => ({ ...entry, file: redact(entry.file) })),
  };
}

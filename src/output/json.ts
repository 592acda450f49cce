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
  // toLocateJson's entries are its own fresh objects: redacted in place rather than copied once more (a dense log's
  // 50 000 unresolved entries were two copies alive at once while the output was built).
  for (const location of json.locations) location.message = redact(location.message);
  for (const entry of json.unresolved) entry.file = redact(entry.file);
  for (const entry of json.dropped) entry.file = redact(entry.file);
  return json;
}

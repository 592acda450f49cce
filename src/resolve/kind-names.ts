// A build file's kind written as a word by the prose tier (`dockerfile parse error on line 81`, hints.kindName) and the
// file of that kind a real format names at the same line (BuildKit's `Dockerfile.nixos:81` summary): one report.
import type { RawLocation } from '../core/types.js';
import type { Resolution } from './resolution.js';

/** The distinct lower-cased file names (no folders) a real format resolved at each line. */
export function strictNamesByLine(raws: readonly RawLocation[], resolutions: readonly Resolution[]): Map<number, Set<string>> {
  const names = new Map<number, Set<string>>();
  // Only a prose location written as a kind asks (restatesNamedKind): a dense log's every resolution is not sliced for none.
  if (!raws.some((source) => source.hints?.kindName === true)) return names;
  resolutions.forEach((resolution, index) => {
    const source = raws[index] as RawLocation;
    if (resolution.kind !== 'resolved' || source.hints?.confirm === true) return;
    const name = resolution.relative.slice(resolution.relative.lastIndexOf('/') + 1).toLowerCase();
    let atLine = names.get(source.line);
    if (atLine === undefined) names.set(source.line, (atLine = new Set()));
    atLine.add(name);
  });
  return names;
}

/**
 * A build file's kind written as a word (`dockerfile parse error on line 81`) names whichever file of that kind the
 * tool read: when a real format reports that line in another file of the kind (`Dockerfile.nixos:81`, `api.Dockerfile`),
 * the words restate that report, not one on the plain `Dockerfile` the workspace also holds.
 */
export function restatesNamedKind(source: RawLocation, strictNames: ReadonlyMap<number, ReadonlySet<string>>): boolean {
  if (source.hints?.kindName !== true) return false;
  const kind = source.file.toLowerCase();
  for (const name of strictNames.get(source.line) ?? []) if (name !== kind && name.includes(kind)) return true;
  return false;
}

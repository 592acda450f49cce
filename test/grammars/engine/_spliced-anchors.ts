// The reference for the formats' anchors after line prefixes: the prefix alternation spliced in after each
// leading `^`, as the scanner once compiled them (src/grammars/engine/format-anchors.ts replaced it with sticky
// twins). The prefilter coverage test and the twins' test read lines through it.
import { LINE_PREFIX_SOURCE } from '../../../src/grammars/engine/prefixes.js';

/** `anchor` with up to two of the prefixes in `prefixSource` (default every known kind) allowed after each leading `^`. */
export function anchorAfterPrefixes(anchor: string, prefixSource = LINE_PREFIX_SOURCE): string {
  if (prefixSource === '') return anchor;
  // Two optional prefixes cover a GitHub timestamp wrapping a task-runner prefix; a single kind needs one.
  const single = !prefixSource.includes('|');
  const prefixes = single ? `(?:${prefixSource})?` : `(?:${prefixSource})?(?:${prefixSource})?`;
  return anchor.replace(/(^|\||\(\?:|\()\^/g, `$1^${prefixes}`);
}

// Prefixes that CI systems and monorepo task runners put before every line of a tool's output
// (formats.md §3.4, §3.13). They are removed before any grammar sees the line, so a tool's own
// line shape (an eslint row, a traceback frame) is recognised whatever wraps it.

const PREFIXES: readonly RegExp[] = [
  // GitHub Actions raw logs: 2021-12-01T13:00:40.1077661Z
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/,
  // `gh run view --log`: job<TAB>step<TAB>timestamp
  /^[^\t\n]{1,200}\t[^\t\n]{1,200}\t\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/,
  // Turborepo: `@acme/api:test: ` or `web:build: ` (the task starts with a letter, so `a.c:3:` never matches)
  /^(?:@[\w.-]+\/)?[\w.-]+:[A-Za-z][\w-]*(?::[A-Za-z][\w-]*)?: /,
  // pnpm -r / --filter: `packages/api test$ ` and `packages/api test: ` (the package is a directory or
  // a scoped name, which keeps prose such as `Caused by: ` out)
  /^(?:@[\w.-]+\/[\w.-]+|[\w.-]+(?:\/[\w.-]+)+) [\w:-]+(?:\$|:) (?=\S)/,
  // docker compose: `api-1  | `
  /^[\w.-]+-\d+\s+\| /,
  // gulp and other task runners: `[10:57:03] `
  /^\[\d\d:\d\d:\d\d(?:\.\d+)?\] /,
];

/**
 * The same prefixes as one regex source (no `^`), for the raw-text anchors: a format anchored at line start
 * (`^\s+at `) must still find its lines behind a GitHub timestamp or a turbo task prefix.
 */
// The `gh run view` shape (two tab-separated fields) is left out: scanning up to 400 characters at every line
// start would slow the prefilter for a rare layout; such lines still match the unanchored anchors.
const ANCHORABLE_PREFIXES = PREFIXES.filter((prefix) => !prefix.source.includes('\\t'));
export const LINE_PREFIX_SOURCE = ANCHORABLE_PREFIXES.map((prefix) => prefix.source.replace(/^\^/, '')).join('|');

/**
 * Rewrites a leading `^` of an anchor so it also matches after up to two line prefixes: by default any known
 * one, or only those in `prefixSource` (the kinds a log was seen to use).
 */
export function anchorAfterPrefixes(anchor: string, prefixSource = LINE_PREFIX_SOURCE): string {
  if (prefixSource === '') return anchor;
  // Two optional prefixes cover a GitHub timestamp wrapping a task-runner prefix; a single kind (no
  // alternation in its source) needs one.
  const single = !prefixSource.includes('|');
  const prefixes = single ? `(?:${prefixSource})?` : `(?:${prefixSource})?(?:${prefixSource})?`;
  return anchor.replace(/(^|\||\(\?:|\()\^/g, `$1^${prefixes}`);
}

/**
 * The prefix kinds that start some line of `text` (a log's first slice), as a regex source for
 * anchorAfterPrefixes; '' when none. Trying only those keeps the line-start prefilter cheap: every kind
 * costs a scan of each line's first word.
 */
export function detectLinePrefixes(text: string): string {
  return ANCHORABLE_PREFIXES.filter((prefix) => new RegExp(prefix.source, 'm').test(text))
    .map((prefix) => prefix.source.replace(/^\^/, ''))
    .join('|');
}

/** Removes known CI/task-runner prefixes (repeatedly: a GitHub timestamp may wrap a turbo prefix). */
export function stripLinePrefixes(line: string): string {
  let current = line;
  for (let round = 0; round < 3; round++) {
    const before = current;
    for (const prefix of PREFIXES) {
      const match = prefix.exec(current);
      if (match && match[0].length < current.length) current = current.slice(match[0].length);
    }
    if (current === before) break;
  }
  return current;
}

// A function's name glued by `@` before the place it ran in: SpiderMonkey's and JavaScriptCore's frames, every Firefox
// and Safari stack, Bun's and gjs's (`render@http://host/src/a.js:3:7`, `main/<@file:///x/a.js:9:1`, `fn@src/a.js:2:5`).
// Fixture ablation class "a frame written `name@F:L:C`": without the name cut off, the tiers that read any tool's lines
// took `render@http://host/src/a.js` for the file. The cut is made only where the name is one and the rest is a path
// with a folder or a URL, never inside a path: a pnpm store's `node_modules/.pnpm/x@1.2.3/…` (a version follows), a
// scoped package's `@scope/pkg/…` (no name before it), `user@host:path` (no folder follows).

// A name: identifier characters, SpiderMonkey's inner-function marks (`outer/inner`, `fn/<`, `fn*`), dotted members.
const NAME = /^[A-Za-z_$<*][\w$.<>*]*(?:\/[\w$<>*][\w$.<>*]*)*$/;
// What the `@` must lead: a URL, an absolute or relative path, or a letter-led folder (a version is no folder).
const PLACE = /^(?:[a-z][\w+.-]*:\/\/|\.{0,2}\/|~\/|[A-Za-z]:[\\/]|[A-Za-z_][\w.-]*\/)/;

const ROOTED = /^(?:[a-z][\w+.-]*:\/\/|\.{0,2}\/)/;

/** Where the path starts once a glued function name is cut off (`start` when none is). */
export function afterGluedName(text: string, start: number, end: number): number {
  const at = text.indexOf('@', start);
  if (at < start || at >= end) return start;
  // No name (a top-level frame, or one whose name ended at a delimiter, `fn/<@`): only a URL or a rooted path follows.
  if (at === start) return ROOTED.test(text.slice(at + 1, end)) ? at + 1 : start;
  return NAME.test(text.slice(start, at)) && PLACE.test(text.slice(at + 1, end)) ? at + 1 : start;
}

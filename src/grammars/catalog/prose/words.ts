// Words of the prose tier that name files: which words may be paths, and the path part of an address.

// Tokens that are never files whatever the workspace holds: numbers, versions, dates, clocks, elisions alone, and a
// quoted value's escape (MySQL's `near '\N,…'`).
const NOT_A_PATH = /^(?:[\d.:]+|v\d[\w.]*|\d{4}-\d\d-\d\d[T\d:.-]*|[.~-]+|[a-z][\w+.-]*:\/\/[^/]*|\\\w)$/i;

// A scheme and host before a path (`https://host/org/repo/blob/main/src/a.c`) name another machine: the path
// part is what the workspace may hold (its leading folders are dropped by resolve when they do not exist).
/** The path part of an address (the whole word when it has no scheme and host). */
export function withoutHost(path: string): string {
  const url = /^[a-z][\w+.-]*:\/\/[^/\s]+(\/.*)$/i.exec(path);
  return url && !/^file:/i.test(path) ? url[1]!.slice(1) : path;
}

// The build and tool files known by a conventional name without an extension, which a message names as a kind of
// file (`dockerfile parse error line 60`, `Vagrantfile:12`): the name alone is a file.
const CONVENTIONAL_NAME = /^(?:docker|container|jenkins|vagrant|make|gem|rake|pod|brew|proc|earth|just|tilt|berks|cap)file$/i;

/** The conventional file a name in words stands for, written as projects name it (`dockerfile` is the Dockerfile). */
export function conventionalName(path: string): string {
  return CONVENTIONAL_NAME.test(path) && path === path.toLowerCase() ? path[0]!.toUpperCase() + path.slice(1) : path;
}

/** Whether a word may name a file: a folder separator or a letter-led extension, and no number, version or date. */
export function pathLike(path: string): boolean {
  if (CONVENTIONAL_NAME.test(path)) return true;
  if (path.length < 2 || !/[A-Za-z]/.test(path) || NOT_A_PATH.test(path) || /^[a-z][\w+.-]*:$/i.test(path)) return false;
  // A folder separator, or a name with a letter-led extension (`run.tcl`, `app.conf`); a bare word is not enough. A
  // camel-cased "extension" (a lower-case letter before a capital) is a member of a type (`state.HelmState`, `obj.ToString`,
  // `Order.latitude.rawValue`), not a file's; one in capitals (`MAIN.CPP`) is.
  if (/[\\/]/.test(path)) return true;
  const extension = /\.([A-Za-z][\w+-]{0,11})$/.exec(path)?.[1];
  return extension !== undefined && !/[a-z][A-Z]/.test(extension);
}

// A template's logical name: a namespace, then the path inside it (Symfony's `AcmeBundle::base.html.twig`,
// `AcmeBundle:Default:index.html.twig`, `::layout.html.twig`, Twig's `@Acme/mail/x.html.twig`). The namespace names
// a folder the workspace spells otherwise (`src/Acme/Resources/views/`), so only the path part is kept: resolve
// matches it by its suffix. A drive (`C:`), a scheme (`file://`) or a number after the colon is no namespace.
const NAMESPACED = /^(?:@?[A-Za-z_][\w-]+)?::?([^:/\\\d][^:]*(?::[^:/\\]+)*)$/;
const AT_NAMESPACE = /^@[A-Za-z_][\w-]*\/(.+)$/;

/** The path part of a template's logical name (the whole word when it is none). */
export function pathInLogicalName(path: string): string {
  const namespaced = NAMESPACED.exec(path);
  if (namespaced && /\.[A-Za-z]/.test(namespaced[1]!)) return namespaced[1]!.replaceAll(':', '/');
  return AT_NAMESPACE.exec(path)?.[1] ?? path;
}

// The word a template engine writes before a template's logical name (Thymeleaf's `(template: "owners/details" - line
// 52`, `Error resolving template [index]`, `Missing template users/show`, `view "home"`).
const TEMPLATE_WORD = /\b(?:template|view|partial|layout|fragment)s?\s*[:=]?\s*[\["'`(]?$/i;

/** Whether the words right before a file name call it a template, and the name has no extension of its own. */
export function calledTemplate(text: string, start: number, path: string): boolean {
  return !/\.[A-Za-z]\w*$/.test(path) && TEMPLATE_WORD.test(text.slice(Math.max(0, start - 24), start));
}

// A severity word anywhere on the line.
export const SEVERITY_WORD = /\b(error|warning|note|fatal)\b/i;

// A runtime's qualified name for a function or module (`tests.Prep`, `Gauss_normal`, `pkg.mod.fn`): no folder, no
// extension of its own needed. Resolve completes it to the workspace file it lives in (hints.moduleName).
const QUALIFIED_NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*){0,6}$/;
// What joins a function's name to its line: MATLAB's `NAME (line 26)`, Octave's `NAME at line 10`.
const NAME_TO_LINE = /^ (?:\(|at )$/;

/** Whether a word is a qualified name that may stand for its file: a last part that may be an extension (`app.yaml`)
 * makes it a file's name. */
export function qualifiedName(path: string): boolean {
  return QUALIFIED_NAME.test(path) && !/\.[a-z\d]{1,5}$/.test(path);
}

/**
 * The function a frame names right before its line number: `in NAME (line N)`, `in NAME at line N`, or an indented
 * line that starts with `NAME at line N` (a frame of a trace); undefined for any other word.
 */
export function functionNameBefore<T extends { path: string; start: number; end: number }>(
  text: string,
  tokens: readonly T[],
  numberStart: number,
): T | undefined {
  const before = tokens.findLast((token) => token.end <= numberStart && token.path !== 'at');
  if (!before || !qualifiedName(before.path) || !NAME_TO_LINE.test(text.slice(before.end, numberStart))) return undefined;
  const lead = text.slice(0, before.start);
  return / in $/.test(lead) || /^\s+$/.test(lead) ? before : undefined;
}

// Words of the prose tier that name files: which words may be paths, and the path part of an address.

// Tokens that are never files whatever the workspace holds: numbers, versions, dates, clocks, elisions alone.
const NOT_A_PATH = /^(?:[\d.:]+|v\d[\w.]*|\d{4}-\d\d-\d\d[T\d:.-]*|[.~-]+|[a-z][\w+.-]*:\/\/[^/]*)$/i;

// A scheme and host before a path (`https://host/org/repo/blob/main/src/a.c`) name another machine: the path
// part is what the workspace may hold (its leading folders are dropped by resolve when they do not exist).
/** The path part of an address (the whole word when it has no scheme and host). */
export function withoutHost(path: string): string {
  const url = /^[a-z][\w+.-]*:\/\/[^/\s]+(\/.*)$/i.exec(path);
  return url && !/^file:/i.test(path) ? url[1]!.slice(1) : path;
}

/** Whether a word may name a file: a folder separator or a letter-led extension, and no number, version or date. */
export function pathLike(path: string): boolean {
  if (path.length < 2 || !/[A-Za-z]/.test(path) || NOT_A_PATH.test(path) || /^[a-z][\w+.-]*:$/i.test(path)) return false;
  // A folder separator, or a name with a letter-led extension (`run.tcl`, `app.conf`); a bare word is not enough.
  return /[\\/]/.test(path) || /\.[A-Za-z][\w+-]{0,11}$/.test(path);
}

// Users and terminal-width tools elide part of a long path (`…/components/Button.tsx`, `...\Helpers.cpp`,
// `...../ex06.js`, formats.md §3.9): a segment that starts with `…` or three or more dots (a partial name
// glued to it was cut too), with the real path's end after it, which listing-lookups.ts looks up in the workspace.
const ELISION_SEGMENT = /^(?:…|\.{3,})/;

function segmentsOf(printed: string): string[] {
  return printed
    .trim()
    .split(/[/\\]+/)
    .filter((segment) => segment !== '' && segment !== '.');
}

/** The printed folders before the last elision and the segments after it; undefined when nothing is elided. */
export function elision(printed: string): { head: string; tail: string[] } | undefined {
  const segments = segmentsOf(printed);
  let last = -1;
  segments.forEach((segment, index) => {
    if (ELISION_SEGMENT.test(segment)) last = index;
  });
  if (last < 0) return undefined;
  const tail = segments.slice(last + 1).filter((segment) => segment !== '..');
  if (tail.length === 0) return undefined;
  // Folders before the elision constrain the match only when relative: an absolute head (`C:\Users\me\…\x.cpp`)
  // names the other machine's checkout, not a workspace folder.
  if (/^(?:[A-Za-z]:|~)?[/\\]/.test(printed.trim()) || /^[A-Za-z]:$/.test(segments[0] ?? '')) return { head: '', tail };
  const head = segments
    .slice(0, last)
    .filter((segment) => segment !== '..' && !ELISION_SEGMENT.test(segment))
    .join('/');
  return { head, tail };
}

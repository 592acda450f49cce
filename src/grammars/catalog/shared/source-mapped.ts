// karma's source-mapped frames write both places, `original <- bundle` (karma 1+) or `bundle <- original` (0.13), bare
// (`at webpack:///test/a.js:9:30 <- test/index.js:80211:31`) or as a V8 frame's parenthesis (`at Context.<anonymous>
// (webpack:///test/a.js:41:34 <- tests.webpack.js:18941:47)`): the bundle's line is the file the browser ran, never the
// place to fix.

interface Span {
  from: number;
  to: number;
}

const ARROW = ' <- ';
const BUNDLER_URL = /\bwebpack(?:-internal)?:\/\//;

/**
 * The two sides of a source-mapped place within `[from, to)` of the line, or undefined without an arrow. The side naming
 * a bundler URL (`webpack:///src/a.js:12:0`) is the original; without one, the left side (karma's own order).
 */
export function sourceMappedSides(text: string, from = 0, to = text.length): { original: Span; bundle: Span } | undefined {
  const arrow = text.indexOf(ARROW, from);
  if (arrow < 0 || arrow >= to) return undefined;
  const left = { from, to: arrow };
  const right = { from: arrow + ARROW.length, to };
  const rightIsOriginal = BUNDLER_URL.test(text.slice(right.from, to)) && !BUNDLER_URL.test(text.slice(from, arrow));
  return rightIsOriginal ? { original: right, bundle: left } : { original: left, bundle: right };
}

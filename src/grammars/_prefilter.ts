// The candidate-line prefilter. An unanchored alternative is tried at every position of the log, so the
// combined regex keeps only a few literal-led universal ones; alternatives anchored at line start (`^…`)
// cost one check per line and are taken from every format as they are. A test checks on every fixture
// that no line a format's own anchor selects is missed here (test/grammars/prefilter.test.ts).
// Measurements: shared/reference/performance.md §3b, §6.
import { SGR } from './_anchors.js';
import type { GrammarFormat } from './_format.js';
import { anchorAfterPrefixes } from './_prefixes.js';

/** What nearly every location line contains, whatever the tool. */
export const UNIVERSAL_ANCHORS: readonly string[] = [
  // path.ext:12 / path.ext(12 — compilers, linters, stack frames (ANSI allowed between the parts)
  `\\.[A-Za-z][A-Za-z0-9+_]{0,11}${SGR}[:(]${SGR}\\d`,
  // path.ext 12:5 — webpack module paths, dart-sass, Dart stack frames
  `\\.[A-Za-z][A-Za-z0-9+_]{0,11} \\d+:\\d`,
  // "line 12", "Line: 12", ":line 14" — PHP, Perl, Terraform, ShellCheck, Gradle, .NET frames, Python frames
  `[Ll]ine:? \\d`,
  // Python frames with the path quoted
  `File ${SGR}"`,
  // Extensionless build files
  `(?:[Dd]ocker|[Mm]ake|Container|Jenkins|Vagrant|Gem|Rake)file[\\w.-]*:\\d`,
  // GitHub workflow commands
  `::(?:error|warning|notice)\\b`,
];

/** Splits a regex source into its top-level alternatives (outside groups and classes). */
export function topLevelAlternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let index = 0; index < source.length; index++) {
    const character = source[index];
    if (character === '\\') {
      index++;
      continue;
    }
    if (inClass) {
      if (character === ']') inClass = false;
      continue;
    }
    if (character === '[') inClass = true;
    else if (character === '(') depth++;
    else if (character === ')') depth--;
    else if (character === '|' && depth === 0) {
      parts.push(source.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(source.slice(start));
  return parts;
}

export interface Prefilter {
  /** Unanchored, literal-led: tried at every position. */
  anywhere: RegExp;
  /** The line-start regex trying only the given CI/task-runner prefix kinds (see detectLinePrefixes). */
  lineStartFor(prefixSource: string): RegExp;
  /** Every other format alternative, tried only at line starts (after CI prefixes) behind ONE `^`, so a
   * position that is not a line start costs a single failed check however many formats there are. */
  lineStart: RegExp;
}

// Leading blanks and colour codes, skipped atomically (lookahead + back-reference: JS has no possessive
// quantifier) so an alternative that itself starts with blanks cannot make a long run of spaces quadratic.
// Named groups: the format alternatives may hold numbered groups of their own.
const SKIP_BLANKS = '(?=(?<flBlanks>(?:[ \\t]|\\x1b\\[[0-9;]*[mK])*))\\k<flBlanks>';
const SKIP_COLOUR = '(?=(?<flColour>(?:\\x1b\\[[0-9;]*[mK])*))\\k<flColour>';

export function buildPrefilter(formats: readonly GrammarFormat[]): Prefilter {
  const alternatives = [...new Set(formats.flatMap((format) => topLevelAlternatives(format.anchor)))].filter((alternative) => !UNIVERSAL_ANCHORS.includes(alternative));
  const anchored = alternatives.filter((alternative) => alternative.startsWith('^')).map((alternative) => alternative.slice(1));
  // An unanchored alternative names a phrase (`Traceback`, `Caused by:`, `●`) that starts its line, after
  // indentation or colour; the prefilter looks for it there only (the coverage test flags a mid-line one).
  // An alternative led by a file extension (`\.go:\d`, `\.pyi?:…`) selects lines the universal anchors
  // already select; trying it at every line start only cost time (the coverage test keeps this honest).
  const unanchored = alternatives.filter((alternative) => !alternative.startsWith('^') && !alternative.startsWith('\\.'));
  const group = (sources: string[]): string => sources.map((source) => `(?:${source})`).join('|') || '(?!)';
  const anywhere = group([...UNIVERSAL_ANCHORS]);
  // Unanchored phrases are tried right at the line start (some begin with their own blanks), after colour codes,
  // and after blanks and colour codes.
  const phrases = group(unanchored);
  const bare = `^(?:${group(anchored)}|${phrases}|${SKIP_COLOUR}(?:${phrases})|${SKIP_BLANKS}(?:${phrases}))`;
  const cache = new Map<string, RegExp>();
  return {
    anywhere: new RegExp(anywhere, 'gm'),
    lineStart: new RegExp(anchorAfterPrefixes(bare), 'gm'),
    lineStartFor(prefixSource: string): RegExp {
      let regex = cache.get(prefixSource);
      if (!regex) cache.set(prefixSource, (regex = new RegExp(anchorAfterPrefixes(bare, prefixSource), 'gm')));
      return regex;
    },
  };
}

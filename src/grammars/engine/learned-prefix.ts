// A wrapper's line prefix learned from the log itself (issue 20): a runner nobody listed in ./prefixes.ts still writes
// the same head before every line of the tools it runs (`+build | `, `16:25:34.227 | `, `remote:        `,
// `10:40:18 AM: `, `[server] `). A column of such heads on most of the first lines is the wrapper's; the tool's own
// line shapes (an ESLint row, a traceback frame) then read behind it as they would bare.
import { stripLinePrefixes } from './prefixes.js';
import { learnLineNumbers } from './numbered-lines.js';
import type { LearnedPrefix } from './line-peel.js';

/** The kinds of head a wrapper writes, as regexes whose group 1 is the head's name and group 2 the padding after it, and
 * how many names (digits aside) a wrapper of the kind writes at most: a tool's own words vary line to line. */
const KINDS = [
  // A name and a pipe column: earthly `+test | `, Vercel's copied `16:25:34.227 | `, Procfile runners `web.1 | `.
  { source: String.raw` {0,40}([^\s|][^|\n]{0,58}?) *\|( *)`, names: 8, nests: false, mark: '|' },
  // A word and a colon, then padding: git's `remote:        ` (Heroku, Dokku), Heroku's `app[web.1]: `, Netlify's
  // `10:40:18 AM: `. One name only: a record's fields (`File: `, `Line: `, `Message: `) are a few names too.
  { source: String.raw`([A-Za-z][\w.[\]-]{0,40}|\d{1,2}:\d\d:\d\d(?: [AP]M)?):( +|$)`, names: 1, nests: false, mark: ':' },
  // A bracketed name: `concurrently`'s `[server] ` and `[0] `.
  { source: String.raw`(\[[^\]\s]{1,40}\])( +)`, names: 8, nests: true, mark: '[' },
] as const;

// Compiled once: a fresh regex per kind per call was most of a call's cost on a dense log.
const HEADS = KINDS.map((kind) => ({ ...kind, head: new RegExp(`^(?:${kind.source})`) }));

// Heads that are a tool's own words, never a wrapper's: a severity (`error: `, `[ERROR] `, `WARN | `), a test verdict.
// The word may carry the tool's code: `Error[Pe020]: `, `error[E0308]: `.
const TOOL_WORDS =
  /^\[?(?:error|warning|warn|note|help|info|debug|trace|fatal|critical|notice|failed?|pass(?:ed)?|ok|skip(?:ped)?)(?![a-z])/i;
// A head that names a file (`a.c: no such file`) or is only a number (a code frame's `12 | `) is the tool's, too.
// A build's progress (`[ 12%] `) is its own words as well.
// A test runner's `[ RUN      ]` is its own (no blank inside a wrapper's bracket).
const FILE_OR_NUMBER = /\.[A-Za-z][\w]{0,9}$|^\d+$|[/\\%]/;

// The first lines decide: a wrapper writes its head from the first line on.
const SAMPLE_LINES = 200;
// Most lines carry it (blank ones aside), and a few at least: two lines with a colon prove nothing.
const MIN_SHARE = 0.6;
const MIN_LINES = 4;

// Digits stand for any digits: a clock's heads are one name. A bracketed number keeps its digits: concurrently's
// `[0] `/`[1] ` are two names, a tool's counter (biber's `[1] `, `[105] `, `[133] `) one per line, too many for a wrapper.
const shapeOf = (name: string): string => (/^\[\d+\]$/.test(name) ? name : name.replace(/\d/g, '9'));

/**
 * The wrapper prefix most lines of `text` (a log's first slice) start with, if one kind dominates them; `listed` says
 * whether any listed prefix kind starts a line of it.
 */
export function learnLinePrefix(text: string, listed = true): LearnedPrefix | undefined {
  // Only the sample is split: a 64 KiB slice split whole was most of the cost.
  let end = 0;
  for (let line = 0; line < SAMPLE_LINES && end >= 0; line++) end = text.indexOf('\n', end + 1);
  const sample = end < 0 ? text : text.slice(0, end);
  const raw = sample.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  // A pasted line-number column stands before everything else the line carries.
  const numbered = learnLineNumbers(raw);
  if (numbered !== undefined) return numbered;
  // Before the listed prefixes first (a listed clock would take the clock of `16:25:34.227 | `), then behind them.
  const before = learnFrom(raw, true);
  // Behind the listed prefixes only when the slice has some (the scanner's detectLinePrefixes said so).
  if (before !== undefined || !listed) return before;
  const behind = raw.map((line) => stripLinePrefixes(line));
  return behind.some((line, index) => line !== raw[index]) ? learnFrom(behind, false) : undefined;
}

// Each kind's head needs its mark near the line's start: a line without it is not tried against the kind's regex.
const MARK_REACH = 104;
const hasMark = (line: string, mark: string): boolean => {
  const at = line.indexOf(mark);
  return at >= 0 && at < MARK_REACH;
};

function learnFrom(lines: readonly string[], beforeListed: boolean): LearnedPrefix | undefined {
  const filled = lines.filter((line) => line.trim() !== '');
  if (filled.length < MIN_LINES) return undefined;
  for (const kind of HEADS) {
    const head = kind.head;
    const names = new Set<string>();
    let counted = 0;
    let matched = 0;
    // The tool's own indentation starts past the narrowest padding: Heroku pads `remote:` to a column, ESLint indents.
    let padding = Infinity;
    // Lines it cannot match, past which the kind can no longer hold most of the log: the kind is given up early.
    let misses = 0;
    for (const line of filled) {
      if (misses > filled.length * (1 - MIN_SHARE)) break;
      const match = hasMark(line, kind.mark) ? head.exec(line) : null;
      // A head over nothing (`remote: ` alone, git's blank line) says nothing either way.
      if (match !== null && line.slice(match[0].length).trim() === '') continue;
      counted++;
      misses++;
      const name = match?.[1]?.trim();
      if (match === null || name === undefined || name === '') continue;
      if (TOOL_WORDS.test(name) || FILE_OR_NUMBER.test(name)) continue;
      // A row of a table (sqlfluff's `L:  13 | P:  67 | L018 | …`) has more columns behind its first: not a wrapper's head.
      if (line.includes(' | ', match[0].length - 1)) continue;
      misses--;
      matched++;
      names.add(shapeOf(name));
      padding = Math.min(padding, match[2]?.length ?? 0);
    }
    if (matched < MIN_LINES || matched < counted * MIN_SHARE || names.size > kind.names) continue;
    // A wrapper's names repeat (each service writes many lines); a tool's counter or record field seldom does.
    if (matched < names.size * 2) continue;
    // The anchors' copy has no capture group: the anchor regexes it joins number their own.
    const source = kind.source.replace(/\((?!\?)/g, '(?:');
    return learned(head, { source, beforeListed }, names, padding, kind.nests);
  }
  return undefined;
}

// A runner inside the runner adds its own bracket (`[0] [build-viewer] ` of concurrently over npm-watch).
const INNER_BRACKET = /^(\[[^\]\s]{1,40}\]) ( *)/;
const MAX_INNER = 3;

function learned(
  head: RegExp,
  kind: { source: string; beforeListed: boolean },
  shapes: ReadonlySet<string>,
  padding: number,
  nests: boolean,
): LearnedPrefix {
  return {
    ...kind,
    peel(line: string): string {
      const match = head.exec(line);
      const name = match?.[1]?.trim();
      if (match === null || name === undefined || !shapes.has(shapeOf(name))) return line;
      const pad = match[2]?.length ?? 0;
      let rest = line.slice(match[0].length - pad + Math.min(pad, padding));
      for (let inner = 0; nests && inner < MAX_INNER; inner++) {
        const bracket = INNER_BRACKET.exec(rest);
        if (bracket === null || TOOL_WORDS.test(bracket[1]!) || FILE_OR_NUMBER.test(bracket[1]!)) break;
        rest = rest.slice(bracket[0].length - (bracket[2]?.length ?? 0));
      }
      return rest;
    },
  };
}

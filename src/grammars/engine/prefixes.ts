// Prefixes that CI systems, launchers and task runners put before every line of a tool's output
// (formats.md §3.4, §3.13; issue 11). They are removed before any grammar sees the line, so a tool's own
// line shape (an eslint row, a traceback frame) is recognised whatever wraps it. Each shape here is one no
// tool prints as its own location line; prefixes that are also a tool's own words (`[ERROR] `, `error: `)
// are peeled only where they would otherwise end up inside a path (see ./peel.ts).
import { firstChars } from './first-chars.js';

const ISO_DATE_TIME = '\\d{4}-\\d\\d-\\d\\d[T ]\\d\\d:\\d\\d:\\d\\d(?:[.,]\\d+)?(?:Z|[+-]\\d\\d:?\\d\\d)?';

// Turborepo: `@acme/api:test: ` or `web:build: ` (the task starts with a letter, so `a.c:3:` never matches)
const TURBO = /^(?:@[\w.-]+\/)?[\w.-]+:[A-Za-z][\w-]*(?::[A-Za-z][\w-]*)?: /;
// pnpm -r / --filter: `packages/api test$ ` and `packages/api test: ` (the package is a directory or
// a scoped name, which keeps prose such as `Caused by: ` out)
const PNPM = /^(?:@[\w.-]+\/[\w.-]+|[\w.-]+(?:\/[\w.-]+)+) [\w:-]+(?:\$|:) (?=\S)/;

const PREFIXES: readonly RegExp[] = [
  // GitHub Actions raw logs `2021-12-01T13:00:40.1077661Z `, GitLab's `… 00O+ ` stream marker, and other ISO
  // forms (`2024-05-01 12:00:00,123 `, with an offset) that loggers and CI viewers print.
  new RegExp(`^${ISO_DATE_TIME}(?: \\d\\d[OE]\\+?)? ?`),
  // `gh run view --log`: job<TAB>step<TAB>timestamp
  /^[^\t\n]{1,200}\t[^\t\n]{1,200}\t\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/,
  TURBO,
  PNPM,
  // docker compose v2 `api-1  | ` and v1 `api_1  | `
  /^[\w.-]+[-_]\d+\s+\| /,
  // gulp, Jenkins' timestamper and other task runners: `[10:57:03] `, `[2024-05-01T12:00:00.123Z] `. A CI server's
  // copied log (TeamCity) glues the clock to the text, `[21:17:18]./main.go:4:2: …`, or puts its status column
  // between, `[21:17:18]W:\t [Step 1/2] …`: a bracketed clock is no tool's own place, so the blank is optional.
  new RegExp(`^\\[(?:${ISO_DATE_TIME}|\\d\\d:\\d\\d:\\d\\d(?:[.,]\\d+)?)\\](?: ?[iWEF]?:[\\x09 ]{1,3}(?:\\[Step \\d+\\/\\d+\\] )?| ?)`),
  // `flutter -v`: the time since the previous line, `[   +1 ms] `, `[+1234 ms] `, or blank, `[        ] `, when none passed
  /^\[(?: {8}| *\+\d+ ms)\] /,
  // A bare clock before the text: `12:00:01 `, `12:00:01.532 ` (Vercel, many loggers), and Netlify's 12-hour
  // `1:09:33 PM: ` (a one-digit hour only with its AM/PM, so a tool's `1:09:33` position never reads as one)
  /^(?:\d\d:\d\d:\d\d(?:[.,]\d+)?|\d{1,2}:\d\d:\d\d [AP]M:) (?=\S)/,
  // GitHub Actions log commands as the viewer shows them, glued to the text: `##[error]src/a.ts(3,4): …`
  /^##\[[a-z]+\]/,
  // torchrun / torch.distributed.elastic: `[rank0]:` or `[default0]:`, repeated when launchers nest
  /^\[(?:rank|default)\d+\]: ?/,
  // Google Cloud Build: `Step #2 - "tf plan": ` (or `Step #2: ` for an unnamed step)
  /^Step #\d+(?: - "[^"\n]{1,100}")?: /,
  // BuildKit plain progress: `#12 4.406 ` (step number and seconds)
  /^#\d+ \d+\.\d+ /,
  // Yarn 2+ (berry) prints every report line as `➤ YN0009: ` (a message code), then its group marks (`│ `, `┌ `, `└ `,
  // `· `), then for a build script's relayed output (enableInlineBuilds) the package's locator and stream:
  // `➤ YN0000: │ app@workspace:. STDERR src/x.js:2`. Each character also in its UTF-8 bytes as latin1 (`\xe2\x9e\xa4`
  // for ➤): the line-start prefilter reads the raw latin1 text, the grammars the decoded one. No tool prints `YN`
  // and four digits after an arrow as its own place.
  new RegExp(
    String.raw`^(?:➤|\xe2\x9e\xa4) YN\d{4}: (?:(?:[│┌└·]|\xe2\x94[\x82\x8c\x94]|\xc2\xb7) )*` +
      String.raw`(?:@?[^\s@]+@\S+ STD(?:OUT|ERR)(?: |$))?`,
  ),
  // A cargo build script's directive, as cargo echoes the script's stdout when it fails (indented under `Caused by:`
  // since 1.5x): the cc crate relays each line the C compiler printed as `cargo:warning=src/x.c:12:3: error: …`.
  /^ *cargo::?warning=/,
];

/**
 * The same prefixes as one regex source (no `^`), for the raw-text anchors: a format anchored at line start
 * (`^\s+at `) must still find its lines behind a GitHub timestamp or a turbo task prefix.
 */
// The `gh run view` shape (two tab-separated fields) is left out: scanning up to 400 characters at every line
// start would slow the prefilter for a rare layout; such lines still match the unanchored anchors.
const ANCHORABLE_PREFIXES = PREFIXES.filter((prefix) => !prefix.source.includes('\\t'));
export const LINE_PREFIX_SOURCE = ANCHORABLE_PREFIXES.map((prefix) => prefix.source.replace(/^\^/, '')).join('|');

// Each anchorable prefix kind as a sticky regex and the characters its match can start with (latin1 codes).
const DETECTORS = ANCHORABLE_PREFIXES.map((prefix) => {
  const source = prefix.source.replace(/^\^/, '');
  const chars = firstChars(source);
  const starts = new Uint8Array(256).fill(chars === undefined ? 1 : 0);
  for (const code of chars ?? []) starts[code] = 1;
  return { source, sticky: new RegExp(`(?:${source})`, 'y'), starts };
});

// One walk over the line starts, each kind tried only where its first character is: ten multiline `^…` regexes
// each ran over the whole 64 KiB slice (~0.35 ms of every warm locate call, most of a 10 KB call's prefilter).
// The line starts are those of a multiline `^`: the text's start and after every \n or \r (a text holding
// U+2028/9, never latin1, takes the multiline regexes), so the answer is the same.
/**
 * The prefix kinds that start some line of `text` (a log's first slice), as a regex source for
 * FormatAnchors and the line-start prefilter; '' when none. Trying only those keeps the line-start prefilter cheap: every kind
 * costs a scan of each line's first word.
 */
export function detectLinePrefixes(text: string): string {
  if (text.includes('\u2028') || text.includes('\u2029')) {
    return DETECTORS.filter((detector) => new RegExp(`^(?:${detector.source})`, 'm').test(text))
      .map((detector) => detector.source)
      .join('|');
  }
  const found = new Uint8Array(DETECTORS.length);
  let left = DETECTORS.length;
  let newline = text.indexOf('\n');
  let carriage = text.indexOf('\r');
  for (let start = 0; left > 0 && start < text.length;) {
    const code = text.charCodeAt(start);
    for (let index = 0; index < DETECTORS.length; index++) {
      const detector = DETECTORS[index]!;
      if (found[index] === 1 || detector.starts[code] === 0) continue;
      detector.sticky.lastIndex = start;
      if (detector.sticky.test(text)) {
        found[index] = 1;
        left--;
      }
    }
    if (newline >= 0 && newline < start) newline = text.indexOf('\n', start);
    if (carriage >= 0 && carriage < start) carriage = text.indexOf('\r', start);
    const end = newline < 0 ? carriage : carriage < 0 ? newline : Math.min(newline, carriage);
    if (end < 0) break;
    start = end + 1;
  }
  return DETECTORS.filter((_detector, index) => found[index] === 1)
    .map((detector) => detector.source)
    .join('|');
}

const ANY_PREFIX = new RegExp(`^(?:${PREFIXES.map((prefix) => prefix.source.replace(/^\^/, '')).join('|')})`);
// The characters a prefix can start with, of every kind but `gh run view`'s (which can start with anything but
// needs a tab): an indented line, a code frame or a `>`-marked line is let through without the alternation.
const PREFIX_STARTS = new Uint8Array(256);
for (const prefix of PREFIXES.filter((kind) => !kind.source.includes('\\t'))) {
  const chars = firstChars(prefix.source.replace(/^\^/, ''));
  if (chars === undefined) PREFIX_STARTS.fill(1);
  for (const code of chars ?? []) PREFIX_STARTS[code] = 1;
}

// [\w.-]: the characters of the word a prefix led by one runs over (a date, a task or package name, a container).
function isRunChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code === 0x2e ||
    code === 0x2d
  );
}

// Every prefix kind led by a [\w.-] character has, right after that leading run (the run is maximal: the next
// character is outside the class), a `:` (ISO date's time, clock, turbo task), a blank (ISO date with a space,
// docker compose's padding, `Step #`) or a `/` that pnpm's `dir/name ` continues and a space ends (gh's kind needs
// a tab, tested apart). Most tool lines fail this (`src/a.ts(3,7)`, `error[E0308]`, `FAILED tests/…::x`), and then
// skip the 11-way alternation, which tried each kind's leading run again.
function afterRunMayBePrefix(line: string): boolean {
  let index = 1;
  while (isRunChar(line.charCodeAt(index))) index++;
  const next = line.charCodeAt(index);
  if (next === 0x3a || next === 0x20 || (next >= 0x09 && next <= 0x0d) || next === 0xa0 || next > 0xff) return true;
  if (next !== 0x2f) return false;
  while (isRunChar(line.charCodeAt(index)) || line.charCodeAt(index) === 0x2f) index++;
  return line.charCodeAt(index) === 0x20;
}

/**
 * The workspace package a task runner's prefix named: pnpm prints the package's folder (`packages/api`), turbo and
 * pnpm with a scoped package its name. Its tools print paths relative to that package (tsc, eslint, jest).
 */
export interface PrefixPackage {
  folder?: string;
  name?: string;
}

// What a monorepo runner's prefix says about the package; the prefix regexes above already matched it.
function notePackage(prefix: RegExp, matched: string, found: PrefixPackage): void {
  const head = matched.slice(0, prefix === TURBO ? matched.indexOf(':', matched.indexOf('/') + 1) : matched.indexOf(' '));
  if (prefix === PNPM && !head.startsWith('@')) found.folder = head;
  else found.name = head;
}

/** Removes known CI/task-runner prefixes (repeatedly: a GitHub timestamp may wrap a turbo prefix). */
export function stripLinePrefixes(line: string, found?: PrefixPackage): string {
  // One combined test first: most lines have no prefix, and trying each kind in turn was 11 regex runs a line.
  const first = line.charCodeAt(0);
  if (first < 256 && PREFIX_STARTS[first] === 0 && !line.includes('\t')) return line;
  if (isRunChar(first) && !afterRunMayBePrefix(line) && !line.includes('\t')) return line;
  if (!ANY_PREFIX.test(line)) return line;
  let current = line;
  for (let round = 0; round < 4; round++) {
    const before = current;
    for (const prefix of PREFIXES) {
      const match = prefix.exec(current);
      // A prefix that ends in its blank and leaves nothing wrapped an empty line of the tool's (a blank line between a
      // node error's caret and its message, relayed by Yarn): the line is empty, not the prefix's own text.
      if (match && (match[0].length < current.length || (match[0].endsWith(' ') && current.length > 1))) {
        if (found && (prefix === TURBO || prefix === PNPM)) notePackage(prefix, match[0], found);
        current = current.slice(match[0].length);
      }
    }
    if (current === before) break;
  }
  return current;
}

// gcc/clang diagnostics (notes, include chains, template back-traces); make, which runs them, is catalog/make.ts.
// Link: https://gcc.gnu.org/onlinedocs/gcc/Diagnostic-Message-Formatting-Options.html
import type { RawLocation } from '../../core/index.js';
import type { Emitted, GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { parseColonHead, parseSeverityTail } from './shared/common.js';
import { gccContextLine } from '../engine/locale-words-gcc.js';
import { INCLUDE_CHAIN_START } from '../engine/locale-words.js';
import { fixItsBelow } from './shared/fixits.js';
import { LOCATION_ANCHOR } from '../engine/anchors.js';

// With the grammars bison and flex copy actions from, and Arduino sketches: gcc names them through the `#line` of
// the file it was given.
const C_FAMILY = /\.(?:c|h|cc|cpp|cxx|c\+\+|hh|hpp|hxx|h\+\+|ipp|inl|tcc|tpp|txx|ixx|cppm|cu|cuh|m|mm|def|inc|y|yy|l|ll|ino|pde)$/i;

/**
 * Which diagnostic gcc's context lines belong to (issue 13): a `note:` belongs to the error or warning above
 * it; include chains and `required from` lines are printed before the diagnostic they lead to, so they wait
 * for it. A system-header error that a `required from here` line was promoted over leaves that promoted
 * line the owner of the notes that follow.
 */
interface GccRoles {
  owner?: RawLocation;
  /** Log line of the owner, to tell a promoted "required from here" from an unrelated earlier error. */
  ownerPromotedAt?: number;
  waiting: RawLocation[];
  /**
   * The include chain gcc and clang printed last, and the header it led to: they print a chain only when the
   * include stack changes, so every later diagnostic in that header was reached through it too.
   */
  chain?: { header: string; spans: RawLocation[] };
}

function emitWithRole(context: LineContext, location: Emitted, kind: 'diagnostic' | 'note' | 'context' | 'include'): void {
  const roles = context.state<GccRoles>(() => ({ waiting: [] }));
  if (kind === 'context' || kind === 'include') {
    const raw = context.emit({ ...location, related: true });
    if (!raw) return;
    // gcc continues a chain with `                 from b.c:1:`; clang prints one `In file included from` per level.
    if (kind === 'include' && !isIncludeLine(context.line(-1) ?? '')) roles.chain = { header: '', spans: [] };
    if (kind === 'include') roles.chain?.spans.push(raw);
    roles.waiting.push(raw);
    return;
  }
  const chain = roles.chain;
  if (chain && chain.header === '') chain.header = location.file;
  else if (chain && kind === 'diagnostic' && location.file !== chain.header) roles.chain = undefined;
  const owner = kind === 'note' ? roles.owner : undefined;
  const raw = context.emit(owner ? { ...location, relatedTo: owner } : location);
  if (!raw) return;
  attachFixIts(context, kind === 'note' ? owner : raw, location.message ?? '', kind === 'note');
  const adopter = kind === 'note' ? owner : raw;
  if (adopter) for (const waiting of roles.waiting) waiting.relatedTo = adopter;
  const repeated =
    kind === 'diagnostic' && roles.chain?.header === location.file && !roles.waiting.includes(roles.chain.spans[0] as RawLocation);
  if (repeated && roles.chain) repeatChain(context, roles.chain.spans, raw);
  roles.waiting = [];
  if (kind !== 'diagnostic') return;
  const systemErrorAfterPromotion =
    roles.ownerPromotedAt !== undefined && context.logLine - roles.ownerPromotedAt <= 6 && SYSTEM_HEADER.test(location.file);
  if (systemErrorAfterPromotion) return;
  roles.owner = raw;
  roles.ownerPromotedAt = location.message?.startsWith('required from here: ') ? context.logLine : undefined;
}

// A later diagnostic in the header the last chain led to: the same including lines, as its related spans.
function repeatChain(context: LineContext, spans: readonly RawLocation[], owner: RawLocation): void {
  for (const span of spans) {
    const { file, line, column, severity, message, logLine, hints } = span;
    context.emit({ file, line, column, severity, message, logLine, relatedTo: owner, ...(hints ? { hints } : {}) });
  }
}

/**
 * `-fdiagnostics-parseable-fixits` lines under a diagnostic are its fix; under a note they are one alternative
 * fix of the diagnostic the note belongs to (the fix stays on the diagnostic, which a human fixes first).
 */
function attachFixIts(context: LineContext, target: RawLocation | undefined, message: string, alternative: boolean): void {
  if (!target || !context.line(1)) return;
  const fixes = fixItsBelow(context, 'gcc', message);
  if (fixes.length === 0) return;
  const group = alternative ? `gcc:${target.logLine}:${target.file}:${target.line}` : undefined;
  target.fixes = [...(target.fixes ?? []), ...fixes.map((fix) => (group ? { ...fix, group } : fix))];
}

// A chain's later level in any language: indented, a word or two (`from`, `von`, `depuis`, `次から読み込み:`), then the
// including file's `path:N`, ending in `,` when more levels follow and `:` at the last.
const INCLUDE_CONTINUATION = /^\s{4,}(?:\S+ ){1,2}\s*(?=\S+:\d+(?::\d+)?[,:]$)/;
const ENGLISH_CONTINUATION = /^\s+from /;

function isIncludeLine(text: string): boolean {
  return INCLUDE_CHAIN_START.test(text) || ENGLISH_CONTINUATION.test(text) || INCLUDE_CONTINUATION.test(text);
}

// Where the path starts on an include-chain line, or undefined when the line is none: a continuation counts only
// under a level that ended in `,` (gcc's "more levels follow").
function includePathStart(context: LineContext): number | undefined {
  const text = context.text;
  const start = INCLUDE_CHAIN_START.exec(text) ?? ENGLISH_CONTINUATION.exec(text);
  if (start) return start[0].length;
  // The line's own shape first: reading the line above makes every `path:N` line depend on its neighbour, and such a
  // line that left nothing is then read again each time it repeats (engine/barren-lines.ts).
  const continuation = INCLUDE_CONTINUATION.exec(text);
  if (!continuation || !(context.line(-1) ?? '').trimEnd().endsWith(',')) return undefined;
  return continuation[0].length;
}

function parseGcc(context: LineContext): boolean {
  // "In file included from a.h:3," and its continuation "                 from main.c:1:" (gcc),
  // or clang's one line per level "In file included from main.c:1:"; gcc's catalogs translate both.
  const includeFrom = includePathStart(context);
  if (includeFrom !== undefined) {
    const head = parseColonHead(context, { from: includeFrom });
    if (!head || !C_FAMILY.test(head.file)) return false;
    emitWithRole(
      context,
      { file: head.file, line: head.line, column: head.column, severity: 'note', message: 'included from here' },
      'include',
    );
    return true;
  }
  const head = parseColonHead(context);
  // `gcc -x c - < src/a.c` prints `<stdin>:5:3: error: …` (the command names the file).
  if (!head || !(C_FAMILY.test(head.file) || head.file === '<stdin>') || !head.rest.startsWith(':')) return false;
  const tail = parseSeverityTail(head.rest);
  // "required from here" / "in instantiation of" lines carry no severity word: they are notes.
  let severity = tail.severity ?? 'note';
  let code = tail.code;
  let message = tail.message.trim();
  const flag = /\s\[(-W[\w=+-]+|-Werror[\w=,+-]*)\]$/.exec(message);
  if (flag) {
    code = flag[1] ?? null;
    message = message.slice(0, flag.index);
  }
  // Without a severity word only gcc's instantiation/expansion context lines are gcc's; anything else
  // (`grep -n` output of a .c file, say) belongs to a later format.
  const contextLine = tail.severity === null ? gccContextLine(message) : undefined;
  if (tail.severity === null && contextLine === undefined) return false;
  // A template error inside a system header is fixed where user code instantiated it: gcc prints that
  // place as "required from here" (in any language) just before the error, so that line becomes the error to fix.
  if (contextLine === 'here') {
    const systemError = followingSystemHeaderError(context);
    if (systemError) {
      severity = 'error';
      message = `required from here: ${systemError}`;
    }
  }
  const marked = head.column === null || head.endColumn !== null ? undefined : underlined(context, head.line, head.column);
  const column = marked?.column ?? head.column;
  const endColumn = marked ? marked.endColumn : head.endColumn;
  const kind = severity !== 'note' ? 'diagnostic' : tail.severity === 'note' ? 'note' : 'context';
  emitWithRole(context, { file: head.file, line: head.line, column, endLine: head.endLine, endColumn, severity, code, message }, kind);
  return true;
}

// gcc 9+ and clang print the line under a diagnostic (`   14 |     char *label = parse_count("42");`; clang
// before 16 without the numbered gutter; tabs expanded) and mark it (`      |                   ^~~~~~~~~~~`):
// `^` at the locus, `~` over the rest of the expression. The caret's cell is the column in display cells,
// this format's unit, whatever the header counted (clang counts bytes: a tab before it is 1, not 8); the run
// right of it gives the end column (a lone `^` is a point, not a range).
const BARE_MARKS = /^[ \t]*[~^][~^ ]*$/;
function underlined(context: LineContext, line: number, printedColumn: number): { column: number; endColumn: number | null } | undefined {
  const marks = context.line(2) ?? '';
  const gutter = new RegExp(`^\\s*${line} \\| `).exec(context.line(1) ?? '')?.[0].length;
  let prefix: number;
  if (gutter !== undefined && marks.slice(0, gutter).trim() === '|') prefix = gutter;
  else if (gutter === undefined && BARE_MARKS.test(marks) && (context.line(1) ?? '').trim() !== '') prefix = 0;
  else return undefined;
  const start = marks.indexOf('^', prefix);
  if (start < 0) return undefined;
  let end = start;
  while (marks[end + 1] === '~' || marks[end + 1] === '^') end++;
  let column = start - prefix + 1;
  // GCC without the numbered gutter (before 9, or -fno-diagnostics-show-line-numbers) indents its echo by
  // one space, so its caret sits one cell right of the printed column: the printed column is right. A larger
  // difference is the header counting another unit (clang's bytes over a tab), which only the caret converts.
  if (prefix === 0 && column === printedColumn + 1 && (context.line(1) ?? '').startsWith(' ')) column = printedColumn;
  return { column, endColumn: end === start ? null : column + end - start };
}

const SYSTEM_HEADER = /^(?:\/usr\/|\/opt\/|\/Library\/|[A-Za-z]:\\Program Files)|\/include\/c\+\+\//;

// The error message that follows within a few lines when it is located in a system header.
function followingSystemHeaderError(context: LineContext): string | undefined {
  for (let delta = 1; delta <= 6; delta++) {
    const next = context.line(delta);
    if (next === undefined) return undefined;
    const head = /^(\S[^:]*):\d+:\d+(: .*)$/.exec(next);
    const tail = head ? parseSeverityTail(head[2] as string) : undefined;
    if (tail?.severity === 'error') return SYSTEM_HEADER.test(head?.[1] ?? '') ? tail.message : undefined;
  }
  return undefined;
}

const gcc: GrammarFormat = {
  name: 'gcc',
  language: 'C/C++',
  description:
    '`gcc -c` / `g++` / `clang` diagnostics: `file:line:col: error: message`, notes, include chains and template back-traces; ' +
    "the column and end column come from the code frame's `^~~~` when it is printed (clang's header counts bytes).",
  columnBase: 1,
  // gcc's default column unit; clang's byte columns are replaced by the caret's display cell when a frame is printed.
  columnUnit: 'display',
  fields: ['file', 'line', 'column', 'endColumn', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://gcc.gnu.org/onlinedocs/gcc/Diagnostic-Message-Formatting-Options.html',
  anchor: LOCATION_ANCHOR,
  parse: parseGcc,
};

export const gccFamily: GrammarFamily = { formats: [gcc] };

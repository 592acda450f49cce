// Choosing the primary location (the place a human fixes first) and ordering the rest.
import type { FrameInfo, RawFix, ResolvedLocation } from '../core/types.js';
import { testEntryFrame } from './test-frames.js';

/** A resolved location with the position of its raw location in the printed input. */
export interface Ranked {
  readonly location: ResolvedLocation;
  readonly inputIndex: number;
}

// Printed order: by log line, then by input order for several locations on one log line.
function byPrintedOrder(a: Ranked, b: Ranked): number {
  return a.location.logLine - b.location.logLine || a.inputIndex - b.inputIndex;
}

/**
 * The deepest user frame of the root-cause trace.
 * - Root cause = lowest causeRank, because the exception that started the chain is what needs
 *   fixing; the wrappers only report it. Ties (several independent traces) go to the trace
 *   printed first, since later failures are often consequences of the first.
 * - Deepest = the raising end of the trace in its runtime's order (FormatSpec.trace, stamped on each frame as
 *   innermostLast: last printed, or first), because that is where the fault is; outer frames are callers. Vendored and runtime frames
 *   were dropped before ranking, so this is the deepest frame in user code.
 */
function deepestRootCauseFrame(framed: readonly Ranked[]): Ranked | undefined {
  const warned = warningTraces(framed);
  // Strict `<` over printed order keeps the first-printed trace among equal causeRanks; a warning's trace (Octave's
  // `warning: called from` block) gives way to any other, as a warning diagnostic gives way to an error.
  let chosenTrace: { trace: number; causeRank: number; warning: boolean } | undefined;
  for (const entry of framed) {
    const frame = entry.location.frame as FrameInfo;
    const warning = warned.has(frame.trace);
    if (!chosenTrace || (chosenTrace.warning && !warning) || (chosenTrace.warning === warning && frame.causeRank < chosenTrace.causeRank)) {
      chosenTrace = { trace: frame.trace, causeRank: frame.causeRank, warning };
    }
  }
  if (!chosenTrace) return undefined;
  const traceId = chosenTrace.trace;
  let deepest: Ranked | undefined;
  for (const entry of framed) {
    const frame = entry.location.frame as FrameInfo;
    if (frame.trace !== traceId) continue;
    const deepestFrame = deepest?.location.frame as FrameInfo | undefined;
    const deeper = !deepestFrame || (frame.innermostLast ? frame.index > deepestFrame.index : frame.index < deepestFrame.index);
    if (deeper) deepest = entry;
  }
  return deepest;
}

/** The traces a warning printed: a frame of theirs says `warning` and none says `error`. */
function warningTraces(framed: readonly Ranked[]): Set<number> {
  const warned = new Set<number>();
  const errored = new Set<number>();
  for (const entry of framed) {
    const trace = (entry.location.frame as FrameInfo).trace;
    if (entry.location.severity === 'warning') warned.add(trace);
    else if (entry.location.severity === 'error') errored.add(trace);
  }
  for (const trace of errored) warned.delete(trace);
  return warned;
}

function samePlace(a: ResolvedLocation, b: ResolvedLocation): boolean {
  return a.root === b.root && a.file === b.file && a.line === b.line;
}

/**
 * Picks the primary, in this order:
 * 1. the first error diagnostic — a compiler error stops the build; warnings and traces printed
 *    around it are context — unless it only restates a frame of a trace (surefire's
 *    `AppTest.testPlace:9 » IllegalState`, the outer exception's place): then the trace's root cause
 *    decides, as in 2, and the diagnostic stays primary only when it names that same place;
 * 2. the deepest user frame of the root-cause trace — with no error diagnostic, a crash is the
 *    failure, and its raising frame is where the fix goes (a failed assertion raised in a test helper: the test's
 *    own frame, see testEntryFrame) — unless the trace only reports that a program it ran
 *    failed (a build driver's CompileError) and that program printed places before it: then those, as in 3 and 4;
 * 3. the first warning — something the tool flagged, ahead of notes and severity-less lines — unless a fallback tier
 *    read it beside an unmarked diagnostic, an error by the GNU convention (isUnmarkedError);
 * 4. the first printed location (a failed assert has no severity word, yet it is why the recipe failed).
 * make's recipe reports never reach the ranking: resolve-locations.ts drops them first.
 */
function pickPrimary(sorted: readonly Ranked[], asserted: ReadonlySet<number>): Ranked | undefined {
  const framed = sorted.filter((entry) => entry.location.frame !== undefined);
  const raising = deepestRootCauseFrame(framed);
  const frame = raising && testEntryFrame(raising, framed, asserted);
  const errors = sorted.filter((entry) => !entry.location.frame && entry.location.severity === 'error');
  const firstError = firstPlaced(errors.filter((entry) => !isRecoveredError(entry.location))) ?? firstPlaced(errors);
  if (firstError) {
    const restatesFrame = framed.some((entry) => samePlace(entry.location, firstError.location));
    if (!frame || !restatesFrame || samePlace(frame.location, firstError.location)) return firstError;
    return frame;
  }
  if (frame && !reportsFailedChild(frame, framed)) return frame;
  const before = frame ? sorted.filter((entry) => !entry.location.frame && entry.location.logLine < traceStart(frame, framed)) : [];
  if (frame && before.length === 0) return frame;
  const candidates = before.length > 0 ? before : sorted;
  const warning = firstPlaced(candidates.filter((entry) => entry.location.severity === 'warning'));
  const unmarked = warning && firstPlaced(candidates.filter((entry) => isUnmarkedError(entry.location, warning.location)));
  return unmarked ?? warning ?? firstPlaced(candidates) ?? sorted[0];
}

// The tiers that read any tool's lines: a severity-less place they report is one whose tool printed no word for it.
const FALLBACK_TIERS = new Set(['generic', 'permissive']);

/**
 * The GNU convention (erlc, cython, old compilers): a tool marks its warnings and prints its errors unmarked,
 * `F:L:C: msg` beside `F:L:C: Warning: msg`. When a fallback tier read both from one log, the unmarked diagnostic (a
 * column and a message, no frame) is the error the warnings only accompany, as rule 3 would rank a marked one.
 */
function isUnmarkedError(location: ResolvedLocation, warning: ResolvedLocation): boolean {
  return (
    location.severity === null &&
    location.column !== null &&
    location.frame === undefined &&
    location.message !== '' &&
    location.format === warning.format &&
    FALLBACK_TIERS.has(location.format)
  );
}

/**
 * An error its tool calls one it recovers from: libxml2's `validity error` (xsltproc reads on and, with no other error,
 * writes its output and exits 0), a `non-fatal error`, a `recoverable error`. Errors of equal rank keep the order the
 * tool printed them (issue 20), but one of these is not the equal of an error that stopped the run: that error is
 * primary, and a recovered one is only when it is the run's only kind.
 */
const RECOVERED_ERROR = /^(?:validity|non-?fatal|recoverable) error\b/i;

function isRecoveredError(location: Pick<ResolvedLocation, 'message'>): boolean {
  return RECOVERED_ERROR.test(location.message);
}

// The exception a build driver raises to say that a program it ran failed (cythonize's CompileError, distutils'
// errors, subprocess's check_call, Node's execSync): the places that program printed are the failure, the
// driver's frames only report it, as make's recipe line does.
const FAILED_CHILD =
  /\b(?:CalledProcessError|CompileError|LinkError|DistutilsExecError)\b|returned non-zero exit status|^Error: Command failed: /;

function reportsFailedChild(frame: Ranked, framed: readonly Ranked[]): boolean {
  const trace = (frame.location.frame as FrameInfo).trace;
  return framed.some((entry) => (entry.location.frame as FrameInfo).trace === trace && FAILED_CHILD.test(entry.location.message));
}

function traceStart(frame: Ranked, framed: readonly Ranked[]): number {
  const trace = (frame.location.frame as FrameInfo).trace;
  let start = frame.location.logLine;
  for (const entry of framed) if ((entry.location.frame as FrameInfo).trace === trace) start = Math.min(start, entry.location.logLine);
  return start;
}

/**
 * The first of equals, passing over line 0: a tool prints `file(0)` or `file:0:` for the file as a whole (a missing
 * module, an encoding), and when another report of the same kind names a line, that line is the place to go.
 */
function firstPlaced(candidates: readonly Ranked[]): Ranked | undefined {
  return candidates.find((entry) => entry.location.line > 0) ?? candidates[0];
}

/**
 * The same place printed twice, once degraded (a copy from a web log viewer that turned part of `4:72` into a
 * link, `4:[7](url)2`, so no column survived): the copy that kept its column is the better primary.
 */
function withColumnIfCopied(primary: Ranked, sorted: readonly Ranked[]): Ranked {
  if (primary.location.column !== null) return primary;
  const clean = sorted.find(
    (entry) =>
      entry.location.column !== null &&
      samePlace(entry.location, primary.location) &&
      entry.location.severity === primary.location.severity &&
      !entry.location.frame === !primary.location.frame,
  );
  return clean ?? primary;
}

function ownDiagnostic(location: ResolvedLocation): NonNullable<RawFix['diagnostic']> {
  const { line, column, severity, message, code } = location;
  return { line, column, severity, message, code };
}

function placeKey(location: ResolvedLocation): string {
  return `${location.root}\0${location.file}\0${location.line}`;
}

/**
 * A report that says no more than the place: a frame (Node's uncaught-exception header and the frame that raised
 * it, a re-printed frame, the diagnostic that restates a frame) or a bare mention (no severity, no column: a
 * test's echo of its failing line). At a place already kept it is that report again.
 */
function isLoose(location: ResolvedLocation): boolean {
  return location.frame !== undefined || (location.severity === null && location.column === null);
}

/**
 * A copy that lost its column to a web log viewer (`4:[7](url)2: error: msg`, see withColumnIfCopied) still ends
 * with the report's message: it is that report again. Two reports of one line where one tool gave no column
 * (markdownlint prints some rules with a column and some without) differ in their message.
 */
function isDegradedCopy(copy: ResolvedLocation, report: ResolvedLocation): boolean {
  return copy.column === null && report.column !== null && report.message !== '' && copy.message.endsWith(report.message);
}

// Degraded copies are looked for among the first reports of a place only, so that a minified file's thousands of
// errors on line 1 cost linear time; exact repeats are found through a map at any count.
const MAX_COPY_CANDIDATES = 16;

/** What is kept at one root+file+line: its first entries in order, the first loose one, and each exact report. */
interface KeptPlace {
  readonly first: ResolvedLocation[];
  loose?: ResolvedLocation;
  readonly exact: Map<string, ResolvedLocation>;
}

function exactKey(location: ResolvedLocation): string {
  return `${location.column}\0${location.message}`;
}

/**
 * The kept entry `later` repeats, if any. Two diagnostics are the same only when column and message agree too: a
 * second error on one line (another column, or another message) is a finding of its own.
 */
function repeated(place: KeptPlace, later: ResolvedLocation): ResolvedLocation | undefined {
  if (isLoose(later)) return place.first[0];
  return (
    place.exact.get(exactKey(later)) ??
    place.loose ??
    place.first.find((kept) => isDegradedCopy(kept, later) || isDegradedCopy(later, kept))
  );
}

function keep(place: KeptPlace, location: ResolvedLocation): void {
  if (place.first.length < MAX_COPY_CANDIDATES) place.first.push(location);
  if (isLoose(location)) place.loose ??= location;
  else if (!place.exact.has(exactKey(location))) place.exact.set(exactKey(location), location);
}

/**
 * Primary first, the rest in printed order, each report once (`mergedInto` learns which kept entry each dropped
 * repeat became). Putting the primary at index 0 before deduplicating means that when it repeats an earlier
 * mention (a re-printed frame), the primary's own entry (its severity, frame, message) survives. `asserted` names the
 * traces that failed an assertion (see assertionTraces).
 */
export function rankLocations(
  entries: readonly Ranked[],
  mergedInto?: Map<ResolvedLocation, ResolvedLocation>,
  asserted: ReadonlySet<number> = new Set(),
): ResolvedLocation[] {
  const sorted = [...entries].sort(byPrintedOrder);
  const picked = pickPrimary(sorted, asserted);
  if (!picked) return [];
  const primary = withColumnIfCopied(picked, sorted);
  const ordered = [primary, ...sorted.filter((entry) => entry !== primary)];
  const kept: ResolvedLocation[] = [];
  const keptAt = new Map<string, KeptPlace>();
  for (const { location } of ordered) {
    const key = placeKey(location);
    let place = keptAt.get(key);
    const first = place === undefined ? undefined : repeated(place, location);
    if (first === undefined) {
      kept.push(location);
      if (place === undefined) keptAt.set(key, (place = { first: [], exact: new Map() }));
      keep(place, location);
    } else {
      mergedInto?.set(location, first);
      // A repeat is not listed again, but the fixes its tool offered are kept (issue 23), each naming the
      // diagnostic it belongs to.
      if (location.fixes)
        first.fixes = [
          ...(first.fixes ?? []),
          ...location.fixes.map((fix) => (fix.diagnostic ? fix : { ...fix, diagnostic: ownDiagnostic(location) })),
        ];
      // The same failure reported twice at one line (Node's uncaught-exception header and the frame that raised
      // it): the report kept takes the frame's place in its trace, so a renderer still knows where it raised.
      if (first.frame === undefined && location.frame !== undefined && first.message === location.message) first.frame = location.frame;
    }
  }
  return kept;
}

// Where a failed test's trace should be read from (issue 20: "which frame is the place to fix depends on the
// runtime… for a test runner the failing test's line unless a user frame below it raised"). Two rules, both read
// from the workspace paths of a trace's user frames, so they hold for every runtime whose frames carry the test
// failure's message: JUnit and surefire, xUnit/NUnit/MSTest, PHPUnit, unittest and pytest, Minitest, ExUnit…
import type { FrameInfo, RawLocation, ResolvedLocation } from '../core/types.js';

/** A ranked frame: a resolved location whose `frame` is set, with its place among the printed locations. */
interface TraceEntry {
  readonly location: ResolvedLocation;
  readonly inputIndex: number;
}

// A folder of tests or of their helpers: `test/`, `tests/`, `spec/`, `__tests__/`, `testing/`, `e2e/`, and the
// names built on them (`test_utils/`, `test-helpers/`, `TestUtilities/`, `Test2/`, `unit_tests/`, `UnitTests/`).
const TEST_FOLDER = /^(?:tests?|specs?|__tests__|testing|e2e)$|^tests?[-_]|^Tests?(?:[A-Z0-9_]|$)|[-_.]tests?$|[a-z0-9]Tests?$/;
// A file of tests, by its name without the extension: `test_x`, `x_test`, `x.test`, `x.spec`, `x_spec`, `XTest`,
// `XTests`, `Test_X`, `XSpec`, `x_Test`.
const TEST_FILE = /^test_|^Test[A-Z_]|[-_.]test$|[-_.]spec$|[a-z0-9_]Tests?$|[a-z0-9]Spec$/;
// A test base class's file (`RuleTestCase.java`): test code, though no test of its own.
const TEST_BASE_FILE = /TestCase$/;

function baseName(file: string): string {
  return (file.replace(/\\/g, '/').split('/').pop() ?? '').replace(/\.[^.]*$/, '');
}

/** True when a workspace file is named as a test file (`cart_test.go`, `CartTests.cs`), whatever its folder. */
export function isTestFileName(file: string): boolean {
  return TEST_FILE.test(baseName(file));
}

/** True when a workspace path is a test or a test helper, by its folders or its own name. */
export function isTestPath(file: string): boolean {
  const segments = file.replace(/\\/g, '/').split('/');
  segments.pop();
  const base = baseName(file);
  return TEST_FILE.test(base) || TEST_BASE_FILE.test(base) || segments.some((segment) => TEST_FOLDER.test(segment));
}

// The message of a failed expectation, as each runtime's assertion library words it (never an error the code under
// test raised: a NullPointerException in a helper is that helper's fault).
const ASSERTION_FAILURE = new RegExp(
  [
    String.raw`\bAssertion(?:Failed)?Error\b`, // Java, Python, Node, JUnit 3 and opentest4j
    String.raw`\bComparisonFailure\b`,
    String.raw`\bAssert(?:ion)?(?:Failed)?Exception\b`, // NUnit, MSTest, Kotlin's kotlin.test
    String.raw`\bAssert\.\w+\(\) Failure\b`, // xUnit
    String.raw`\bXunit\.Sdk\.\w+Exception\b`,
    String.raw`\bFailed asserting\b`, // PHPUnit
    String.raw`\bExpectationNotMetError\b`, // RSpec
    String.raw`\bMinitest::Assertion\b`,
    String.raw`\bExUnit\.AssertionError\b`,
    String.raw`\bexpect\(received\)`, // Jest and Vitest
    String.raw`\bexpected:<.*> but was:<`, // JUnit's comparison, when its message is the line read
  ].join('|'),
);

// An assertion library's own file, printed as a frame inside the test's: JUnit's and PHPUnit's `Assert`, xUnit's
// `StringAsserts.cs` under `xunit.assert/`, hamcrest's `MatcherAssert`, testify's `assertions.go`, chai's
// `assertion.js`. Read only from frames that are no workspace file (vendored, runtime or not found).
const ASSERTION_LIBRARY_FILE = /assert/i;

function frameOf(entry: TraceEntry): FrameInfo {
  return entry.location.frame as FrameInfo;
}

/** Whether `a` is further out (nearer the runner) than `b` in their trace's printed order. */
function isOuter(a: FrameInfo, b: FrameInfo): boolean {
  return a.innermostLast ? a.index < b.index : a.index > b.index;
}

/**
 * The traces that failed an assertion: a frame's message says so (the runtime's assertion error), or the trace's
 * raising end is an assertion library's frames that are not the project's own files (a trace whose message line is
 * a header such as `Stack trace`, or a localized runtime's). A library frame further out than the project's frames
 * called the test's code (gomega polling a function that then panicked): that is no failed assertion.
 */
export function assertionTraces(raw: readonly RawLocation[], isWorkspaceFile: (index: number) => boolean): Set<number> {
  const innermostOwn = new Map<number, FrameInfo>();
  raw.forEach((location, index) => {
    const frame = location.frame;
    if (frame === undefined || !isWorkspaceFile(index)) return;
    const known = innermostOwn.get(frame.trace);
    if (!known || isOuter(known, frame)) innermostOwn.set(frame.trace, frame);
  });
  const traces = new Set<number>();
  raw.forEach((location, index) => {
    const frame = location.frame;
    if (frame === undefined || traces.has(frame.trace)) return;
    const own = innermostOwn.get(frame.trace);
    const inner = own !== undefined && isOuter(own, frame);
    const library = inner && !isWorkspaceFile(index) && ASSERTION_LIBRARY_FILE.test(location.file);
    if (library || ASSERTION_FAILURE.test(location.message)) traces.add(frame.trace);
  });
  return traces;
}

/**
 * The test's own frame when an assertion helper raised. A failed assertion inside a shared helper (a base test
 * class's `checkResult`, a `TestUtilities` comparer, a `do_check()` the test calls) says that the test's
 * expectation failed: the helper is the same for every test that passes, and the data that failed is the test's.
 * So when the raising frame is test code that is no test file itself (a helper folder's file, a `TestCase` base)
 * and the failure is an assertion, the outermost frame of the trace in a file named as a test (the test method the
 * runner called) is the primary; the helper frames stay listed. A crash in a helper, an assertion in the code under
 * test (no test path), one in a test file (a request helper in `test/` may call the test's callback), or one in the
 * test's own file keeps the raising frame.
 */
export function testEntryFrame(raising: TraceEntry, framed: readonly TraceEntry[], asserted: ReadonlySet<number>): TraceEntry {
  const trace = frameOf(raising).trace;
  const helper = raising.location.file;
  if (!asserted.has(trace) || !isTestPath(helper) || isTestFileName(helper)) return raising;
  let entry = raising;
  for (const candidate of framed) {
    const frame = frameOf(candidate);
    if (frame.trace === trace && isOuter(frame, frameOf(entry)) && isTestFileName(candidate.location.file)) entry = candidate;
  }
  // Frames of one file are one test: a private check of the test class, or a `describe` callback's assert.
  const sameFile = entry.location.root === raising.location.root && entry.location.file === helper;
  return sameFile ? raising : entry;
}

/**
 * The runner's frames printed outside a test: in a trace that passes through a test file, the frames further out
 * than every test frame called that test (a harness the project keeps beside its sources, such as Moodle's
 * `lib/phpunit/classes/advanced_testcase.php` or a `bin/phpunit` wrapper). They are the runner, never a place to
 * fix, like a vendored test framework's frames. Only a failed assertion is read so: a crash's outer frames may be
 * the program that ran the code.
 */
export function harnessFrames(framed: readonly TraceEntry[], asserted: ReadonlySet<number>): Set<TraceEntry> {
  const outermostTest = new Map<number, FrameInfo>();
  for (const entry of framed) {
    const frame = frameOf(entry);
    if (!asserted.has(frame.trace) || !isTestPath(entry.location.file)) continue;
    const known = outermostTest.get(frame.trace);
    if (!known || isOuter(frame, known)) outermostTest.set(frame.trace, frame);
  }
  const harness = new Set<TraceEntry>();
  for (const entry of framed) {
    const frame = frameOf(entry);
    const test = outermostTest.get(frame.trace);
    if (test && isOuter(frame, test) && !isTestPath(entry.location.file)) harness.add(entry);
  }
  return harness;
}

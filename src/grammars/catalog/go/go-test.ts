// `go test`: `--- FAIL: TestAdd (0.00s)` then indented, BASENAME-only `calc_test.go:7: msg` lines whose
// package is printed only later, on `FAIL\texample.com/demo/pkg/calc\t0.02s` (formats.md §3.11).
// Link: https://pkg.go.dev/cmd/go#hdr-Test_packages
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';

interface GoTestState {
  /** Innermost failing test named by the last `--- FAIL:` line, with that line's indent. */
  test: string | undefined;
  /** Indices in `context.emitted` of test lines still waiting for their package's FAIL line. */
  pending: number[];
  /** Import path named ahead of the output by gotestsum's `=== FAIL: <pkg> <Test>` header. */
  headerPackage: string | undefined;
}

const FAIL_TEST = /^(\s*)--- FAIL: (\S+)/;
// `FAIL\tpkg\t0.02s`, `FAIL\tpkg [build failed]`, `FAIL\tpkg [setup failed]`.
const FAIL_PACKAGE = /^FAIL\t(\S+)/;
// `-v` streams a test's output BEFORE its `--- FAIL`, after `=== RUN`/`=== CONT`/`=== NAME` (Go 1.20+).
const RUN = /^=== (?:RUN|CONT|NAME|PAUSE)\s+(\S+)/;
// gotestsum titles each failed test's output `=== FAIL: <import path> <TestName> (0.03s)`: the package comes
// first, so the basename-only lines under it need not wait for a FAIL line (two folders may share a basename).
const GOTESTSUM_FAIL = /^=== FAIL: (\S+) (\S*)/;
const MAX_LOOK_BACK = 40;
const MAX_CONTINUATION = 10;

function goTestState(context: LineContext): GoTestState {
  return context.state<GoTestState>(() => ({ test: undefined, pending: [], headerPackage: undefined }));
}

// The test a line belongs to: the nearest `--- FAIL` or `=== RUN` (verbose) above it within the window,
// falling back to the last `--- FAIL` seen anywhere (a long test's output can outgrow the window).
function testName(context: LineContext, state: GoTestState): { name: string; verbose: boolean } | undefined {
  for (let delta = -1; delta >= -MAX_LOOK_BACK; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    const failed = FAIL_TEST.exec(line) ?? GOTESTSUM_FAIL.exec(line);
    if (failed) return { name: failed[2] ?? '', verbose: false };
    const run = RUN.exec(line);
    if (run) return { name: run[1] ?? '', verbose: true };
  }
  return state.test === undefined ? undefined : { name: state.test, verbose: false };
}

// Under -v, passing tests print their t.Log lines too; the verdict comes after the output.
function passed(context: LineContext, test: string): boolean {
  for (let delta = 1; delta <= MAX_LOOK_BACK; delta++) {
    const line = context.line(delta);
    if (line === undefined) return false;
    const verdict = /^\s*--- (PASS|FAIL|SKIP): (\S+)/.exec(line);
    if (verdict && verdict[2] === test) return verdict[1] !== 'FAIL';
  }
  return false;
}

// A message spans several lines when the test printed newlines: go indents continuations 4 deeper.
function continuation(context: LineContext, indent: number): string[] {
  const lines: string[] = [];
  for (let delta = 1; delta <= MAX_CONTINUATION; delta++) {
    const line = context.line(delta);
    if (line === undefined) break;
    const lineIndent = line.length - line.trimStart().length;
    if (lineIndent <= indent || line.trim() === '') break;
    lines.push(line.trim());
  }
  return lines;
}

function parseGoTest(context: LineContext): boolean {
  const text = context.text;
  const state = goTestState(context);
  const failTest = FAIL_TEST.exec(text);
  if (failTest) {
    state.test = failTest[2];
    return true;
  }
  const titled = GOTESTSUM_FAIL.exec(text);
  if (titled) {
    state.test = titled[2];
    state.headerPackage = titled[1];
    return true;
  }
  const failPackage = FAIL_PACKAGE.exec(text);
  if (failPackage) {
    // The package line closes that package's output: every test line since then is in it.
    const packagePath = failPackage[1] ?? '';
    for (const index of state.pending) {
      const location = context.emitted[index];
      if (location) location.hints = { ...location.hints, packagePath };
    }
    state.pending = [];
    state.test = undefined;
    state.headerPackage = undefined;
    return true;
  }
  const indent = text.length - text.trimStart().length;
  if (indent < 4) return false;
  const head = parseColonHead(context);
  if (!head || !head.file.endsWith('.go') || !head.rest.startsWith(': ')) return false;
  const test = testName(context, state);
  // Without a test around it, an indented `x.go:L:` line is some other tool's.
  if (!test) return false;
  // A passing test's log line is output, not a failure: claimed so that no broader format reports it.
  if (test.verbose && passed(context, test.name)) return true;
  const message = [head.rest.slice(2), ...continuation(context, indent)].join('\n');
  const basenameOnly = !/[\\/]/.test(head.file);
  const packagePath = basenameOnly ? state.headerPackage : undefined;
  const hints = packagePath ? { basenameOnly: true, packagePath } : { basenameOnly: true };
  const emitted = context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: 'error',
    message: `${test.name}: ${message}`,
    ...(basenameOnly ? { hints } : {}),
  });
  if (emitted && basenameOnly && !packagePath) state.pending.push(context.emitted.length - 1);
  return true;
}

export const goTest: GrammarFormat = {
  name: 'go-test',
  language: 'Go',
  description:
    '`go test ./...`: `--- FAIL: TestAdd (0.00s)` then indented basename-only `calc_test.go:7: msg` lines, resolved through the later ' +
    '`FAIL\\t<import path>` line.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://pkg.go.dev/testing#T.Errorf',
  // Test output lines (4+ spaces, a .go basename), `--- FAIL:`/`=== FAIL:` headers and `FAIL<TAB>pkg` lines.
  anchor: '^ {4,}[\\w.-]+\\.go:\\d+: |^ *--- FAIL: |^=== FAIL: |^FAIL\\t',
  parse: parseGoTest,
};

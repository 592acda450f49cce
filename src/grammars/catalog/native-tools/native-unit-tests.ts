// C unit-test frameworks whose result lines carry the test's own `file:line`: Unity (ThrowTheSwitch), Check
// (libcheck) and cmocka (with the older cmockery it grew from).
// Link: https://github.com/ThrowTheSwitch/Unity/blob/master/docs/UnityGettingStartedGuide.md
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead, type LocationHead } from '../shared/common.js';
import { LOCATION_ANCHOR } from '../../engine/anchors.js';

// test/test_ring.c:21:test_push_wraps:FAIL: Expected 3 Was 0 — one line per test, passed tests included.
const UNITY_RESULT = /^:([A-Za-z_]\w*):(PASS|FAIL|IGNORE)(?::\s*(.*))?$/;

function parseUnity(context: LineContext): boolean {
  const text = context.text;
  if (!text.includes(':PASS') && !text.includes(':FAIL') && !text.includes(':IGNORE')) return false;
  const head = parseColonHead(context);
  if (!head || head.column !== null) return false;
  const result = UNITY_RESULT.exec(head.rest);
  if (!result) return false;
  // A passed or ignored test is no place to fix: the line is claimed so that no other format reads it as one.
  if (result[2] !== 'FAIL') return true;
  context.emit({
    file: head.file,
    line: head.line,
    severity: 'error',
    message: result[3] ? `${result[1]}: ${result[3]}` : `${result[1]} failed`,
  });
  return true;
}

export const unity: GrammarFormat = {
  name: 'unity',
  language: 'C',
  description:
    'Unity (ThrowTheSwitch) test runners: `test/test_ring.c:21:test_push_wraps:FAIL: Expected 3 Was 0`; the `:PASS` and ' +
    '`:IGNORE` lines of the same shape are not places to fix.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/ThrowTheSwitch/Unity/blob/master/docs/UnityGettingStartedGuide.md',
  anchor: LOCATION_ANCHOR,
  parse: parseUnity,
};

// tests/check_stack.c:18:F:Core:test_pop:0: Assertion 'x == 2' failed — P(assed), F(ailure), E(rror: a signal or
// early exit after the line named) and S (a checked fixture's setup failed).
const LIBCHECK_RESULT = /^:([PFES]):([^:]*):([^:\s]+):(\d+): (.*)$/;

function parseLibcheck(context: LineContext): boolean {
  const text = context.text;
  if (!/:[PFES]:/.test(text)) return false;
  const head = parseColonHead(context);
  if (!head || head.column !== null) return false;
  const result = LIBCHECK_RESULT.exec(head.rest);
  if (!result) return false;
  // A passed test names its own line too: claimed, so that no other format reads it as a place to fix.
  if (result[1] === 'P') return true;
  context.emit({ file: head.file, line: head.line, severity: 'error', message: `${result[3]}: ${result[5]}` });
  return true;
}

export const libcheck: GrammarFormat = {
  name: 'libcheck',
  language: 'C',
  description:
    'Check (libcheck) runners in CK_NORMAL/CK_VERBOSE mode: `tests/check_stack.c:18:F:Core:test_pop:0: Assertion … failed`; ' +
    '`:E:` (a signal after that line) and `:S:` (fixture setup) are failures too, `:P:` lines are passed tests.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://libcheck.github.io/check/doc/check_html/check_4.html',
  anchor: LOCATION_ANCHOR,
  parse: parseLibcheck,
};

const CHECK_FAILED = /^: error: (Check of parameter .*)$/;
const EXPECTED_HERE = ': note: Expected parameter declared here';
const LEAKED = /^ERROR: (\S+) leaked (\d+) block\(s\)$/;
const BLOCK_HERE = /^: note: block 0x[0-9a-f]+ allocated here$/;
const LINE_MARK = /^\[ {3}LINE {3}\] --- /;
// cmockery: `  0x0804a0c8 : src/pool.c:30` lists the blocks a test leaked before its `ERROR: … leaked` line.
const CMOCKERY_BLOCK = /^\s+0x[0-9a-f]+ : (?=\S+:\d)/;

// The `ERROR: test leaked N block(s)` line closing the list of allocation lines this one starts, if any.
function leakBelow(context: LineContext): string | undefined {
  for (let delta = 1; delta <= 20; delta++) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    const leaked = LEAKED.exec(line);
    if (leaked) return `${leaked[1]} leaked ${leaked[2]} block(s)`;
    if (!line.endsWith(' allocated here') && !CMOCKERY_BLOCK.test(line)) return undefined;
  }
  return undefined;
}

// A line of this failure above (since the previous `[ LINE ]`) matching `pattern`: its first group.
function failureAbove(context: LineContext, pattern: RegExp): string | undefined {
  for (let delta = -1; delta >= -10; delta--) {
    const line = context.line(delta);
    if (line === undefined || LINE_MARK.test(line)) return undefined;
    const match = pattern.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

// Whether this failure's mismatch was placed at the test's expectation (lines since the previous `[ LINE ]`).
function expectationAbove(context: LineContext): boolean {
  for (let delta = -1; delta >= -10; delta--) {
    const line = context.line(delta);
    if (line === undefined || LINE_MARK.test(line)) return false;
    if (line.endsWith(EXPECTED_HERE)) return true;
  }
  return false;
}

function parseCmocka(context: LineContext): boolean {
  const text = context.text;
  const mark = LINE_MARK.exec(text);
  const block = mark ? null : CMOCKERY_BLOCK.exec(text);
  const cmockeryError = !mark && !block && text.startsWith('ERROR: ');
  if (!mark && !block && !cmockeryError && !text.includes(': error: Check of parameter ') && !text.includes(': note: ')) return false;
  const from = mark ? mark[0].length : block ? block[0].length : cmockeryError ? 7 : undefined;
  const head = parseColonHead(context, { from });
  if (!head) return false;
  if (mark) {
    if (!head.rest.startsWith(': error: ')) return false;
    const mismatch = failureAbove(context, /^\[ {2}ERROR {3}\] --- (.*)$/);
    const test = failureAbove(context, /^\[ RUN {6}\] (\S+)$/);
    // After a failed parameter check the line is the mock's `check_expected`: shared test support, a note.
    context.emit({
      file: head.file,
      line: head.line,
      column: head.column,
      severity: expectationAbove(context) ? 'note' : 'error',
      message: `${test ? `${test}: ` : ''}${mismatch ?? head.rest.slice(': error: '.length)}`,
    });
    return true;
  }
  if (block) {
    const leak = leakBelow(context);
    context.emit({ file: head.file, line: head.line, severity: leak ? 'error' : 'note', message: leak ?? 'block allocated here' });
    return true;
  }
  if (cmockeryError) {
    // cmockery: `ERROR: src/pool.c:37 Failure!`
    if (head.rest !== ' Failure!') return false;
    context.emit({ file: head.file, line: head.line, severity: 'error', message: 'Failure!' });
    return true;
  }
  return parseCmockaDiagnostic(context, head);
}

function parseCmockaDiagnostic(context: LineContext, head: LocationHead): boolean {
  const check = CHECK_FAILED.exec(head.rest);
  if (check) {
    // The test's `expect_*()` is what disagreed with the call; the mock that checked it is a shared helper.
    const next = context.line(1) ?? '';
    const expected = next.endsWith(EXPECTED_HERE) ? parseColonHead(context, { text: next, from: 0 }) : undefined;
    if (expected)
      context.emit({ file: expected.file, line: expected.line, severity: 'error', message: check[1] ?? '', logLine: context.logLine + 1 });
    context.emit({ file: head.file, line: head.line, severity: expected ? 'note' : 'error', message: check[1] ?? '' });
    return true;
  }
  if (head.rest === EXPECTED_HERE) return CHECK_FAILED.test(previousRest(context) ?? '');
  if (BLOCK_HERE.test(head.rest)) {
    const leak = leakBelow(context);
    if (!leak) return false;
    context.emit({ file: head.file, line: head.line, severity: 'error', message: leak });
    return true;
  }
  return false;
}

function previousRest(context: LineContext): string | undefined {
  const previous = context.line(-1);
  if (previous === undefined) return undefined;
  return parseColonHead(context, { text: previous, from: 0 })?.rest;
}

export const cmocka: GrammarFormat = {
  name: 'cmocka',
  language: 'C',
  description:
    'cmocka test runners: `[   LINE   ] --- tests/test_ledger.c:12: error: Failure!` under its `[  ERROR   ] --- 0x9 != 0xa`; a failed ' +
    "parameter check is placed at the test's `expect_*()` (`…: note: Expected parameter declared here`), a leak at its " +
    "allocation; cmockery's `ERROR: src/pool.c:37 Failure!` and `  0x… : src/pool.c:30` leak lists.",
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://api.cmocka.org/',
  anchor: LOCATION_ANCHOR,
  parse: parseCmocka,
};

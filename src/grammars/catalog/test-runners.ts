// Test and acceptance runners whose place to fix is written in a shape of its own, away from any compiler's head:
// - TAP producers that put the failed assertion's place in the YAML block under `not ok` as separate keys
//   (`file: /x/test/a.js`, `line: 6`, `column: 5`; node-tap before 15): the keys name the assertion's own line, while
//   the `stack:` list below names the assertion library's frames first.
// - Robot Framework's stack tracer listener: a keyword traceback, outermost first like CPython's, each frame
//   `File  /x/tests/a.robot:9` (0.4) or `File  "/x/a.resource:27", in "Keyword"` (0.3), the keyword call below it.
// - Karate: a failed step as `users.feature:24 - match failed: …`, the feature file named by its basename (or its
//   `classpath:` path), so the workspace's only file of that name is the place.
// Link: https://node-tap.org/
// Link: https://github.com/MarketSquare/robotframework-stacktrace
// Link: https://github.com/karatelabs/karate#test-reports
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { plausiblePath } from './shared/common.js';
import { continueOrStart, newFrameRun, type FrameRunState } from './shared/scripting.js';

// --- TAP YAML diagnostics ---

const TAP_FILE = /^(\s+)file:\s+(\S(?:.*\S)?)\s*$/;
// How far below `file:` its sibling keys may be, and above it the `---` that opens the block.
const TAP_KEY_REACH = 4;
const TAP_BLOCK_REACH = 12;

function tapKey(context: LineContext, indent: string, key: string): number | undefined {
  for (let delta = 1; delta <= TAP_KEY_REACH; delta++) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    const match = new RegExp(`^${indent}${key}:\\s+(\\d+)\\s*$`).exec(line);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** The `not ok N description` the YAML block belongs to: above its `---`, with only block lines between. */
function failedAssertion(context: LineContext): string | undefined {
  for (let delta = -1; delta >= -TAP_BLOCK_REACH; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (/^\s*---\s*$/.test(line)) return /^\s*not ok\b\s*(.*)$/.exec(context.line(delta - 1) ?? '')?.[1]?.trim();
    if (/^\s*(?:not )?ok\b|^\s*\.\.\.\s*$/.test(line)) return undefined;
  }
  return undefined;
}

function parseTapYaml(context: LineContext): boolean {
  const match = TAP_FILE.exec(context.text);
  const indent = match?.[1] ?? '';
  const file = match?.[2]?.replace(/^(['"])(.*)\1$/, '$2') ?? '';
  if (!match || !plausiblePath(file)) return false;
  const line = tapKey(context, indent, 'line');
  const assertion = line === undefined ? undefined : failedAssertion(context);
  if (line === undefined || assertion === undefined) return false;
  context.emit({
    file,
    line,
    column: tapKey(context, indent, 'column') ?? null,
    severity: 'error',
    message: assertion.replace(/^\d+\s*(?:-\s*)?/, ''),
  });
  return true;
}

const tapYaml: GrammarFormat = {
  name: 'tap-yaml',
  language: 'JavaScript',
  description:
    "`tap test/*.js` (node-tap before 15) and other TAP producers: under `not ok 2 reads the price field`, the YAML block's " +
    '`file:`, `line:` and `column:` keys name the failed assertion (its `stack:` list starts in the assertion library).',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://testanything.org/tap-version-13-specification.html',
  anchor: '^[ \\t]+file:[ \\t]+\\S',
  parse: parseTapYaml,
};

// --- Robot Framework stack tracer ---

// `File  /x/a.robot:9` (0.4) or `File  "/x/a.robot:27", in "Test"` (0.3); two spaces after `File` in both.
const ROBOT_FRAME = /^\s*File {2}("?)(\S(?:.*\S)?):(\d+)\1(?:, in "(.*)")?\s*$/;
// The listener separates frames with a rule and prints the keyword call (and its arguments) under each.
const ROBOT_FRAME_GAP = 5;

function parseRobotFrame(context: LineContext): boolean {
  const match = ROBOT_FRAME.exec(context.text);
  const file = match?.[2] ?? '';
  if (!match || !plausiblePath(file) || /\.py$/.test(file) || /", line \d/.test(context.text)) return false;
  const run = context.state<FrameRunState>(newFrameRun);
  continueOrStart(context, run, () => '', ROBOT_FRAME_GAP);
  const call = context.line(1)?.trim() ?? '';
  context.emit({
    file,
    line: Number(match[3]),
    column: null,
    severity: null,
    message: match[4] ?? (/^[T]:\s/.test(call) ? call.slice(3).trim() : call),
    frame: { trace: run.trace, index: run.index++, causeRank: 0 },
  });
  return true;
}

const robotStacktrace: GrammarFormat = {
  name: 'robot-stacktrace',
  trace: { innermost: 'last', causes: 'none', testRunner: true },
  language: 'Robot Framework',
  description:
    '`robot --listener RobotStackTracer tests/`: under `Traceback (most recent call last):`, keyword frames outermost first, ' +
    '`File  /x/tests/basket.robot:9` (0.4) or `File  "/x/keywords.resource:27", in "Keyword"` (0.3), the call below each.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://github.com/MarketSquare/robotframework-stacktrace',
  anchor: '^[ \\t]*File  "?\\S',
  parse: parseRobotFrame,
};

// --- Karate ---

// `users.feature:24 - match failed: EQUALS`, `classpath:examples/users.feature:24 - …`.
const KARATE_STEP = /^\s*(?:classpath:)?(\S+\.feature):(\d+) - (\S.*)$/;

function parseKarate(context: LineContext): boolean {
  const match = KARATE_STEP.exec(context.text);
  const file = match?.[1] ?? '';
  if (!match || !plausiblePath(file)) return false;
  context.emit({
    file,
    line: Number(match[2]),
    column: null,
    severity: 'error',
    message: match[3] ?? '',
    // A bare basename is the workspace's only feature of that name (it sits below a source root such as src/test/java).
    ...(/[\\/]/.test(file) ? {} : { hints: { basenameOnly: true } }),
  });
  return true;
}

const karate: GrammarFormat = {
  name: 'karate',
  language: 'Gherkin',
  description:
    '`mvn test` with Karate: a failed step as `users.feature:24 - match failed: EQUALS` or `classpath:examples/users.feature:24 - …` ' +
    '(the feature named by its basename or classpath path).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://github.com/karatelabs/karate#test-reports',
  anchor: '\\.feature:\\d+ - \\S',
  parse: parseKarate,
};

export const testRunnersFamily: GrammarFamily = { formats: [tapYaml, robotStacktrace, karate] };

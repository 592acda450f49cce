// Cucumber (Ruby and JS): a failed step's error and backtrace inside the scenario it belongs to, cucumber-js's
// numbered failures (`1) Scenario: … # features/cart.feature:8`) and Ruby's `Failing Scenarios:` re-run list
// (`cucumber features/cart.feature:8 # Scenario: …`). A step runs the user's step definition, so a test runner's
// rule applies: the place to fix is the deepest user frame of the failed step's backtrace (the step definition's
// line that raised, or the user code below it), and the feature's line only when no backtrace was printed.
// Link: https://cucumber.io/docs/cucumber/reporting/
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

interface CucumberState {
  /** Failures printed with their scenario or backtrace: the re-run list after them only restates them. */
  failures: number;
  trace: number;
  index: number;
  /** Log line and indentation of the last backtrace frame (-1 before the first). */
  lastLine: number;
  indent: number;
  message: string;
}

const RERUN = /^cucumber(?:-js)? (?:-p \S+ )?(\S+\.feature):(\d+)(?: # (.*))?$/;
// cucumber-js's summary numbers each failed scenario: `1) Scenario: the total of two items # features/cart.feature:8`.
const NUMBERED_FAILURE = /^\d+\) ((?:Scenario|Scenario Outline|Example|Rule): .*?) # (\S+\.feature):(\d+)$/;
// The pretty formatters' location comments, after every scenario and step, passing ones too (Ruby aligns them with
// spaces; cucumber-js marks each step ✔ passed, ✖ failed, ? undefined, - skipped, ↷ pending).
const LOCATION_COMMENT =
  /^\s+(?:[✔✖?↷-] )?(?:Feature|Rule|Background|Scenario|Scenario Outline|Example|Examples|Given|When|Then|And|But|\*)\b.*? # \S+:\d+$/;
// A Ruby backtrace line as cucumber prints it under the failed step: `./lib/cart.rb:15:in 'total'`.
const RUBY_FRAME = /:\d+:in [`'].*'$/;
// The failed step's error ends with the exception's class: `key not found: :cost (KeyError)`.
const ERROR_CLASS = /\(([A-Z]\w*(?:::[A-Z]\w*)*)\)$/;

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** The error line above a backtrace's first frame (same indentation, within the message's lines), if any. */
function errorAbove(context: LineContext, indent: number): string | undefined {
  for (let delta = -1; delta >= -12; delta--) {
    const line = context.line(delta);
    if (line === undefined || line.trim() === '' || indentOf(line) < indent) return undefined;
    if (ERROR_CLASS.test(line.trimEnd())) return line.trim().slice(0, 500);
  }
  return undefined;
}

function parseBacktraceFrame(context: LineContext, state: CucumberState): boolean {
  const text = context.text;
  const indent = indentOf(text);
  // A regular expression rather than the shared colon head: that one takes only source files, not `.feature`.
  const frame = /^\s*(\S+?):(\d+):in [`']/.exec(text);
  const file = frame?.[1] ?? '';
  if (!frame || !(plausiblePath(file) || file.endsWith('.feature'))) return false;
  if (state.lastLine !== context.logLine - 1 || state.indent !== indent) {
    const message = errorAbove(context, indent);
    if (message === undefined) return false;
    state.trace = context.newTraceId();
    state.index = 0;
    state.indent = indent;
    state.message = message;
    state.failures++;
  }
  state.lastLine = context.logLine;
  // Innermost first, as Ruby prints it; the last frame is the feature's step line, the test's own frame.
  context.emit({
    file,
    line: Number(frame[2]),
    severity: null,
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
  });
  return true;
}

function parseCucumber(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<CucumberState>(() => ({ failures: 0, trace: 0, index: 0, lastLine: -1, indent: 0, message: '' }));
  const rerun = RERUN.exec(text);
  if (rerun) {
    const severity = state.failures > 0 ? null : 'error';
    context.emit({ file: rerun[1] ?? '', line: Number(rerun[2]), severity, message: rerun[3] ?? 'failing scenario' });
    return true;
  }
  const numbered = NUMBERED_FAILURE.exec(text);
  if (numbered) {
    state.failures++;
    context.emit({ file: numbered[2] ?? '', line: Number(numbered[3]), severity: null, message: numbered[1] ?? '' });
    return true;
  }
  // Claimed and left out: a step's definition or a scenario's line says where it is, not that it failed.
  if (LOCATION_COMMENT.test(text)) return true;
  return RUBY_FRAME.test(text) && parseBacktraceFrame(context, state);
}

export const cucumber: GrammarFormat = {
  name: 'cucumber',
  trace: { innermost: 'first', causes: 'none', testRunner: true },
  language: 'Gherkin',
  description:
    "`cucumber` / `cucumber-js`: a failed step's backtrace (`./features/step_definitions/cart_steps.rb:22:in …`), cucumber-js's " +
    '`1) Scenario: … # features/cart.feature:8` and the `Failing Scenarios:` list, `cucumber features/cart.feature:12 # Scenario: …`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://cucumber.io/docs/cucumber/reporting/',
  anchor: "^cucumber(?:-js)? |^\\d+\\) (?:Scenario|Example|Rule)|:\\d+:in [`']| # \\S+:\\d",
  parse: parseCucumber,
};

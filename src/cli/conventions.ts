// The options CI and terminal users expect of a tool of this kind (issue 13): -o/--output FILE, --fail-level,
// --quiet, --color/--no-color with FORCE_COLOR/NO_COLOR read as the npm ecosystem reads them, and the one-line
// hint when nothing printed in the log was found in the workspace.
import { countOf, FaultlineError, roleOf, type LocateResult, type Severity } from '../core/index.js';
import type { CliIo } from './io.js';

export const CI_OPTIONS = {
  output: { type: 'string', short: 'o' },
  'fail-level': { type: 'string' },
  'max-warnings': { type: 'string' },
  quiet: { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
} as const;

const FAIL_LEVELS = ['error', 'warning', 'note', 'none'] as const;
type FailLevel = (typeof FAIL_LEVELS)[number];

export interface CiSettings {
  /** Write the report to this file instead of stdout. */
  output?: string;
  /** The lowest severity that makes the exit code 1; 'none' never does. */
  failLevel: FailLevel;
  /** --max-warnings N: exit 1 when more than N warnings were found (eslint's option). */
  maxWarnings?: number;
  /** Report errors only. */
  quiet: boolean;
  /** An explicit --color (true) or --no-color (false); undefined leaves it to the environment. */
  colour?: boolean;
}

/** Reads the CI options out of parsed values (parseArgs' or run's own parser). */
export function ciSettings(values: Record<string, unknown>): CiSettings {
  const failLevel = values['fail-level'] ?? 'note';
  if (typeof failLevel !== 'string' || !(FAIL_LEVELS as readonly string[]).includes(failLevel)) {
    throw new FaultlineError('E_USAGE', `--fail-level must be one of ${FAIL_LEVELS.join(', ')} (got '${String(failLevel)}')`);
  }
  const maxWarnings = values['max-warnings'];
  if (maxWarnings !== undefined && (typeof maxWarnings !== 'string' || !/^\d{1,9}$/.test(maxWarnings))) {
    throw new FaultlineError('E_USAGE', `--max-warnings must be a whole number of warnings, 0 or more (got '${String(maxWarnings)}')`);
  }
  if (values.color === true && values['no-color'] === true)
    throw new FaultlineError('E_USAGE', '--color and --no-color contradict each other');
  if (values.output === '') throw new FaultlineError('E_USAGE', '--output needs a file name');
  return {
    ...(typeof values.output === 'string' ? { output: values.output } : {}),
    // As in eslint, warnings up to the limit pass: with --max-warnings only errors fail, unless --fail-level says otherwise.
    failLevel: (values['fail-level'] === undefined && maxWarnings !== undefined ? 'error' : failLevel) as FailLevel,
    ...(maxWarnings !== undefined ? { maxWarnings: Number(maxWarnings) } : {}),
    quiet: values.quiet === true,
    ...(values.color === true ? { colour: true } : values['no-color'] === true ? { colour: false } : {}),
  };
}

const RANK: Record<Severity, number> = { error: 3, warning: 2, note: 1 };

/** A location without a severity (a frame, a test failure) comes from a failed run: an error. */
function severityRank(severity: Severity | null): number {
  return RANK[severity ?? 'error'];
}

/** 1 when a diagnostic or trace at or above `level` was found, else 0 ('none': always 0). */
function exitCodeFor(result: LocateResult, level: FailLevel): 0 | 1 {
  if (level === 'none') return 0;
  return result.locations.some((location) => severityRank(location.severity) >= RANK[level]) ? 1 : 0;
}

/** The warnings found (diagnostics of severity warning; before --quiet, which only hides them). */
function warningCount(result: LocateResult): number {
  return result.locations.filter((location) => roleOf(location) !== 'frame' && location.severity === 'warning').length;
}

/**
 * The exit code of a report: exitCodeFor at the fail level, or 1 when `found` (the whole result, before --quiet)
 * holds more warnings than --max-warnings, which is then said in one line on stderr.
 */
export function reportExitCode(shown: LocateResult, found: LocateResult, settings: CiSettings, io: CliIo): 0 | 1 {
  const byLevel = exitCodeFor(shown, settings.failLevel);
  if (settings.maxWarnings === undefined) return byLevel;
  const warnings = warningCount(found);
  if (warnings <= settings.maxWarnings) return byLevel;
  io.stderr(`faultline: ${countOf(warnings, 'warning')}, more than --max-warnings ${settings.maxWarnings}\n`);
  return 1;
}

/** --quiet: errors only (frames count as errors; a kept diagnostic keeps its related spans). */
export function errorsOnly(result: LocateResult): LocateResult {
  return {
    ...result,
    locations: result.locations.filter((location) => roleOf(location) === 'frame' || severityRank(location.severity) === RANK.error),
  };
}

/**
 * Colour decision, in the order users expect: an explicit flag; then FORCE_COLOR as Node documents it (and
 * supports-color reads it): `1`, `2`, `3`, `true` or the empty string force colour and override NO_COLOR, any
 * other value (`0`, `false`) turns it off; then NO_COLOR (non-empty: off, no-color.org); TERM=dumb off; GitHub Actions logs render colour
 * though stdout is a pipe (supports-color gives them level 3); otherwise a terminal.
 */
export function colourWanted(io: CliIo, explicit?: boolean): boolean {
  if (explicit !== undefined) return explicit;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return ['1', '2', '3', 'true', ''].includes(force);
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (io.env.TERM === 'dumb') return false;
  if (io.env.GITHUB_ACTIONS === 'true') return true;
  return io.stdoutIsTTY;
}

/**
 * The environment a wrapped command gets when faultline's own stdout is a terminal that will show colour: the
 * child's stdout is a pipe, so without this most tools drop their colour. FORCE_COLOR (chalk, supports-color,
 * Node), CLICOLOR_FORCE (BSD ls, CMake, many Rust and Go tools). A variable the user set is kept as it is.
 */
export function childColourEnv(io: CliIo, explicit?: boolean): Record<string, string> {
  if (!io.stdoutIsTTY || !colourWanted(io, explicit)) return {};
  const env: Record<string, string> = {};
  if (io.env.FORCE_COLOR === undefined) env.FORCE_COLOR = '1';
  if (io.env.CLICOLOR_FORCE === undefined) env.CLICOLOR_FORCE = '1';
  return env;
}

/**
 * One line when the log named places but none was found in the workspace: how many, where faultline looked,
 * and the two options that fix the usual cause (run from another directory than the command ran in).
 */
export function unresolvedHint(result: LocateResult, cwd: string): string | undefined {
  if (result.locations.length > 0 || result.unresolved.length === 0) return undefined;
  // A place a trace and a test runner's summary both name (surefire's `AppTest.testAdd:10`) is one place.
  const places = new Set(result.unresolved.map((entry) => `${entry.file}\0${entry.line}`)).size;
  const count = countOf(places, 'place');
  return (
    `faultline: ${count} in the log ${places === 1 ? 'was' : 'were'} not found in the workspace (looked from ${cwd}); pass --cwd DIR ` +
    `where the command ran, or --root DIR for the repository\n`
  );
}

/** The help lines of the CI options, shared by every command that takes them. */
export const CI_USAGE = `  -o, --output FILE   write the report to FILE instead of standard output (e.g. --format sarif -o out.sarif)
  --fail-level L      exit 1 only for findings at or above L: error | warning | note (default) | none
  --max-warnings N    exit 1 when more than N warnings were found; warnings up to N pass (fail level error)
  --quiet             report errors only
  --color, --no-color force colour on or off (default: a terminal; FORCE_COLOR, NO_COLOR and TERM=dumb are read)`;

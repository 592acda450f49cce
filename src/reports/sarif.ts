// SARIF 2.1.0: each run's results, with their relatedLocations and codeFlow steps as the places they relate to.
// A run's rules, artifacts, columnKind and originalUriBaseIds are read as they stream past (producers write them
// before the results; a result that comes first still maps, with the defaults).
import { FaultlineError, type ColumnUnit, type RawLocation, type Severity } from '../core/index.js';
import { arrayOf, inclusiveEnd, objectOf, textOf, toLocation, withRelated, type RelatedFinding } from './common.js';
import { sarifFixes } from './fixes.js';
import type { PathPart } from './json-document.js';

const MAX_RUN_ENTRIES = 100_000;

interface RunState {
  ruleIds: string[];
  ruleLevels: Array<Severity | undefined>;
  artifacts: string[];
  baseUris: Record<string, string>;
  columnUnit: ColumnUnit;
}

function levelOf(level: unknown): Severity | undefined {
  if (level === 'error') return 'error';
  if (level === 'warning') return 'warning';
  if (level === 'note' || level === 'none') return 'note';
  return undefined;
}

/** `{0}` placeholders filled from `arguments` (SARIF §3.11.5). */
function messageText(message: unknown): string {
  const object = objectOf(message);
  const text = typeof object?.text === 'string' ? object.text : typeof object?.markdown === 'string' ? object.markdown : '';
  const args = arrayOf(object?.arguments);
  return args.length === 0
    ? text
    : text.replace(/\{(\d+)\}/g, (whole, index: string) =>
        typeof args[Number(index)] === 'string' ? (args[Number(index)] as string) : whole,
      );
}

export class SarifReader {
  private readonly runs = new Map<number, RunState>();

  constructor(private readonly emit: (locations: RawLocation[]) => void) {}

  /** The paths whose values this reader needs, below `runs[r]`. */
  static wants(path: readonly PathPart[]): boolean {
    if (path[0] !== 'runs' || typeof path[1] !== 'number') return false;
    const rest = path
      .slice(2)
      .map((part) => (typeof part === 'number' ? '#' : part))
      .join('.');
    return (
      rest === 'results.#' ||
      rest === 'tool.driver.rules.#' ||
      rest === 'artifacts.#.location.uri' ||
      rest === 'columnKind' ||
      rest === 'originalUriBaseIds'
    );
  }

  private run(index: number): RunState {
    let state = this.runs.get(index);
    if (!state) {
      state = { ruleIds: [], ruleLevels: [], artifacts: [], baseUris: {}, columnUnit: 'utf-16' };
      this.runs.set(index, state);
    }
    return state;
  }

  record(path: readonly PathPart[], value: unknown, logLine: number): void {
    const run = this.run(path[1] as number);
    const field = path[2];
    if (field === 'columnKind') run.columnUnit = value === 'unicodeCodePoints' ? 'char' : 'utf-16';
    else if (field === 'originalUriBaseIds') {
      for (const [id, entry] of Object.entries(objectOf(value) ?? {})) {
        const uri = objectOf(entry)?.uri;
        if (typeof uri === 'string') run.baseUris[id] = uri;
      }
    } else if (field === 'artifacts') {
      if (run.artifacts.length < MAX_RUN_ENTRIES && typeof value === 'string') run.artifacts[path[3] as number] = value;
    } else if (field === 'tool') {
      const rule = objectOf(value);
      const index = path[5] as number;
      if (!rule || index >= MAX_RUN_ENTRIES) return;
      if (typeof rule.id === 'string') run.ruleIds[index] = rule.id;
      run.ruleLevels[index] = levelOf(objectOf(rule.defaultConfiguration)?.level);
    } else if (field === 'results') {
      const result = objectOf(value);
      if (result) this.emit(this.result(run, result, logLine));
    }
  }

  private uriOf(run: RunState, physical: Record<string, unknown> | undefined): string {
    const artifact = objectOf(physical?.artifactLocation);
    let uri = typeof artifact?.uri === 'string' ? artifact.uri : undefined;
    if (uri === undefined && typeof artifact?.index === 'number') uri = run.artifacts[artifact.index];
    if (uri === undefined) return '';
    const base = typeof artifact?.uriBaseId === 'string' ? run.baseUris[artifact.uriBaseId] : undefined;
    // A relative uri under a known base (`%SRCROOT%` = file:///work/) is joined; an unknown base leaves it
    // relative, which the resolver reads against the workspace roots.
    if (base && !/^[a-z][a-z0-9+.-]*:/i.test(uri)) uri = `${base.endsWith('/') ? base : `${base}/`}${uri}`;
    // No file system names a file with a NUL (and Node's fs throws a TypeError on one): the report is broken.
    if (uri.includes('\u0000') || /%00/.test(uri))
      throw new FaultlineError(
        'E_INPUT_READ',
        `SARIF report: an artifact uri holds a NUL byte (${JSON.stringify(uri.slice(0, 80))}); no file can have that name`,
      );
    return uri;
  }

  private place(run: RunState, location: unknown, fallbackMessage: string): RelatedFinding | undefined {
    const object = objectOf(location);
    const physical = objectOf(object?.physicalLocation);
    const region = objectOf(physical?.region);
    if (!physical || !region || typeof region.startLine !== 'number') return undefined;
    const message = messageText(object?.message) || fallbackMessage;
    return {
      file: this.uriOf(run, physical),
      line: region.startLine,
      column: typeof region.startColumn === 'number' ? region.startColumn : null,
      endLine: typeof region.endLine === 'number' ? region.endLine : null,
      endColumn: inclusiveEnd(region.endColumn),
      message,
    };
  }

  private result(run: RunState, result: Record<string, unknown>, logLine: number): RawLocation[] {
    // Results that say the check passed or did not apply are not findings.
    if (result.kind === 'pass' || result.kind === 'notApplicable') return [];
    const ruleIndex =
      typeof result.ruleIndex === 'number'
        ? result.ruleIndex
        : typeof objectOf(result.rule)?.index === 'number'
          ? (objectOf(result.rule)!.index as number)
          : -1;
    const code =
      typeof result.ruleId === 'string'
        ? result.ruleId
        : typeof objectOf(result.rule)?.id === 'string'
          ? (objectOf(result.rule)!.id as string)
          : (run.ruleIds[ruleIndex] ?? null);
    const severity = levelOf(result.level) ?? (ruleIndex >= 0 ? run.ruleLevels[ruleIndex] : undefined) ?? 'warning';
    const message = textOf(messageText(result.message));
    const context = { format: 'sarif', columnUnit: run.columnUnit, logLine };
    const primaryPlace = this.place(run, arrayOf(result.locations)[0], message);
    const primary = primaryPlace && toLocation({ ...primaryPlace, message, severity, code }, context);
    if (primary) {
      const fixes = sarifFixes(
        result,
        (change) => this.uriOf(run, change),
        run.columnUnit === 'char' ? 'char' : 'utf-16',
        `sarif:${logLine}:${primary.file}:${primary.line}`,
      );
      if (fixes.length > 0) primary.fixes = fixes;
    }
    const related: RelatedFinding[] = [];
    for (const entry of arrayOf(result.relatedLocations)) {
      const place = this.place(run, entry, 'related location');
      if (place) related.push(place);
    }
    for (const flow of arrayOf(result.codeFlows)) {
      for (const thread of arrayOf(objectOf(flow)?.threadFlows)) {
        arrayOf(objectOf(thread)?.locations).forEach((step, index) => {
          const place = this.place(run, objectOf(step)?.location, `code flow step ${index + 1}`);
          if (place) related.push(place);
        });
      }
    }
    return withRelated(primary, related, context);
  }
}

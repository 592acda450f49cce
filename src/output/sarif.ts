// SARIF 2.1.0 for GitHub code scanning and other consumers (ecosystem.md §2): one run, one rule per
// format+code, repo-relative URIs under %SRCROOT%, UTF-16 columns (converted with the line text).
import { pathToFileURL } from 'node:url';
import type { LocateResult, ResolvedLocation } from '../core/index.js';
import { formatCommand } from '../summarise/index.js';
import {
  atLeastOne,
  redactionFor,
  withRedactedNames,
  reportedPath,
  ruleIdOf,
  severityOf,
  stableHash,
  utf16Column,
  type RenderOptions,
} from './common.js';
import { callersOf, tracesOf } from './roles.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

export interface SarifOptions extends RenderOptions {
  /** faultline's version for tool.driver.semanticVersion. */
  toolVersion?: string;
  /** tool.driver.informationUri: a page about the tool, when you host one (none by default: faultline has no public page). */
  informationUri?: string;
  /** automationDetails.id category, so several uploads for one commit stay apart (default "faultline/"). */
  category?: string;
}

type Json = Record<string, unknown>;

const LEVEL = { error: 'error', warning: 'warning', note: 'note' } as const;

function directoryUri(root: string): string {
  const href = pathToFileURL(root).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** `rust-json` → `RustJson`: each run of letters and digits starts upper-case and the separators go. */
function pascalCase(name: string): string {
  return name.replace(/(?:^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, next: string) => next.toUpperCase());
}

function rule(id: string, location: ResolvedLocation): Json {
  const what = location.code ? `${location.format} ${location.code}` : `${location.format} finding`;
  return {
    id,
    // A readable name that never equals the id (SARIF1001): PascalCase format + code, e.g. TscTS2322.
    name: `${pascalCase(location.format)}${location.code ?? 'Finding'}`,
    shortDescription: { text: `${what}` },
    fullDescription: {
      text:
        `A location reported by ${location.format}${location.code ? ` with code ${location.code}` : ''}, found by faultline in the ` +
        `command's output.`,
    },
    help: {
      text:
        `See the ${location.format} documentation${location.code ? ` for ${location.code}` : ''}. faultline reports where the tool ` +
        `pointed; the message holds the tool's explanation.`,
    },
    defaultConfiguration: { level: LEVEL[severityOf(location.severity)] },
  };
}

function region(printed: ResolvedLocation, options: SarifOptions): Json {
  const location = atLeastOne(printed);
  const out: Json = { startLine: location.line };
  const startColumn = utf16Column(location, location.column, location.line, options.readLine);
  if (startColumn === undefined) return out; // whole line: better than a column in the wrong unit
  out.startColumn = startColumn;
  const endLine = location.endLine ?? location.line;
  if (location.endLine !== null && location.endLine !== location.line) out.endLine = location.endLine;
  // SARIF's endColumn is exclusive; faultline's are inclusive (as tools print them), so one past the last column.
  const endColumn = utf16Column(location, location.endColumn === null ? null : location.endColumn + 1, endLine, options.readLine);
  if (endColumn !== undefined && (endLine > location.line || endColumn > startColumn)) {
    out.endLine = endLine;
    out.endColumn = endColumn;
  }
  return out;
}

/** The SARIF log as an object (JSON.stringify it to write). */
export function renderSarif(result: LocateResult, options: SarifOptions = {}): Json {
  const redact = redactionFor(options, true);
  result = withRedactedNames(result, redact);
  const placeholders = new Set<string>();
  const track = (text: string) => {
    const redacted = redact(text);
    for (const token of redacted.match(/\[REDACTED:[^\]]+\]/g) ?? []) placeholders.add(token);
    return redacted;
  };

  // %SRCROOT% is repoRoot (or the primary's root); other roots (multi-root workspaces) get ROOT1, ROOT2, …
  const rootIds = new Map<string, string>();
  if (options.repoRoot !== undefined) rootIds.set(options.repoRoot, '%SRCROOT%');
  const paths = result.locations.map((location) => reportedPath(location, options.repoRoot));
  // Related spans may lie in a root no diagnostic is in; they get ids as they are met.
  for (const { base } of paths) {
    if (!rootIds.has(base)) rootIds.set(base, rootIds.size === 0 ? '%SRCROOT%' : `ROOT${rootIds.size}`);
  }
  const rules: Json[] = [];
  const ruleIndex = new Map<string, number>();
  const occurrences = new Map<string, number>();
  const pathOf = new Map(
    result.locations.map((location, index) => [location, paths[index] ?? { base: location.root, path: location.file }]),
  );
  const physical = (location: ResolvedLocation): Json => {
    const { base, path } = pathOf.get(location) ?? reportedPath(location, options.repoRoot);
    if (!rootIds.has(base)) rootIds.set(base, `ROOT${rootIds.size}`);
    return {
      physicalLocation: {
        artifactLocation: { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: rootIds.get(base) },
        region: region(location, options),
      },
    };
  };
  // A trace is one result at its raising frame with the calls as a codeFlow (outermost first, as executed);
  // caller frames are not results of their own.
  const traces = tracesOf(result.locations);
  const callers = callersOf(result.locations);
  const results = result.locations.flatMap((location) => {
    if (callers.has(location)) return [];
    const { path } = pathOf.get(location) ?? reportedPath(location, options.repoRoot);
    const id = ruleIdOf(location);
    if (!ruleIndex.has(id)) {
      ruleIndex.set(id, rules.length);
      rules.push(rule(id, location));
    }
    const message = track(location.message) || id;
    // Stable across runs and line shifts: rule, file and message (+ an occurrence counter for duplicates).
    const key = stableHash([id, path, message]);
    const occurrence = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, occurrence);
    const out: Json = {
      ruleId: id,
      ruleIndex: ruleIndex.get(id),
      level: LEVEL[severityOf(location.severity)],
      message: { text: message },
      locations: [physical(location)],
      partialFingerprints: { 'faultlineLocationHash/v1': `${key.slice(0, 32)}:${occurrence}` },
    };
    const related = location.related ?? [];
    if (related.length > 0) {
      out.relatedLocations = related.map((span, index) => ({
        id: index + 1,
        ...physical(span),
        message: { text: track(span.message) || 'related location' },
      }));
    }
    const trace = location.frame === undefined ? undefined : traces.get(location.frame.trace);
    if (trace !== undefined && trace.raising === location && trace.callers.length > 0) {
      const executed = [...trace.callers].reverse();
      const steps = [...executed, location].map((frame, index) => ({
        location: { ...physical(frame), message: { text: frame === location ? message : 'called from here' } },
        nestingLevel: index,
        executionOrder: index + 1,
      }));
      out.codeFlows = [{ message: { text: `the call path to ${path}:${location.line}` }, threadFlows: [{ locations: steps }] }];
    }
    return [out];
  });

  const run: Json = {
    tool: {
      driver: {
        name: 'faultline',
        semanticVersion: options.toolVersion ?? '0.1.0',
        // No informationUri: it is optional, and faultline has no public page (it is not on a registry, and
        // pointing at one that does not exist sends users to a 404 or, worse, to someone else's package).
        ...(options.informationUri !== undefined ? { informationUri: options.informationUri } : {}),
        rules,
      },
    },
    automationDetails: { id: options.category ?? 'faultline/' },
    columnKind: 'utf16CodeUnits',
    originalUriBaseIds: Object.fromEntries([...rootIds].map(([root, id]) => [id, { uri: directoryUri(root) }])),
    results,
  };
  if (options.run) {
    const invocation: Json = {
      executionSuccessful: true,
      commandLine: track(formatCommand(options.run.command)),
      workingDirectory: { uri: directoryUri(options.run.cwd) },
    };
    if (options.run.exitCode !== null) invocation.exitCode = options.run.exitCode;
    run.invocations = [invocation];
  }
  if (placeholders.size > 0) run.redactionTokens = [...placeholders].sort();
  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs: [run] };
}

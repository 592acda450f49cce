// Regression suites of real tool logs: every `<case>.log` under a directory is located and compared
// with its `<case>.expected.json`. The project's own fixture test runs exactly this code.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { FaultlineError, type LocateResult } from '../core/index.js';
import { toLocateJson } from '../core/index.js';
import { locate } from './index.js';
import { diffLines } from './line-diff.js';
import { createSuiteFs } from './suite-fs.js';

export interface FixtureCase {
  /** Path of the log relative to the suite directory, posix separators. */
  name: string;
  log: string;
  expectedPath: string;
  cwd: string;
  roots: string[];
  /** The command that printed the log, as a run record holds it (absent for documented cases). */
  command?: string[];
}

export interface FixtureOutcome {
  name: string;
  status: 'pass' | 'fail' | 'updated' | 'missing-expectation' | 'error';
  diff: string[];
  error?: string;
}

export interface CheckFixturesOptions {
  dir: string;
  update?: boolean;
  /** Only cases whose name contains this text. */
  filter?: string;
}

interface Sidecar {
  cwd?: string;
  roots?: string[];
  command?: string;
}

// Finds `<case>.log` files; a folder beside a log with the same name is that case's workspace, not a suite.
export function findFixtureCases(dir: string): FixtureCase[] {
  const root = resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new FaultlineError('E_INPUT_MISSING', `fixture directory not found: ${dir}`);
  const cases: FixtureCase[] = [];
  const walk = (folder: string): void => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    const logs = new Set(entries.filter((entry) => entry.isFile() && entry.name.endsWith('.log')).map((entry) => entry.name.slice(0, -4)));
    for (const entry of entries) {
      const full = join(folder, entry.name);
      if (entry.isDirectory() && !logs.has(entry.name) && entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full);
      if (!entry.isFile() || !entry.name.endsWith('.log')) continue;
      const stem = entry.name.slice(0, -4);
      const sidecarPath = join(folder, `${stem}.json`);
      const sidecar: Sidecar = existsSync(sidecarPath) ? (JSON.parse(readFileSync(sidecarPath, 'utf8')) as Sidecar) : {};
      const workspace = join(folder, stem);
      const fallback = existsSync(workspace) && statSync(workspace).isDirectory() ? workspace : folder;
      const cwd = sidecar.cwd ? resolve(folder, sidecar.cwd) : fallback;
      const roots = sidecar.roots && sidecar.roots.length > 0 ? sidecar.roots.map((entryRoot) => resolve(folder, entryRoot)) : [fallback];
      // The recorded command is what `faultline run` would keep: it names a file the tool read as standard input.
      const command = sidecar.command && !/^documented\b/.test(sidecar.command) ? ['sh', '-c', sidecar.command] : undefined;
      cases.push({
        name: relative(root, full).split(sep).join('/'),
        log: full,
        expectedPath: join(folder, `${stem}.expected.json`),
        cwd,
        roots,
        ...(command ? { command } : {}),
      });
    }
  };
  walk(root);
  return cases;
}

/** The expectation file's content: machine-specific roots replaced by their path relative to the case. */
export function renderExpectation(fixture: FixtureCase, result: LocateResult): string {
  const json = toLocateJson(result);
  const folder = dirname(fixture.log);
  const relativeRoot = (absolute: string): string => `$FIXTURE/${relative(folder, absolute).split(sep).join('/')}`;
  const counts = { error: 0, warning: 0, note: 0, other: 0 };
  for (const location of json.locations) counts[location.severity ?? 'other']++;
  const stable = {
    log: basename(fixture.log),
    counts,
    locations: json.locations.map((location) => ({
      ...location,
      root: relativeRoot(location.root),
      ...(location.related ? { related: location.related.map((span) => ({ ...span, root: relativeRoot(span.root) })) } : {}),
    })),
    unresolved: json.unresolved,
    dropped: json.dropped,
  };
  return `${JSON.stringify(stable, null, 2)}\n`;
}

// Runs locate on every case and compares (or rewrites, with update) its expectation.
export async function checkFixtures(options: CheckFixturesOptions): Promise<FixtureOutcome[]> {
  const outcomes: FixtureOutcome[] = [];
  const fs = createSuiteFs(resolve(options.dir));
  for (const fixture of findFixtureCases(options.dir)) {
    if (options.filter && !fixture.name.includes(options.filter)) continue;
    let actual: string;
    try {
      const result = await locate(
        { path: fixture.log },
        { cwd: fixture.cwd, roots: fixture.roots, fs, ...(fixture.command ? { command: fixture.command } : {}) },
      );
      actual = renderExpectation(fixture, result);
    } catch (error) {
      outcomes.push({ name: fixture.name, status: 'error', diff: [], error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const expected = existsSync(fixture.expectedPath) ? readFileSync(fixture.expectedPath, 'utf8') : undefined;
    if (expected === actual) {
      outcomes.push({ name: fixture.name, status: 'pass', diff: [] });
    } else if (options.update) {
      writeFileSync(fixture.expectedPath, actual);
      outcomes.push({ name: fixture.name, status: 'updated', diff: expected === undefined ? [] : diffLines(expected, actual) });
    } else if (expected === undefined) {
      outcomes.push({ name: fixture.name, status: 'missing-expectation', diff: [] });
    } else {
      outcomes.push({ name: fixture.name, status: 'fail', diff: diffLines(expected, actual) });
    }
  }
  return outcomes;
}

/** Expectation files whose log is gone (a stale expectation is an error too). */
export function strayExpectations(dir: string): string[] {
  const stray: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(full);
      else if (entry.name.endsWith('.expected.json') && !existsSync(full.replace(/\.expected\.json$/, '.log')))
        stray.push(relative(dir, full));
    }
  };
  walk(resolve(dir));
  return stray;
}

// Test helpers: real temporary workspaces (files, git repos, symlinks) and raw-location builders.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RawLocation } from '../../src/core/types.js';
import { resolveLocations } from '../../src/resolve/index.js';

const created: string[] = [];

/** A fresh directory holding `files` (relative path → content); realpath'd so assertions are stable. */
export async function makeWorkspace(files: Record<string, string> = {}): Promise<string> {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), 'faultline-resolve-')));
  created.push(dir);
  await writeFiles(dir, files);
  return dir;
}

export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(dir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

export async function removeWorkspaces(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Runs git in `dir` with an identity and no user config, so tests never depend on the machine. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
}

let logLine = 0;

/** A RawLocation with neutral defaults; each call gets the next log line unless given one. */
export function raw(file: string, overrides: Partial<RawLocation> = {}): RawLocation {
  logLine++;
  return {
    file,
    line: 1,
    column: null,
    endLine: null,
    endColumn: null,
    severity: null,
    message: '',
    code: null,
    format: 'test',
    columnUnit: 'unknown',
    logLine,
    ...overrides,
  };
}

/** What happened to each printed path of a one-root workspace (no ignores): `kept` (resolved), the drop reason, or
 * the unresolved reason. */
export async function fate(root: string, files: readonly string[], cwd = root): Promise<Record<string, string>> {
  const result = await resolveLocations(
    files.map((file) => raw(file)),
    { cwd, roots: [root], isIgnored: async () => new Set<string>() },
  );
  const out: Record<string, string> = {};
  for (const location of result.locations) out[location.file] = 'kept';
  for (const location of result.dropped) out[location.file] = location.reason;
  for (const location of result.unresolved) out[location.file] = location.reason;
  return out;
}

/** What happened to one printed path of a one-root workspace (no ignores): `kept <file>`, else the drop or the
 * unresolved reason. */
export async function fateOf(root: string, printed: string): Promise<string> {
  const result = await resolveLocations([raw(printed)], { cwd: root, roots: [root], isIgnored: async () => new Set<string>() });
  if (result.locations[0]) return `kept ${result.locations[0].file}`;
  return result.dropped[0]?.reason ?? result.unresolved[0]?.reason ?? 'none';
}

/** One printed place resolved in `root` with no ignore rules: what is reported (`file:line:column`) and what is dropped (`file reason`). */
export async function placesOf(
  root: string,
  printed: string,
  overrides: Partial<RawLocation> = {},
): Promise<{ reported: string[]; dropped: string[] }> {
  const result = await resolveLocations([raw(printed, overrides)], { cwd: root, roots: [root], isIgnored: async () => new Set<string>() });
  return {
    reported: result.locations.map((location) => `${location.file}:${location.line}:${location.column}`),
    dropped: result.dropped.map((entry) => `${entry.file} ${entry.reason}`),
  };
}

// GitLab Code Quality report (CodeClimate subset, ecosystem.md §3.1): one JSON array, repo-relative
// paths, a fingerprint per finding that stays the same across runs for the same problem.
import type { LocateResult, Severity } from '../core/index.js';
import {
  atLeastOne,
  redactionFor,
  withRedactedNames,
  reportedPath,
  ruleIdOf,
  severityOf,
  stableHash,
  type RenderOptions,
} from './common.js';
import { callersOf } from './roles.js';

export type GitlabSeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

// An error blocks the build but is one finding among others: 'major', as GitLab's docs suggest.
const SEVERITY: Record<Severity, GitlabSeverity> = { error: 'major', warning: 'minor', note: 'info' };

export interface GitlabIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: GitlabSeverity;
  location: { path: string; lines: { begin: number; end?: number } };
}

/**
 * The Code Quality issues (caller frames of a trace are not issues); the fingerprint hashes file, line, code and
 * the (redacted) message.
 */
export function renderGitlab(result: LocateResult, options: RenderOptions = {}): GitlabIssue[] {
  const redact = redactionFor(options, true);
  result = withRedactedNames(result, redact);
  const seen = new Map<string, number>();
  // A trace is one finding at its raising frame: the calls that led there are not code-quality issues.
  const callers = callersOf(result.locations);
  return result.locations
    .filter((location) => !callers.has(location))
    .map((location) => {
      const description = redact(location.message) || ruleIdOf(location);
      const path = reportedPath(location, options.repoRoot).path;
      const base = stableHash([location.format, path, location.line, location.code, description]);
      // Identical findings collapse in the MR widget; keep genuine repeats apart with a counter.
      const repeat = seen.get(base) ?? 0;
      seen.set(base, repeat + 1);
      const shown = atLeastOne(location);
      const lines: GitlabIssue['location']['lines'] = { begin: shown.line };
      if (shown.endLine !== null && shown.endLine > shown.line) lines.end = shown.endLine;
      return {
        description,
        check_name: ruleIdOf(location),
        fingerprint: repeat === 0 ? base.slice(0, 32) : stableHash([base, repeat]).slice(0, 32),
        severity: SEVERITY[severityOf(location.severity)],
        location: { path, lines },
      };
    });
}

// The shapes the classifier works on: a parse tree becomes segments (one simple command each) and findings.

export type Verdict = 'blocked' | 'read-only' | 'allowed' | 'needs-approval';

export interface ClassifyOptions {
  /** Dialect of the command line (default 'bash'). */
  shell?: 'bash' | 'powershell';
  /** User patterns that allow a command, such as `npm run *` (see docs/agent-shell.md). */
  allow?: string[];
  /** Blocked patterns; replaces DEFAULT_BLOCKED when given. */
  block?: string[];
  /** Paths a write into needs approval even when a pattern matches (default DEFAULT_PROTECTED_PATHS). */
  protectedPaths?: string[];
  /** Paths a read of needs approval, read-only command or not (default DEFAULT_SECRET_PATHS). */
  secretPaths?: string[];
  /** Directory the command would run in; relative paths are resolved against it (default: root). */
  workdir?: string;
  /** Workspace root; a relative workdir and protected paths with a slash resolve against it (default '.'). */
  root?: string;
  /** Home directory for `~`, `$HOME` and the user's configuration files (default $HOME). */
  home?: string;
}

export interface SegmentVerdict {
  /** The source text of the command (or construct) this verdict is about. */
  text: string;
  verdict: Verdict;
  /** Which rule decided: `blocked: rm *`, `read-only: cat`, `allow: npm run *`, `needs-approval: …`. */
  rule: string;
}

export interface CommandClassification {
  verdict: Verdict;
  segments: SegmentVerdict[];
  /** One sentence: the deciding segment and rule. */
  reason: string;
}

/** A word after quote removal; `value` is null when the shell computes it (expansion, substitution). */
export interface Word {
  value: string | null;
  /** Unquoted glob characters: the shell may expand it into other words (even flags). */
  glob: boolean;
  text: string;
  /** What the word can expand to as a path pattern (expand.ts): known expansions (`~`, `$HOME`) applied,
   * unquoted globs and braces active, computed parts as ANY. Absent: the value, literally. */
  pattern?: string;
}

export interface Redirect {
  /** 'write' for > >> &> <> …, 'read' for <, 'dup' for 2>&1. */
  kind: 'write' | 'read' | 'dup';
  target: Word;
}

/** One simple command, with its assignments and redirects, as the evaluator sees it. */
export interface Segment {
  text: string;
  words: Word[];
  assignments: { name: string; value: Word }[];
  redirects: Redirect[];
  /** A heredoc body fed to the command's stdin (static text), or null. */
  heredoc: { body: string | null } | null;
  /** True when earlier pipeline stages feed this command's stdin. */
  pipedInput: boolean;
  dialect: 'bash' | 'powershell';
}

/** Something the walker met that decides by itself (a parse error, an unmodelled construct, a device write). */
export interface Finding {
  text: string;
  verdict: Verdict;
  rule: string;
}

export const SEVERITY: Record<Verdict, number> = { 'read-only': 0, allowed: 1, 'needs-approval': 2, blocked: 3 };

export function worst(a: Verdict, b: Verdict): Verdict {
  return SEVERITY[a] >= SEVERITY[b] ? a : b;
}

/** What a segment is judged against: the caller's allow/block lists, protected paths, where it runs. */
export interface Context {
  allow: string[];
  block: string[];
  protectedPaths: string[];
  secretPaths: string[];
  workdir: string;
  /** False after `cd` to a directory this check cannot know: relative paths may then lie anywhere. */
  workdirKnown: boolean;
  /** Workspace root: protected entries with a slash resolve against it. */
  root: string;
  home: string;
  /** Why git in a directory (or on a --git-dir) may run the repository's own programs (cached per call). */
  repositoryRisk: (workdir: string, gitDir?: string) => string | null;
  /** Re-enters the classifier for `bash -c STRING`, `eval`, a heredoc fed to a shell. */
  reenter: (script: string, dialect: 'bash' | 'powershell', via: string) => SegmentVerdict[];
}

// classifyCommand: parse the command line with tree-sitter (bash or PowerShell), split it into segments
// (every command of every chain, pipeline, subshell, substitution and re-entered string), decide each, and
// return the strictest verdict. Nothing here guesses towards allowing: a parse error, an unmodelled node,
// a control character the parser and the shell may read differently, or a limit reached needs approval.
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { walkNode, type Walk } from './bash.js';
import { evaluateSegment } from './evaluate.js';
import { pathVariants, patternOf } from './path-words.js';
import { ANY } from './expand.js';
import { repositoryRunsPrograms } from './git-config.js';
import { DEFAULT_BLOCKED, DEFAULT_PROTECTED_PATHS, DEFAULT_SECRET_PATHS } from './lists.js';
import { shellParser, type ShellDialect } from './parser.js';
import { walkPowerShell } from './powershell.js';
import { secretPatternHit } from './rules.js';
import {
  type ClassifyOptions,
  type CommandClassification,
  type Context,
  type Segment,
  SEVERITY,
  type SegmentVerdict,
  worst,
  type Verdict,
} from './types.js';

/** Longest command line parsed; longer ones need approval unread (a limit never allows). */
export const MAX_COMMAND_CHARS = 64 * 1024;
/** Deepest `bash -c "bash -c …"` re-entry followed. */
export const MAX_REENTRY_DEPTH = 6;

// Bash splits words on space, tab and newline only; a parser that sees CR, U+2028 or NUL differently
// would check a different command than the shell runs.
const AMBIGUOUS_CHARACTERS =
  /[\r\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0085\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

type Parsers = Record<ShellDialect, Awaited<ReturnType<typeof shellParser>>>;

function segmentsOf(
  script: string,
  dialect: ShellDialect,
  parsers: Parsers,
  context: Omit<Context, 'reenter'>,
  depth: number,
): SegmentVerdict[] {
  const verdicts: SegmentVerdict[] = [];
  if (script.length > MAX_COMMAND_CHARS)
    return [
      {
        text: `${script.slice(0, 80)}…`,
        verdict: 'needs-approval',
        rule: `needs-approval: longer than ${MAX_COMMAND_CHARS} characters, not checked`,
      },
    ];
  const odd = AMBIGUOUS_CHARACTERS.exec(script);
  if (odd) {
    const code = odd[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    verdicts.push({
      text: script,
      verdict: 'needs-approval',
      rule: `needs-approval: control or separator character U+${code} the shell may split differently`,
    });
  }
  const tree = parsers[dialect].parse(script);
  if (tree === null)
    return [...verdicts, { text: script, verdict: 'needs-approval', rule: 'needs-approval: the command line does not parse' }];
  const walk: Walk = { segments: [], findings: [], functions: new Map(), home: context.home, loose: [] };
  try {
    if (dialect === 'bash') walkNode(tree.rootNode, walk);
    else walkPowerShell(tree.rootNode, walk);
    if (tree.rootNode.hasError && !walk.findings.some((finding) => finding.rule.includes('does not parse'))) {
      walk.findings.push({ text: script, verdict: 'needs-approval', rule: 'needs-approval: the command line does not parse' });
    }
  } finally {
    tree.delete();
  }
  const forkBomb = context.block.some((pattern) => pattern.replace(/\s/g, '') === ':(){:|:&};:');
  for (const finding of walk.findings) {
    const downgrade = finding.verdict === 'blocked' && !forkBomb;
    verdicts.push(
      downgrade ? { ...finding, verdict: 'needs-approval', rule: finding.rule.replace(/^blocked/, 'needs-approval') } : finding,
    );
  }
  // Words the shell expands outside a command (`for f in ~/.ssh/*`) are used by later commands as they are.
  for (const word of walk.loose) {
    const hits = pathVariants(patternOf(word))
      .filter((variant) => !variant.includes(ANY))
      .map((variant) => secretPatternHit(variant, context as Context))
      .find((hit) => hit !== null);
    if (hits)
      verdicts.push({
        text: word.text,
        verdict: 'needs-approval',
        rule: `needs-approval: ${word.text} can expand to the secret path ${hits}`,
      });
  }
  const full: Context = {
    ...context,
    reenter: (inner, innerDialect, via) => {
      if (depth + 1 > MAX_REENTRY_DEPTH)
        return [{ text: inner, verdict: 'needs-approval', rule: `needs-approval: ${via} nested deeper than ${MAX_REENTRY_DEPTH} levels` }];
      return segmentsOf(
        inner,
        innerDialect,
        parsers,
        { ...context, workdir: full.workdir, workdirKnown: full.workdirKnown },
        depth + 1,
      ).map((verdict) => ({ ...verdict, text: `${via}: ${verdict.text}` }));
    },
  };
  for (const segment of walk.segments) {
    // A function defined in this script shadows the program of the same name.
    const name = segment.words[0]?.value;
    if (name && walk.functions.has(name)) {
      verdicts.push({
        text: segment.text,
        verdict: 'needs-approval',
        rule: `needs-approval: ${name} is a function defined in this command line`,
      });
      continue;
    }
    verdicts.push(...evaluateSegment(segment, full));
    // `cd` inside the command line moves every later relative path (and the repository git reads).
    const moved = directoryAfter(segment, full);
    if (moved !== undefined) {
      full.workdir = moved ?? full.workdir;
      full.workdirKnown = moved !== null && full.workdirKnown;
    }
  }
  if (verdicts.length === 0) verdicts.push({ text: script, verdict: 'read-only', rule: 'read-only: nothing runs' });
  return verdicts;
}

const CD = new Set(['cd', 'pushd', 'popd', 'set-location', 'sl', 'chdir', 'push-location', 'pop-location']);

/** The directory a `cd` segment moves to: undefined when it is no cd, null when it cannot be known. */
function directoryAfter(segment: Segment, context: Context): string | null | undefined {
  const name = segment.words[0]?.value;
  if (name === undefined || name === null || !CD.has(segment.dialect === 'powershell' ? name.toLowerCase() : name)) return undefined;
  const operands = segment.words.slice(1).filter((word) => !(word.value !== null && /^-[A-Za-z]+$/.test(word.value) && word.value !== '-'));
  if (['popd', 'pop-location'].includes(name.toLowerCase())) return null;
  if (operands.length === 0) return segment.dialect === 'bash' ? context.home : context.workdir;
  const target = operands.find((word) => !/^-(?:path|literalpath)$/i.test(word.value ?? ''));
  if (
    target === undefined ||
    target.value === null ||
    target.glob ||
    target.value === '-' ||
    operands.length > (segment.dialect === 'powershell' ? 2 : 1)
  )
    return null;
  const path = target.value === '~' || target.value.startsWith('~/') ? context.home + target.value.slice(1) : target.value;
  return context.workdirKnown || isAbsolute(path) ? resolve(context.workdir, path) : null;
}

/**
 * Classifies a command line before it runs: `blocked`, `read-only`, `allowed` (a user pattern matches every
 * segment that is not read-only) or `needs-approval`, with the segment and rule that decided.
 */
export async function classifyCommand(command: string, options: ClassifyOptions = {}): Promise<CommandClassification> {
  const dialect: ShellDialect = options.shell ?? 'bash';
  const [bash, powershell] = await Promise.all([shellParser('bash'), shellParser('powershell')]);
  const home = options.home ?? (process.env.HOME || homedir());
  const risks = new Map<string, string | null>();
  const context: Omit<Context, 'reenter'> = {
    allow: options.allow ?? [],
    block: options.block ?? [...DEFAULT_BLOCKED],
    protectedPaths: options.protectedPaths ?? [...DEFAULT_PROTECTED_PATHS],
    secretPaths: options.secretPaths ?? [...DEFAULT_SECRET_PATHS],
    workdir: resolve(options.root ?? '.', options.workdir ?? '.'),
    workdirKnown: true,
    root: resolve(options.root ?? '.'),
    home,
    repositoryRisk: (workdir, gitDir) => {
      const key = `${workdir}\u0000${gitDir ?? ''}`;
      if (!risks.has(key)) risks.set(key, repositoryRunsPrograms(workdir, gitDir, home));
      return risks.get(key) ?? null;
    },
  };
  let segments: SegmentVerdict[];
  try {
    segments =
      command.trim() === ''
        ? [{ text: '', verdict: 'read-only', rule: 'read-only: empty command' }]
        : segmentsOf(command, dialect, { bash, powershell }, context, 0);
  } catch (error) {
    // A tree too deep to walk (stack overflow) or a parser failure: not checked, so not allowed.
    segments = [
      {
        text: command.slice(0, 200),
        verdict: 'needs-approval',
        rule: `needs-approval: could not be checked (${error instanceof Error ? error.message : String(error)})`,
      },
    ];
  }
  let decider = segments[0]!;
  let verdict: Verdict = decider.verdict;
  for (const segment of segments) {
    if (SEVERITY[segment.verdict] > SEVERITY[verdict]) decider = segment;
    verdict = worst(verdict, segment.verdict);
  }
  const reason =
    verdict === 'read-only'
      ? 'every segment only reads'
      : verdict === 'allowed'
        ? `every segment reads or matches an allow pattern (${decider.rule.replace(/^allowed: /, '')})`
        : `${JSON.stringify(decider.text.slice(0, 200))}: ${decider.rule}`;
  return { verdict, segments, reason };
}

// Decides one segment: blocked list, wrappers and shell re-entry, redirects, read-only list, user patterns,
// protected paths. The strictest verdict of the segment and of everything it runs wins.
import { basename, resolve } from 'node:path';
import { HARMLESS_DEVICES, INTERPRETERS, POSIX_SHELLS, POWERSHELLS, SAFE_ASSIGNMENTS } from './lists.js';
import { redirectBlockGlob } from './patterns.js';
import { ANY, literal } from './expand.js';
import { argumentOf, patternOf, pathVariants, recursiveSecret } from './path-words.js';
import { gitSubcommand } from './git-check.js';
import { computedArgumentsOk, PLACEHOLDER, printsFiles, readOnlyReason } from './read-only.js';
import { allowedBy, blockedBy, protectedHit, protectedPatternHit, secretPatternHit } from './rules.js';
import { configRisk } from './tool-config.js';
import { type Context, type Segment, type SegmentVerdict, type Verdict, worst } from './types.js';

export type { Context } from './types.js';
import { isWrapper, unwrap } from './wrappers.js';

type Words = (string | null)[];
const DYNAMIC = '\u0000';

// The repository git would read: -C changes directory (each relative to the last), --git-dir names it.
function gitRepositoryRisk(args: Words, context: Context): string | null {
  let workdir = context.workdir;
  let known = context.workdirKnown;
  let gitDir: string | undefined;
  const { index } = gitSubcommand(args);
  for (let at = 0; at < (index < 0 ? args.length : index); at++) {
    const arg = args[at];
    const value =
      arg === '-C' || arg === '--git-dir' ? args[++at] : arg?.startsWith('--git-dir=') ? arg.slice('--git-dir='.length) : undefined;
    if (value === undefined) continue;
    if (value === null) return 'git runs in a computed directory';
    if (arg === '-C') workdir = resolve(workdir, value);
    else gitDir = resolve(workdir, value);
    known ||= value.startsWith('/');
  }
  if (!known) return 'git runs in a directory this check cannot know (its repository configuration may run programs)';
  return context.repositoryRisk(workdir, gitDir);
}

function verdictOf(text: string, verdict: Verdict, rule: string): SegmentVerdict {
  return { text, verdict, rule: rule.startsWith(`${verdict}:`) ? rule : `${verdict}: ${rule}` };
}

function shellScript(args: Words): { script: string | null; reason: string | null } {
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === null) return { script: null, reason: 'a computed shell option' };
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg)) {
      const script = args[at + 1];
      return script === undefined || script === null ? { script: null, reason: 'the -c script is computed' } : { script, reason: null };
    }
    if (arg === '-s' || arg === '--') break;
    if (!arg.startsWith('-') && !arg.startsWith('+')) return { script: null, reason: `runs the script file ${arg}` };
  }
  return { script: null, reason: 'stdin' };
}

/** Decides a segment; returns its verdict first, then those of anything it re-enters. */
// Tools that read a configuration from the directory they run in (which can make them run a program).
const CONFIG_READERS = ['cargo', 'mvn', 'yarn', 'npm', 'go', 'less'];

/** Why the directory's configuration makes the tool unsafe; when the directory is unknown, every such tool is. */
function workdirConfigRisk(program: string, context: Context): string | null {
  if (context.workdirKnown) return configRisk(program, context);
  return CONFIG_READERS.includes(program) ? `${program} runs in a directory this check cannot know, with its configuration` : null;
}

export function evaluateSegment(segment: Segment, context: Context): SegmentVerdict[] {
  const out: SegmentVerdict[] = [];
  const ci = segment.dialect === 'powershell';
  let floor: { verdict: Verdict; rule: string } | null = null;
  const raise = (verdict: Verdict, rule: string): void => {
    if (floor === null || worst(verdict, floor.verdict) !== floor.verdict) floor = { verdict, rule };
  };
  let writes = false;
  let protectedWrite: string | null = null;
  let secretRead: string | null = null;
  for (const redirect of segment.redirects) {
    const target = redirect.target.value;
    if (redirect.kind !== 'write') {
      // bash opens /dev/tcp/HOST/PORT and /dev/udp/… as a network connection (a write there is a device write).
      if (target !== null && /^\/dev\/(?:tcp|udp)\//.test(target)) raise('needs-approval', `opens a network connection ${target}`);
      secretRead ??= secretPatternHit(patternOf(redirect.target), context);
      continue;
    }
    if (target === null || redirect.target.glob) {
      raise('needs-approval', `writes to a computed file ${redirect.target.text}`);
      continue;
    }
    writes = true;
    if (target.startsWith('/dev/') && !HARMLESS_DEVICES.has(target) && !/^\/dev\/fd\/\d+$/.test(target)) {
      const pattern = context.block.find((entry) => redirectBlockGlob(entry)?.test(target));
      raise(pattern ? 'blocked' : 'needs-approval', pattern ? `blocked: ${pattern}` : `writes to the device ${target}`);
      continue;
    }
    if (HARMLESS_DEVICES.has(target) || /^\/dev\/fd\/\d+$/.test(target)) {
      writes = false;
      continue;
    }
    protectedWrite ??= protectedHit(target, context);
  }
  for (const assignment of segment.assignments) {
    if (assignment.value.value === null || !SAFE_ASSIGNMENTS.has(assignment.name)) {
      raise('needs-approval', `${assignment.name}= before the command can change what it runs`);
    }
  }

  let words: Words = segment.words.map(argumentOf);
  let program = '';
  let appended = false;
  let elevated = false;
  let heredoc = segment.heredoc;
  let piped = segment.pipedInput;
  let decided: { verdict: Verdict; rule: string } | null = null;
  const levels: string[][] = [];

  for (let depth = 0; depth < 8 && decided === null; depth++) {
    const name = words[0];
    if (name === undefined) {
      decided = writes
        ? { verdict: 'needs-approval', rule: 'a redirect with no command writes a file' }
        : { verdict: 'read-only', rule: 'nothing runs' };
      break;
    }
    if (name === null) {
      decided = { verdict: 'needs-approval', rule: 'the command name is computed' };
      break;
    }
    const staticWords = words.map((word) => (word === null ? DYNAMIC : word.startsWith(PLACEHOLDER) ? word.slice(1) : word));
    levels.push(staticWords);
    const block = blockedBy(staticWords, context, ci);
    if (block) {
      decided = { verdict: 'blocked', rule: block };
      break;
    }
    program = ci ? name.toLowerCase().replace(/\.exe$/, '') : name;
    if (!ci && name.includes('/')) {
      decided = { verdict: 'needs-approval', rule: `${name} is a path to a program, not the trusted ${basename(name)}` };
      break;
    }
    const args = words.slice(1);
    if (!ci && program === 'command' && (args[0] === '-v' || args[0] === '-V')) {
      decided = { verdict: 'read-only', rule: 'command -v only looks the name up' };
      break;
    }
    if (!ci && isWrapper(program)) {
      const inner = unwrap(program, args);
      if (inner.unknown) raise('needs-approval', inner.unknown);
      if (inner.elevates) {
        elevated = true;
        raise('needs-approval', `${program} runs the command with other privileges`);
      }
      if (inner.inner.length === 0) {
        decided =
          program === 'env' || program === 'command'
            ? { verdict: 'read-only', rule: `${program} alone only prints` }
            : { verdict: 'needs-approval', rule: `${program} without a command` };
        break;
      }
      words = inner.appendsArguments ? [...inner.inner, null] : inner.inner;
      // xargs feeds stdin to the inner command's arguments, not to its stdin.
      if (inner.appendsArguments) {
        piped = false;
        appended = true;
      }
      continue;
    }
    if (!ci && program === 'find') {
      const exec = args.findIndex((arg) => arg !== null && ['-exec', '-execdir', '-ok', '-okdir'].includes(arg));
      if (exec >= 0) {
        let end = args.findIndex((arg, at) => at > exec && (arg === ';' || arg === '+'));
        if (end < 0) end = args.length;
        // find puts each path into any argument holding {}: `sh -c 'cat {}'` runs a file name as code.
        // A bare {} is a path under a starting point (never an option); {} inside a word makes it code.
        const innerWords = args.slice(exec + 1, end).map((arg) => (arg === '{}' ? PLACEHOLDER + arg : arg?.includes('{}') ? null : arg));
        out.push(
          ...evaluateSegment(
            {
              ...segment,
              words: innerWords.map((value) => ({
                value,
                glob: false,
                text: value ?? '{}',
                pattern: value === null || value.startsWith(PLACEHOLDER) ? ANY : literal(value),
              })),
              redirects: [],
              assignments: [],
              heredoc: null,
              pipedInput: false,
              text: `${segment.text} → ${innerWords.map((word) => word ?? '{}').join(' ')}`,
            },
            context,
          ),
        );
        words = [name, ...args.slice(0, exec), ...args.slice(end + 1)];
        continue;
      }
    }
    if (!ci && program === 'fd') {
      // fd -x/-X CMD…: the rest of the line is a command run for every match.
      const exec = args.findIndex((arg) => arg !== null && ['-x', '--exec', '-X', '--exec-batch'].includes(arg));
      if (exec >= 0) {
        words = [...args.slice(exec + 1), null];
        continue;
      }
    }
    if (!ci && program === 'su') {
      raise('needs-approval', 'su runs the command as another user');
      elevated = true;
      const at = args.findIndex((arg) => arg === '-c' || arg === '--command');
      const script = at >= 0 ? args[at + 1] : undefined;
      if (script === undefined || script === null) decided = { verdict: 'needs-approval', rule: 'su without a readable -c command' };
      else {
        out.push(...context.reenter(script, 'bash', 'su -c'));
        decided = { verdict: 'needs-approval', rule: 'su runs the command as another user' };
      }
      break;
    }
    if (!ci && POSIX_SHELLS.has(program)) {
      const { script, reason } = shellScript(args);
      if (script !== null) {
        out.push(...context.reenter(script, 'bash', `${program} -c`));
        decided = { verdict: 'read-only', rule: `${program} -c runs the checked script` };
      } else if (reason === 'stdin' && heredoc && heredoc.body !== null && !piped) {
        out.push(...context.reenter(heredoc.body, 'bash', `${program} <<heredoc`));
        decided = { verdict: 'read-only', rule: `${program} runs the checked heredoc` };
      } else {
        decided = {
          verdict: 'needs-approval',
          rule:
            reason === 'stdin' ? `${program} reads its script from stdin (… | ${program}, a computed heredoc)` : `${program}: ${reason}`,
        };
      }
      break;
    }
    if (!ci && program === 'eval') {
      if (args.some((arg) => arg === null)) decided = { verdict: 'needs-approval', rule: 'eval of a computed string' };
      else {
        out.push(...context.reenter(args.join(' '), 'bash', 'eval'));
        decided = { verdict: 'read-only', rule: 'eval runs the checked string' };
      }
      break;
    }
    if ((program === 'cmd' || program === 'cmd.exe') && args.some((arg) => arg !== null && /^\/[ck]$/i.test(arg))) {
      // cmd.exe syntax is not modelled: its string is checked for blocked commands, and always needs approval.
      const at = args.findIndex((arg) => arg !== null && /^\/[ck]$/i.test(arg));
      if (args.some((arg) => arg === null)) decided = { verdict: 'needs-approval', rule: 'cmd /c of a computed string' };
      else {
        out.push(...context.reenter(args.slice(at + 1).join(' '), 'powershell', 'cmd /c'));
        decided = { verdict: 'needs-approval', rule: 'cmd.exe syntax is not modelled' };
      }
      break;
    }
    if (POWERSHELLS.has(program) || (ci && (program === 'invoke-expression' || program === 'iex'))) {
      const encoded = args.find((arg) => arg !== null && /^-(e|ec|enc|encodedcommand)$/i.test(arg));
      const commandAt = args.findIndex((arg) => arg !== null && /^-(c|command)$/i.test(arg));
      const script =
        program === 'iex' || program === 'invoke-expression' ? args.join(' ') : commandAt >= 0 ? args.slice(commandAt + 1).join(' ') : null;
      if (encoded) decided = { verdict: 'needs-approval', rule: `${program} ${encoded} hides the command` };
      else if (script === null || args.some((arg) => arg === null))
        decided = { verdict: 'needs-approval', rule: `${program} without a readable -Command` };
      else {
        out.push(...context.reenter(script, 'powershell', program));
        decided = { verdict: 'read-only', rule: `${program} runs the checked command` };
      }
      break;
    }
    if (
      (program === 'cd' || program === 'pushd' || (ci && ['set-location', 'sl', 'chdir', 'push-location'].includes(program))) &&
      args.length > 0
    ) {
      // Later relative writes would land inside it, out of sight of the protected-path check.
      const target = args.find((arg) => arg === null || !arg.startsWith('-'));
      const hit = target === undefined || target === null ? null : protectedHit(target, context);
      if (hit) {
        decided = { verdict: 'needs-approval', rule: `cd into the protected path ${hit}` };
        break;
      }
    }
    if (INTERPRETERS.has(program) && (heredoc || piped)) {
      decided = { verdict: 'needs-approval', rule: `${program} runs code from stdin` };
      break;
    }
    const dynamicArgs = args.some((arg) => arg === null);
    const reason = readOnlyReason(ci ? name : program, args, segment.dialect);
    const repositoryRisk = reason === null && program === 'git' ? gitRepositoryRisk(args, context) : null;
    const toolRisk = reason === null && repositoryRisk === null ? workdirConfigRisk(program, context) : null;
    if (repositoryRisk !== null || toolRisk !== null) {
      decided = { verdict: 'needs-approval', rule: repositoryRisk ?? toolRisk! };
    } else if (reason === null && !(dynamicArgs && !ci && !computedArgumentsOk(program))) {
      decided = {
        verdict: 'read-only',
        rule: ci ? program : program === 'git' ? `git ${args[gitSubcommand(args).index] ?? ''}`.trim() : program,
      };
    } else {
      decided = { verdict: 'needs-approval', rule: reason ?? `a computed or globbed argument of ${program} could be a flag` };
    }
    heredoc = null;
  }
  decided ??= { verdict: 'needs-approval', rule: 'wrappers nested too deep' };

  let result: { verdict: Verdict; rule: string } = decided;
  if (result.verdict === 'read-only' && writes) result = { verdict: 'needs-approval', rule: 'an output redirect writes a file' };
  if (result.verdict === 'needs-approval' && !elevated) {
    // User patterns: the command as written, or as unwrapped through env/timeout/nice/xargs…
    const pattern = levels.map((level) => allowedBy(level, context, ci)).find((hit) => hit !== null);
    if (pattern) result = { verdict: 'allowed', rule: `pattern ${pattern}` };
  }
  if (floor !== null && worst((floor as { verdict: Verdict }).verdict, result.verdict) !== result.verdict) result = floor;
  if (result.verdict === 'allowed' || result.verdict === 'read-only') {
    // Every word (wrappers' inner commands are suffixes of it) as the paths it can name after expansion: a
    // glob or brace that could match a secret names it; a computed word could name anything, which matters
    // for a command that prints the files it is given and for any command an allow pattern lets write.
    const variants = segment.words.map((word) => pathVariants(patternOf(word)));
    const printer = printsFiles(program, segment.dialect);
    const firstHit = (hit: (pattern: string, context: Context) => string | null, computedToo: boolean): string | null => {
      for (const list of variants)
        for (const variant of list)
          if (computedToo || !variant.includes(ANY)) {
            const found = hit(variant, context);
            if (found) return found;
          }
      return null;
    };
    const touched = protectedWrite ?? (result.verdict === 'allowed' ? firstHit(protectedPatternHit, true) : null);
    const secret =
      secretRead ??
      recursiveSecret(program, segment, context) ??
      (printer && appended ? `named by ${segment.words[0]?.value ?? 'the wrapper'}'s input` : null) ??
      firstHit(secretPatternHit, printer);
    if (touched) result = { verdict: 'needs-approval', rule: `writes into the protected path ${touched}` };
    else if (secret) result = { verdict: 'needs-approval', rule: `reads the secret path ${secret}: its contents would reach the model` };
    else if (result.verdict === 'allowed' && protectedHit('.', context))
      result = { verdict: 'needs-approval', rule: `runs inside the protected path ${protectedHit('.', context)}` };
  }
  return [verdictOf(segment.text, result.verdict, result.rule), ...out];
}

// Whether `run` can start a command, asked before it starts: a missing or non-executable command is faultline's
// one-line message with the `env`/`timeout` codes (127 not found, 126 cannot run), not the wrapper shell's
// `exec: … not found` printed as if it were the command's output.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

type CommandLookup = { found: true } | { found: false; reason: 'not-found' | 'not-executable' | 'directory'; path?: string };

function executable(path: string): CommandLookup | undefined {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    return undefined;
  }
  if (stats.isDirectory()) return { found: false, reason: 'directory', path };
  try {
    accessSync(path, constants.X_OK);
    return { found: true };
  } catch {
    return { found: false, reason: 'not-executable', path };
  }
}

/** Looks `word` up as execvp does: a word with a slash is a path from `cwd`, else each PATH entry in turn. */
export function lookUpCommand(word: string, cwd: string, env: NodeJS.ProcessEnv): CommandLookup {
  if (word.includes('/')) return executable(isAbsolute(word) ? word : resolve(cwd, word)) ?? { found: false, reason: 'not-found' };
  // execvp keeps looking past a match it cannot execute, and reports that match only when none is found.
  let blocked: CommandLookup | undefined;
  // No PATH at all: the wrapper shell's own default (dash's), which is where it would look.
  for (const entry of (env.PATH ?? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin').split(delimiter)) {
    const answer = executable(join(resolve(cwd, entry === '' ? '.' : entry), word));
    if (answer?.found) return answer;
    blocked ??= answer?.reason === 'not-executable' ? answer : undefined;
  }
  return blocked ?? { found: false, reason: 'not-found' };
}
